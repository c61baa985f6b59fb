"""The trainer's parts as plain functions: stage planning, learning rate, early stopping,
the records, the GRPO step's statistics over ranks, and the refusal to resume a run
without a checkpoint."""

import dataclasses
import math
from pathlib import Path

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.sections import StageConfig, TrainingConfig
from studio.core.files import RunError
from studio.core.machine.distributed import SINGLE, Dist
from studio.core.training.reporting.records import checkpoint_record, error_record, step_record
from studio.core.training.stages.plan import decay_instead, early_stop, stage_lr
from studio.core.training.stages.schedule import LearningRate
from studio.core.training.stages.state import Position, load_resume_state
from studio.core.training.steps.grpo_step import LossSums, loss_metrics
from studio.core.training.steps.update import StepOutcome


def test_a_stage_without_steps_is_left_out_of_the_plan():
    cfg = load_config("micro_gpt", ["stages.warmup.steps=0", "stages.grpo.steps=3"])
    assert [name for name, _ in cfg.stages.planned()] == ["grpo"]


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


def test_a_rise_within_min_gain_is_no_improvement_and_the_best_stays():
    stage = StageConfig(steps=100, patience=2, min_gain=0.5)
    pos = Position()
    assert early_stop(50.0, stage, pos, "chrf") is None and pos.best == 50.0
    assert early_stop(50.4, stage, pos, "chrf") is None and pos.bad_evals == 1  # noise
    assert pos.best == 50.0  # the bar stays where the last real gain put it
    assert early_stop(50.6, stage, pos, "chrf") is None and pos.bad_evals == 0
    assert early_stop(50.9, stage, pos, "chrf") is None and pos.best == 50.6
    why = early_stop(51.0, stage, pos, "chrf")
    assert why == "no chrf more than 0.5 above its best in 2 evaluations"


def test_exact_answers_stuck_at_zero_do_not_end_a_stage_while_chrf_still_rises():
    """Own text on a model far from any exact answer: the exact-answer rate sits at 0 at
    every evaluation, while chrF says the answers come closer; patience counts either."""
    from studio.core.training.stages.plan import Second

    stage = StageConfig(steps=10_000, patience=2, min_gain=0.01)
    pos = Position()
    for chrf in (9.3, 9.9, 10.6, 11.7, 12.8):  # a real run's warm-up (RESULTS.md)
        assert early_stop(0.0, stage, pos, "accuracy", Second("chrf", chrf, 0.5)) is None
    assert pos.bad_evals == 0 and pos.best == 0.0 and pos.best_second == 12.8
    assert early_stop(0.0, stage, pos, "accuracy", Second("chrf", 13.0, 0.5)) is None  # noise
    assert early_stop(0.02, stage, pos, "accuracy", Second("chrf", 13.1, 0.5)) is None
    assert pos.bad_evals == 0 and pos.best == 0.02  # the exact answers rose: learning
    assert early_stop(0.02, stage, pos, "accuracy", Second("chrf", 13.2, 0.5)) is None
    why = early_stop(0.025, stage, pos, "accuracy", Second("chrf", 13.2, 0.5))
    assert why == (
        "no accuracy more than 0.01 and no chrf more than 0.5 above its best in 2 evaluations"
    )
    # the same exact answers without the second metric: ended two evaluations in
    alone = Position()
    reasons = [early_stop(0.0, stage, alone, "accuracy") for _ in range(3)]
    assert reasons[:2] == [None, None] and reasons[2] is not None


def test_a_plateau_halves_the_rate_at_every_patience_evaluations_without_a_better_one():
    stage = StageConfig(steps=100, lr=1e-3, lr_schedule="plateau", plateau_patience=2)
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=stage.lr)
    schedule = LearningRate(
        optimizer, peak=stage.lr, total_steps=100, schedule="plateau", patience=2
    )
    pos = Position()  # the one keeper of the eval history; the schedule hears its count
    rates = []
    for metric in (0.5, 0.4, 0.4, 0.6, 0.5, 0.5, 0.5, 0.5):
        early_stop(metric, stage, pos, "accuracy")
        schedule.observe(pos.bad_evals)
        rates.append(schedule.value(10) / 1e-3)
    assert rates == [1, 1, 0.5, 0.5, 0.5, 0.25, 0.25, 0.125]
    assert schedule.state_dict() == {"plateau_factor": 0.125, "cut": None}


def test_a_step_record_holds_plain_values_and_only_what_the_step_has():
    pos = Position(stage_step=3, global_step=7, level=2, skipped=1, elapsed=1.5)
    outcome = StepOutcome({"loss": 0.25})
    warm = step_record(
        "warmup", pos, 20, outcome, steps_left=13, lr=1e-3, step_time=0.5, memory_mb=10.0
    )
    assert warm == {
        "kind": "step",
        "stage": "warmup",
        "step": 7,
        "stage_step": 3,
        "total_steps": 20,
        "steps_left": 13,
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
        steps_left=13,
        lr=1e-4,
        step_time=0.5,
        memory_mb=10.0,
    )
    assert grpo["curriculum/level"] == 2 and grpo["grad_flow"] == flow
    assert grpo["samples"] == samples


def test_the_checkpoint_and_error_records_are_plain_values():
    assert checkpoint_record(4, Path("run/checkpoints/step_4.pt")) == {
        "kind": "checkpoint",
        "step": 4,
        "path": str(Path("run/checkpoints/step_4.pt")),
    }
    try:
        raise ValueError("data/train.txt line 3: expected 'a+b=c'")
    except ValueError as err:
        record = error_record(err, "training failed: data/train.txt line 3: expected 'a+b=c'")
    assert record["kind"] == "log" and record["level"] == "error" and "step" not in record
    assert record["message"] == "training failed: data/train.txt line 3: expected 'a+b=c'"
    assert record["details"].startswith("Traceback") and "line 3: expected" in record["details"]
    assert isinstance(record["time/wall"], float)


def sums(loss, tokens, kl, ratio, entropy):
    """A micro-batch's LossSums from its scaled loss, token count and masked means."""
    t = torch.tensor
    return LossSums(
        loss=t(loss),
        kl=t(kl * tokens),
        clip_low=t(0.0),
        clip_high=t(0.0),
        clip_region=t(0.0),
        ratio=t(ratio * tokens),
        entropy=t(entropy * tokens),
        tokens=t(float(tokens)),
    )


@dataclasses.dataclass(frozen=True)
class PairedRank(Dist):
    """Rank 0 of 2 without a process group: `sum` adds the other rank's micro-batches."""

    other: tuple[LossSums, ...] = ()

    def sum(self, t: torch.Tensor) -> torch.Tensor:
        names = [f.name for f in dataclasses.fields(LossSums)]
        return t + torch.stack([torch.stack([getattr(s, n) for n in names]) for s in self.other])


def test_loss_statistics_are_token_weighted_over_ranks_then_averaged_over_micro_batches():
    # micro-batch 0: this rank 3 tokens with kl 0.1, the other 1 token with kl 0.5;
    # micro-batch 1: 2 tokens each, kl 0.2 and 0.4
    mine = [sums(0.3, 3, kl=0.1, ratio=1.0, entropy=0.5), sums(0.2, 2, 0.2, 1.0, 1.0)]
    theirs = (sums(0.1, 1, 0.5, 1.2, 1.5), sums(0.4, 2, 0.4, 1.0, 2.0))
    metrics = loss_metrics(mine, PairedRank(rank=0, world_size=2, other=theirs))
    per_batch_kl = [(0.3 + 0.5) / 4, (0.4 + 0.8) / 4]
    assert metrics["grpo/kl"] == pytest.approx(sum(per_batch_kl) / 2)
    assert metrics["loss"] == pytest.approx(((0.3 + 0.1) / 2 + (0.2 + 0.4) / 2) / 2)
    assert metrics["grpo/ratio"] == pytest.approx(((3.0 + 1.2) / 4 + 1.0) / 2)
    assert metrics["policy/entropy"] == pytest.approx(((1.5 + 1.5) / 4 + (2 + 4) / 4) / 2)
    assert metrics["grpo/clip_region"] == 0.0


def test_a_skipped_pass_reports_its_loss_statistics_as_nan():
    metrics = loss_metrics([], SINGLE)
    assert list(metrics) == [
        "loss",
        "grpo/kl",
        "grpo/clip_low",
        "grpo/clip_high",
        "grpo/clip_region",
        "grpo/ratio",
        "policy/entropy",
    ]
    assert all(math.isnan(v) for v in metrics.values())


def test_resuming_a_run_without_a_checkpoint_is_a_clear_error(tmp_path):
    with pytest.raises(RunError, match="has no checkpoint to resume from; start a new run"):
        load_resume_state(tmp_path, torch.device("cpu"), SINGLE)


def test_a_filler_stages_patience_decays_the_rate_once_and_only_with_far_to_go():
    def cosine(steps=1000):
        optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1e-3)
        return LearningRate(optimizer, peak=1e-3, total_steps=steps, schedule="cosine")

    stage = StageConfig(steps=1000, lr=1e-3, patience=2, fills_budget=True)
    pos, schedule = Position(stage_step=200, bad_evals=2), cosine()
    assert decay_instead(0.3, stage, pos, schedule, every=50) == 300
    assert pos.bad_evals == 0 and schedule.cut == (200, schedule.value(199 + 1), 300)
    assert schedule.value(299) == pytest.approx(1e-4) and schedule.value(250) > 1e-4
    pos.stage_step, pos.bad_evals = 300, 2  # out of patience again: now the stage ends
    assert decay_instead(0.3, stage, pos, schedule, every=50) is None
    for other, step in (
        (dataclasses.replace(stage, fills_budget=False), 200),  # not the budget's filler
        (dataclasses.replace(stage, stop_at=0.25), 200),  # reached its target: it ends
        (stage, 920),  # the cosine is nearly done: one more patience would pass its end
    ):
        pos = Position(stage_step=step, bad_evals=2)
        assert decay_instead(0.3, other, pos, cosine(), every=50) is None
    assert decay_instead(0.3, stage, Position(stage_step=200, bad_evals=1), cosine(), 50) is None
