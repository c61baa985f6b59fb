"""One live chart: a pyqtgraph plot of some metrics' curves, a title, a legend and a readout.

Fed by ChartPanel (panel.py), which decides when each chart redraws. Curves keep their
pyqtgraph items between redraws (only their data is replaced); a +-std band is drawn
decimated (plot_items.decimate_band). The legend is a line of coloured names under the
title, shown when a chart has more than one curve: a box inside the plot covered the
curves in a chart this small. Grid lines stop at the first minor tick level: pyqtgraph's
finer levels cost two thirds of a chart's paint time here for lines one can barely see.

Each chart has a hover readout (step and values under the mouse), and "Save chart as
PNG" / "Save data as CSV" in its context menu.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from studio.app import dialogs
from studio.app.charts.plot_items import DecadeAxis, TimedPlotWidget, decimate_band
from studio.app.charts.series import ChartSpec, MetricStore, curve_label, std_key, to_csv

if TYPE_CHECKING:
    from studio.app.charts.panel import ChartPanel

# Colour-blind-safe palette (Okabe-Ito), one colour per curve of a chart.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")

pg.setConfigOptions(antialias=True, background="w", foreground="#333")


def legend_html(entries: list[tuple[str, str]]) -> str:
    """A one-line legend: each curve's name after a stroke of its colour."""
    return " &nbsp; ".join(
        f"<span style='color:{colour}'>━━</span> {html.escape(label)}" for label, colour in entries
    )


class MetricChart(QWidget):
    """One chart: a title row with the hover readout, and the plot."""

    def __init__(self, spec: ChartSpec, panel: ChartPanel) -> None:
        super().__init__()
        self.spec, self._panel = spec, panel
        axes = {"left": DecadeAxis("left")} if spec.log_y else {}
        self.plot_widget = TimedPlotWidget(panel.paint_clock, axisItems=axes)
        self.plot_widget.setMinimumHeight(150)
        item = self.plot = self.plot_widget.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        for side in ("left", "bottom"):
            item.getAxis(side).setStyle(maxTickLevel=1)  # see the module docstring
        item.setDownsampling(auto=True, mode="peak")
        item.setClipToView(True)
        item.setLogMode(False, spec.log_y)
        left = item.getAxis("left")
        left.setWidth(48)
        if spec.log_y:
            left.enableAutoSIPrefix(False)
        item.hideButtons()  # the panel's "Autoscale" button does this for all charts
        self._curves: dict[tuple[str, bool], pg.PlotDataItem] = {}
        self._bands: dict[str, pg.FillBetweenItem] = {}
        self._stage_lines: list[pg.InfiniteLine] = []
        self._stage_lines_at: list[tuple[int, str]] = []  # the stage starts they show
        self._cursor = pg.InfiniteLine(angle=90, pen=pg.mkPen("#999", style=Qt.DashLine))
        self._cursor.setVisible(False)
        item.addItem(self._cursor, ignoreBounds=True)
        self.title = QLabel(f"<b>{spec.title}</b>")
        self.readout = QLabel("")
        self.readout.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.readout.setStyleSheet("color: #555;")
        # A long readout is cut at the chart's edge rather than widening the grid's column.
        self.readout.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        # The legend is a line under the title, not a box in the plot over the curves. An
        # overlay's dashed curves take the same colours (the panel names the overlaid run).
        self.legend = QLabel("")
        self.legend.setStyleSheet("color: #555; font-size: 8pt;")
        self.legend.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.legend.setVisible(False)
        head = QHBoxLayout()
        head.setContentsMargins(4, 0, 4, 0)
        head.addWidget(self.title)
        head.addWidget(self.readout, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(head)
        self.legend.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot_widget)
        self._legend_entries: list[tuple[str, str]] = []

        menu = item.getViewBox().menu
        menu.addSeparator()
        for text, slot in (
            ("Save chart as PNG…", self.save_png_dialog),
            ("Save data as CSV…", self.save_csv_dialog),
        ):
            action = QAction(text, menu)
            action.triggered.connect(slot)
            menu.addAction(action)
        self._mouse_proxy = pg.SignalProxy(
            item.scene().sigMouseMoved, rateLimit=30, slot=self._on_mouse_moved
        )

    # ---- drawing

    def _curve(self, key: str, overlay: bool, index: int) -> pg.PlotDataItem:
        curve = self._curves.get((key, overlay))
        if curve is None:
            colour = PALETTE[index % len(PALETTE)]
            style = Qt.DashLine if overlay else Qt.SolidLine
            curve = self.plot.plot(pen=pg.mkPen(colour, width=1.6, style=style))
            curve.legend_entry = None if overlay else (curve_label(key), colour)
            self._curves[(key, overlay)] = curve
            self._update_legend()
        return curve

    def _update_legend(self) -> None:
        """Name the curves when there is more than one (a lone curve is the title's)."""
        entries = [c.legend_entry for c in self._curves.values() if c.legend_entry is not None]
        if entries == self._legend_entries:
            return
        self._legend_entries = entries
        self.legend.setText(legend_html(entries))
        self.legend.setVisible(len(entries) > 1)

    def _band(self, key: str, index: int, x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
        band = self._bands.get(key)
        if band is None:
            colour = pg.mkColor(PALETTE[index % len(PALETTE)])
            colour.setAlpha(45)
            upper, lower = pg.PlotDataItem(), pg.PlotDataItem()
            band = pg.FillBetweenItem(upper, lower, brush=pg.mkBrush(colour))
            band.setZValue(-10)
            band.curves = (upper, lower)  # keep the two edge items alive with the fill
            self.plot.addItem(band)
            self._bands[key] = band
        upper, lower = band.curves
        x, lo, hi = decimate_band(x, lo, hi)
        upper.blockSignals(True)  # one path rebuild for both edges, not two
        upper.setData(x, hi)
        upper.blockSignals(False)
        lower.setData(x, lo)

    def redraw(self, store: MetricStore, overlay: MetricStore | None, weight: float) -> None:
        keys = self.spec.curves(store.keys(), store.headline)
        for i, key in enumerate(keys):
            x, y = store.series[key].arrays(weight)
            self._curve(key, False, i).setData(x, y)
            std = store.series.get(std_key(key)) if self.spec.band else None
            if std is not None and len(std) == len(x):
                s = np.asarray(std.values, dtype=float)
                self._band(key, i, x, y - s, y + s)
        if overlay is not None:
            for i, key in enumerate(self.spec.curves(overlay.keys(), overlay.headline)):
                x, y = overlay.series[key].arrays(weight)
                self._curve(key, True, i).setData(x, y)
        self._draw_stage_lines(store)

    def _draw_stage_lines(self, store: MetricStore) -> None:
        if self._stage_lines_at == store.stage_starts:
            return  # unchanged: rebuilding the lines cost a third of a redraw
        self._stage_lines_at = list(store.stage_starts)
        for line in self._stage_lines:
            self.plot.removeItem(line)
        self._stage_lines = []
        for step, stage in store.stage_starts:
            if step <= 1:
                continue  # a line at the origin says nothing
            pen = pg.mkPen("#bbb", width=1, style=Qt.DotLine)
            line = pg.InfiniteLine(
                pos=step,
                angle=90,
                pen=pen,
                label=stage,
                labelOpts={"position": 0.92, "color": "#888"},
            )
            self.plot.addItem(line, ignoreBounds=True)
            self._stage_lines.append(line)

    def clear(self) -> None:
        for curve in self._curves.values():
            self.plot.removeItem(curve)
        for band in self._bands.values():
            self.plot.removeItem(band)
        self._curves.clear()
        self._bands.clear()
        self._update_legend()
        self.readout.setText("")

    def clear_overlay(self) -> None:
        for key in [k for k in self._curves if k[1]]:
            self.plot.removeItem(self._curves.pop(key))
        self._update_legend()

    def autoscale(self) -> None:
        self.plot.enableAutoRange()

    # ---- hover readout

    def _on_mouse_moved(self, event: tuple) -> None:
        pos = event[0]
        vb = self.plot.getViewBox()
        if not self.plot.sceneBoundingRect().contains(pos):
            self._cursor.setVisible(False)
            self.readout.setText("")
            return
        step = vb.mapSceneToView(pos).x()
        text = self.readout_at(step)
        self.readout.setText(text)
        self._cursor.setVisible(bool(text))

    def readout_at(self, step: float) -> str:
        """'step 120: total 0.812, format 0.95' for the drawn point nearest `step`."""
        parts, at = [], None
        for (key, overlay), curve in self._curves.items():
            x, y = curve.getOriginalDataset()
            if x is None or len(x) == 0:
                continue
            i = int(np.clip(np.searchsorted(x, step), 0, len(x) - 1))
            if i > 0 and abs(x[i - 1] - step) < abs(x[i] - step):
                i -= 1
            at = x[i] if at is None else at
            name = curve_label(key) + ("*" if overlay else "")
            parts.append(f"{name} {y[i]:.4g}")
        if at is None:
            return ""
        self._cursor.setPos(at)
        return f"step {int(at)}: " + ", ".join(parts)

    # ---- export

    def columns(self) -> dict:
        store = self._panel.store
        keys = self.spec.curves(store.keys(), store.headline)
        if self.spec.band:
            keys += [std_key(k) for k in keys if std_key(k) in store.series]
        return {k: store.series[k] for k in keys}

    def save_png(self, path: str | Path) -> bool:
        return self.grab().save(str(path), "PNG")

    def save_csv(self, path: str | Path) -> None:
        Path(path).write_text(to_csv(self.columns()), encoding="utf-8")

    def _file_stem(self) -> str:
        return "".join(c if c.isalnum() else "_" for c in self.spec.title.lower()).strip("_")

    def save_png_dialog(self) -> None:
        path = dialogs.save_file(self, "Save chart", f"{self._file_stem()}.png", "PNG (*.png)")
        if path and not self.save_png(path):
            dialogs.show_error(self, "Could not save", f"Could not write {path}.")

    def save_csv_dialog(self) -> None:
        path = dialogs.save_file(self, "Save data", f"{self._file_stem()}.csv", "CSV (*.csv)")
        if path:
            try:
                self.save_csv(path)
            except OSError as err:
                dialogs.show_error(self, "Could not save", f"Could not write {path}: {err}")
