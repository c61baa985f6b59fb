"""Metric buffers behind the charts: per-key series, smoothing, CSV export. No Qt.

The trainer's records arrive one at a time; `MetricStore.add` only appends numbers to
per-key series and marks them changed, so the slot that receives a record costs
microseconds. The charts read the store on a timer and redraw what changed; which chart
draws which key is the metric catalogue's (studio.core.training.reporting.metrics).

Smoothing is the exponential moving average TensorBoard's slider applies, with its
start-up bias removed (divide by 1 - w^t) so early points are not pulled towards zero.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable

import numpy as np

from studio.core.training.reporting.metrics import FIELDS


def ema(values: Iterable[float], weight: float) -> list[float]:
    """Debiased exponential moving average; non-finite points keep the previous value.

    >>> ema([1.0, 2.0, 3.0], 0.5)  # raw 0.5, 1.25, 2.125 over 1 - 0.5**t
    [1.0, 1.6666666666666667, 2.4285714285714284]
    """
    series = Series()
    for x in values:
        series.append(0.0, x)
    return list(series.smoothed(weight))


class Series:
    """One metric over steps, with its smoothed copy kept up to date incrementally."""

    def __init__(self) -> None:
        self.steps: list[float] = []
        self.values: list[float] = []
        self._smooth: list[float] = []
        self._weight = 0.0
        self._acc, self._n = 0.0, 0

    def append(self, step: float, value: float) -> None:
        self.steps.append(step)
        self.values.append(value)

    def __len__(self) -> int:
        return len(self.steps)

    def smoothed(self, weight: float) -> list[float]:
        """EMA of all values; only the points added since the last call are computed."""
        if weight != self._weight:
            self._smooth, self._weight, self._acc, self._n = [], weight, 0.0, 0
        for x in self.values[len(self._smooth) :]:
            if math.isfinite(x):
                self._acc = weight * self._acc + (1.0 - weight) * x
                self._n += 1
            if not self._n:
                self._smooth.append(math.nan)
            elif weight < 1.0:
                self._smooth.append(self._acc / (1.0 - weight**self._n))
            else:
                self._smooth.append(self._acc)
        return self._smooth

    def arrays(self, weight: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
        y = self.smoothed(weight) if weight > 0 else self.values
        return np.asarray(self.steps, dtype=float), np.asarray(y, dtype=float)


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


class MetricStore:
    """Every numeric metric of every record, by key, plus which keys changed since last asked."""

    def __init__(self) -> None:
        self.series: dict[str, Series] = {}
        self.stage_starts: list[tuple[int, str]] = []  # (step, stage) where a stage began
        self.stage = ""  # the stage of the latest stage start or step record
        self.stage_steps = 0  # step records since the last stage began
        # The stages the run plans (set by the window from its config); empty: not known.
        self.planned: tuple[str, ...] = ()
        self.total_steps = 0
        self.headline: set[str] = set()  # eval keys an eval record named as its metric
        self._changed: set[str] = set()

    def add(self, record: dict) -> None:
        kind, step = record.get("kind"), record.get("step", 0)
        if kind == "stage" and record.get("event") == "start":
            self.stage = str(record.get("stage", ""))
            self.stage_starts.append((int(step), self.stage))
            self.stage_steps = 0
            self._changed.add("__stage__")
            return
        if kind not in ("step", "eval"):
            return
        if kind == "step":
            self.stage = str(record.get("stage", self.stage))
            self.stage_steps += 1
            self.total_steps = int(record.get("total_steps", self.total_steps) or 0)
        elif record.get("metric"):
            self.headline.add(f"eval/{record['metric']}")
        for key, value in record.items():
            number = _number(value)
            if number is None or key in FIELDS:  # where and when, not what was measured
                continue
            self.series.setdefault(key, Series()).append(float(step), number)
            self._changed.add(key)

    def take_changed(self) -> set[str]:
        changed, self._changed = self._changed, set()
        return changed

    def keys(self) -> list[str]:
        return list(self.series)

    def clear(self) -> None:
        self.series.clear()
        self.stage_starts.clear()
        self.stage, self.stage_steps = "", 0
        self.planned = ()
        self.total_steps = 0
        self.headline.clear()
        self._changed = {"__stage__"}


def to_csv(columns: dict[str, Series]) -> str:
    """One row per step, one column per series; a step a series lacks is left empty."""
    steps = sorted({s for series in columns.values() for s in series.steps})
    by_key = {key: dict(zip(series.steps, series.values)) for key, series in columns.items()}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["step", *columns])
    for step in steps:
        row: list[int | float | str] = [int(step) if float(step).is_integer() else step]
        row += [repr(by_key[k][step]) if step in by_key[k] else "" for k in columns]
        writer.writerow(row)
    return out.getvalue()
