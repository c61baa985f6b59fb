"""Real run folders from a step or two of the trainer, for the export and playground tests."""

from pathlib import Path

import torch

from studio.core.catalogue import load_config
from studio.core.config.sections import StudioConfig
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.training.loop.trainer import Trainer

# small, quick, and no evaluation: these runs exist to be exported and played with
COMMON = [
    "training.device=cpu",
    "training.threads=1",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "grpo.num_generations=2",
    "stages.grpo.batch_size=2",
]

# a 1-layer d32 Micro-GPT on arithmetic, one GRPO step
GPT = [
    "model.n_layers=1",
    "model.n_heads=2",
    "model.d_model=32",
    "model.d_ff=64",
    "model.max_len=12",
    "stages.warmup.steps=0",
    "stages.grpo.steps=1",
]
# the rest of a throwaway preset (the "add a task" and "add an architecture" tests): three
# warm-up steps, two GRPO steps, an evaluation at each stage's end
TINY_TRAINING_YAML = """\
data:
  valid_fraction: 0.2
grpo:
  num_generations: 2
  max_new_tokens: 4
stages:
  warmup:
    steps: 3
    batch_size: 8
  grpo:
    steps: 2
    batch_size: 2
eval:
  every: 0
  size: 10
training:
  device: cpu
  threads: 1
run:
  checkpoint_every: 0
"""


def train_tiny_preset(cfg: StudioConfig, save_dir: Path) -> Trainer:
    """Train a throwaway preset (stages as TINY_TRAINING_YAML's, a text task) with the
    real trainer, and check what it recorded: three warm-up steps, two GRPO steps scored
    by the correct answer's reward, and held-out accuracy."""
    records: list[dict] = []
    trainer = Trainer(cfg, save_dir=save_dir, listeners=[records.append])
    assert trainer.run()["reason"] == "finished"
    steps = [r for r in records if r["kind"] == "step"]
    assert [r["stage"] for r in steps] == ["warmup"] * 3 + ["grpo"] * 2
    assert all("reward/correct/mean" in r for r in steps if r["stage"] == "grpo")
    evals = [r for r in records if r["kind"] == "eval"]
    assert evals and all(0.0 <= r["eval/accuracy"] <= 1.0 for r in evals)
    return trainer


# a 4x4 grid world, one GRPO step: the smallest Lite-ResNet run
GRID_WORLD = [
    "model.arch=lite-resnet",
    "task.name=gridworld",
    "model.channels=8",
    "task.size=4",
    "task.min_size=4",
    "task.levels=1",
    "task.max_steps=8",
    "stages.warmup.steps=0",
    "stages.grpo.steps=1",
]


def make_run(
    root: Path, preset: str | None, overrides: list[str], spread: float = 0.0, seed: int = 0
) -> Path:
    """A run folder with a checkpoint from a 1-2 step run of the real trainer.

    spread > 0 redraws the checkpoint's weight matrices with that std (from `seed`): a
    model this young gives one answer to every input, and "ONNX answers like PyTorch"
    must not be satisfied by one repeated answer.
    """
    torch.set_num_threads(1)
    trainer = Trainer(load_config(preset, [*COMMON, *overrides]), save_dir=root)
    trainer.run()
    if spread:
        path = latest_checkpoint(trainer.run_dir)
        state = torch.load(path, weights_only=False)
        gen = torch.Generator().manual_seed(seed)
        for tensor in state["model"].values():
            if tensor.is_floating_point() and tensor.dim() >= 2:
                tensor.copy_(torch.randn(tensor.shape, generator=gen) * spread)
        torch.save(state, path)
    return trainer.run_dir


# a 1+1-layer d32 zh->en Tiny-Transformer on 120 demo pairs, a step of each stage
TRANSLATION = [
    "model.d_model=32",
    "model.n_heads=2",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=1",
    "model.d_ff=64",
    "model.max_len=16",
    "task.demo_size=120",
    "task.vocab_size=150",
    "data.valid_fraction=0.3",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=1",
    "grpo.max_new_tokens=6",
]


def make_translation_run(root: Path) -> Path:
    """A tiny translation run with distinct answers per sentence, and its ONNX export."""
    from studio.core.export.pipeline import export_run

    run = make_run(root, "tiny_transformer", TRANSLATION, spread=0.3, seed=1)
    export_run(run, seed=0)
    return run


def held_out_sentences(task, n: int, seed: int) -> list[str]:
    """The distinct sources among n examples a translation task draws with `seed`."""
    import random

    return list(dict.fromkeys(e.prompt for e in task.sample(n, random.Random(seed), 0)))
