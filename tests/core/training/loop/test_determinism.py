"""training.deterministic: the same config trains the same run twice, for every shipped
preset (both stages, dropout and the reference model included), on the CPU and, when there
is one, on a CUDA GPU."""

import math

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from tests.helpers import ARITHMETIC_LEN, GRID_WORLD, MICRO_GPT_2, TRANSLATION

COMMON = [
    "training.deterministic=true",
    "training.threads=1",
    "grpo.beta=0.04",  # the reference model's log-probs too
    "eval.every=0",
    "run.checkpoint_every=0",
]
BOTH_STAGES = ["stages.warmup.steps=2", "stages.warmup.stop_at=null", "stages.grpo.steps=2"]

# a model as small as the preset allows
TINY = {
    "micro_gpt": [
        *MICRO_GPT_2,
        ARITHMETIC_LEN,
        "model.dropout=0.1",
        "stages.warmup.batch_size=8",
        "stages.grpo.batch_size=4",
        "grpo.num_generations=4",
        "grpo.num_iterations=2",  # the old policy's log-probs too
        "eval.size=8",
    ],
    "tiny_transformer": [
        *TRANSLATION,  # dropout 0.1 as in the preset
        "stages.grpo.batch_size=2",
        "grpo.num_generations=2",
        "eval.size=4",
    ],
    "lite_resnet": [
        *GRID_WORLD,
        "stages.warmup.batch_size=4",
        "stages.grpo.batch_size=2",
        "grpo.num_generations=4",
        "eval.size=4",
    ],
    "shapes": [
        "model.channels=8",
        "task.image_size=16",
        "task.demo_size=40",
        "task.demo_eval_size=8",
        "stages.warmup.batch_size=8",
        "stages.grpo.batch_size=4",
        "grpo.num_generations=4",
        "eval.size=8",
    ],
}
TINY["own_text"] = [
    *MICRO_GPT_2,
    "model.dropout=0.1",
    "task.demo_size=60",
    "stages.warmup.batch_size=8",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.size=8",
]
TINY["quick_micro_gpt"] = TINY["micro_gpt"]
TINY["quick_grid_world"] = TINY["lite_resnet"]

DEVICES = ["cpu", pytest.param("cuda", marks=pytest.mark.cuda)]
CLOCK_PREFIXES = ("time/", "perf/", "memory/")  # what a clock or the machine decides


@pytest.fixture(autouse=True)
def restore_torch_determinism(monkeypatch):
    """training.deterministic sets a process-wide torch flag: put it back for other tests."""
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    enabled = torch.are_deterministic_algorithms_enabled()
    warn_only = torch.is_deterministic_algorithms_warn_only_enabled()
    yield
    torch.use_deterministic_algorithms(enabled, warn_only=warn_only)


def trained_records(run_dir):
    """The step and eval records, without what the clock decides."""
    return [
        {k: v for k, v in r.items() if k != "elapsed" and not k.startswith(CLOCK_PREFIXES)}
        for r in read_metrics(run_dir)
        if r["kind"] in ("step", "eval")
    ]


def test_every_shipped_preset_is_checked():
    assert set(TINY) == set(preset_files())


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("preset", sorted(TINY))
def test_a_deterministic_run_trains_the_same_numbers_twice(tmp_path, preset, device):
    overrides = [*COMMON, *TINY[preset], *BOTH_STAGES, f"training.device={device}"]
    cfg = load_config(preset, overrides)
    runs = []
    for name in ("a", "b"):  # one after the other: a trainer seeds the global generators
        runs.append(Trainer(cfg, save_dir=tmp_path / name))
        assert runs[-1].run()["reason"] == "finished"
    first, second = runs

    records = trained_records(first.run_dir)
    steps = [r for r in records if r["kind"] == "step"]
    assert [r["stage"] for r in steps] == ["warmup"] * 2 + ["grpo"] * 2
    assert all(math.isfinite(r["loss"]) for r in steps)
    assert trained_records(second.run_dir) == records
    for (name, a), (_, b) in zip(
        first.model.state_dict().items(), second.model.state_dict().items(), strict=True
    ):
        assert torch.equal(a, b), name
