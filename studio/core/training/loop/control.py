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

Questions: the window may `ask` the trainer something that needs its model (how the last
step changed the probability of each sample). The trainer `serve`s them; a question
waits in a queue until the trainer's thread is between steps (`wait_for_turn`) or held by
a pause (`hold`), runs there, and its answer (plain values) or error comes back through
the returned Future. The window's thread never runs the model.
"""

from __future__ import annotations

import threading
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

Answerer = Callable[[str, dict[str, Any]], Any]


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
        self._pause_at_turn = False  # pause when the next step's turn comes (not before)
        self._questions: deque[tuple[str, dict[str, Any], Future]] = deque()
        self._answerer: weakref.WeakMethod | None = None
        self._answering = False  # a question is running on the trainer's thread

    def pause(self) -> None:
        with self._cond:
            self._paused = True
            self._cond.notify_all()

    def resume(self) -> None:
        with self._cond:
            self._paused = False
            self._pause_at_turn = False  # a pause asked for later is cancelled too
            self._steps_allowed = 0
            self._cond.notify_all()

    def pause_before_next_step(self) -> None:
        """Pause when the next step's turn comes (`wait_for_turn`), not before: what runs
        until then (a checkpoint, an evaluation) is not held. A single step asked
        meanwhile is that next step. The window's "Pause when GRPO starts" asks this on
        the GRPO stage's start record, so the first GRPO step is the one Step takes."""
        with self._cond:
            self._pause_at_turn = True
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

    def serve(self, answerer: Answerer) -> None:
        """Answer questions with `answerer(question, args)`, a bound method of the trainer.
        It is held weakly: the model's pause hooks hold this control, so a strong
        reference would make a cycle through the model."""
        with self._cond:
            self._answerer = weakref.WeakMethod(answerer)

    def ask(self, question: str, **args: Any) -> Future:
        """Queue `question` for the trainer's thread; the Future gets its answer (or the
        error) once the trainer is between steps or paused."""
        future: Future = Future()
        with self._cond:
            self._questions.append((question, args, future))
            self._cond.notify_all()
        return future

    def _answer_questions(self) -> None:
        """Run the queued questions (called with the lock held; released while each runs,
        so pause and stop stay instant). A forward pass inside one passes `hold` at once."""
        while self._questions:
            question, args, future = self._questions.popleft()
            answerer = self._answerer() if self._answerer is not None else None
            if not future.set_running_or_notify_cancel():
                continue
            self._answering = True
            self._cond.release()
            try:
                if answerer is None:
                    raise RuntimeError("no trainer is running to answer this")
                future.set_result(answerer(question, args))
            except Exception as err:  # the asker shows it; the run goes on
                future.set_exception(err)
            finally:
                self._cond.acquire()
                self._answering = False

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
            if self._pause_at_turn:
                self._pause_at_turn = False
                self._paused = True
            while True:
                self._answer_questions()
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
        baseline evaluation) through and is kept for that first step; so too while a pause
        before the next step is pending (a stage's start, its baseline evaluation)."""
        with self._cond:
            if self._answering:
                return  # a question's own forward pass
            while True:
                if self._stop:
                    raise StopRequested
                if not self._paused or self._granted:
                    return
                if self._steps_allowed > 0 and (not self._began or self._pause_at_turn):
                    return  # the work before a step (preparing, a new stage): not the step
                if self._steps_allowed > 0:
                    self._steps_allowed -= 1
                    self._granted = True
                    return
                self._answer_questions()  # held by a pause mid-step
                self._cond.wait(timeout=poll_s)
