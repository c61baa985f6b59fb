"""The ETA estimator shared by the CLI and the window: a per-stage mean pace, by hand."""

import math

import pytest

from studio.core.training.eta import Eta, format_duration


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


def test_durations_read_as_clock_time():
    assert format_duration(75) == "1:15" and format_duration(3725) == "1:02:05"
    assert format_duration(0) == "0:00"
    assert format_duration(math.inf) == "--:--" and format_duration(-1) == "--:--"
