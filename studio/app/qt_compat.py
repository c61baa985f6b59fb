"""A guard against a reference-count bug in PySide6 6.12.0 on Python 3.11.

Measured here (PySide6-Essentials 6.12.0, Python 3.11.7): `SignalInstance.emit()`
returns `True` without taking a new reference to it, so every emit (and some pyqtgraph
event handlers) lowers `True`'s reference count by one. After a few thousand emits the
count reaches zero and CPython aborts with "Fatal Python error: bool_dealloc:
deallocating True or False" -- mid-run, or at exit. Python 3.12 made True and False
immortal, which hides the bug there.

The guard gives True and False a huge number of extra references once per process, so
the stray decrements can never reach zero (about what 3.12's immortality does). The
two singletons are never freed anyway, so the extra references cost nothing. Remove
this module once the studio requires a PySide6 without the bug or Python >= 3.12.
"""

from __future__ import annotations

import ctypes
import sys

_EXTRA_REFS = 1 << 40  # ~1e12 stray decrements before trouble: years of emits
_applied = False


def protect_bool_singletons() -> bool:
    """Pin True and False far from a zero refcount; True if the guard is (now) in place."""
    global _applied
    if _applied or sys.version_info >= (3, 12):
        return True
    for obj in (True, False):
        before = sys.getrefcount(obj)
        # ob_refcnt is the first field of every object in a release build of CPython 3.11.
        cell = ctypes.c_ssize_t.from_address(id(obj))
        cell.value += _EXTRA_REFS
        if sys.getrefcount(obj) - before != _EXTRA_REFS:  # some other object layout: undo
            cell.value -= _EXTRA_REFS
            return False
    _applied = True
    return True
