"""How long a run has left, from its step records, for the CLI's progress line and the
window's toolbar; and durations written as clock time.

One step's time swings with the machine's load (other programs, the window drawing) and
with what the step did, and a warm-up step and a GRPO step differ several times in cost.
So the pace is the mean time of the current stage's steps: the plain mean over its first
WINDOW steps, then an exponential average that gives each new step 1/WINDOW of the
weight; it starts again when a stage starts. The steps of stages still to come are
counted at the current stage's pace, the only one measured; the steps of a stage that
ended early are not (a record's `steps_left`). `time/step` leaves out evaluations, so the
estimate does too. An experiment's variants take their steps in turns, so one variant's
steps come a whole round apart: `by_wall` times each step from the wall clock between
its records instead (evaluations then count too).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

WINDOW = 50  # steps: a new step moves the pace by at most 1/WINDOW of its difference


class Eta:
    """Seconds left in a run, fed with its step records."""

    def __init__(self, window: int = WINDOW, *, by_wall: bool = False) -> None:
        self.window = window
        self.by_wall = by_wall
        self._last_wall = math.nan  # the previous step record's time/wall, this stage
        self.stage = ""
        self.step = 0
        self.total = 0
        self.left = 0  # planned steps still to run
        self.seconds_per_step = math.nan  # of the current stage, smoothed
        self._steps_timed = 0  # steps of the current stage that the pace has seen

    def add(self, record: Mapping[str, Any]) -> None:
        """Take in a step record, or a stage's start record that says the steps left (an
        earlier stage that ended early moves the planned end at once, not a step later);
        other records are ignored."""
        left = record.get("steps_left")
        if record.get("kind") == "stage" and isinstance(left, int):
            self.step, self.left = int(record.get("step", self.step)), left
            return
        if record.get("kind") != "step":
            return
        stage = str(record.get("stage", ""))
        if stage != self.stage:
            self.stage, self._steps_timed, self.seconds_per_step = stage, 0, math.nan
            self._last_wall = math.nan
        self.step = int(record.get("step", 0))
        self.total = int(record.get("total_steps", 0) or 0)
        # a record from before `steps_left` existed: every planned step counts
        left = record.get("steps_left")
        self.left = int(left) if isinstance(left, int) else max(0, self.total - self.step)
        seconds = record.get("time/step")
        if self.by_wall:
            wall = record.get("time/wall")
            wall = float(wall) if isinstance(wall, int | float) else math.nan
            seconds, self._last_wall = wall - self._last_wall, wall
        if not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds <= 0:
            return
        self._steps_timed += 1
        if self._steps_timed == 1:
            self.seconds_per_step = float(seconds)
        else:
            weight = max(1.0 / self._steps_timed, 1.0 / self.window)
            self.seconds_per_step += weight * (seconds - self.seconds_per_step)

    @property
    def steps_per_s(self) -> float:
        """The smoothed rate of the current stage; 0.0 before its first timed step."""
        pace = self.seconds_per_step
        return 1.0 / pace if math.isfinite(pace) and pace > 0 else 0.0

    def seconds_left(self) -> float:
        """Seconds to the planned last step at the current pace; inf while it is unknown."""
        if not math.isfinite(self.seconds_per_step):
            return math.inf
        return self.left * self.seconds_per_step

    @property
    def planned_end(self) -> int:
        """The step the run ends at if no later stage ends early: where the bar is full."""
        return self.step + self.left


def format_duration(seconds: float) -> str:
    """75 -> '1:15', 3725 -> '1:02:05'; unknown or infinite -> '--:--'."""
    if not math.isfinite(seconds) or seconds < 0:
        return "--:--"
    s = round(seconds)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
