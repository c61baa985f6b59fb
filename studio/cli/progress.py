"""train's progress: one self-updating line on a terminal, a line every few seconds in a
log file, and a line for each evaluation, stage change, warning and the end.

What the line shows after the bar (metrics.PROGRESS_LINE), each value's label and format
come from the metric catalogue; the rate and ETA from eta.Eta, the window's estimator.
"""

from __future__ import annotations

import sys
from time import monotonic
from typing import Any

from studio.core.training.reporting.eta import Eta, format_duration
from studio.core.training.reporting.metrics import PROGRESS_LINE, find

LOG_EVERY = 5.0  # seconds between lines when the stream is not a terminal
BAR_WIDTH = 20


def shown(key: str, value: Any) -> str:
    """'accuracy 50%' for eval/accuracy 0.5: the catalogue's label and format of `key`."""
    metric = find(key)
    if metric is None or not isinstance(value, int | float):
        return f"{key} {value}"
    return f"{metric.label_for(key)} {metric.format_value(float(value))}"


class Progress:
    """One self-updating line on a terminal; a line every few seconds otherwise."""

    def __init__(self, stream: Any = sys.stderr) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last_print = 0.0
        self.last_eval = ""
        self.eta = Eta()

    def __call__(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "eval":
            key = f"eval/{record['metric']}"
            self.last_eval = shown(key, record.get(key, float("nan")))
            self._line(f"eval at step {record['step']}: {self.last_eval}", final=True)
        elif kind == "step":
            self._step(record)
        elif kind == "stage":
            self._line(
                f"{record['stage']} {record['event']} at step {record['step']} "
                f"({record['reason']})",
                final=True,
            )
        elif kind == "log" and record["level"] != "info":
            self._line(f"{record['level']}: {record['message']}", final=True)
        elif kind == "done":
            self._line(f"done at step {record['step']}: {record['reason']}", final=True)

    def _step(self, r: dict[str, Any]) -> None:
        self.eta.add(r)
        step, total = r["step"], r["total_steps"]
        filled = int(BAR_WIDTH * step / max(total, 1))
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        parts = [f"{r['stage']:6s} [{bar}] {step}/{total}"]
        parts += [shown(key, r[key]) for key in PROGRESS_LINE if key in r]
        if self.last_eval:
            parts.append(self.last_eval)
        eta = format_duration(self.eta.seconds_left())
        parts.append(f"{self.eta.steps_per_s:.2f} steps/s ETA {eta}")
        now = monotonic()
        if self.tty or now - self.last_print > LOG_EVERY or step == total:
            self._line("  ".join(parts), final=not self.tty)
            self.last_print = now

    def _line(self, text: str, final: bool) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
