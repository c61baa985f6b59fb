"""Where an export is built and how it is published: a whole folder at once.

An export is built in a hidden staging folder beside its output folder
(`.<name>.export-<pid>@<host>-<random>`, e.g. RUN/.exports.export-4242@lab-3-k2x9) and,
once every check has passed, published by renaming the finished staging folder into
place. A previous export there is renamed aside first (`.<name>.previous-...`) and removed
only after the new one is in place, so the output folder always holds one whole export:
never a mix of two checkpoints' files. A process killed between the two renames leaves no
output folder but the previous export aside; the next export puts it back first.

Staging folders and set-aside exports of processes that are gone (their pid no longer
runs on this host; from another host, older than STALE_S) are removed by the next export;
a live one is left alone. The output folder is only replaced when it holds an export (the
files one writes) or nothing: a folder with anything else in it is refused, never emptied.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from studio.core.export.snippets import SNIPPET_NAME
from studio.core.files import FILE_MODE, RunError, write_error
from studio.core.messages import say
from studio.core.runs.lock import Holder, this_host

STAGE = "export"  # .<name>.export-<owner>-<random>: an export being built
PREVIOUS = "previous"  # .<name>.previous-<owner>-<random>: the export it replaces
STALE_S = 3600  # a staging folder from another host this old belongs to a killed export
OLD_STAGE = ".export-"  # staging folders inside the output folder (earlier layout)
EXPORT_SUFFIXES = (".onnx", ".onnx.data", ".npz")  # graphs, their data, sample inputs
README_NAME = "README.md"
EXPORT_NAMES = (README_NAME, SNIPPET_NAME)


def _host_tag() -> str:
    return re.sub(r"[^A-Za-z0-9.]", "_", this_host())


def _owner_tag() -> str:
    return f"{os.getpid()}@{_host_tag()}"


def _hidden(folder: Path, kind: str) -> str:
    return f".{folder.name}.{kind}-"


def _owner(name: str) -> Holder | None:
    """Who made a staging folder, from its name; None when the name does not say."""
    found = re.search(r"-(\d+)@([A-Za-z0-9._]+)-[a-z0-9_]+$", name)
    if found is None:
        return None
    return Holder(int(found.group(1)), found.group(2), 0.0)


def _stale(path: Path) -> bool:
    """Whether a staging folder (or a set-aside export) belongs to a process that is gone."""
    try:
        made = path.stat().st_mtime  # its owner had started by then (a reused pid had not)
    except OSError:
        return False
    owner = _owner(path.name)
    if owner is not None and owner.host == _host_tag():
        return not Holder(owner.pid, this_host(), made).alive()
    return time.time() - made > STALE_S


def _leftovers(folder: Path) -> list[Path]:
    """Staging folders and set-aside exports of `folder` (beside it and, from the earlier
    layout, inside it)."""
    found = [
        p
        for kind in (STAGE, PREVIOUS)
        for p in folder.parent.glob(_hidden(folder, kind) + "*")
        if p.is_dir()
    ]
    if folder.is_dir():
        found += [p for p in folder.glob(OLD_STAGE + "*") if p.is_dir()]
    return found


def recover(folder: Path) -> None:
    """Put back the export a killed publish had set aside, then remove what killed exports
    left (staging folders, set-aside exports) unless their process still runs."""
    if not folder.exists():
        aside = [p for p in _leftovers(folder) if p.name.startswith(_hidden(folder, PREVIOUS))]
        aside = [p for p in aside if _stale(p)]
        if aside:
            newest = max(aside, key=lambda p: p.stat().st_mtime)
            with contextlib.suppress(OSError):
                os.replace(newest, folder)
    for path in _leftovers(folder):
        if path.exists() and _stale(path):
            shutil.rmtree(path, ignore_errors=True)


def _check_replaceable(folder: Path) -> None:
    """Refuse to replace a folder that holds anything but an export."""
    if not folder.exists():
        return
    if not folder.is_dir():
        raise NotADirectoryError(20, "it is a file, not a folder")
    others = sorted(
        p.name + ("/" if p.is_dir() else "")
        for p in folder.iterdir()
        if not (p.is_file() and (p.name in EXPORT_NAMES or p.name.endswith(EXPORT_SUFFIXES)))
        and not (p.is_dir() and p.name.startswith(OLD_STAGE))
    )
    if others:
        shown: str = ", ".join(others)
        if len(others) > 5:
            shown = say("{keys} (+{n} more)", keys=", ".join(others[:5]), n=len(others) - 5)
        raise RunError(
            say(
                "{path}: holds files that are not part of an export ({names}); an export "
                "replaces its whole folder, so give an empty or new folder, or one an earlier "
                "export wrote (--out)",
                path=folder,
                names=shown,
            )
        )


@contextlib.contextmanager
def staging(folder: Path) -> Iterator[Path]:
    """A hidden folder beside `folder` to build the export in, removed afterwards unless it
    was published; a disk error inside becomes a RunError that names the folder."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        recover(folder)
        _check_replaceable(folder)
        prefix = _hidden(folder, STAGE) + _owner_tag() + "-"
        stage = Path(tempfile.mkdtemp(prefix=prefix, dir=folder.parent))
    except OSError as err:
        raise RunError(
            say(
                "cannot write the export to {path}: {reason}; choose a folder you can write to "
                "(--out)",
                path=folder,
                reason=err.strerror or str(err),
            )
        ) from None
    try:
        yield stage
    except OSError as err:  # the quantizer or onnx writing into the stage
        raise write_error(folder, err, "--out") from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def publish(stage: Path, folder: Path) -> None:
    """Make the finished `stage` the export in `folder`, in one rename; the export it
    replaces is set aside first and removed once the new one is in place."""
    for path in stage.iterdir():
        os.chmod(path, FILE_MODE)  # the quantizer's files too
    aside = None
    try:
        if folder.exists():
            token = stage.name.removeprefix(_hidden(folder, STAGE))  # <owner>-<random>
            aside = folder.with_name(_hidden(folder, PREVIOUS) + token)
            os.replace(folder, aside)
        try:
            os.replace(stage, folder)
        except OSError:
            if aside is not None:
                os.replace(aside, folder)  # the previous export stays what there is
            raise
    except OSError as err:
        raise write_error(folder, err, "--out") from None
    if aside is not None:
        shutil.rmtree(aside, ignore_errors=True)
