"""What the tests share: tiny configs, real run folders from a step or two of the trainer
(stopped, copied, poisoned), the checks that two runs are one, and the window's stand-ins
(a trainer that emits records like the real one, a window built on it).

Imports nothing of Qt at the top: the core's tests use this module too.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import time
from pathlib import Path

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.sections import StudioConfig
from studio.core.machine.hardware import GpuUnavailable
from studio.core.runs.checkpoints import LATEST_FILE, latest_checkpoint, load_checkpoint
from studio.core.runs.folder import CHECKPOINT_DIR
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer

ROOT = Path(__file__).resolve().parents[1]  # the repository

# ---- tiny configs: overrides that make a shipped preset train in a second or two

# the models: two heads, a feed-forward layer twice the width
MICRO_GPT = ["model.n_layers=1", "model.n_heads=2", "model.d_model=32", "model.d_ff=64"]
MICRO_GPT_2 = ["model.n_layers=2", "model.n_heads=2", "model.d_model=32", "model.d_ff=64"]
MICRO_GPT_16 = ["model.n_layers=1", "model.n_heads=2", "model.d_model=16", "model.d_ff=32"]
TINY_TRANSFORMER = [  # one encoder and one decoder layer
    "model.d_model=32",
    "model.n_heads=2",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=1",
    "model.d_ff=64",
]
ARITHMETIC_LEN = "model.max_len=12"  # an arithmetic prompt and answer (the preset: 64)
ONE_THREAD = ["training.device=cpu", "training.threads=1"]  # on the CPU, one torch thread

# small, quick, and no evaluation: these runs exist to be exported and played with
COMMON = [
    *ONE_THREAD,
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "grpo.num_generations=2",
    "stages.grpo.batch_size=2",
]

# a 1-layer d32 Micro-GPT on arithmetic, one GRPO step
GPT = [*MICRO_GPT, ARITHMETIC_LEN, "stages.warmup.steps=0", "stages.grpo.steps=1"]

# a Micro-GPT small enough to train a step of each stage in a second or two
TINY_GPT = [
    *MICRO_GPT_16,
    ARITHMETIC_LEN,
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=1",
]

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

# a 1+1-layer d32 zh->en Tiny-Transformer on 120 demo pairs, a step of each stage
TRANSLATION = [
    *TINY_TRANSFORMER,
    "model.max_len=16",
    "task.demo_size=120",
    "task.vocab_size=150",
    "data.valid_fraction=0.3",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=1",
    "grpo.max_new_tokens=6",
]

# the trainer's tiny Micro-GPT (micro_gpt): three warm-up steps, three GRPO steps,
# evaluations every two
TINY = [
    *MICRO_GPT_2,
    ARITHMETIC_LEN,
    "stages.warmup.steps=3",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=3",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.size=8",
    "eval.every=2",
    "run.checkpoint_every=0",
    "training.device=cpu",
]


def tiny_config(*extra: str) -> StudioConfig:
    """micro_gpt with TINY and then `extra`."""
    return load_config("micro_gpt", [*TINY, *extra])


# TINY with two warm-up steps and no evaluation, for the data-parallel tests (written out:
# a resumed run refuses a setting given twice that the first of the two would change)
DDP_TINY = [
    *MICRO_GPT_2,
    ARITHMETIC_LEN,
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=3",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.size=4",
    "eval.every=0",
    "run.checkpoint_every=0",
    "training.device=cpu",
]
# DDP_TINY for one process and for two (torchrun, gloo), which then train the same numbers
DDP_EQUAL = [
    *DDP_TINY,
    "training.grad_accum=2",  # accumulation: only the last micro-batch all-reduces
    "training.threads=1",
    "grpo.loss_type=dapo",  # normalised by tokens over all ranks
    "grpo.beta=0.04",
    "stages.warmup.lr=3.0e-3",
]

# a tiny Micro-GPT the window trains (micro_gpt): two warm-up steps, then GRPO for long
# enough to pause, step and stop it
WINDOW_RUN = [
    *MICRO_GPT,
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=400",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "training.threads=1",
]

# one GRPO step (the warm-up skipped, unless the preset's overrides after it say
# otherwise) with two groups of samples recorded: the step the Explain tab explains
ONE_GRPO_STEP = [
    "training.device=cpu",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "run.probe_every=0",
    "run.sample_groups=2",
    "stages.warmup.steps=0",
    "stages.grpo.steps=1",
]
# each shipped architecture's tiny model and task, for ONE_GRPO_STEP: three prompts a step
ONE_STEP_PRESETS = {
    "micro_gpt": [*MICRO_GPT, "stages.grpo.batch_size=3", "grpo.num_generations=4"],
    "tiny_transformer": [*TRANSLATION, "stages.grpo.batch_size=3", "grpo.num_generations=3"],
    "lite_resnet": [*GRID_WORLD, "stages.grpo.batch_size=3", "grpo.num_generations=4"],
    "shapes": [
        "model.channels=8",
        "task.image_size=16",
        "task.demo_size=40",
        "task.demo_eval_size=8",
        "stages.grpo.batch_size=3",
        "grpo.num_generations=4",
    ],
}

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


def set_args(settings) -> list[str]:
    """The settings as the command line takes them: `--set S` for each."""
    return [arg for setting in settings for arg in ("--set", setting)]


# ---- real runs


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


def make_translation_run(root: Path) -> Path:
    """A tiny translation run with distinct answers per sentence, and its ONNX export."""
    from studio.core.export.pipeline import export_run

    run = make_run(root, "tiny_transformer", TRANSLATION, spread=0.3, seed=1)
    export_run(run, seed=0)
    return run


def held_out_sentences(task, n: int, seed: int) -> list[str]:
    """The distinct sources among n examples a translation task draws with `seed`."""
    return list(dict.fromkeys(e.prompt for e in task.sample(n, random.Random(seed), 0)))


# ---- run folders to damage: a tiny real run stopped before its end, copies of it, and a
# poisoned one (a real checkpoint with a pickled object planted in it that would create a
# file when unpickled)


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


# ---- two runs that must be one


def steps_of(run_dir):
    """A run's step and eval records, from its metrics.jsonl."""
    return [r for r in read_metrics(run_dir) if r["kind"] in ("step", "eval")]


COMPARED = (
    "kind",
    "stage",
    "step",
    "loss",
    "reward/mean",
    "grpo/kl",
    "optim/lr",
    "optim/grad_norm",
    "eval/accuracy",
)


def essentials(records):
    return [{k: r[k] for k in COMPARED if k in r} for r in records]


def assert_same_run(resumed, whole):
    """Same step and eval records, and bit-identical weights."""
    assert essentials(steps_of(resumed.run_dir)) == essentials(steps_of(whole.run_dir))
    for (name, a), (_, b) in zip(
        whole.model.named_parameters(), resumed.model.named_parameters(), strict=True
    ):
        assert torch.equal(a, b), name


def weights(run_dir):
    """The newest checkpoint of a run."""
    return load_checkpoint(latest_checkpoint(run_dir))


def assert_same_weights(state, reference):
    for name, value in reference["model"].items():
        torch.testing.assert_close(state["model"][name], value, rtol=1e-4, atol=1e-5, msg=name)


def assert_same_step_metrics(run_dir, reference_dir):
    """Rank 0 alone wrote one record per step, and they describe the whole batch."""
    mine = [r for r in read_metrics(run_dir) if r["kind"] == "step"]
    theirs = [r for r in read_metrics(reference_dir) if r["kind"] == "step"][: len(mine)]
    assert [r["step"] for r in mine] == [r["step"] for r in theirs] == list(range(1, len(mine) + 1))
    for a, b in zip(mine, theirs):
        for key in ("loss", "reward/mean", "policy/completion_len", "grpo/kl"):
            if key in b:
                assert a[key] == pytest.approx(b[key], rel=1e-4, abs=1e-6), (b["step"], key)


def assert_whole(run_dir: Path) -> None:
    """Every file of the folder reads back: config, task, every metrics line, every
    checkpoint (weights-only), and `latest` names one of them."""
    load_run_config(run_dir)
    json.loads((run_dir / "task.json").read_text(encoding="utf-8"))
    metrics = run_dir / "metrics.jsonl"
    if metrics.exists():
        lines = metrics.read_text(encoding="utf-8").splitlines()
        assert all(json.loads(line) for line in lines)  # no line cut short
    folder = run_dir / "checkpoints"
    for path in sorted(folder.glob("*.pt")) if folder.is_dir() else []:
        load_checkpoint(path)
    if (folder / "latest").exists():
        assert (folder / (folder / "latest").read_text().strip()).is_file()


# ---- the window's stand-ins for the engine: a trainer that emits records like the real one


def step_record(step: int, total: int = 100, stage: str = "grpo") -> dict:
    """A GRPO step record with every key the window charts."""
    r = 1 - math.exp(-step / 20)
    return {
        "kind": "step",
        "stage": stage,
        "step": step,
        "stage_step": step,
        "total_steps": total,
        "elapsed": step * 0.01,
        "loss": 0.1 / step,
        "optim/lr": 1e-4,
        "optim/grad_norm": 0.5,
        "optim/skipped": 0,
        "time/step": 0.01,
        "perf/steps_per_s": 100.0,
        "perf/tokens_per_s": 5000.0,
        "memory/peak_mb": 10.0,
        "reward/mean": r,
        "reward/std": 0.1,
        "reward/correct/mean": r,
        "reward/correct/std": 0.2,
        "reward/format/mean": 0.9,
        "reward/format/std": 0.05,
        "grpo/zero_std_frac": 0.25,
        "grpo/kl": 0.01,
        "grpo/clip_low": 0.0,
        "grpo/clip_high": 0.02,
        "grpo/ratio": 1.0,
        "policy/entropy": 1.5,
        "policy/completion_len": 4.0,
        "time/rollout": 0.005,
        "time/reward": 0.001,
        "time/update": 0.004,
        "curriculum/level": 0,
        "grad_flow": {
            "layers": ["embed", "block0", "head"],
            "mean": [1e-3, 1e-9, 2e-2],
            "max": [1e-2, 1e-8, 20.0],
        },
        "samples": [
            {
                "prompt": "2+3=",
                "reference": "5",
                "completions": ["5", "6"],
                "rewards": [1.0, 0.0],
                "advantages": [0.7, -0.7],
            }
        ],
    }


class FakeTrainer:
    """Emits `steps` step records (sleeping `delay` each), honouring the control."""

    def __init__(
        self,
        control,
        listeners,
        steps: int = 20,
        delay: float = 0.0,
        fail_at: int | None = None,
        error: Exception | None = None,
        run_dir: Path | None = None,
    ) -> None:
        self.control, self.listeners = control, listeners
        self.steps, self.delay, self.fail_at = steps, delay, fail_at
        self.error = error or ValueError("data/train.txt line 3: expected 'a+b=c'; fix the line")
        self.run_dir = run_dir or Path("/tmp/fake-run")
        self.steps_done = 0

    def emit(self, record: dict) -> None:
        for listener in self.listeners:
            listener(record)

    def run(self, max_steps: int | None = None) -> dict:
        self.emit({"kind": "stage", "stage": "grpo", "step": 0, "event": "start", "reason": ""})
        reason = "finished"
        for step in range(1, self.steps + 1):
            if not self.control.wait_for_turn():
                reason = "stopped"
                break
            if step == self.fail_at:
                raise self.error
            time.sleep(self.delay)
            self.steps_done = step
            self.emit(step_record(step, self.steps))
        final = {"kind": "done", "step": self.steps_done, "reason": reason}
        self.emit(final)
        return final


def factory(**kwargs):
    """A TrainerFactory building a FakeTrainer; the built trainer lands in factory.built."""
    built: list[FakeTrainer] = []

    def build(control, listeners):
        trainer = FakeTrainer(control, listeners, **kwargs)
        built.append(trainer)
        return trainer

    build.built = built
    return build


class NoGpu:
    """An NVML backend on a machine without the library: the gauge shows the process's RAM."""

    def init(self):
        raise GpuUnavailable("NVML: NVML Shared Library Not Found")


def make_window(qtbot, tmp_path, fake=None, **kwargs):
    """The real MainWindow on a FakeTrainer (`fake`: its arguments) and no GPU, with
    throwaway settings in tmp_path."""
    from PySide6.QtCore import QSettings

    from studio.app.shell.main_window import MainWindow
    from studio.core.machine.hardware import MemoryProbe
    from studio.core.training.loop.control import TrainerControl

    fake = fake or {}
    window = MainWindow(
        settings=QSettings(str(tmp_path / "studio.ini"), QSettings.IniFormat),
        probe=MemoryProbe(NoGpu()),
        make_factory=lambda cfg, save_dir, resume_from: factory(**fake),
        control_factory=TrainerControl,
        count_presets=False,
        **kwargs,
    )
    qtbot.addWidget(window)
    return window


def checked(qtbot, panel, action):
    """Run `action` and wait until the data panel has checked its file, off the GUI thread."""
    from studio.app.common.background import wait_for_background

    with qtbot.waitSignal(panel.checked, timeout=30_000):
        action()
    wait_for_background()
