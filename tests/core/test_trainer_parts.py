"""The trainer's parts as plain functions: stage planning, learning rate, early stopping,
step records, and the refusal to resume a run without a checkpoint."""

import dataclasses

import pytest
import torch

from studio.core.config import StageConfig, TrainingConfig, load_config
from studio.core.machine.distributed import SINGLE
from studio.core.runs.files import RunError
from studio.core.training.records import step_record
from studio.core.training.stages import early_stop, planned_stages, stage_lr
from studio.core.training.state import Position, load_resume_state
from studio.core.training.update import StepOutcome


def test_a_stage_without_steps_is_left_out_of_the_plan():
    cfg = load_config("micro_gpt", ["stages.warmup.steps=0", "stages.grpo.steps=3"])
    assert [name for name, _ in planned_stages(cfg)] == ["grpo"]


def test_the_learning_rate_grows_with_the_square_root_of_the_examples_per_step():
    stage = StageConfig(steps=10, lr=1e-3, batch_size=16)
    tcfg = TrainingConfig()
    assert stage_lr(stage, dataclasses.replace(tcfg, scale_lr_with_batch=False)) == 1e-3
    scaled = dataclasses.replace(
        tcfg, scale_lr_with_batch=True, grad_accum=4, lr_reference_batch=16
    )
    assert stage_lr(stage, scaled) == pytest.approx(2e-3)  # sqrt(16 * 4 / 16) = 2


def test_early_stop_at_the_target_or_after_patience_evaluations_without_a_better_one():
    stage = StageConfig(steps=100, stop_at=0.9, patience=2)
    pos = Position()
    assert early_stop(0.5, stage, pos, "accuracy") is None and pos.best == 0.5
    assert early_stop(0.5, stage, pos, "accuracy") is None and pos.bad_evals == 1  # not better
    assert early_stop(0.6, stage, pos, "accuracy") is None and pos.bad_evals == 0
    assert early_stop(0.4, stage, pos, "accuracy") is None
    assert early_stop(0.4, stage, pos, "accuracy") == "no better accuracy in 2 evaluations"
    assert early_stop(0.95, stage, Position(), "accuracy") == "reached accuracy 0.950 >= 0.9"


def test_a_step_record_holds_plain_values_and_only_what_the_step_has():
    pos = Position(stage_step=3, global_step=7, level=2, skipped=1, elapsed=1.5)
    outcome = StepOutcome({"loss": 0.25})
    warm = step_record("warmup", pos, 20, outcome, lr=1e-3, step_time=0.5, memory_mb=10.0)
    assert warm == {
        "kind": "step",
        "stage": "warmup",
        "step": 7,
        "stage_step": 3,
        "total_steps": 20,
        "elapsed": 1.5,
        "loss": 0.25,
        "optim/lr": 1e-3,
        "optim/skipped": 1,
        "time/step": 0.5,
        "perf/steps_per_s": 2.0,
        "memory/peak_mb": 10.0,
    }
    flow = {"layers": ["a"], "mean": [0.1], "max": [0.2]}
    samples = [{"prompt": "1+1="}]
    grpo = step_record(
        "grpo",
        pos,
        20,
        StepOutcome({"loss": 0.0}, grad_flow=flow, samples=samples),
        lr=1e-4,
        step_time=0.5,
        memory_mb=10.0,
    )
    assert grpo["curriculum/level"] == 2 and grpo["grad_flow"] == flow
    assert grpo["samples"] == samples


def test_resuming_a_run_without_a_checkpoint_is_a_clear_error(tmp_path):
    with pytest.raises(RunError, match="has no checkpoint to resume from; start a new run"):
        load_resume_state(tmp_path, torch.device("cpu"), SINGLE)
