"""Run folders for the tests of files and run folders: a tiny real run stopped before its
end, copies of it to damage, and a poisoned one (a real checkpoint with a pickled object
planted in it that would create a file when unpickled)."""

import shutil

import torch
from tiny_runs import COMMON

from studio.core.catalogue import load_config
from studio.core.runs.checkpoints import LATEST_FILE, latest_checkpoint
from studio.core.runs.folder import CHECKPOINT_DIR
from studio.core.training.loop.trainer import Trainer

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


def stopped_run(root, steps_done, overrides=()):
    """A real TINY_GPT run stopped by its step limit after `steps_done` steps."""
    cfg = load_config("micro_gpt", [*COMMON, *TINY_GPT, *overrides])
    trainer = Trainer(cfg, save_dir=root)
    assert trainer.run(max_steps=steps_done)["reason"] == "step limit"
    return trainer.run_dir


def copy_run(run_dir, tmp_path):
    """A copy of `run_dir` to change, as tmp_path/run."""
    copy = tmp_path / "run"
    shutil.copytree(run_dir, copy)
    return copy


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


def poisoned_copy(run_dir, tmp_path):
    """A copy of `run_dir` whose newest checkpoint is poisoned, and the file it would make."""
    run = copy_run(run_dir, tmp_path)
    marker = tmp_path / "PWNED"
    poison(run, marker)
    return run, marker
