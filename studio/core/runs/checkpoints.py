"""Checkpoints: everything a run needs to continue exactly where it stopped.

A checkpoint holds the model (and the GRPO reference model), the optimizer, the
learning-rate schedule, the gradient scaler, the trainer's position (stage, steps,
curriculum level, early-stop state) and every random number generator's state, so a
resumed run produces the same numbers as one never interrupted. Files are written
atomically (temp file + rename): a crash mid-write leaves the previous checkpoint whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from studio.core.runs.files import RunError, atomic_write, atomic_write_text
from studio.core.runs.folder import CHECKPOINT_DIR

LATEST_FILE = "latest"  # names the newest checkpoint file, written after it


def save_checkpoint(run_dir: Path, step: int, state: dict[str, Any], keep: int = 2) -> Path:
    """Write checkpoints/step_<step>.pt atomically, point `latest` at it, prune old ones."""
    folder = Path(run_dir) / CHECKPOINT_DIR
    path = folder / f"step_{step:07d}.pt"
    atomic_write(path, lambda f: torch.save(state, f))
    atomic_write_text(folder / LATEST_FILE, path.name)
    olds = sorted(p for p in folder.glob("step_*.pt") if p != path)
    for old in olds[: max(len(olds) - keep, 0)]:
        old.unlink(missing_ok=True)
    return path


def latest_checkpoint(run_dir: Path) -> Path | None:
    folder = Path(run_dir) / CHECKPOINT_DIR
    pointer = folder / LATEST_FILE
    if pointer.is_file():
        path = folder / pointer.read_text(encoding="utf-8").strip()
        if path.is_file():
            return path
    found = sorted(folder.glob("step_*.pt"))  # the pointer is missing or stale
    return found[-1] if found else None


def load_checkpoint(path: Path, map_location: str | torch.device = "cpu") -> dict[str, Any]:
    try:
        # weights_only=False: our own file, holding RNG states and plain Python values
        return torch.load(path, map_location=map_location, weights_only=False)
    except (OSError, RuntimeError, EOFError) as err:
        raise RunError(
            f"{path}: the checkpoint cannot be read ({err}); resume from an "
            "earlier one in the same folder or start a new run"
        ) from None
