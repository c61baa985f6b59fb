"""Checkpoints: everything a run needs to continue exactly where it stopped.

A checkpoint holds the model (and the GRPO reference model), the optimizer, the
learning-rate schedule, the gradient scaler, the trainer's position (stage, steps,
curriculum level, early-stop state) and every random number generator's state, so a
resumed run produces the same numbers as one never interrupted. Files are written
atomically (temp file + rename): a crash mid-write leaves the previous checkpoint whole.

The newest checkpoint is not always whole (a disk that failed, a copy cut short): reading
a run's checkpoint (`read_checkpoint`) falls back to the newest one that reads, and says
which it passed over; `--checkpoint NAME` picks one (`find_checkpoint`).

A run folder may come from someone else (a teacher's run, a download), so a checkpoint is
read with `torch.load(weights_only=True)`: tensors and plain values (dicts, lists, tuples,
numbers, strings) only. A file that holds anything else, such as a pickled object that
would run code while being read, is refused unread (UnsafeCheckpoint). The `latest`
pointer may only name a checkpoint file of the same folder (step_<n>.pt).
"""

from __future__ import annotations

import contextlib
import pickle
import pickletools
import re
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import torch
from torch import nn

from studio.core.files import (
    DiskFull,
    RunError,
    atomic_write,
    atomic_write_text,
    inside,
    memory_left,
    open_regular,
)
from studio.core.machine.hardware import format_bytes
from studio.core.messages import Message, joined, say
from studio.core.runs.folder import CHECKPOINT_DIR, interrupted_prune

LATEST_FILE = "latest"  # names the newest checkpoint file, written after it
STEP_NAME = re.compile(r"step_\d+\.pt")  # what a step checkpoint (and `latest`) is called
POINTER_MAX = 100  # a pointer is one short file name; longer text is not one
SET_ASIDE = ".set-aside"  # suffix of checkpoints newer than the one a run resumed from
READ_TRIES = 3  # a training run may prune the checkpoint being read: list them again


class UnsafeCheckpoint(RunError):
    """A checkpoint holding more than tensors and plain values: refused, nothing in it ran."""


class DamagedCheckpoint(RunError):
    """A checkpoint that cannot be read (cut short, not a checkpoint); `reason` says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            say(
                "{path}: the checkpoint cannot be read ({reason}); resume from an earlier one "
                "in the same folder or start a new run",
                path=path,
                reason=reason,
            )
        )
        self.reason = reason


def checkpoint_folder(run_dir: Path) -> Path:
    """<run_dir>/checkpoints, refused (RunError) when it is a link out of the run folder:
    checkpoints are never written, pruned or read through one."""
    return inside(run_dir, Path(run_dir) / CHECKPOINT_DIR)


def save_checkpoint(run_dir: Path, step: int, state: dict[str, Any], keep: int = 2) -> Path:
    """Write checkpoints/step_<step>.pt atomically, point `latest` at it, prune old ones."""
    folder = checkpoint_folder(run_dir)
    path = folder / f"step_{step:07d}.pt"
    try:
        atomic_write(path, lambda f: torch.save(state, f))
        atomic_write_text(folder / LATEST_FILE, path.name)
    except DiskFull as err:
        raise DiskFull(
            say("{problem} {note}", problem=str(err), note=last_good_note(run_dir))
        ) from None
    olds = [p for p in step_checkpoints(run_dir) if p != path]
    for old in olds[: max(len(olds) - keep, 0)]:
        old.unlink(missing_ok=True)
    return path


def last_good_note(run_dir: Path) -> Message:
    """What a run stopped by a full disk still has, and how to go on."""
    found = latest_checkpoint(run_dir)
    if found is None:
        return say("The run has no checkpoint yet.")
    return say(
        "The run stopped after its last good checkpoint, {name}; resume it from there once "
        "there is room (grpo-studio train --resume {path}).",
        name=found.name,
        path=run_dir,
    )


def _pointed(run_dir: Path) -> Path | None:
    """The checkpoint `latest` names, or None when there is no pointer or its file is gone.
    A pointer naming anything but a step checkpoint of this folder (a path, `..`) is an
    error: it was not written by the studio."""
    folder = checkpoint_folder(run_dir)
    pointer = inside(run_dir, folder / LATEST_FILE)
    if not pointer.is_file():
        return None
    with open(open_regular(pointer), "rb") as f:
        name = f.read(POINTER_MAX + 1).decode("utf-8", errors="replace").strip()
    if not STEP_NAME.fullmatch(name):
        raise RunError(
            say(
                "{path}: names {name}, which is not a checkpoint file of this folder "
                "(step_<n>.pt); delete {path} to use the newest checkpoint",
                path=pointer,
                name=repr(name[:POINTER_MAX]),
            )
        )
    path = inside(run_dir, folder / name)
    return path if path.is_file() else None


def step_checkpoints(run_dir: Path) -> list[Path]:
    """The run's step_<n>.pt checkpoints, oldest first (RunError for one that is a link
    out of the run folder)."""
    folder = checkpoint_folder(run_dir)
    found = sorted(p for p in folder.glob("step_*.pt") if STEP_NAME.fullmatch(p.name))
    return [inside(run_dir, p) for p in found]


def step_of(path: Path) -> int | None:
    """The global step a checkpoint's name gives (step_0000050.pt: 50)."""
    found = re.fullmatch(r"step_(\d+)\.pt", Path(path).name)
    return int(found.group(1)) if found else None


def latest_checkpoint(run_dir: Path) -> Path | None:
    """The checkpoint `latest` names, else the newest step_<n>.pt; None when there is none."""
    pointed = _pointed(run_dir)
    if pointed is not None:
        return pointed
    found = step_checkpoints(run_dir)  # the pointer is missing or stale
    return found[-1] if found else None


def find_checkpoint(run_dir: Path, name: str) -> Path:
    """The checkpoint `name` picks in the run's checkpoints/: a file name there
    (step_0000050.pt, grpo_start.pt) or a step number (50). RunError listing them if none."""
    folder = checkpoint_folder(run_dir)
    text = str(name).strip()
    if text.isdigit():
        text = f"step_{int(text):07d}.pt"
    path = folder / text
    if "/" not in text and "\\" not in text and text not in ("", ".", "..") and path.is_file():
        return inside(run_dir, path)
    there = [p.name for p in sorted(folder.glob("*.pt"))]
    raise RunError(
        say(
            "--checkpoint {name}: no such checkpoint in {folder}; give one of {names} or a step "
            "number",
            name=name,
            folder=folder,
            names=", ".join(there) or say("(none: train first)"),
        )
    )


@dataclass
class ReadCheckpoint:
    """A checkpoint read: its path and contents, and what was passed over to get to it."""

    path: Path
    state: dict[str, Any]
    notes: list[str] = field(default_factory=list)  # one line each, for the user


def _newest_first(run_dir: Path) -> list[Path]:
    pointed = _pointed(run_dir)
    steps = step_checkpoints(run_dir)[::-1]
    return ([pointed] if pointed is not None else []) + [p for p in steps if p != pointed]


def read_checkpoint(
    run_dir: Path, map_location: str | torch.device = "cpu", name: str | None = None
) -> ReadCheckpoint:
    """The checkpoint `name` picks, else the newest that can be read: a damaged newer one
    (cut short, unreadable) is passed over and said so in `notes`. A refused one
    (UnsafeCheckpoint) stops the search: someone tampered with the folder."""
    if name is not None:
        path = find_checkpoint(run_dir, name)
        return ReadCheckpoint(path, load_checkpoint(path, map_location))
    for _ in range(READ_TRIES):
        candidates = _newest_first(run_dir)
        if not candidates:
            raise RunError(
                interrupted_prune(run_dir)
                or say(
                    "{path}: has no checkpoint yet; train first (grpo-studio train)", path=run_dir
                )
            )
        damaged: list[Message] = []
        for path in candidates:
            try:
                state = load_checkpoint(path, map_location)
            except DamagedCheckpoint as err:
                if not path.exists():
                    break  # pruned by a training run while being read: list them again
                damaged.append(say("{name} ({reason})", name=path.name, reason=err.reason))
                continue
            notes: list[str] = []
            if damaged:
                notes.append(
                    say(
                        "{names} cannot be read; using {name}, the newest checkpoint that can "
                        "(pick another with --checkpoint NAME)",
                        names=joined(", ", damaged),
                        name=path.name,
                    )
                )
            return ReadCheckpoint(path, state, notes)
        else:
            raise RunError(
                say(
                    "{path}: no checkpoint can be read ({damaged}); the run cannot continue "
                    "from them: start a new run with its config",
                    path=run_dir,
                    damaged=joined("; ", damaged),
                )
            )
    raise RunError(
        say("{path}: its checkpoints kept changing while being read; try again", path=run_dir)
    )


def set_aside_newer(run_dir: Path, step: int) -> list[str]:
    """Rename the step checkpoints newer than `step` (a run resumed from an older one: its
    history forks here) to <name>.set-aside, out of the way of `latest` and of pruning but
    kept; one line for the user per file."""
    notes: list[str] = []
    for path in step_checkpoints(run_dir):
        found = step_of(path)
        if found is not None and found > step:
            path.replace(path.with_name(path.name + SET_ASIDE))
            notes.append(
                say(
                    "{name} is newer than the checkpoint resumed from; kept as {kept}",
                    name=path.name,
                    kept=path.name + SET_ASIDE,
                )
            )
    return notes


def _refused_global(message: str) -> str | None:
    """What torch's weights-only reader refused to create (e.g. 'os.system'), from its
    message; None when the file was not refused but could not be parsed (bytes that are
    not a pickle: 'Unsupported operand')."""
    if "Weights only load failed" not in message:
        return None
    found = re.search(r"(?:Unsupported global: GLOBAL|unsupported GLOBAL) ([\w.]+)", message)
    return found.group(1) if found else None


_STRINGS = {"SHORT_BINUNICODE", "BINUNICODE", "BINUNICODE8", "UNICODE", "SHORT_BINSTRING",
            "BINSTRING", "STRING"}  # fmt: skip


def _pickled_globals(data: IO[bytes]) -> Iterator[str]:
    """The "module.name"s a pickle would import, read op by op without running any (what
    STACK_GLOBAL takes from the stack is followed through the memo well enough to name)."""
    strings: list[str] = []
    memo: dict[Any, str] = {}
    for op, arg, _ in pickletools.genops(data):
        if op.name in _STRINGS:
            strings.append(str(arg))
        elif op.name == "MEMOIZE" and strings:
            memo[len(memo)] = strings[-1]
        elif op.name in ("BINPUT", "LONG_BINPUT", "PUT") and strings:
            memo[arg] = strings[-1]
        elif op.name in ("BINGET", "LONG_BINGET", "GET") and arg in memo:
            strings.append(memo[arg])
        elif op.name == "GLOBAL":
            yield str(arg).replace(" ", ".")
        elif op.name == "STACK_GLOBAL" and len(strings) >= 2:
            yield f"{strings[-2]}.{strings[-1]}"


def _code_in(f: IO[bytes]) -> str | None:
    """The first thing a checkpoint's pickle would import that torch's weights-only
    reader does not allow (os.system: code that runs when read); None when it names
    none, or is no pickle at all."""
    allowed = set(torch_allowed_globals())
    f.seek(0)
    try:
        with contextlib.ExitStack() as stack:
            data: IO[bytes] = f
            if zipfile.is_zipfile(f):
                archive = stack.enter_context(zipfile.ZipFile(f))
                inner = next((n for n in archive.namelist() if n.endswith("data.pkl")), None)
                if inner is None:
                    return None
                data = stack.enter_context(archive.open(inner))
            else:
                f.seek(0)
            return next((g for g in _pickled_globals(data) if g not in allowed), None)
    except Exception:  # not a pickle past some point: what it named so far is all there is
        return None


def torch_allowed_globals() -> list[str]:
    """What torch's weights-only reader may create ("torch.Tensor", ...)."""
    try:
        from torch import _weights_only_unpickler

        return [str(name) for name in _weights_only_unpickler._get_allowed_globals()]
    except (ImportError, AttributeError):  # another torch: its tensors' own names
        return ["collections.OrderedDict", "torch._utils._rebuild_tensor_v2", "torch.FloatStorage"]


def _check_unpacked_size(path: Path, f: IO[bytes]) -> None:
    """RunError when the checkpoint (a zip, as torch.save writes it) holds more than this
    process can allocate once unpacked: its records are read whole, so one that says it
    holds 256 GB (a compressed bomb, or sizes made up) is refused before any is read."""
    try:
        with zipfile.ZipFile(f) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not a zip: torch's reader says what it is (cut short, a legacy file)
    left, bound = memory_left()
    if unpacked > left:
        raise RunError(
            say(
                "{path}: holds {size} once unpacked, more than this process can hold "
                "({bound}); a checkpoint of this run's model is far smaller: the file was "
                "altered or is not this run's; use an earlier checkpoint (--checkpoint NAME) "
                "or one from a source you trust",
                path=path,
                size=format_bytes(unpacked),
                bound=bound,
            )
        )


def load_checkpoint(path: Path, map_location: str | torch.device = "cpu") -> dict[str, Any]:
    """A checkpoint's contents, read weights-only; UnsafeCheckpoint when it holds anything
    else, RunError when it cannot be read (cut short, not a checkpoint), is not a plain
    file (a named pipe would never end) or holds more than memory can take."""
    try:
        fd = open_regular(path)
    except FileNotFoundError:  # pruned by a training run since it was listed
        raise DamagedCheckpoint(path, say("the file is gone")) from None
    with open(fd, "rb") as f:
        _check_unpacked_size(path, f)
        f.seek(0)
        return _load(path, f, map_location)


def _load(path: Path, f: IO[bytes], map_location: str | torch.device) -> dict[str, Any]:
    try:
        with warnings.catch_warnings():  # torch's note on a pickle's protocol: not the user's
            warnings.filterwarnings("ignore", message="Detected pickle protocol")
            state = torch.load(f, map_location=map_location, weights_only=True)
    except pickle.UnpicklingError as err:
        culprit = _refused_global(str(err)) or _code_in(f)
        if culprit is not None:
            raise UnsafeCheckpoint(
                say(
                    "{path}: refused: it holds {culprit}, code that would run when the file is "
                    "read, which a GRPO Studio checkpoint never holds; nothing in it was run. "
                    "Use a file from a source you trust, or train again",
                    path=path,
                    culprit=culprit,
                )
            ) from None
        raise _unreadable(path, err) from None
    except Exception as err:  # cut short, not a zip, not a pickle: torch's errors vary
        raise _unreadable(path, err) from None
    if not isinstance(state, dict) or "model" not in state:
        raise DamagedCheckpoint(path, say("not a GRPO Studio checkpoint: no model weights in it"))
    return state


def _unreadable(path: Path, err: BaseException) -> DamagedCheckpoint:
    text = str(err).strip()
    reason: str
    if isinstance(err, (pickle.UnpicklingError, KeyError, EOFError)) or not text:
        reason = say("not a PyTorch checkpoint file, or cut short")  # what the legacy reader hit
    elif isinstance(err, OSError) and not isinstance(err, FileNotFoundError):
        reason = say("cut short or damaged: {reason}", reason=err.strerror or text)
    else:
        reason = text.splitlines()[0].split(". ")[0]  # torch's first sentence, not its advice
    return DamagedCheckpoint(path, reason)


def check_weights_fit(model: nn.Module, weights: Any, path: Path) -> None:
    """RunError naming the parameters whose shape or presence differs between a checkpoint's
    weights and `model` (the config was changed after training), instead of torch's error,
    or whose values are not finite (weights that diverged, which the trainer never saves)."""
    if not isinstance(weights, dict) or not all(
        isinstance(v, torch.Tensor) for v in weights.values()
    ):
        raise RunError(
            say("{path}: not a GRPO Studio checkpoint (its weights are not tensors)", path=path)
        )
    problems = misfits(model.state_dict(), weights)
    if problems:
        raise RunError(
            say(
                "{path}: its weights do not fit the model the run's config.yaml describes "
                "({problems}); the model settings were changed after training: put them "
                "back, or start a new run",
                path=path,
                problems=first_few(joined("; ", problems[:3]), len(problems)),
            )
        )
    broken = [  # the parameters a checkpoint holds (a LoRA run's: its adapters alone)
        k
        for k, _ in model.named_parameters()
        if k in weights and weights[k].is_floating_point() and not bool(weights[k].isfinite().all())
    ]
    if broken:  # they would answer garbage (or NaN scores) to every question
        raise RunError(
            say(
                "{path}: its weights hold NaN or infinite values ({names}): the run had "
                "diverged; use an earlier checkpoint (--checkpoint NAME when resuming) or "
                "train again with a lower learning rate",
                path=path,
                names=first_few(", ".join(broken[:3]), len(broken)),
            )
        )


def misfits(wanted: dict[str, torch.Tensor], weights: dict[str, Any]) -> list[Message]:
    """The parameters missing from `weights`, not in the model, or of another shape."""
    problems = [say("{key}: missing", key=k) for k in wanted if k not in weights]
    problems += [say("{key}: not in this model", key=k) for k in weights if k not in wanted]
    problems += [
        say(
            "{key}: {saved} saved, {shape} in the config",
            key=k,
            saved=tuple(weights[k].shape),
            shape=tuple(v.shape),
        )
        for k, v in wanted.items()
        if k in weights and weights[k].shape != v.shape
    ]
    return problems


def first_few(shown: str, total: int) -> str:
    """The first three of `total` items, and how many more there are."""
    if total > 3:
        return say("{keys} (+{n} more)", keys=shown, n=total - 3)
    return shown


def fit_weights(model: nn.Module, weights: Any, path: Path) -> None:
    """Load a checkpoint's weights into `model`, once check_weights_fit has passed."""
    check_weights_fit(model, weights, path)
    model.load_state_dict(weights)
