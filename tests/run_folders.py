"""A poisoned run folder: a real checkpoint with a pickled object planted in it that would
create a file when unpickled, for the tests that check nothing from a run folder runs."""

import torch

from studio.core.runs.checkpoints import LATEST_FILE, latest_checkpoint
from studio.core.runs.folder import CHECKPOINT_DIR

# a Micro-GPT small enough to train a step of each stage in a second or two
TINY_GPT = [
    "model.n_layers=1",
    "model.n_heads=2",
    "model.d_model=16",
    "model.d_ff=32",
    "model.max_len=12",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=1",
]


class Planted:
    """Unpickled, it would create `marker`: what a crafted checkpoint runs."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def poison(run_dir, marker):
    """Make the run's newest checkpoint a real one with a planted object inside."""
    path = latest_checkpoint(run_dir)
    state = torch.load(path, weights_only=False)
    state["notes"] = Planted(marker)
    newer = path.with_name("step_9999999.pt")
    torch.save(state, newer)
    (run_dir / CHECKPOINT_DIR / LATEST_FILE).write_text(newer.name)
    return newer
