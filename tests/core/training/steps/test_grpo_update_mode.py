"""The GRPO update scores the samples with the network that drew them: no dropout, so at the
first step the policy equals its reference (KL 0, ratio 1), while
gradient checkpointing still applies to the update's pass."""

import pytest
import torch

import studio.core.models.tiny_transformer as tiny_transformer
from studio.core.catalogue import load_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from tests.helpers import TRANSLATION

GRPO_ONLY = [
    *TRANSLATION,
    "model.dropout=0.5",  # large, so that any dropout in the update shows
    "stages.warmup.steps=0",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=4",
    "grpo.beta=0.04",
    "eval.every=0",
    "run.checkpoint_every=0",
    "training.threads=1",
]


def first_grpo_step(tmp_path, *overrides: str) -> dict:
    trainer = Trainer(load_config("tiny_transformer", [*GRPO_ONLY, *overrides]), save_dir=tmp_path)
    trainer.run()
    steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
    assert steps[0]["stage"] == "grpo"
    return steps[0]


def test_the_first_update_sees_no_dropout(tmp_path):
    step = first_grpo_step(tmp_path)
    # with dropout in the update it was 0.005 here (untrained), up to thousands once trained
    assert abs(step["grpo/kl"]) < 1e-6
    assert step["grpo/ratio"] == pytest.approx(1.0, abs=1e-6)


def test_gradient_checkpointing_still_applies_to_the_update(tmp_path, monkeypatch):
    calls = []
    real = tiny_transformer.checkpoint

    def counted(*args, **kwargs):
        calls.append(torch.is_grad_enabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(tiny_transformer, "checkpoint", counted)
    first_grpo_step(tmp_path, "model.gradient_checkpointing=1")
    assert calls and all(calls)
