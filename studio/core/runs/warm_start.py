"""Warm starts: a model's weights and its task's state (the tokenizers), to start a run from.

A lesson that wants GRPO on the screen within a minute cannot spend minutes on a
supervised warm-up first: it names a warm start (`training.init_from`) that the studio
trained once and ships, and the run begins at GRPO. The file is written by
tools/make_warm_start.py from the studio's own demo corpus.

A bare file name names a warm start shipped with the studio (presets/warm_starts/, installed
as studio.presets); anything with a folder in it is a path. The file is read like any
checkpoint (checkpoints.load_checkpoint: torch.load weights-only, so a file from
someone else can hold tensors and plain values but never code), and checked against the
run before it is used: the same task, the same architecture, weights of the same shapes.
Weights are stored in half precision (half the size; a warm start is a starting point,
and GRPO trains in full precision from it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch
from torch import nn

from studio.core.config.preset_files import shipped_file
from studio.core.files import RunError, atomic_write
from studio.core.messages import joined, say
from studio.core.runs.checkpoints import first_few, load_checkpoint, misfits

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.tasks.base import Task

WARM_STARTS = "warm_starts"  # the folder of shipped warm starts, beside the presets
FORMAT = "grpo-studio warm start"


def warm_start_path(name: str) -> Path:
    """The file `training.init_from` names: a bare file name is a shipped warm start."""
    text = str(name).strip()
    if "/" not in text and "\\" not in text and not text.startswith("~"):
        return shipped_file(WARM_STARTS, text)
    return Path(text).expanduser()


def missing_warm_start(cfg: StudioConfig) -> str | None:
    """One line saying the warm start `cfg` needs is not there and what to do; None when
    it needs none or the file is there (the gallery warns on the card, Start refuses)."""
    name = cfg.training.init_from
    if not name:
        return None
    path = warm_start_path(name)
    if path.is_file():
        return None
    if path.is_dir():
        return say(
            "training.init_from: {path} is a folder; give the path of a warm start file in it "
            "(a .pt file tools/make_warm_start.py wrote), or clear the setting to start from "
            "random weights",
            path=path,
        )
    if path.exists():  # a device (/dev/zero), a pipe: never read to its end
        return say(
            "training.init_from: {path} is not a plain file (a device or a pipe); give the path "
            "of a warm start file, or clear the setting to start from random weights",
            path=path,
        )
    if path == warm_start_path(Path(name).name):  # one the studio ships
        return say(
            "training.init_from: the warm start {path} is missing; reinstall GRPO Studio, or "
            "write it again with python tools/make_warm_start.py",
            path=path,
        )
    return say(
        "training.init_from: the warm start {path} is missing; give the path of a warm start "
        "file, or clear the setting to start from random weights",
        path=path,
    )


@dataclass
class WarmStart:
    path: Path
    weights: dict[str, torch.Tensor]
    task_state: dict[str, Any]


def read_warm_start(cfg: StudioConfig) -> WarmStart:
    """The warm start `cfg` names, read weights-only and checked against its task and
    architecture (RunError naming the mismatch and the fix)."""
    missing = missing_warm_start(cfg)
    if missing:
        raise RunError(missing)
    path = warm_start_path(str(cfg.training.init_from))
    state = load_checkpoint(path)  # weights-only: refuses anything that could run code
    weights = state.get("model")
    tensors = isinstance(weights, dict) and all(
        isinstance(v, torch.Tensor) for v in weights.values()
    )
    if state.get("format") != FORMAT or not isinstance(state.get("task"), dict) or not tensors:
        raise RunError(
            say(
                "training.init_from: {path} is a checkpoint but not a warm start (it lacks the "
                "task's tokenizers); write one with python tools/make_warm_start.py",
                path=path,
            )
        )
    theirs = (state.get("task_name"), state.get("arch"))
    ours = (cfg.task.NAME, cfg.model.ARCH)
    if theirs != ours:
        raise RunError(
            say(
                "training.init_from: {path} holds a {their_arch} model of the {their_task} "
                "task, this run trains a {arch} model of the {task} task; pick a warm start of "
                "this task and model, or clear the setting",
                path=path,
                their_arch=theirs[1],
                their_task=theirs[0],
                arch=ours[1],
                task=ours[0],
            )
        )
    _check_finite(path, state["model"])
    return WarmStart(path, state["model"], state["task"])


def fit_warm_start(model: nn.Module, warm: WarmStart) -> None:
    """Load a warm start's weights into `model`, or RunError naming the parameters whose
    shapes differ: the run's model settings are not the warm start's."""
    problems = misfits(model.state_dict(), warm.weights)
    if problems:
        raise RunError(
            say(
                "training.init_from: {path}: its weights do not fit the model this run's "
                "settings describe ({problems}); put the model settings back as the preset has "
                "them, or clear the setting to start from random weights",
                path=warm.path,
                problems=first_few(joined("; ", problems[:3]), len(problems)),
            )
        )
    model.load_state_dict(warm.weights)


def _check_finite(path: Path, weights: dict[str, torch.Tensor]) -> None:
    """RunError when a warm start's weights hold NaN or infinite values: a model started
    from them answers garbage, and its first step is NaN."""
    broken = [
        name
        for name, value in weights.items()
        if value.is_floating_point() and not bool(value.isfinite().all())
    ]
    if broken:
        shown = ", ".join(broken[:3])
        if len(broken) > 3:
            shown = say("{keys} (+{n} more)", keys=shown, n=len(broken) - 3)
        raise RunError(
            say(
                "training.init_from: {path} holds NaN or infinite weights ({names}), so a run "
                "cannot start from it; write the warm start again (python "
                "tools/make_warm_start.py) or pick another",
                path=path,
                names=shown,
            )
        )


def save_warm_start(path: Path, cfg: StudioConfig, task: Task, model: nn.Module) -> None:
    """Write `model`'s weights (half precision) and `task`'s state as a warm start."""
    weights = {
        k: (v.detach().to("cpu", torch.float16) if v.is_floating_point() else v.detach().cpu())
        for k, v in model.state_dict().items()
    }
    state = {
        "format": FORMAT,
        "task_name": cfg.task.NAME,
        "arch": cfg.model.ARCH,
        "task": task.state_dict(),
        "model": weights,
    }
    atomic_write(Path(path), lambda f: torch.save(state, f))
