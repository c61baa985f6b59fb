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
from studio.core.runs.checkpoints import load_checkpoint

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.tasks.base import Task

WARM_STARTS = "warm_starts"  # the folder of shipped warm starts, beside the presets
FORMAT = "grpo-studio warm start"
MAKER = "python tools/make_warm_start.py"  # what writes the shipped ones again


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
    if path == warm_start_path(Path(name).name):  # one the studio ships
        return (
            f"training.init_from: the warm start {path} is missing; reinstall GRPO Studio, "
            f"or write it again with {MAKER}"
        )
    return (
        f"training.init_from: the warm start {path} is missing; give the path of a warm "
        "start file, or clear the setting to start from random weights"
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
    if state.get("format") != FORMAT or not isinstance(state.get("task"), dict):
        raise RunError(
            f"training.init_from: {path} is a checkpoint but not a warm start (it lacks the "
            f"task's tokenizers); write one with {MAKER}"
        )
    theirs = (state.get("task_name"), state.get("arch"))
    ours = (cfg.task.NAME, cfg.model.ARCH)
    if theirs != ours:
        raise RunError(
            f"training.init_from: {path} holds a {theirs[1]} model of the {theirs[0]} task, "
            f"this run trains a {ours[1]} model of the {ours[0]} task; pick a warm start of "
            "this task and model, or clear the setting"
        )
    return WarmStart(path, state["model"], state["task"])


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
