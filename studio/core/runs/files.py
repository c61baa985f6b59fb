"""Every file the studio writes goes through a temp file and os.replace, so a crash or a
full disk never leaves half a file; what goes wrong is a RunError that names the fix."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


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
        with os.fdopen(
            fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})
        ) as f:
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
