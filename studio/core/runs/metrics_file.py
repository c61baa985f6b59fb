"""metrics.jsonl: the records of a run, one JSON object a line, appended as they come."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from studio.core.files import (
    DiskFull,
    atomic_write_text,
    inside,
    open_for_append,
    open_regular,
    write_error,
)
from studio.core.messages import say
from studio.core.runs.checkpoints import last_good_note
from studio.core.runs.folder import METRICS_FILE


class MetricsWriter:
    """Appends records to metrics.jsonl, one JSON object a line, flushed as written."""

    def __init__(self, path: Path) -> None:
        self.path = inside(Path(path).parent, Path(path))  # never appended through a link out
        self._file = open_for_append(self.path)

    def __call__(self, record: dict[str, Any]) -> None:
        try:
            self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._file.flush()
        except OSError as err:
            failed = write_error(self.path, err)
            if isinstance(failed, DiskFull):
                raise DiskFull(
                    say(
                        "{problem} {note}",
                        problem=str(failed),
                        note=last_good_note(self.path.parent),
                    )
                ) from None
            raise failed from None

    def close(self) -> None:
        self._file.close()


MAX_LINE = 4 * 1024**2  # characters of one record; the studio's are a few KB


def read_metrics(run_dir: Path) -> list[dict[str, Any]]:
    """All records of a run. A line cut short by a crash is skipped, not fatal, and so is
    one that is no record the studio writes (not a JSON object, longer than MAX_LINE,
    nested past what json reads). RunError when metrics.jsonl is not a plain file of the
    run folder (a named pipe would never end, a link out of the folder is not read
    through)."""
    path = inside(run_dir, Path(run_dir) / METRICS_FILE)
    if not path.exists():
        return []
    records = []
    with open(open_regular(path), encoding="utf-8", errors="replace") as f:
        while line := f.readline(MAX_LINE):
            if len(line) == MAX_LINE and not line.endswith("\n"):
                while (rest := f.readline(MAX_LINE)) and not rest.endswith("\n"):
                    pass  # the rest of a line too long to be a record
                continue
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                continue
            if isinstance(record, dict):
                records.append(record)
    return records


def ended(run_dir: Path) -> bool:
    """Whether the run's records end with its `done` record (a run killed before it, or
    still training, has none yet)."""
    records = read_metrics(run_dir)
    return bool(records) and records[-1].get("kind") == "done"


def truncate_metrics(run_dir: Path, last_step: int, records: int | None = None) -> int:
    """Keep what a resumed run's checkpoint had seen, and say how many records that is:
    the first `records` records when the checkpoint counted them (a step's records may
    continue past its checkpoint: the evaluation and stage end after the last step), else
    those up to `last_step`. A resumed run rewrites what came after."""
    every = read_metrics(run_dir)
    if records is not None:
        kept = every[:records]
    else:
        kept = [r for r in every if r.get("step", 0) <= last_step and r.get("kind") != "done"]
    atomic_write_text(
        Path(run_dir) / METRICS_FILE,
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept),
    )
    return len(kept)
