"""Every file the studio writes goes through a temp file and os.replace, so a crash or a
full disk never leaves half a file; what goes wrong is a RunError that names the fix.

Every file the studio writes into a run folder or an export is readable and writable by
its owner alone (FILE_MODE, 0600), whatever the umask: a run holds the user's data (the
prompts and answers sampled from it in metrics.jsonl, vocabularies built from it in
task.json and the checkpoints, the data's path in config.yaml), and on a shared machine (a
school's lab) the other accounts have no business reading it. Handing a run or an export
to someone is a deliberate copy, which sets the copy's permissions anyway.

It imports nothing of the studio but its messages (messages.py), and is one of core's
lowest floors (pyproject's layers contract): run folders, exports, saved configs and the
command line all write through it.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from studio.core.messages import Message, say

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
    if err.errno == errno.ENAMETOOLONG:
        return name_too_long(path)
    if err.errno in FULL:
        disk = _mount_point(path.parent)
        try:
            free = say("{size} free", size=_size(shutil.disk_usage(disk).free))
        except OSError:
            free = say("its free space unknown")
        return DiskFull(
            say(
                "could not write {path}: {reason}; free some disk space on the disk at {disk} "
                "({free}) or use a folder on another disk ({where}). Files saved earlier are "
                "intact.",
                path=path,
                reason=reason,
                disk=disk,
                free=free,
                where=where,
            )
        )
    return RunError(
        say(
            "could not write {path}: {reason}; check the folder's permissions. Files saved "
            "earlier are intact.",
            path=path,
            reason=reason,
        )
    )


NAME_BYTES = 255  # what a file name may have on the common file systems, in bytes


def name_too_long(path: Path) -> RunError:
    """A file name longer than the file system takes: the name is the problem, not the
    folder."""
    name = Path(path).name
    return RunError(
        say(
            "could not write {path}: its file name is {n} bytes long, and a file name may have "
            "at most {most}; choose a shorter name. Files saved earlier are intact.",
            path=path,
            n=len(os.fsencode(name)),
            most=NAME_BYTES,
        )
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
        # the temp file's name stays short whatever the file's: only the rename may fail
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        if err.errno in FULL or err.errno == errno.ENAMETOOLONG:
            raise write_error(path, err) from None
        raise RunError(
            say(
                "cannot write to {path}: {reason}; choose a folder you can write to (--save_dir)",
                path=path.parent,
                reason=err.strerror or str(err),
            )
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
    """`path` opened to append text (made with FILE_MODE, an older file set to it). A
    named pipe there would block the open or the writes: RunError (see `open_regular`)."""
    fd = open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
    os.chmod(path, FILE_MODE)
    return os.fdopen(fd, "a", encoding="utf-8")


# ---- files from someone else: only plain files, of a sane size, inside their folder

KINDS = {
    stat.S_IFIFO: say("a named pipe (FIFO)"),
    stat.S_IFCHR: say("a device"),
    stat.S_IFBLK: say("a device"),
    stat.S_IFSOCK: say("a socket"),
    stat.S_IFDIR: say("a folder"),
}


def open_regular(path: Path, flags: int = os.O_RDONLY, mode: int = FILE_MODE) -> int:
    """A file descriptor of `path`, a plain file; RunError when it is anything else
    (FileNotFoundError when there is nothing there).

    Opened without blocking: a named pipe opened the usual way waits for a writer (or a
    reader) forever, a hang the user cannot tell from work. A plain file ignores the flag,
    and it is cleared once the file is known to be one."""
    path = Path(path)
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_BINARY", 0), mode)
    except FileNotFoundError:
        raise
    except OSError as err:
        if err.errno == errno.ENXIO:  # a named pipe opened to write, with no reader
            raise RunError(not_a_file(path, stat.S_IFIFO)) from None
        raise
    try:
        kind = stat.S_IFMT(os.fstat(fd).st_mode)
        if kind != stat.S_IFREG:
            raise RunError(not_a_file(path, kind))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def not_a_file(path: Path, kind: int) -> Message:
    what = KINDS.get(kind, say("not a plain file"))
    return say(
        "{path}: is {what}, not a file; the studio reads and writes only plain files "
        "there: replace it with the file, or delete it",
        path=path,
        what=what,
    )


def memory_left() -> tuple[int, Message]:
    """Bytes this process can still allocate, and in words what bounds them: the RAM
    available now, or, when lower, what its address-space limit (ulimit -v, RLIMIT_AS)
    leaves beyond what it has mapped. What reading a file from someone else is checked
    against before it is read whole."""
    import psutil

    free = int(psutil.virtual_memory().available)
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        unlimited = soft in (resource.RLIM_INFINITY, -1)
    except (ImportError, ValueError, OSError):  # Windows has no resource module
        soft, unlimited = 0, True
    if not unlimited:
        left = max(0, int(soft) - int(psutil.Process(os.getpid()).memory_info().vms))
        if left < free:
            return left, say("{size} left under this process's memory limit", size=_size(left))
    return free, say("{size} of RAM available", size=_size(free))


def read_within_memory(path: Path, growth: int, fix: str) -> bytes:
    """The bytes of the plain file `path`, read whole once sure that `growth` times its
    size (what it becomes once parsed: lines, strings) fits in what this process can
    still allocate; RunError naming the file, the sizes and `fix` otherwise. A file of
    any size can be handed over, and one read whole past memory ends the process."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(fd).st_size
        left, bound = memory_left()
        if size * growth > left:
            raise RunError(
                say(
                    "{path}: is {size}, which takes about {read} once read, more than "
                    "{bound}; {fix}",
                    path=path,
                    size=_size(size),
                    read=_size(size * growth),
                    bound=bound,
                    fix=fix,
                )
            )
        return f.read()


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the plain file `path`, refused (RunError) when it is larger than
    `limit`: `what` it should be says how large such a file gets, e.g. "a preset (at
    most 1.0 MB)". Read up to the limit only, whatever its size said."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(fd).st_size
        data = f.read(limit + 1) if size <= limit else b""
    if size > limit or len(data) > limit:
        raise RunError(
            say(
                "{path}: is {size}, larger than {what}; it is not one the studio wrote: "
                "check that it is the right file",
                path=path,
                size=_size(max(size, len(data))),
                what=what,
            )
        )
    return data


def inside(folder: Path, path: Path) -> Path:
    """`path`, a path in `folder`, once sure that neither it nor a folder on the way to
    it is a link that leads out of `folder` (RunError naming the link otherwise).

    A run folder may come from someone else: a `checkpoints/` that links to another of
    the user's folders would have checkpoints written there and that folder's files
    pruned, a linked file read or appended to. Links that stay inside are followed."""
    folder, path = Path(folder), Path(path)
    root = os.path.realpath(folder)
    here = folder
    for part in path.relative_to(folder).parts:
        here = here / part
        if not here.is_symlink():
            continue
        real = os.path.realpath(here)
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            raise RunError(
                say(
                    "{path}: is a link to {real}, outside {folder}; the studio never writes, "
                    "prunes or reads through a link that leaves the folder: replace the link "
                    "with what it names (a copy), or delete it",
                    path=here,
                    real=real,
                    folder=folder,
                )
            )
    return path
