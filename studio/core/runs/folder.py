"""A run folder: where a run's config, metrics, checkpoints and exports live.

A run folder holds `config.yaml` (the resolved config), `task.json` (what rebuilds the
task: tokenizers, vocabularies), `data_report.txt` (what loading the data kept, skipped
and matched), `metrics.jsonl` (one record a line: everything a chart shows can be
redrawn from it) and `checkpoints/`. A folder a prune is writing holds `pruning.txt` (the
run it prunes) until its checkpoint is written, so a prune killed before that leaves a
folder that says so rather than one that looks untrained.
"""

from __future__ import annotations

import contextlib
import re
from datetime import datetime
from pathlib import Path

from studio.core.files import RunError, inside
from studio.core.messages import Message, say

CONFIG_FILE = "config.yaml"
TASK_FILE = "task.json"
DATA_REPORT_FILE = "data_report.txt"
METRICS_FILE = "metrics.jsonl"
CHECKPOINT_DIR = "checkpoints"
PRUNING_FILE = "pruning.txt"  # a prune writing this folder: gone once its checkpoint is


def default_save_dir() -> Path:
    """The user's data directory for runs (e.g. ~/.local/share/grpo-studio/runs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("grpo-studio", appauthor=False)) / "runs"


SLUG_CHARS = 60  # a run's name in its folder's name: enough to tell runs apart


def _slug(name: str) -> str:
    """A run's name as a folder name's tail: ASCII letters and digits, at most SLUG_CHARS
    (a preset named with 5,000 characters still makes a folder)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:SLUG_CHARS].strip("-")
    return slug or "run"


def new_run_dir(save_dir: Path, name: str) -> Path:
    """A fresh folder `<save_dir>/<date-time>-<name>`; never reuses an existing one."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = Path(save_dir) / f"{stamp}-{_slug(name)}"
    candidate, n = base, 1
    while True:
        try:
            candidate.mkdir(parents=True, exist_ok=False)
            return candidate
        except FileExistsError:
            n += 1
            candidate = base.with_name(f"{base.name}-{n}")
        except OSError as err:
            raise RunError(
                say(
                    "cannot create a run folder in {path}: {reason}; choose a folder you can "
                    "write to (--save_dir)",
                    path=save_dir,
                    reason=err.strerror or str(err),
                )
            ) from None


def check_run_dir(run_dir: Path) -> Path:
    """A folder that holds a run (config and checkpoints), or a RunError saying what is off."""
    run_dir = Path(run_dir)
    if run_dir.is_file() and run_dir.name == CONFIG_FILE:
        raise RunError(
            say(
                "{path}: is a file, not a run folder; give the folder a training run created "
                "({folder})",
                path=run_dir,
                folder=run_dir.parent,
            )
        )
    if run_dir.is_file():
        raise RunError(
            say(
                "{path}: is a file, not a run folder; give the folder a training run created",
                path=run_dir,
            )
        )
    if not run_dir.is_dir():
        raise RunError(
            say("{path}: no such run folder; give the folder a training run created", path=run_dir)
        )
    if not (run_dir / CONFIG_FILE).is_file():
        raise RunError(
            say(
                "{path}: not a run folder (no {file}); give the folder a training run created",
                path=run_dir,
                file=CONFIG_FILE,
            )
        )
    return run_dir


def list_runs(save_dir: Path | None = None) -> list[Path]:
    """Run folders under `save_dir`, newest first."""
    root = Path(save_dir) if save_dir is not None else default_save_dir()
    if not root.is_dir():
        return []
    runs = [p for p in root.iterdir() if (p / CONFIG_FILE).is_file()]
    return sorted(runs, key=lambda p: p.stat().st_mtime, reverse=True)


def remove_leftovers(run_dir: Path) -> list[Path]:
    """Remove the temp files killed writes left in the run folder and its checkpoints/
    (.<name>.<random>.tmp: a checkpoint cut short can be tens of MB). Only for a folder
    nobody is writing: a live writer's temp file is not a leftover. Returns what went."""
    removed = []
    for folder in (Path(run_dir), inside(run_dir, Path(run_dir) / CHECKPOINT_DIR)):
        for path in folder.glob(".*.tmp"):
            if path.is_file():
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                    removed.append(path)
    return removed


def interrupted_prune(run_dir: Path) -> Message | None:
    """What a folder whose prune was killed before its checkpoint says (the caller knows
    it has none); None when no prune was writing it."""
    mark = Path(run_dir) / PRUNING_FILE
    if not mark.is_file() or mark.is_symlink():
        return None
    try:
        source = mark.read_bytes()[:4096].decode("utf-8", errors="replace").strip()
    except OSError:
        source = "?"
    return say(
        "{path}: the prune that was writing this folder (of {source}) was interrupted before "
        "its checkpoint was written, so it holds no model; delete {path} and prune again "
        "(grpo-studio prune {source} --sparsity ...)",
        path=run_dir,
        source=source,
    )
