"""The engine on a CUDA GPU, in each precision (skipped without one)."""

import math

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer

pytestmark = pytest.mark.cuda


@pytest.mark.parametrize("amp", ["off", "bf16", "fp16"])
def test_a_short_run_trains_on_cuda_in_each_precision(tmp_path, amp):
    cfg = load_config(
        "micro_gpt",
        [
            "training.device=cuda",
            f"training.amp={amp}",
            "stages.warmup.steps=4",
            "stages.warmup.stop_at=null",
            "stages.grpo.steps=4",
            "eval.size=32",
            "run.checkpoint_every=0",
        ],
    )
    trainer = Trainer(cfg, save_dir=tmp_path)
    assert trainer.run()["reason"] == "finished"
    assert next(trainer.model.parameters()).is_cuda
    steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
    warm = [r["loss"] for r in steps if r["stage"] == "warmup"]
    assert all(math.isfinite(x) for x in warm)
    assert warm[-1] < warm[0]  # the warm-up learns in every precision
    assert steps[-1]["memory/peak_mb"] == pytest.approx(
        torch.cuda.max_memory_allocated() / 2**20, rel=0.5
    )


def test_resume_on_cuda_equals_an_uninterrupted_run(tmp_path):
    cfg = load_config(
        "micro_gpt",
        [
            "training.device=cuda",
            "stages.warmup.steps=3",
            "stages.warmup.stop_at=null",
            "stages.grpo.steps=3",
            "eval.size=16",
            "run.checkpoint_every=0",
            "grpo.beta=0.04",
        ],
    )
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()
    part = Trainer(cfg, save_dir=tmp_path / "b")
    part.run(max_steps=4)
    resumed = Trainer(cfg, resume_from=part.run_dir)
    resumed.run()
    for (name, a), (_, b) in zip(
        whole.model.named_parameters(), resumed.model.named_parameters(), strict=True
    ):
        assert torch.allclose(a, b, atol=1e-5), name
