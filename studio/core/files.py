"""Every file the studio writes goes through a temp file and os.replace, so a crash or a
full disk never leaves half a file; what goes wrong is a RunError that names the fix.

Every file the studio writes into a run folder or an export is readable and writable by
its owner alone (FILE_MODE, 0600), whatever the umask: a run holds the user's data (the
prompts and answers sampled from it in metrics.jsonl, vocabularies built from it in
task.json and the checkpoints, the data's path in config.yaml), and on a shared machine (a
school's lab) the other accounts have no business reading it. Handing a run or an export
to someone is a deliberate copy, which sets the copy's permissions anyway.

It imports nothing of the studio and sits outside core's floors (pyproject's layers
contract), like configtools.py: run folders, exports, saved configs and the command line
all write through it.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

FILE_MODE = 0o600  # owner read and write: see above


class RunError(ValueError):
    """A run folder problem the user can fix (missing folder, unwritable disk...)."""


class DiskFull(RunError):
    """A write failed because the disk (or the user's quota on it) is full."""


FULL = (errno.ENOSPC, errno.EDQUOT)


def _mount_point(path: Path) -> Path:
    """The folder the disk holding `path` is mounted at (the disk, as a person finds it)."""
    path = Path(os.path.abspath(path))
    while not path.exists():
        path = path.parent
    while not os.path.ismount(path) and path != path.parent:
        path = path.parent
    return path


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"


def write_error(path: Path, err: OSError, where: str = "--save_dir") -> RunError:
    """What a failed write tells the user: a full disk named by where it is mounted and
    how much is free, with the fix; else the OS's reason. Files saved earlier are intact."""
    path = Path(path)
    reason = err.strerror or str(err)
    if err.errno in FULL:
        disk = _mount_point(path.parent)
        try:
            free = f"{_size(shutil.disk_usage(disk).free)} free"
        except OSError:
            free = "its free space unknown"
        return DiskFull(
            f"could not write {path}: {reason}; free some disk space on the disk at {disk} "
            f"({free}) or use a folder on another disk ({where}). Files saved earlier are "
            "intact."
        )
    return RunError(
        f"could not write {path}: {reason}; check the folder's permissions. Files saved "
        "earlier are intact."
    )


class _Recorder:
    """The file a writer is handed: it remembers an OSError from write(), which torch.save
    turns into a RuntimeError of its own ('[enforce fail at inline_container.cc] unexpected
    pos'), so a full disk is still reported as one."""

    def __init__(self, f: IO[Any]) -> None:
        self._f = f
        self.error: OSError | None = None

    def write(self, data: Any) -> int:
        try:
            return self._f.write(data)
        except OSError as err:
            self.error = err
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)


def atomic_write(path: Path, write: Callable[[Any], None], *, binary: bool = True) -> None:
    """Write `path` through a temp file in the same folder, then rename over it.

    On any failure (a full disk, no permission) the temp file is removed, the old file is
    untouched, and RunError names the path and the likely fix (DiskFull for a full disk,
    even when the writer, torch.save, hid the OSError in an error of its own).
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        if err.errno in FULL:
            raise write_error(path, err) from None
        raise RunError(
            f"cannot write to {path.parent}: {err.strerror or err}; "
            "choose a folder you can write to (--save_dir)"
        ) from None
    recorder: _Recorder | None = None
    try:
        f: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")
        with f:
            os.chmod(tmp, FILE_MODE)  # mkstemp's mode already, but chosen on purpose
            recorder = _Recorder(f)
            write(recorder)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        Path(tmp).unlink(missing_ok=True)
        failed = recorder.error if recorder is not None and recorder.error else err
        if isinstance(failed, OSError):
            raise write_error(path, failed) from None
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write(path, lambda f: f.write(text), binary=False)


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False))


def open_for_append(path: Path) -> IO[str]:
    """`path` opened to append text (made with FILE_MODE, an older file set to it)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
    os.chmod(path, FILE_MODE)
    return os.fdopen(fd, "a", encoding="utf-8")
