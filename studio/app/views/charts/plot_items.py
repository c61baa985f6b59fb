"""pyqtgraph pieces the charts need: timed painting, a 1-2-5 log axis, band decimation,
a marker for a lone point, and a view box that gives a single point or a constant
series a range of its own.

Kept apart from panel.py, which arranges and feeds the charts; these are the parts that
work around how pyqtgraph behaves in small, often-redrawn plots.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg

BAND_POINTS = 1000  # a +-std band is a hint: drawn from at most this many buckets


class PaintClock:
    """Seconds spent painting charts since the panel last looked, and paints so far."""

    seconds = 0.0
    paints = 0


class TimedPlotWidget(pg.PlotWidget):
    """A PlotWidget that adds its paint time to a clock (the refresh rate follows it)."""

    def __init__(self, clock: PaintClock, **kwargs) -> None:
        super().__init__(**kwargs)
        self._clock = clock

    def paintEvent(self, event) -> None:
        start = time.perf_counter()
        super().paintEvent(event)
        self._clock.seconds += time.perf_counter() - start
        self._clock.paints += 1


def decimate_band(
    x: np.ndarray, lo: np.ndarray, hi: np.ndarray, points: int = BAND_POINTS
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """At most `points` buckets: each bucket's first x, lowest lo and highest hi.

    pyqtgraph's FillBetweenItem rebuilds its path from every point on each update,
    without the curves' downsampling, so a long run's band would cost more each redraw.
    """
    n = len(x)
    if n <= points:
        return x, lo, hi
    size = -(-n // points)  # ceil
    m = n // size * size
    xs = x[:m:size]
    lows = lo[:m].reshape(-1, size).min(axis=1)
    highs = hi[:m].reshape(-1, size).max(axis=1)
    if m < n:  # the last, partial bucket
        xs = np.append(xs, x[m])
        lows, highs = np.append(lows, lo[m:].min()), np.append(highs, hi[m:].max())
    return xs, lows, highs


class DecadeAxis(pg.AxisItem):
    """Log-axis ticks at 1, 2 and 5 times powers of ten.

    pyqtgraph's default also labels 3, 4, 6..9 x 10^k, which overlap in a 150 px chart.
    """

    def logTickValues(self, minVal, maxVal, size, stdTicks):  # pyqtgraph's names
        lo, hi = math.floor(minVal), math.ceil(maxVal)
        majors = [float(v) for v in range(lo, hi + 1) if minVal <= v <= maxVal]
        if hi - lo > 3:
            return [(1.0, majors)]
        minors = [v + math.log10(m) for v in range(lo, hi) for m in (2, 5)]
        return [(1.0, majors), (None, [m for m in minors if minVal < m < maxVal])]


def has_points(curve: pg.PlotDataItem) -> bool:
    """Whether the curve has data to draw."""
    x = curve.getOriginalDataset()[0]
    return x is not None and len(x) > 0


def set_points(curve: pg.PlotDataItem, x: np.ndarray, y: np.ndarray) -> None:
    """A curve's data; a lone point gets a marker (a line through one point draws nothing)."""
    lone = len(x) == 1
    if lone != (curve.opts["symbol"] is not None):
        colour = curve.opts["pen"].color()
        curve.setSymbol("o" if lone else None)
        curve.setSymbolSize(6)
        curve.setSymbolPen(colour)
        curve.setSymbolBrush(colour)
    curve.setData(x, y)


class ChartViewBox(pg.ViewBox):
    """A ViewBox whose automatic range suits a single point and a constant series.

    Given data of no height (or no width), pyqtgraph keeps the previous view's scale
    around it: a run of zeros got -0.5..0.5 (or -50..50 after a chart in %), and the
    first point of a new run the last run's thousand steps of width. Here a flat y
    range is `flat_range(value)` (the chart knows its units) and a single step is
    shown as step +-1.
    """

    def __init__(self, flat_range: Callable[[float], tuple[float, float]], **kwargs) -> None:
        super().__init__(**kwargs)
        self._flat_range = flat_range

    def childrenBounds(self, *args, **kwargs):  # pyqtgraph's name
        bounds = super().childrenBounds(*args, **kwargs)
        x, y = bounds
        if x is not None and x[0] == x[1]:
            bounds[0] = [x[0] - 1.0, x[1] + 1.0]
        if y is not None and y[0] == y[1]:
            bounds[1] = list(self._flat_range(y[0]))
        return bounds


def flat_range(value: float, *, log: bool = False, share: bool = False) -> tuple[float, float]:
    """The y range to show a series that is `value` throughout (in the axis' units).

    A decade around it on a log axis (`value` is then its log10); 0..1 for zeros; else
    +-10 % of the value, kept inside 0..100 for shares drawn in %.

    >>> flat_range(0.0), flat_range(4.0), flat_range(100.0, share=True)
    ((0.0, 1.0), (3.6, 4.4), (90.0, 100.0))
    """
    if log:
        return value - 0.5, value + 0.5
    if value == 0:
        return 0.0, 1.0
    spread = 0.1 * abs(value)
    low, high = value - spread, value + spread
    if share:
        low, high = max(low, 0.0), min(high, 100.0)
    return low, high
