"""Run folders: where a run's config, metrics, checkpoints and exports live.

A run folder holds `config.yaml` (the resolved config), `task.json` (what rebuilds the
task: tokenizers, vocabularies), `metrics.jsonl` (one record a line: everything a chart
shows can be redrawn from it) and `checkpoints/`. Every file the studio writes goes
through a temp file and os.replace, so a crash or a full disk never leaves half a file.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

CONFIG_FILE = "config.yaml"
TASK_FILE = "task.json"
METRICS_FILE = "metrics.jsonl"
CHECKPOINT_DIR = "checkpoints"


class RunError(ValueError):
    """A run folder problem the user can fix (missing folder, unwritable disk...)."""


def default_save_dir() -> Path:
    """The user's data directory for runs (e.g. ~/.local/share/grpo-studio/runs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("grpo-studio", appauthor=False)) / "runs"


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


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "run"


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
                f"cannot create a run folder in {save_dir}: {err.strerror or err}; "
                "choose a folder you can write to (--save_dir)"
            ) from None


def check_run_dir(run_dir: Path) -> Path:
    """A folder that holds a run (config and checkpoints), or a RunError saying what is off."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise RunError(f"{run_dir}: no such run folder; give the folder a training run created")
    if not (run_dir / CONFIG_FILE).is_file():
        raise RunError(
            f"{run_dir}: not a run folder (no {CONFIG_FILE}); give the folder a "
            "training run created"
        )
    return run_dir


class MetricsWriter:
    """Appends records to metrics.jsonl, one JSON object a line, flushed as written."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._file = self.path.open("a", encoding="utf-8")

    def __call__(self, record: dict[str, Any]) -> None:
        try:
            self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._file.flush()
        except OSError as err:
            raise RunError(
                f"could not append to {self.path}: {err.strerror or err}; free some disk space"
            ) from None

    def close(self) -> None:
        self._file.close()


def read_metrics(run_dir: Path) -> list[dict[str, Any]]:
    """All records of a run. A line cut short by a crash is skipped, not fatal."""
    path = Path(run_dir) / METRICS_FILE
    if not path.exists():
        return []
    records = []
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return records


def truncate_metrics(run_dir: Path, last_step: int) -> None:
    """Keep the records up to `last_step` (a resumed run rewrites what came after)."""
    kept = [
        r
        for r in read_metrics(run_dir)
        if r.get("step", 0) <= last_step and r.get("kind") != "done"
    ]
    atomic_write_text(
        Path(run_dir) / METRICS_FILE,
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept),
    )


def list_runs(save_dir: Path | None = None) -> list[Path]:
    """Run folders under `save_dir`, newest first."""
    root = Path(save_dir) if save_dir is not None else default_save_dir()
    if not root.is_dir():
        return []
    runs = [p for p in root.iterdir() if (p / CONFIG_FILE).is_file()]
    return sorted(runs, key=lambda p: p.stat().st_mtime, reverse=True)
