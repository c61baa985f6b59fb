"""Thread-safe requests to a running trainer: pause, resume, stop, single step.

The GUI (another thread) or a signal handler calls these; the trainer calls
`wait_for_turn()` between steps, which blocks while paused and wakes within a moment of
any request. A step or an evaluation can take longer than a second (a translation eval
of 200 sentences takes ~4 s on a 2-core CPU), so the trainer also calls `hold()` before
every forward pass of its model: a pause asked mid-way holds there, and a stop raises
StopRequested, which the trainer turns into a clean stop at the last finished step.

A single step may be asked before the run has begun (the window's Step before Start):
the trainer's preparation, its baseline evaluation included, runs through, and the step
asked is the run's first.
"""

from __future__ import annotations

import threading


class StopRequested(Exception):
    """A stop was asked in the middle of a step or an evaluation (see `hold`)."""


class TrainerControl:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._paused = False
        self._stop = False
        self._steps_allowed = 0  # single steps granted while paused
        self._granted = False  # the step under way is a granted single step
        self._began = False  # the first step has had its turn (before it: preparing)

    def pause(self) -> None:
        with self._cond:
            self._paused = True
            self._cond.notify_all()

    def resume(self) -> None:
        with self._cond:
            self._paused = False
            self._steps_allowed = 0
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()

    def step_once(self) -> None:
        """Run exactly one more step, then stay paused."""
        with self._cond:
            self._paused = True
            self._steps_allowed += 1
            self._cond.notify_all()

    @property
    def paused(self) -> bool:
        with self._cond:
            return self._paused

    @property
    def stop_requested(self) -> bool:
        with self._cond:
            return self._stop

    def wait_for_turn(self, poll_s: float = 0.1) -> bool:
        """Block while paused; True when the next step may run, False when stopping."""
        with self._cond:
            while True:
                if self._stop:
                    return False
                if not self._paused:
                    self._granted = False
                    self._began = True
                    return True
                if self._steps_allowed > 0:
                    self._steps_allowed -= 1
                    self._granted = True
                    self._began = True
                    return True
                self._cond.wait(timeout=poll_s)

    def hold(self, poll_s: float = 0.1) -> None:
        """Inside a step or an evaluation: block while a pause stands (unless this is a
        granted single step); raise StopRequested when a stop has been asked.

        A single step asked while a step is under way grants that step: it finishes, and
        the run pauses after it. Asked before the first step, it lets the preparation (the
        baseline evaluation) through and is kept for that first step."""
        with self._cond:
            while True:
                if self._stop:
                    raise StopRequested
                if not self._paused or self._granted:
                    return
                if self._steps_allowed > 0 and not self._began:
                    return
                if self._steps_allowed > 0:
                    self._steps_allowed -= 1
                    self._granted = True
                    return
                self._cond.wait(timeout=poll_s)
