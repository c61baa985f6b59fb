"""Live training charts (pyqtgraph): records append to buffers, a timer redraws what changed.

Habits from pyqtgraph's PanningPlot/scrollingPlots examples: data is appended as it
comes and drawn on a timer (100 ms at the fastest), so however fast steps arrive the
panel draws at a bounded rate; `setDownsampling(mode="peak")` keeps spikes visible when
there are more points than pixels, `setClipToView(True)` skips what is off screen.

The GUI thread shares the CPU and Python's GIL with the trainer: every millisecond spent
drawing is taken from training. So a timer pass draws at most CHARTS_PER_PASS charts (a
pass never blocks the event loop long; the charts that changed take turns, oldest change
first), and the timer's interval follows the measured cost of a pass (redraw plus paint)
so that drawing takes about DRAW_SHARE of wall time: on the 2-core development machine a
chart costs 5-15 ms, so each visible chart is redrawn every one to three seconds. That
pacing holds while a run trains (`set_live`); otherwise (a past run opened, a run
paused or ended) every changed chart is drawn on the next tick.
Grid lines stop at the first minor tick level: pyqtgraph's finer levels cost two thirds
of a chart's paint time here for lines one can barely see.

Each chart has a hover readout (step and values under the mouse), a smoothing slider
shared by the panel (EMA, see series.ema), autoscale, and "Save chart as PNG" / "Save
data as CSV" in its context menu. A second run can be overlaid (dashed curves).
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from studio.app import dialogs
from studio.app.plot_items import DecadeAxis, PaintClock, TimedPlotWidget, decimate_band
from studio.app.series import CHART_SPECS, ChartSpec, MetricStore, curve_label, std_key, to_csv

REDRAW_MS = 100  # fastest refresh; slower when drawing costs more (see _adapt_interval)
SLOWEST_MS = 2000
CHARTS_PER_PASS = 1  # a pass blocks the GUI thread 5-15 ms (one chart, 2-core CPU)
DRAW_SHARE = 0.04  # of wall time, for drawing: the trainer keeps the rest of the GIL and CPU
# Colour-blind-safe palette (Okabe-Ito), one colour per curve of a chart.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")

pg.setConfigOptions(antialias=True, background="w", foreground="#333")


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
        self._legend = item.addLegend(
            offset=(-4, 4), labelTextSize="8pt", brush=pg.mkBrush(255, 255, 255, 200)
        )

        self.title = QLabel(f"<b>{spec.title}</b>")
        self.readout = QLabel("")
        self.readout.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.readout.setStyleSheet("color: #555;")
        head = QHBoxLayout()
        head.setContentsMargins(4, 0, 4, 0)
        head.addWidget(self.title)
        head.addWidget(self.readout, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(head)
        layout.addWidget(self.plot_widget)

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
            many = bool(self.spec.pattern) or len(self.spec.keys) > 1
            name = curve_label(key) + (" (overlay)" if overlay else "") if many or overlay else None
            curve = self.plot.plot(pen=pg.mkPen(colour, width=1.6, style=style), name=name)
            self._curves[(key, overlay)] = curve
        return curve

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
        self._legend.clear()
        self.readout.setText("")

    def clear_overlay(self) -> None:
        for key in [k for k in self._curves if k[1]]:
            curve = self._curves.pop(key)
            self._legend.removeItem(curve)
            self.plot.removeItem(curve)

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


class ChartPanel(QWidget):
    """All charts in a grid, fed by `add_record`, redrawn a few at a time by a paced timer."""

    redrawn = Signal()

    def __init__(self, specs: tuple[ChartSpec, ...] = CHART_SPECS, columns: int = 3) -> None:
        super().__init__()
        self.store = MetricStore()
        self.overlay: MetricStore | None = None
        self.redraw_count = 0  # chart redraws so far (tests and the latency benchmark read it)
        self.busy_seconds = 0.0  # GUI-thread time spent redrawing and painting, in all
        self.paint_clock = PaintClock()
        self._weight = 0.0
        self._full_redraw = False
        # Changed, not yet drawn (over budget, or scrolled away); oldest first, so every
        # chart gets its turn however fast records come.
        self._pending: dict[MetricChart, None] = {}
        self._redraw_seconds = 0.0
        self._pass_cost = 0.0  # seconds a drawing pass costs (redraw + paint), smoothed
        self._drew = False  # the last pass drew: the next tick sees its paint time
        self.live = False  # a run is training: draw paced (see the module docstring)
        self.charts = [MetricChart(spec, self) for spec in specs]

        self.smoothing = QSlider(Qt.Horizontal)
        self.smoothing.setRange(0, 99)
        self.smoothing.setFixedWidth(160)
        self.smoothing.setToolTip("Exponential moving average of the curves (0: raw values)")
        self.smoothing.valueChanged.connect(self._on_smoothing)
        self._smoothing_label = QLabel("Smoothing 0.00")
        autoscale = QPushButton("Autoscale")
        autoscale.setToolTip("Fit every chart to its data again")
        autoscale.clicked.connect(self.autoscale)
        self.overlay_label = QLabel("")
        top = QHBoxLayout()
        top.addWidget(self._smoothing_label)
        top.addWidget(self.smoothing)
        top.addWidget(autoscale)
        top.addWidget(self.overlay_label, 1)

        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        grid.setContentsMargins(2, 2, 2, 2)
        grid.setSpacing(6)
        for i, chart in enumerate(self.charts):
            grid.addWidget(chart, i // columns, i % columns)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(grid_host)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self._on_timer)
        self.timer.start()

    def add_record(self, record: dict) -> None:
        """The slot for the worker's records: append only; the timer draws."""
        self.store.add(record)

    def add_records(self, records: list[dict]) -> None:
        for record in records:
            self.store.add(record)

    def set_live(self, live: bool) -> None:
        """Pace the drawing while a run trains; draw everything at once otherwise."""
        self.live = live
        if not live:
            self.timer.setInterval(REDRAW_MS)

    def _on_timer(self) -> None:
        self._adapt_interval()
        self.refresh(CHARTS_PER_PASS if self.live else None)

    def refresh(self, limit: int | None = None) -> None:
        """Redraw up to `limit` (default: all) of the charts whose data changed and can be seen."""
        changed = self.store.take_changed()
        if self.overlay is not None:
            changed |= self.overlay.take_changed()
        stage_moved = "__stage__" in changed
        for chart in self.charts:
            if self._full_redraw or stage_moved or any(chart.spec.matches(k) for k in changed):
                self._pending.setdefault(chart)
        self._full_redraw = False
        self._drew = False
        if not self._pending:
            return
        on_screen = self.window().isVisible()
        start = time.perf_counter()
        for chart in list(self._pending):
            if limit is not None and limit <= 0:
                break
            # In a shown window, charts scrolled away or on a hidden tab wait until seen.
            if on_screen and chart.visibleRegion().isEmpty():
                continue
            chart.redraw(self.store, self.overlay, self._weight)
            del self._pending[chart]
            self.redraw_count += 1
            self._drew = True
            limit = None if limit is None else limit - 1
        self._redraw_seconds += time.perf_counter() - start
        if self._drew:
            self.redrawn.emit()

    def _adapt_interval(self) -> None:
        """Set the timer so that drawing takes about DRAW_SHARE of wall time.

        The last pass's cost is its redraw time plus the paint it caused (painted after
        it, before this tick); the interval is the smoothed cost over DRAW_SHARE, between
        REDRAW_MS and SLOWEST_MS. Passes that drew nothing do not count.
        """
        busy = self._redraw_seconds + self.paint_clock.seconds
        self._redraw_seconds = self.paint_clock.seconds = 0.0
        self.busy_seconds += busy
        if not self._drew:
            return
        self._pass_cost = busy if not self._pass_cost else 0.7 * self._pass_cost + 0.3 * busy
        interval = round(min(SLOWEST_MS, max(REDRAW_MS, 1000 * self._pass_cost / DRAW_SHARE)))
        if self.live and interval != self.timer.interval():
            self.timer.setInterval(interval)

    def _on_smoothing(self, value: int) -> None:
        self._weight = value / 100
        self._smoothing_label.setText(f"Smoothing {self._weight:.2f}")
        self._full_redraw = True

    def reset(self) -> None:
        """Empty every chart for a new run (the overlay stays)."""
        self.store.clear()
        for chart in self.charts:
            chart.clear()
        self._full_redraw = True

    def set_overlay(self, records: list[dict] | None, label: str = "") -> None:
        """Draw another run's curves dashed on the same charts (None removes them)."""
        for chart in self.charts:
            chart.clear_overlay()
        if records is None:
            self.overlay = None
            self.overlay_label.setText("")
        else:
            self.overlay = MetricStore()
            for record in records:
                self.overlay.add(record)
            self.overlay_label.setText(f"Overlay (dashed): {label}")
        self._full_redraw = True

    def autoscale(self) -> None:
        for chart in self.charts:
            chart.autoscale()

    def chart(self, title: str) -> MetricChart:
        return next(c for c in self.charts if c.spec.title == title)
