"""The records the trainer streams to its listeners (and to metrics.jsonl), one per event.

Every record is a plain dict of floats, ints, strings and lists, never tensors, with a
`kind` and the global `step` it happened at:
- `step`: one optimizer step's metrics (namespaced keys: `loss`, `reward/...`,
  `grpo/...`, `optim/...`, `time/...`, `perf/...`, `memory/...`), optionally
  `grad_flow` (per-layer gradients) and `samples` (sampled groups);
- `eval`: held-out metrics as `eval/<name>`, `metric` naming the headline one;
- `stage`: a stage's `start` or `end` `event`, with the `reason`;
- `checkpoint`: where a checkpoint was written; `log`: a message and its `level`;
- `probe`: a snapshot of what the policy does on a fixed probe (`probe`, plain values in
  the shapes studio.core.tasks.probing documents), every run.probe_every steps;
- `done`: the run ended, and why (`finished`, `stopped`, `step limit`, `error`, or
  `interrupted`: a second Ctrl-C quit at once).
The CLI prints them, the GUI's worker relays them as signals, and the run folder's
metrics.jsonl keeps them (runs/metrics_file.py). The one record without a step is the
front door's `error_record` of a run that failed (the trainer may not even exist).
Every record gets the wall-clock time it was made (`stamped`) as it is emitted, so a run
opened later shows when each event happened.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # type-only: the window builds records without loading torch
    from studio.core.training.stages.state import Position
    from studio.core.training.steps.update import StepOutcome

Record = dict[str, Any]
WALL_TIME = "time/wall"  # when a record was made: seconds since 1970 (metrics.FIELDS)


def stamped(record: Record) -> Record:
    """A copy of `record` with the wall-clock time it was made."""
    return {**record, WALL_TIME: round(time.time(), 3)}


def step_record(
    stage: str,
    pos: Position,
    total_steps: int,
    outcome: StepOutcome,
    *,
    steps_left: int,
    lr: float,
    step_time: float,
    memory_mb: float,
) -> Record:
    """The record of the step that just ended at `pos` (counters already advanced)."""
    record: Record = {
        "kind": "step",
        "stage": stage,
        "step": pos.global_step,
        "stage_step": pos.stage_step,
        "total_steps": total_steps,
        "steps_left": steps_left,
        "elapsed": pos.elapsed,
    }
    record.update(outcome.metrics)
    record.update(
        {
            "optim/lr": lr,
            "optim/skipped": pos.skipped,
            "time/step": step_time,
            "perf/steps_per_s": 1.0 / max(step_time, 1e-9),
            "memory/peak_mb": memory_mb,
        }
    )
    if stage == "grpo":
        record["curriculum/level"] = pos.level
    if outcome.grad_flow is not None:
        record["grad_flow"] = outcome.grad_flow
    if outcome.samples:
        record["samples"] = outcome.samples
    return record


def eval_record(stage: str, step: int, metric: str, metrics: Mapping[str, float]) -> Record:
    record: Record = {"kind": "eval", "stage": stage, "step": step, "metric": metric}
    record.update({f"eval/{k}": float(v) for k, v in metrics.items()})
    return record


def stage_record(stage: str, step: int, event: str, reason: str) -> Record:
    return {"kind": "stage", "stage": stage, "step": step, "event": event, "reason": reason}


def checkpoint_record(step: int, path: Path) -> Record:
    return {"kind": "checkpoint", "step": step, "path": str(path)}


def log_record(step: int, message: str, level: str = "info") -> Record:
    return {"kind": "log", "level": level, "message": message, "step": step}


def data_report_record(message: str, details: dict[str, Any] | None) -> Record:
    """The first record of a new run: what loading the data kept, skipped and matched, as
    the text the CLI prints (`message`) and as the load report's fields (`data_report`)."""
    record = log_record(0, message)
    record["data_report"] = details
    return record


def error_record(err: BaseException, message: str) -> Record:
    """The log record of the error that ended a run: `message` is its one line for people
    (the front door words it); the traceback goes in `details`, out of the log's lines."""
    details = "".join(traceback.format_exception(err)).rstrip()
    return stamped({"kind": "log", "level": "error", "message": message, "details": details})


def probe_record(stage: str, step: int, snapshot: dict[str, Any]) -> Record:
    return {"kind": "probe", "stage": stage, "step": step, "probe": snapshot}


def done_record(step: int, reason: str) -> Record:
    return {"kind": "done", "step": step, "reason": reason}


def ended_by(err: BaseException) -> str:
    """The `done` record's reason for a run ended by `err`: a second Ctrl-C quits at once."""
    return "interrupted" if isinstance(err, KeyboardInterrupt) else "error"
