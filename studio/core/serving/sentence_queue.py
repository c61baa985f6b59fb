"""The model's queue: sentences of many requests translated one at a time, in turn.

One model on a laptop's cores answers faster in turn than all at once, so a server runs
its model on one thread of its own. A request hands it one sentence at a time (`run`)
and waits for that sentence before handing the next, so the queue holds at most one
sentence per request, in the order they came: a one-sentence request that arrives while
a 5,000-character one is being translated waits for one sentence of it, not for all of
it. That is round robin between requests with no scheduler to get wrong. A sentence is
bounded work (its source is cut at the model's length limit, its beams are bounded by
the server), so a turn is too.

`RequestTurns` is one request's view of the queue: it adds up the time the request
waited for its turns, which the server reports within the request's latency, and it stops
the request once its client has gone (`gone`, asked before each sentence is queued and
again when its turn comes: `ClientGone`), so a client that hangs up costs at most the
sentence under way, not the rest of its text.

The queue is bounded: with `max_waiting` sentences waiting, `run` refuses another
(`QueueFull`: the server answers 429, try again). `close` ends the model thread once its
current sentence is done and refuses what waits (`QueueClosed`).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class QueueFull(Exception):
    """The queue already holds its most waiting sentences."""


class QueueClosed(Exception):
    """The queue was closed (the server is stopping)."""


class ClientGone(Exception):
    """The client of a request closed its connection: the rest of its work was dropped."""


def never_gone() -> bool:
    return False


@dataclass
class _Turn(Generic[T]):
    work: Callable[[], T]
    gone: Callable[[], bool] = never_gone  # whether its client has gone: skip the work
    queued: float = field(default_factory=time.perf_counter)
    started: float = 0.0
    result: T | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


class SentenceQueue:
    """Work run one item at a time, in arrival order, on one thread of its own."""

    def __init__(self, max_waiting: int = 64, name: str = "model") -> None:
        if max_waiting < 1:
            raise ValueError(f"the queue needs room for 1 waiting sentence, got {max_waiting}")
        self.max_waiting = max_waiting
        self.served = 0  # turns run so far
        self.dropped = 0  # turns skipped because their client had gone
        self._waiting: deque[_Turn[Any]] = deque()
        self._changed = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def run(self, work: Callable[[], T], gone: Callable[[], bool] = never_gone) -> tuple[T, float]:
        """work() run in its turn on the queue's thread: (its result, seconds it waited).
        Its exception is raised here; ClientGone when `gone()` is true once its turn comes."""
        turn: _Turn[T] = _Turn(work, gone)
        with self._changed:
            if self._closed:
                raise QueueClosed
            if len(self._waiting) >= self.max_waiting:
                raise QueueFull
            self._waiting.append(turn)
            self._changed.notify()
        turn.done.wait()
        if turn.error is not None:
            raise turn.error
        return turn.result, turn.started - turn.queued  # type: ignore[return-value]

    def close(self) -> None:
        """Refuse what waits and end the thread after its current turn (without waiting)."""
        with self._changed:
            self._closed = True
            refused, self._waiting = list(self._waiting), deque()
            self._changed.notify_all()
        for turn in refused:
            turn.error = QueueClosed()
            turn.done.set()

    def _serve(self) -> None:
        while True:
            with self._changed:
                while not self._waiting and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                turn = self._waiting.popleft()
            turn.started = time.perf_counter()
            self._take(turn)
            turn.done.set()

    def _take(self, turn: _Turn[Any]) -> None:
        """Run a turn's work, or skip it when its client has gone."""
        try:
            if turn.gone():
                self.dropped += 1
                turn.error = ClientGone()
                return
            turn.result = turn.work()
        except BaseException as err:  # handed to the request that asked, never lost here
            turn.error = err
        self.served += 1


class RequestTurns:
    """One request's turns at the model: a `ModelTurn` (live_translation.py) that runs
    each sentence through the queue, adds up how long the request waited, and raises
    ClientGone instead once `gone()` says its client has closed the connection."""

    def __init__(self, queue: SentenceQueue, gone: Callable[[], bool] = never_gone) -> None:
        self.queue, self.gone = queue, gone
        self.waited = 0.0  # seconds
        self.taken = 0  # sentences the model translated for it

    def __call__(self, work: Callable[[], T]) -> T:
        if self.gone():
            raise ClientGone
        result, waited = self.queue.run(work, self.gone)
        self.waited += waited
        self.taken += 1
        return result
