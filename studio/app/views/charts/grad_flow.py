"""Gradient flow: mean and max |grad| per layer as horizontal bars on a log axis.

Layers read top (input side) to bottom (output side). A layer is flagged "vanishing"
when even its largest gradient is below 1e-7 (it has stopped learning), and "exploding"
when its largest gradient exceeds 10 (with the default clip of 1.0 on the global norm,
one layer's entry that large means that layer dominates the update). The thresholds are
module constants; the panel's footer names the flagged layers.

Bars are drawn from log10 values on an axis in log mode, so ticks read 10^-3, 10^-2...
(pyqtgraph's BarGraphItem has no log mode of its own).
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from studio.app.common.redraw_when_seen import RedrawWhenSeen
from studio.app.views.view import Tab, View, view_title

VANISHING = 1e-7
EXPLODING = 10.0
FLOOR = 1e-12  # zero gradients are drawn at this height on the log axis
NAMES_MIN_WIDTH, NAMES_MAX_WIDTH, NAMES_PAD = 150, 320, 16  # the layer-name axis, pixels

COLOURS = {"ok": "#0072B2", "vanishing": "#999999", "exploding": "#D55E00"}


def classify_layers(
    means: list[float],
    maxes: list[float],
    vanishing: float = VANISHING,
    exploding: float = EXPLODING,
) -> list[str]:
    """'ok', 'vanishing' or 'exploding' per layer (non-finite gradients count as exploding)."""
    out = []
    for mean, peak in zip(means, maxes):
        if not (math.isfinite(mean) and math.isfinite(peak)) or peak > exploding:
            out.append("exploding")
        elif peak < vanishing:
            out.append("vanishing")
        else:
            out.append("ok")
    return out


def _short(x: float) -> str:
    """1e-07 -> '1e-7', 10.0 -> '10'."""
    return f"{x:g}".replace("e-0", "e-").replace("e+0", "e")


def _log10(values: list[float]) -> np.ndarray:
    a = np.asarray(values, dtype=float)
    a = np.where(np.isfinite(a), a, 1e6)  # inf/nan: draw off the top, flagged as exploding
    return np.log10(np.maximum(a, FLOOR))


class GradFlowWidget(View, RedrawWhenSeen, QWidget):
    """Live per-layer gradient bars. `add_record` keeps the latest; a timer draws it."""

    PLACE = Tab(view_title("Gradient flow"))
    RECORDS = frozenset({"step"})

    def __init__(self) -> None:
        super().__init__()
        self.plot_widget = pg.PlotWidget()
        self.plot = self.plot_widget.getPlotItem()
        self.plot.setLogMode(x=True, y=False)
        self.plot.showGrid(x=True, alpha=0.25)
        self.plot.setLabel(
            "bottom",
            self.tr(
                "|gradient| (bars: mean, thin bars: max; dashed: {vanishing} vanishing, "
                "{exploding} exploding)"
            ).format(vanishing=_short(VANISHING), exploding=_short(EXPLODING)),
        )
        self.plot.getViewBox().invertY(True)  # first layer on top
        self.plot.setMouseEnabled(x=True, y=False)
        self.plot.hideButtons()
        self.plot.getAxis("left").setWidth(NAMES_MIN_WIDTH)
        self.plot.getAxis("bottom").enableAutoSIPrefix(False)  # "(x0.001)" on a log axis misleads
        self._max_bars = pg.BarGraphItem(x0=[], x1=[], y=[], height=0.2)
        self._mean_bars = pg.BarGraphItem(x0=[], x1=[], y=[], height=0.6)
        self.plot.addItem(self._max_bars)
        self.plot.addItem(self._mean_bars)
        # Unlabelled (the axis title names them): a label in the plot sat on the bars.
        for x, name in ((VANISHING, "vanishing"), (EXPLODING, "exploding")):
            line = pg.InfiniteLine(
                pos=math.log10(x), angle=90, pen=pg.mkPen(COLOURS[name], style=Qt.PenStyle.DashLine)
            )
            self.plot.addItem(line, ignoreBounds=True)
        self.title = QLabel(self._waiting())
        self.footer = QLabel("")
        self.footer.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.plot_widget, 1)
        layout.addWidget(self.footer)
        self.latest: dict | None = None
        self.step = 0
        self.flags: list[str] = []
        self.redraw_count = 0
        self._dirty = False
        self._named: list[str] = []  # the layer names the axis shows
        self.start_redraw_timer(200)

    def add_record(self, record: dict) -> None:
        flow = record.get("grad_flow") if record.get("kind") == "step" else None
        if flow and flow.get("layers"):
            self.latest, self.step, self._dirty = flow, int(record.get("step", 0)), True

    def refresh(self) -> None:
        if not self._dirty or self.latest is None:
            return
        self._dirty = False
        self.redraw_count += 1
        layers = list(self.latest["layers"])
        means, maxes = list(self.latest["mean"]), list(self.latest["max"])
        self.flags = classify_layers(means, maxes)
        y = np.arange(len(layers), dtype=float)
        left = np.full(len(layers), math.log10(FLOOR))
        brushes = [pg.mkBrush(COLOURS[f]) for f in self.flags]
        light = []
        for f in self.flags:
            c = pg.mkColor(COLOURS[f])
            c.setAlpha(90)
            light.append(pg.mkBrush(c))
        self._mean_bars.setOpts(
            x0=left, x1=_log10(means), y=y, brushes=brushes, pens=[None] * len(y)
        )
        self._max_bars.setOpts(x0=left, x1=_log10(maxes), y=y, brushes=light, pens=[None] * len(y))
        self._fit_names(layers)
        self.plot.setYRange(-0.6, len(layers) - 0.4, padding=0)
        self.title.setText(
            self.tr("<b>Gradient flow</b> — step {step}, {n} layers").format(
                step=self.step, n=len(layers)
            )
        )
        flags = {"vanishing": self.tr("vanishing"), "exploding": self.tr("exploding")}
        bad = [
            f"{name} ({flags.get(flag, flag)})"
            for name, flag in zip(layers, self.flags)
            if flag != "ok"
        ]
        self.footer.setText(
            self.tr("Flagged: {layers}").format(layers=", ".join(bad))
            if bad
            else self.tr("All layers within {low} .. {high}.").format(
                low=_short(VANISHING), high=_short(EXPLODING)
            )
        )
        self.footer.setStyleSheet("color: #D55E00;" if bad else "color: #555;")

    def _fit_names(self, layers: list[str]) -> None:
        """Widen the name axis to the longest layer name (pyqtgraph drops names that do
        not fit), up to NAMES_MAX_WIDTH; longer names are shortened in the middle."""
        if layers == self._named:
            return
        self._named = list(layers)
        metrics = self.fontMetrics()
        room = NAMES_MAX_WIDTH - NAMES_PAD
        names = [metrics.elidedText(n, Qt.TextElideMode.ElideMiddle, room) for n in layers]
        widest = max((metrics.horizontalAdvance(n) for n in names), default=0)
        self.plot.getAxis("left").setWidth(max(NAMES_MIN_WIDTH, widest + NAMES_PAD))
        self.plot.getAxis("left").setTicks([list(enumerate(names)), []])

    def clear_run(self) -> None:
        self.latest, self._dirty, self.flags = None, False, []
        self._mean_bars.setOpts(x0=[], x1=[], y=[])
        self._max_bars.setOpts(x0=[], x1=[], y=[])
        self.title.setText(self._waiting())
        self.footer.setText("")

    def _waiting(self) -> str:
        return self.tr("<b>Gradient flow</b> — waiting for the first step")
