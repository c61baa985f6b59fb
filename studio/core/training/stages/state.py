"""What a trainer checkpoint holds, and how a run's random streams are seeded and put back.

`Position` says where a run is (stage, steps, curriculum level, early-stop state, time);
`training_state` assembles a checkpoint from it and the training objects (model,
reference, optimizer, schedule, scaler, every random generator, the task's state);
`save_training_state` writes it from rank 0 and tells every rank the path. A resumed run
restores all of it and produces the numbers of a run never interrupted. The file format
and atomic writes are runs/checkpoints.py's.

Under torchrun the state is a collective (every rank's generators are gathered: dropout
and augmentation noise differ per rank), so every rank must call these functions.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from studio.core.files import RunError, atomic_write
from studio.core.machine.distributed import Dist, check_resume_world
from studio.core.messages import say
from studio.core.runs import checkpoints as ckpt
from studio.core.runs.folder import interrupted_prune, remove_leftovers
from studio.core.runs.lock import RunLock, acquire
from studio.core.tasks.base import Task
from studio.core.training.stages.schedule import LearningRate

STATE_VERSION = 2  # 2: every random state as tensors and plain values (weights-only loading)
GRPO_START = "grpo_start.pt"  # the checkpoint the GRPO stage started from


@dataclass
class Position:
    """Where the run is: what a checkpoint restores."""

    stage_index: int = 0  # index into the planned stages
    stage_step: int = 0  # optimizer steps done in the current stage
    global_step: int = 0  # optimizer steps done in all stages
    level: int = 0  # curriculum level unlocked
    best: float | None = None  # best eval metric of the stage (early stopping)
    bad_evals: int = 0  # evals since the best one
    best_second: float | None = None  # best of the task's EVAL_SECOND, where it has one
    last_eval_step: int = -1
    skipped: int = 0  # non-finite steps refused
    skipped_in_a_row: int = 0  # of them, the latest unbroken streak (divergence)
    records: int | None = None  # metrics.jsonl records up to this checkpoint's own (None: unknown)
    elapsed: float = 0.0  # seconds of training, over all sessions of this run
    stage_seconds: float = 0.0  # of them, the current stage's steps'
    replanned: bool = False  # the current stage's steps planned again from its own pace


def seed_everything(seed: int, deterministic: bool) -> None:
    """Seed Python's, numpy's and torch's generators; optionally ask for deterministic
    kernels (cuBLAS needs its workspace setting before the first CUDA matmul)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    if deterministic:
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        torch.use_deterministic_algorithms(True, warn_only=True)


def _numpy_state() -> dict[str, Any]:
    """numpy's global generator as plain values and a tensor: a checkpoint is read with
    weights_only=True, which refuses pickled numpy arrays."""
    state = np.random.get_state(legacy=False)
    key = state["state"]["key"]  # (624,) uint32
    return {
        "bit_generator": state["bit_generator"],
        "key": torch.from_numpy(key.astype(np.int64)),
        "pos": int(state["state"]["pos"]),
        "has_gauss": int(state["has_gauss"]),
        "gauss": float(state["gauss"]),
    }


def _set_numpy_state(state: dict[str, Any]) -> None:
    np.random.set_state(
        {
            "bit_generator": state["bit_generator"],
            "state": {"key": state["key"].numpy().astype(np.uint32), "pos": state["pos"]},
            "has_gauss": state["has_gauss"],
            "gauss": state["gauss"],
        }
    )


def rng_state(task_rng: random.Random) -> dict[str, Any]:
    """Every random generator's state, as tensors, tuples of ints and floats."""
    state = {
        "python": random.getstate(),
        "task": task_rng.getstate(),
        "numpy": _numpy_state(),
        "torch": torch.get_rng_state(),
    }
    if torch.cuda.is_available():
        state["cuda"] = torch.cuda.get_rng_state_all()
    return state


def restore_rng(state: dict[str, Any], task_rng: random.Random) -> None:
    random.setstate(state["python"])
    task_rng.setstate(state["task"])
    _set_numpy_state(state["numpy"])
    torch.set_rng_state(state["torch"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def _state_dict(part: Any) -> dict[str, Any] | None:
    return part.state_dict() if part is not None else None


def training_state(
    pos: Position,
    *,
    model: nn.Module,
    ref_model: nn.Module | None,
    optimizer: torch.optim.Optimizer | None,
    schedule: LearningRate | None,
    scaler: torch.amp.GradScaler | None,
    rng: random.Random,
    reward_window: Iterable[float],
    task: Task,
    dist: Dist,
) -> dict[str, Any]:
    """What a checkpoint holds (a collective in a distributed run: call on every rank).

    `rng` is the trainer's example-drawing generator; the global generators (Python,
    numpy, torch, CUDA) are read here.
    """
    here = rng_state(rng)
    return {
        "version": STATE_VERSION,
        "world_size": dist.world_size,
        "position": vars(pos).copy(),
        "reward_window": list(reward_window),
        "model": model.state_dict(),
        "ref_model": _state_dict(ref_model),
        "optimizer": _state_dict(optimizer),
        "schedule": _state_dict(schedule),
        "scaler": _state_dict(scaler),
        "rng": here,
        # each rank's own generators (dropout, augmentation noise differ per rank)
        "rng_ranks": dist.gather_objects(here) if dist.active else None,
        "task": task.state_dict(),
    }


def load_resume_state(
    run_dir: Path, device: torch.device, dist: Dist, name: str | None = None
) -> ckpt.ReadCheckpoint:
    """The checkpoint `name` picks, else the newest readable one of `run_dir` (notes say
    which damaged ones were passed over), refused when there is none or when it was
    trained by another number of processes."""
    if not ckpt.step_checkpoints(run_dir) and name is None:
        raise RunError(
            interrupted_prune(run_dir)
            or say(
                "{path}: has no checkpoint to resume from; start a new run with the same config "
                "instead",
                path=run_dir,
            )
        )
    found = ckpt.read_checkpoint(run_dir, device, name)
    check_resume_world(run_dir, found.state.get("world_size", 1), dist)
    return found


def restore_generators(state: dict[str, Any], rng: random.Random, dist: Dist) -> None:
    """Put this rank's random generators (and the trainer's `rng`) back as saved."""
    ranks = state.get("rng_ranks")
    restore_rng(ranks[dist.rank] if ranks else state["rng"], rng)


def claim_run_folder(run_dir: Path, dist: Dist) -> RunLock | None:
    """Rank 0 takes the run folder's lock (one writer per folder) before anything is
    written, and removes the temp files killed writes left; a refusal (another live
    process trains it) is raised on every rank. A collective: every rank calls it. Rank 0
    gets the lock, the others None."""
    lock, refused = None, ""
    if dist.is_main:
        try:
            lock = acquire(run_dir)
        except RunError as err:
            refused = str(err)
            if not dist.active:
                raise
        else:
            remove_leftovers(run_dir)  # the one writer now: any temp file is a killed write's
    refused = dist.broadcast(refused)
    if refused:
        raise RunError(refused)
    return lock


def save_training_state(
    run_dir: Path, step: int, state: dict[str, Any], keep: int, dist: Dist
) -> Path:
    """Rank 0 writes checkpoints/step_<step>.pt; every rank gets its path."""
    path = str(ckpt.save_checkpoint(run_dir, step, state, keep=keep)) if dist.is_main else ""
    return Path(dist.broadcast(path))


def save_grpo_start(run_dir: Path, state: dict[str, Any], dist: Dist) -> None:
    """Keep the model GRPO starts from (checkpoints/grpo_start.pt), to compare against;
    without its optimizer, so that resuming from it starts the stage afresh."""
    state = {**state, "optimizer": None}
    if dist.is_main:
        folder = ckpt.checkpoint_folder(run_dir)  # never written through a link out
        atomic_write(folder / GRPO_START, lambda f: torch.save(state, f))
