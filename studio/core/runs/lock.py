"""One writer per run folder: the lock a training run holds while it writes the folder.

Two processes training one folder (two `train --resume`, a window and a terminal) would
interleave their checkpoints and metrics, so a run takes `train.lock` in its folder when it
starts (a resumed run too) and removes it when it ends. The lock names its holder: the
process id, the host, when it was taken and when that process started.

A lock is stale when its holder is gone: on this host, no process with its id runs, or one
does but started after the lock was taken (the id was reused). A stale lock is taken over;
a lock from another host (a run folder on a network drive) cannot be checked from here and
is honoured, and the message says how to remove it by hand. A process that is killed
leaves its lock behind, which is why staleness is checked rather than trusted to cleanup.

The lock file is written to a temp file and hard-linked into place, so two processes
starting at once cannot both take it and nobody reads half a lock. (Taking over a stale
lock is a replace: two processes taking over the same stale lock in the same instant
could both succeed; each checks afterwards that the lock names it.)
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
import weakref
from dataclasses import asdict, dataclass
from pathlib import Path

import psutil

from studio.core.files import FILE_MODE, RunError, read_limited
from studio.core.messages import say

LOCK_FILE = "train.lock"
LOCK_MAX = 4096  # bytes of a lock file: one short JSON line
CLOCK_SLACK_S = 1.0  # a process "started after the lock" by more than this reused the id


def this_host() -> str:
    return socket.gethostname()


def _process_started(pid: int) -> float | None:
    """When process `pid` started (seconds since the epoch); None when none runs."""
    try:
        return psutil.Process(pid).create_time()
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return None
    except psutil.Error:  # exists but cannot be inspected (another user's): say it runs
        return 0.0


@dataclass(frozen=True)
class Holder:
    """Who holds a run folder's lock."""

    pid: int
    host: str
    since: float  # when the lock was taken (seconds since the epoch)

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), this_host(), time.time())

    def is_me(self) -> bool:
        return self.pid == os.getpid() and self.host == this_host()

    def alive(self) -> bool:
        """False only when it provably ended: on this host and its id runs no process
        started before the lock was taken."""
        if self.host != this_host():
            return True
        started = _process_started(self.pid)
        return started is not None and started <= self.since + CLOCK_SLACK_S

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.since))
        return say("process {pid} on {host}, since {when}", pid=self.pid, host=self.host, when=when)


class RunLocked(RunError):
    """The run folder is being trained by another live process."""

    def __init__(self, run_dir: Path, holder: Holder) -> None:
        lock = Path(run_dir) / LOCK_FILE
        super().__init__(
            say(
                "{path}: is being trained by {holder}; wait for that run to end or stop it "
                "first (if it no longer runs, delete {lock})",
                path=run_dir,
                holder=holder.describe(),
                lock=lock,
            )
        )
        self.holder = holder


def _read(lock: Path) -> Holder | None:
    """The holder a lock file names; None when there is no lock. A lock that cannot be
    parsed names nobody alive: Holder with pid 0 on this host, which is stale."""
    try:
        data = json.loads(read_limited(lock, LOCK_MAX, say("a lock file (a line)")))
        return Holder(int(data["pid"]), str(data["host"]), float(data["since"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return Holder(0, this_host(), 0.0)


def lock_holder(run_dir: Path) -> Holder | None:
    """Who trains this run folder now (this process included); None when nobody does
    (no lock, or a stale one)."""
    holder = _read(Path(run_dir) / LOCK_FILE)
    return holder if holder is not None and holder.alive() else None


def _remove_if_held(path: Path, holder: Holder) -> None:
    if _read(path) == holder:  # never someone else's
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


class RunLock:
    """A run folder's lock, held by this process until `release` (or until the lock object
    is collected or the interpreter exits: a trainer dropped without finishing its run,
    in a window that stays open, must not keep its folder locked)."""

    def __init__(self, run_dir: Path, holder: Holder) -> None:
        self.path = Path(run_dir) / LOCK_FILE
        self.holder = holder
        self._release = weakref.finalize(self, _remove_if_held, self.path, holder)

    def release(self) -> None:
        """Remove the lock if it still names this holder; once."""
        self._release()


def _staged(folder: Path, holder: Holder) -> Path:
    tmp = folder / f".{LOCK_FILE}.{holder.pid}.{time.monotonic_ns()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(asdict(holder), f)
    return tmp


def _place(tmp: Path, lock: Path) -> None:
    """Put the staged lock in place unless one is there (FileExistsError)."""
    try:
        os.link(tmp, lock)  # atomic, and fails when a lock is there: only one can win
    except FileExistsError:
        raise
    except OSError:  # a filesystem without hard links (FAT): create-exclusive, then write
        fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        with os.fdopen(fd, "wb") as f:
            f.write(tmp.read_bytes())


def acquire(run_dir: Path) -> RunLock:
    """Take the run folder's lock; RunLocked naming the holder when a live process has it."""
    run_dir = Path(run_dir)
    lock = run_dir / LOCK_FILE
    me = Holder.me()
    try:
        tmp = _staged(run_dir, me)
    except OSError as err:
        raise RunError(
            say(
                "cannot write to {path}: {reason}; check the folder's permissions",
                path=run_dir,
                reason=err.strerror or str(err),
            )
        ) from None
    try:
        try:
            _place(tmp, lock)
        except FileExistsError:
            holder = _read(lock)
            if holder is not None and holder.alive():
                raise RunLocked(run_dir, holder) from None
            os.replace(tmp, lock)  # a stale lock (its holder is gone): take it over
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    if _read(lock) != me:  # another process took over the same stale lock at once
        holder = _read(lock)
        raise RunLocked(run_dir, holder or me)
    return RunLock(run_dir, me)
