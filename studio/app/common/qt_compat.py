"""Guards against two hazards of PySide6 here: refcount bugs, and collection off the GUI thread.

First, reference-count bugs of PySide6 6.12.0 on Python 3.11.

Measured here (PySide6-Essentials 6.12.0, Python 3.11.7): PySide6 hands out `None`,
`True` and `False` without taking the references it later gives back. Every
`SignalInstance.emit()` lowers `True`'s count by one; every call of a Python override of
a Qt virtual (`paintEvent` and the like; pyqtgraph has many) lowers `None`'s; one
pyqtgraph repaint costs `None` about 180 references. When a count reaches zero, CPython
aborts ("Fatal Python error: none_dealloc: deallocating None", or bool_dealloc): a live
chart crashed the app within a minute, and a test session at exit. Python 3.12 made these
objects immortal, which hides the bugs there (presumably why they went unnoticed).

The guard gives each of these singletons a huge number of extra references once per
process, so the stray decrements cannot reach zero in any realistic session (3.11
already does this for small ints, the empty tuple and the empty string, whose counts
start near 10^9). The singletons are never freed anyway, so the extra references cost
nothing. Remove this guard once the studio requires a PySide6 without the bug or
Python >= 3.12.

Second, garbage collection at the wrong moment: on a worker thread, or inside a Qt event
handler; see `GuiThreadCollector`.
"""

from __future__ import annotations

import ctypes
import gc
import sys

_EXTRA_REFS = 1 << 40  # ~1e12 stray decrements before trouble
SINGLETONS = (None, True, False, NotImplemented, Ellipsis)
_applied = False


def protect_singletons() -> bool:
    """Pin None, True, False, NotImplemented and Ellipsis far from a zero refcount.

    Returns True when the guard is in place (or not needed: Python >= 3.12).
    """
    global _applied
    if _applied or sys.version_info >= (3, 12):
        return True
    # ob_refcnt is the first field of an object in a release build of CPython 3.11; check
    # that on an object of our own before writing to the singletons.
    probe = object()
    if ctypes.c_ssize_t.from_address(id(probe)).value != sys.getrefcount(probe) - 1:
        return False
    for obj in SINGLETONS:
        ctypes.c_ssize_t.from_address(id(obj)).value += _EXTRA_REFS
    _applied = True
    return True


class GuiThreadCollector:
    """Python's cyclic garbage collection, moved onto the GUI thread's timer.

    Automatic collection runs on whichever thread happens to allocate: a training worker
    or a pool thread could then destroy Qt objects (charts from an earlier run, say)
    from the wrong thread. Measured here: such a collection in a worker thread
    deadlocked it against the GUI thread. On the GUI thread too it runs wherever Python
    allocates, inside the Python override of a Qt virtual as well: a widget that Python
    has dropped but whose pyqtgraph items' cycles still hold it (a chart panel) was then
    destroyed in the middle of its own title label's resizeEvent, and Qt went on with the
    freed layout (a segfault). pyqtgraph documents the hazard and the cure (its
    GarbageCollector): turn automatic collection off and collect on a QTimer of the GUI
    thread, generation by generation when its threshold is passed; a timer tick runs
    between events, never inside one.

    A collection holds the GIL, so it stalls the trainer as well as the window. Two
    measures keep it short. Long-lived objects are frozen out of collections
    (`gc.freeze`): those alive when collection moves here (the imported libraries: torch,
    Qt, pyqtgraph, over 200 thousand objects; a full pass over them takes 200 ms), and
    at a run's start everything the trainer's construction made (modules imported on the
    way, the model, the task's data: a first-generation pass over them took 50-150 ms).
    That second freeze does not collect first (that pass alone took half a second): any
    garbage it freezes waits for the run's end, when everything is thawed and collected
    once (cycles among frozen objects would otherwise never be freed), then frozen
    again. And the timer ticks every 100 ms, so a youngest-generation pass has few objects
    to look at (at 500 ms, 25-45 thousand while a run starts: 30 ms each).

    Python counts the youngest generation as allocations minus deallocations, and checks
    it at each allocation; the timer only looks between ticks. A burst of deallocations
    in between (a closed window's widgets, deleted later by Qt) can take the count below
    the threshold while new cyclic garbage waits, and nothing would collect it until as
    many objects again were made. So a youngest-generation pass also runs when anything
    at all was allocated and `patience` ticks have gone by without one.
    """

    def __init__(self, interval_ms: int = 100, patience: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.thresholds = gc.get_threshold()
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect)
        self.frozen = False
        self.patience = patience  # ticks without a pass before any new object gets one
        self._idle_ticks = 0

    def start(self) -> None:
        gc.disable()
        if not self.frozen:
            self.settle()
        self.timer.start()

    def freeze(self) -> None:
        """Keep every object alive now out of collections until the next `settle` (cheap)."""
        gc.freeze()
        self.frozen = True

    def settle(self) -> None:
        """Thaw, collect everything (a full pass), and freeze what is left."""
        gc.unfreeze()
        gc.collect()
        self.freeze()

    def stop(self) -> None:
        """Back to automatic collection (tests that leave Qt behind call this)."""
        self.timer.stop()
        if self.frozen:
            gc.unfreeze()
            self.frozen = False
        gc.enable()

    def collect(self) -> None:
        """One tick: collect each generation whose threshold is passed, youngest first."""
        counts = gc.get_count()
        self._idle_ticks += 1
        overdue = counts[0] > 0 and self._idle_ticks >= self.patience
        for generation in range(3):
            if counts[generation] <= self.thresholds[generation] and not (
                generation == 0 and overdue
            ):
                break
            gc.collect(generation)
            self._idle_ticks = 0


_collector: GuiThreadCollector | None = None


def collect_garbage_on_gui_thread() -> GuiThreadCollector:
    """Start (once) the GUI-thread collector; call it on the GUI thread, with a Qt app."""
    global _collector
    if _collector is None:
        _collector = GuiThreadCollector()
    if not _collector.timer.isActive():
        _collector.start()
    return _collector
