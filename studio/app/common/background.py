"""Run a slow function (building a task, counting a model's parameters) off the GUI thread.

The function runs on Qt's global thread pool; its result comes back through a relay
QObject that lives on the GUI thread, so the callbacks always run there (a callback
connected directly to a signal emitted from the pool would run on the pool's thread).
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from studio.app.common.dialogs import user_message
from studio.app.common.qt_compat import collect_garbage_on_gui_thread
from studio.core.machine.torch_imports import import_torch_compiler

_alive: set[_Relay] = set()  # relays waiting for their result (nothing else holds them)


class _Relay(QObject):
    succeeded = Signal(object)
    failed = Signal(object, str)  # the message (a core Message keeps its id), the traceback

    def __init__(self, on_done: Callable[[Any], None], on_error: Callable[[str, str], None]):
        super().__init__()
        self._on_done, self._on_error = on_done, on_error
        self.succeeded.connect(self._deliver)
        self.failed.connect(self._deliver_error)

    @Slot(object)
    def _deliver(self, result: Any) -> None:
        _alive.discard(self)
        self._on_done(result)

    @Slot(object, str)
    def _deliver_error(self, message: str, details: str) -> None:
        _alive.discard(self)
        self._on_error(message, details)


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._fn, self._relay = fn, relay

    def run(self) -> None:
        try:
            import_torch_compiler()  # a job may be the first to use it, beside a run
            result = self._fn()
        except Exception as err:  # reported to the caller, never raised in the pool
            self._send("failed", user_message(err), "".join(traceback.format_exception(err)))
            return
        self._send("succeeded", result)

    def _send(self, signal: str, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the relay is gone: the window closed
            getattr(self._relay, signal).emit(*args)


def run_in_background(
    fn: Callable[[], Any],
    on_done: Callable[[Any], None],
    on_error: Callable[[str, str], None],
) -> None:
    """Call fn() on a pool thread; then on_done(result) or on_error(message, traceback)
    on the GUI thread."""
    collect_garbage_on_gui_thread()  # the pool thread must never collect Qt objects
    relay = _Relay(on_done, on_error)
    _alive.add(relay)
    QThreadPool.globalInstance().start(_Job(fn, relay))


def wait_for_background(timeout_ms: int = 30_000) -> bool:
    """Block until every background job has finished (tests, and closing the window)."""
    return QThreadPool.globalInstance().waitForDone(timeout_ms)
