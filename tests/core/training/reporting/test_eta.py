"""The ETA estimator shared by the CLI and the window: a per-stage mean pace, by hand."""

import math

import pytest

from studio.core.training.reporting.eta import Eta, format_duration


def step(n: int, seconds: float, stage: str = "grpo", total: int = 100) -> dict:
    return {"kind": "step", "stage": stage, "step": n, "total_steps": total, "time/step": seconds}


def test_the_pace_is_the_stage_mean_then_an_exponential_average():
    eta = Eta(window=4)
    assert eta.seconds_left() == math.inf and eta.steps_per_s == 0.0
    for n, seconds in enumerate([1.0, 3.0, 2.0, 2.0], start=1):
        eta.add(step(n, seconds))
    assert eta.seconds_per_step == pytest.approx(2.0)  # the plain mean of the first four
    eta.add(step(5, 6.0))  # past the window: a new step weighs 1/4
    assert eta.seconds_per_step == pytest.approx(2.0 + (6.0 - 2.0) / 4)
    assert eta.seconds_left() == pytest.approx(95 * 3.0)
    assert eta.steps_per_s == pytest.approx(1 / 3)


def test_a_new_stage_starts_its_own_pace_and_untimed_records_change_nothing():
    eta = Eta()
    for n in range(1, 11):
        eta.add(step(n, 0.1, stage="warmup"))
    eta.add({"kind": "eval", "stage": "warmup", "step": 10, "eval/accuracy": 0.5})
    eta.add(step(11, math.nan, stage="warmup"))  # a skipped timing: counted as a step only
    assert eta.seconds_per_step == pytest.approx(0.1) and eta.step == 11
    eta.add(step(12, 4.0))
    assert eta.seconds_per_step == 4.0 and eta.seconds_left() == pytest.approx(88 * 4.0)


def test_steps_taken_in_turns_are_timed_by_the_wall_clock_between_them():
    # an experiment: variant 0's steps come a round apart (its 1 s step, then another
    # variant's 3 s one), so its own time/step would put the end 4 times too near
    eta = Eta(by_wall=True)
    for n, wall in enumerate([100.0, 104.0, 108.0, 112.0], start=1):
        eta.add({**step(n, 1.0), "time/wall": wall})
    assert eta.seconds_per_step == pytest.approx(4.0)
    assert eta.seconds_left() == pytest.approx(96 * 4.0)
    eta.add({**step(5, 1.0, stage="later"), "time/wall": 200.0})  # a new stage: no pace yet
    assert eta.seconds_left() == math.inf


def test_durations_read_as_clock_time():
    assert format_duration(75) == "1:15" and format_duration(3725) == "1:02:05"
    assert format_duration(0) == "0:00"
    assert format_duration(math.inf) == "--:--" and format_duration(-1) == "--:--"


def test_the_unrun_steps_of_a_warm_up_that_ended_early_are_not_counted():
    # a translation plan: 3000 warm-up steps, 400 GRPO; the warm-up ended at step 800
    eta = Eta()
    eta.add(step(800, 0.2, stage="warmup", total=3400) | {"steps_left": 2600})
    assert eta.seconds_left() == pytest.approx(2600 * 0.2)  # the warm-up may run on
    eta.add(step(801, 2.0, total=3400) | {"steps_left": 399})
    assert eta.seconds_left() == pytest.approx(399 * 2.0)  # not (3400 - 801) * 2.0
    assert eta.planned_end == 1200


def test_a_stage_start_moves_the_planned_end_before_its_first_step():
    # the warm-up ended early at step 610 of 1000; GRPO plans 200: the bar ends at 810 now,
    # not at 1,200 until GRPO's first step (a run paused when GRPO starts waits there)
    eta = Eta()
    eta.add(step(610, 0.2, stage="warmup", total=1200) | {"steps_left": 590})
    assert eta.planned_end == 1200
    eta.add({"kind": "stage", "stage": "grpo", "step": 610, "event": "start", "steps_left": 200})
    assert eta.planned_end == 810 and eta.step == 610
    eta.add({"kind": "stage", "stage": "grpo", "step": 610, "event": "end", "reason": "x"})
    assert eta.planned_end == 810  # a record without steps_left changes nothing


def test_a_real_runs_steps_left_leave_out_the_stage_that_ended_early(tmp_path):
    from studio.core.catalogue import load_config
    from studio.core.training.loop.trainer import Trainer
    from tests.helpers import COMMON, MICRO_GPT_16

    records: list[dict] = []
    ends_early = ["stages.warmup.steps=50", "stages.warmup.stop_at=0", "eval.every=1"]
    cfg = load_config(
        "micro_gpt", [*COMMON, *MICRO_GPT_16, *ends_early, "stages.grpo.steps=2", "eval.size=4"]
    )
    Trainer(cfg, save_dir=tmp_path, listeners=[records.append]).run()
    steps = [r for r in records if r["kind"] == "step"]
    warm = [r for r in steps if r["stage"] == "warmup"]
    grpo = [r for r in steps if r["stage"] == "grpo"]
    assert warm and len(warm) < 50  # ended early at accuracy >= 0
    assert warm[0]["steps_left"] == 50 - 1 + 2
    assert [r["steps_left"] for r in grpo] == [1, 0]
    starts = [r for r in records if r["kind"] == "stage" and r["event"] == "start"]
    assert [r["steps_left"] for r in starts] == [52, 2]  # GRPO's start: its own steps only
    assert all(r["total_steps"] == 52 for r in steps)
