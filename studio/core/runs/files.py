"""Every file the studio writes goes through a temp file and os.replace, so a crash or a
full disk never leaves half a file; what goes wrong is a RunError that names the fix.

Every file the studio writes into a run folder or an export is readable and writable by
its owner alone (FILE_MODE, 0600), whatever the umask: a run holds the user's data (the
prompts and answers sampled from it in metrics.jsonl, vocabularies built from it in
task.json and the checkpoints, the data's path in config.yaml), and on a shared machine (a
school's lab) the other accounts have no business reading it. Handing a run or an export
to someone is a deliberate copy, which sets the copy's permissions anyway.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

FILE_MODE = 0o600  # owner read and write: see above


class RunError(ValueError):
    """A run folder problem the user can fix (missing folder, unwritable disk...)."""


def atomic_write(path: Path, write: Callable[[Any], None], *, binary: bool = True) -> None:
    """Write `path` through a temp file in the same folder, then rename over it.

    On any failure (a full disk, no permission) the temp file is removed, the old file is
    untouched, and RunError names the path and the likely fix.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise RunError(
            f"cannot write to {path.parent}: {err.strerror or err}; "
            "choose a folder you can write to (--save_dir)"
        ) from None
    try:
        f: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")
        with f:
            os.chmod(tmp, FILE_MODE)  # mkstemp's mode already, but chosen on purpose
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, OSError):
            hint = "free some disk space" if err.errno == 28 else "check the folder's permissions"
            raise RunError(
                f"could not write {path}: {err.strerror or err}; {hint}. "
                "Files saved earlier are intact."
            ) from None
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
