"""Thread-safe requests to a running trainer: pause, resume, stop, single step.

The GUI (another thread) or a signal handler calls these; the trainer calls
`wait_for_turn()` between steps, which blocks while paused and wakes within a moment of
any request, so each one takes effect within a second.
"""

from __future__ import annotations

import threading


class TrainerControl:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._paused = False
        self._stop = False
        self._steps_allowed = 0  # single steps granted while paused

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
                    return True
                if self._steps_allowed > 0:
                    self._steps_allowed -= 1
                    return True
                self._cond.wait(timeout=poll_s)
