"""One live chart: a pyqtgraph plot of some metrics' curves, a title, a legend and a readout.

Fed by ChartPanel (panel.py), which decides when each chart redraws. Curves keep their
pyqtgraph items between redraws (only their data is replaced); a +-std band is drawn
decimated (plot_items.decimate_band). The legend is a line of coloured names under the
title, shown when a chart has more than one curve: a box inside the plot covered the
curves in a chart this small. A run overlaid from the Runs tab is drawn dashed in colours
of its own (OVERLAY_PALETTE), its legend entries naming it; so are the other variants of
an experiment (DrawnRun), each in one colour of VARIANT_COLOURS, the run's own curves in
the first, its curves told apart by their stroke. Grid lines stop at the first
minor tick level: pyqtgraph's finer levels cost two thirds of a chart's paint time here
for lines one can barely see.

What a chart draws, its title (with the unit), its curves' names and its "?" help (what
each metric means, what healthy and what a problem look like) come from the metric
catalogue (studio.core.training.reporting.metrics); the catalogue's strings are shown through
QCoreApplication.translate("metrics", ...). A share recorded as 0..1 is drawn in %.

Each chart has a hover readout (step and values under the mouse), and "Save chart as
PNG" / "Save data as CSV" in its context menu (the CSV holds the values as recorded).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QAction, QFont, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.views.charts.plot_items import (
    ChartViewBox,
    DecadeAxis,
    TimedPlotWidget,
    decimate_band,
    flat_range,
    has_points,
    set_points,
)
from studio.app.views.charts.series import MetricStore, to_csv
from studio.app.views.charts.words import (
    LegendEntry,
    curve_label,
    help_html,
    legend_html,
    scale_of,
    stage_name,
    translated,
    unbroken,
    waiting_for,
)
from studio.core.training.reporting import metrics
from studio.core.training.reporting.metrics import Chart, band_key, find

if TYPE_CHECKING:
    from studio.app.views.charts.panel import ChartPanel

# Colour-blind-safe palette (Okabe-Ito), one colour per curve of a chart.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
# An overlaid run's dashed curves: darker hues none of PALETTE's, so no overlay curve
# passes for a curve of the run being watched (Paul Tol's muted scheme, and grey).
OVERLAY_PALETTE = ("#555555", "#882255", "#999933", "#332288", "#44AA99", "#661100", "#AA4499")

# An experiment's variants, one colour each (Okabe-Ito: blue, vermillion, green, purple)
VARIANT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
# the strokes of one variant's curves in a chart with several (rewards' parts)
STROKES = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
)
STROKE_GLYPHS = ("━━", "╍╍", "┈┈", "━┈")  # the legend's picture of each of STROKES

LEGEND_SCALE = 0.85  # the legend's text size, as a share of the chart's
EXPORT_SIZE = (1200, 800)  # pixels of a saved chart, whatever its size on screen

pg.setConfigOptions(antialias=True, background="w", foreground="#333")


@dataclass(frozen=True)
class DrawnRun:
    """Records drawn over the charts beside the run on screen: a run overlaid from the
    Runs tab (dashed, a colour per curve) or another variant of the experiment on screen
    (`colour`: one colour for all its curves)."""

    store: MetricStore
    name: str
    colour: str = ""  # "": a colour per curve, from OVERLAY_PALETTE
    dashed: bool = True


class MetricChart(QWidget):
    """One chart: a title row with the hover readout, and the plot."""

    def __init__(self, chart: Chart, panel: ChartPanel) -> None:
        super().__init__()
        self.spec, self._panel = chart, panel
        self.recorded = False  # the run shown (or the overlay) records this chart's metrics
        self.plot_widget = self._make_plot(chart, panel)
        item = self.plot = self.plot_widget.getPlotItem()
        # (metric, source): source 0 is the run on screen, n the panel's drawn_runs()[n - 1]
        self._curves: dict[tuple[str, int], pg.PlotDataItem] = {}
        self._shares = False  # every curve drawn is a share in % (a flat range stays in 0..100)
        self._bands: dict[str, pg.FillBetweenItem] = {}
        self._stage_lines: list[pg.InfiniteLine] = []
        self._stage_lines_at: list[tuple[int, str]] = []  # the stage starts they show
        self._cursor = pg.InfiniteLine(angle=90, pen=pg.mkPen("#999", style=Qt.PenStyle.DashLine))
        self._cursor.setVisible(False)
        item.addItem(self._cursor, ignoreBounds=True)
        self._make_head(chart)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(self._head_row())
        self.legend.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot_widget)
        self._make_placeholder(item)
        self._add_save_actions(item)
        self._mouse_proxy = pg.SignalProxy(
            item.scene().sigMouseMoved, rateLimit=30, slot=self._on_mouse_moved
        )

    def _make_plot(self, chart: Chart, panel: ChartPanel) -> TimedPlotWidget:
        """The plot: grid lines, peak downsampling, a log axis where the chart asks."""
        axes = {"left": DecadeAxis("left")} if chart.log_y else {}
        view = ChartViewBox(self._flat_range)
        plot_widget = TimedPlotWidget(panel.paint_clock, axisItems=axes, viewBox=view)
        plot_widget.setMinimumHeight(150)
        item = plot_widget.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        for side in ("left", "bottom"):
            item.getAxis(side).setStyle(maxTickLevel=1)  # see the module docstring
        item.setDownsampling(auto=True, mode="peak")
        item.setClipToView(True)
        item.setLogMode(False, chart.log_y)
        left = item.getAxis("left")
        left.setWidth(48)
        if chart.log_y:
            left.enableAutoSIPrefix(False)
        item.hideButtons()  # the panel's "Autoscale" button does this for all charts
        return plot_widget

    def _make_head(self, chart: Chart) -> None:
        """The title, the "?" help button, the hover readout and the legend."""
        self.title = QLabel("")
        self._title_text = ""
        self._set_title(translated(chart.title))
        self.help_button = QToolButton()
        self.help_button.setText("?")
        self.help_button.setAutoRaise(True)
        self.help_button.setToolTip(self.help_html())
        self.help_button.clicked.connect(self.show_help)
        self.readout = QLabel("")
        self.readout.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.readout.setStyleSheet("color: #555;")
        # A long readout is cut at the chart's edge rather than widening the grid's column.
        self.readout.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # The legend is a line under the title, not a box in the plot over the curves. An
        # overlay's dashed curves take the same colours (the panel names the overlaid run).
        self.legend = QLabel("")
        self.legend.setStyleSheet("color: #555;")
        self._fit_legend_font()
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.legend.setVisible(False)

    def _head_row(self) -> QHBoxLayout:
        head = QHBoxLayout()
        head.setContentsMargins(4, 0, 4, 0)
        head.addWidget(self.title)
        head.addWidget(self.help_button)
        head.addWidget(self.readout, 1)
        return head

    def _make_placeholder(self, item: pg.PlotItem) -> None:
        """Until the chart has data, its plot is an empty frame with a line saying what it
        waits for, not pyqtgraph's placeholder ticks (0.2..0.8, or "5, 2" on a log axis).
        The line is an item of the plot's own scene, centred in the view box."""
        self.placeholder = pg.TextItem(color="#777", anchor=(0.5, 0.5))
        self.placeholder.setParentItem(item.getViewBox())
        self.placeholder.setFont(QFont(self.font()))
        item.getViewBox().sigResized.connect(self._place_placeholder)
        self.waiting_text = ""
        self._legend_entries: list[LegendEntry] = []
        self.waiting: bool | None = None  # the placeholder is shown (None: not yet decided)
        self._show_waiting(waiting_for(self.spec, MetricStore()))

    def _add_save_actions(self, item: pg.PlotItem) -> None:
        """ "Save chart as PNG…" and "Save data as CSV…" in the plot's context menu."""
        menu = item.getViewBox().menu
        menu.addSeparator()
        for text, slot in (
            (self.tr("Save chart as PNG…"), self.save_png_dialog),
            (self.tr("Save data as CSV…"), self.save_csv_dialog),
        ):
            action = QAction(text, menu)
            action.triggered.connect(slot)
            menu.addAction(action)

    # ---- drawing

    def _source(self, source: int) -> tuple[str, str, bool]:
        """The name, the colour ("" per curve) and dashes of the records of `source`."""
        if source == 0:
            return self._panel.own_name, self._panel.own_colour, False
        drawn = self._panel.drawn_runs()[source - 1]
        return drawn.name, drawn.colour, drawn.dashed

    def _colour(self, source: int, index: int) -> str:
        fixed = self._source(source)[1]
        palette = OVERLAY_PALETTE if source else PALETTE
        return fixed or palette[index % len(palette)]

    def _curve(self, key: str, source: int, index: int, alone: bool = False) -> pg.PlotDataItem:
        """The curve of metric `key` of `source`, its `index`-th in this chart; `alone`:
        its only one (a variant's legend entry is then the variant's name alone)."""
        curve = self._curves.get((key, source))
        run, fixed, dashed = self._source(source)
        if curve is None:
            colour = self._colour(source, index)
            if fixed:  # one colour a run: its curves told apart by their strokes
                style = STROKES[index % len(STROKES)]
            else:
                style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
            curve = self.plot.plot(pen=pg.mkPen(colour, width=1.6, style=style))
            curve.stroke_dashed = style != Qt.PenStyle.SolidLine
            curve.stroke_index = index if fixed else -1
            self._curves[(key, source)] = curve
        label = self._legend_label(key)
        if run and fixed and alone:
            label = run
        elif run:
            label = self.tr("{curve} ({run})").format(curve=label, run=run)
        entry = LegendEntry(label, self._colour(source, index), curve.stroke_dashed)
        if getattr(curve, "legend_entry", None) != entry:
            curve.legend_entry = entry
            self._update_legend()
        return curve

    def _fit_legend_font(self) -> None:
        """The legend a little smaller than the chart's text, growing with it (a fixed
        8 pt legend stayed small when a teacher raised the text size for a projector)."""
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, self.font().pointSizeF() * LEGEND_SCALE))
        self.legend.setFont(font)
        # the waiting line in an empty chart: the chart's own text size (the plot's scene
        # kept the size it was made with)
        placeholder = getattr(self, "placeholder", None)
        if placeholder is not None:
            placeholder.setFont(QFont(self.font()))
            self._place_placeholder()

    def changeEvent(self, event: QEvent) -> None:  # Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the text size changed
            self._fit_legend_font()

    def _legend_label(self, key: str) -> str:
        """The curve's name; with its unit where the chart's curves differ in unit."""
        metric = find(key)
        if not self.spec.mixed_units or metric is None or not metric.unit:
            return curve_label(key)
        return f"{curve_label(key)} ({translated(metric.unit)})"

    def _update_legend(self) -> None:
        """Name the curves when there is more than one (a lone curve is the title's) or
        another run is overlaid: the run's own first, then the overlaid run's."""
        # the run on screen first, then the drawn runs in order (a dict keeps insertion order)
        ordered = sorted(self._curves.items(), key=lambda item: item[0][1])
        entries = [curve.legend_entry for _, curve in ordered]
        if entries == self._legend_entries:
            return
        self._legend_entries = entries
        experiment = self._experiment_legend()
        # a side-by-side run's legend names variants and curves: a second line rather than
        # names cut at the edge; a run's own stays one line (rows of charts keep fitting)
        self.legend.setWordWrap(experiment is not None)
        self.legend.setText(experiment or legend_html(entries))
        self.legend.setToolTip("<br>".join(legend_html([e]) for e in entries))  # when cut
        self.legend.setVisible(len(entries) > 1 or any(e.dashed for e in entries))

    def _experiment_legend(self) -> str | None:
        """An experiment's chart of several curves, naming each thing once: the variants
        by colour, then the curves by stroke ("━━ G=2 ━━ G=16 · ━━ total ╍╍ correct"); a
        name for each curve of each variant ("total (G=2)", six of them) was cut."""
        if not self._panel.own_colour:
            return None
        strokes: dict[str, int] = {}
        runs: dict[int, LegendEntry] = {}
        others: list[LegendEntry] = []  # a run overlaid from the Runs tab besides
        for (key, source), curve in sorted(self._curves.items(), key=lambda i: i[0][1]):
            index = getattr(curve, "stroke_index", -1)
            if index < 0:
                others.append(curve.legend_entry)
                continue
            strokes.setdefault(key, index)
            if source not in runs:
                runs[source] = LegendEntry(self._run_name(source), curve.legend_entry.colour)
        if len(strokes) < 2:
            return None
        glyphs = " &nbsp; ".join(
            f"<span style='color:#555'>{STROKE_GLYPHS[i % len(STROKE_GLYPHS)]}</span>&nbsp;"
            f"{unbroken(self._legend_label(key))}"
            for key, i in strokes.items()
        )
        parts = [legend_html(list(runs.values())), glyphs]
        if others:
            parts.append(legend_html(others))
        return " &nbsp;·&nbsp; ".join(parts)

    def _run_name(self, source: int) -> str:
        try:
            return self._source(source)[0]
        except IndexError:  # the drawn runs changed; their curves go at the next redraw
            return ""

    def _band(self, key: str, index: int, x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
        band = self._bands.get(key)
        if band is None:
            colour = pg.mkColor(self._colour(0, index))
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

    def redraw(self, store: MetricStore, drawn: Sequence[DrawnRun], weight: float) -> None:
        """Draw the run on screen's curves from `store`, and over them those of `drawn`
        (the panel's drawn_runs(): an overlaid run, an experiment's other variants)."""
        keys = metrics.curves(self.spec.id, store.keys())
        for run in drawn:
            keys += metrics.curves(self.spec.id, run.store.keys())
        self._shares = bool(keys) and all(getattr(find(k), "unit", "") == "%" for k in keys)
        own = metrics.curves(self.spec.id, store.keys())
        for i, key in enumerate(own):
            x, y = store.series[key].arrays(weight)
            y = y * scale_of(key)
            set_points(self._curve(key, 0, i, len(own) == 1), x, y)
            band = band_key(key)
            std = store.series.get(band) if band else None
            # in an experiment, one variant's band made it look the one that mattered
            if band and std is not None and len(std) == len(x) and not self._panel.own_colour:
                s = np.asarray(std.values, dtype=float) * scale_of(band)
                self._band(key, i, x, y - s, y + s)
        for source, run in enumerate(drawn, start=1):
            theirs = metrics.curves(self.spec.id, run.store.keys())
            for i, key in enumerate(theirs):
                x, y = run.store.series[key].arrays(weight)
                set_points(self._curve(key, source, i, len(theirs) == 1), x, y * scale_of(key))
        if self.spec.id == "eval":
            headline = store.headline
            for run in drawn:
                headline = headline or run.store.headline
            self._name_the_eval_metric(headline)
        self._draw_stage_lines(store)
        anything = any(has_points(curve) for curve in self._curves.values())
        self._show_waiting(None if anything else waiting_for(self.spec, store))

    def show_waiting_for(self, store: MetricStore) -> None:
        """An empty chart's line brought up to date with what `store` has recorded."""
        self._show_waiting(waiting_for(self.spec, store))

    def _show_waiting(self, text: str | None) -> None:
        """Say what the chart waits for, its axes' numbers hidden; None: it has data."""
        if text is not None and text != self.waiting_text:
            self.waiting_text = text
            self.placeholder.setHtml(f"<div align='center'>{html.escape(text)}</div>")
            self._place_placeholder()
        waiting = text is not None
        if waiting == self.waiting:
            return
        self.waiting = waiting
        self.placeholder.setVisible(waiting)
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setStyle(showValues=not waiting)

    def _place_placeholder(self) -> None:
        """The waiting line across the middle of the view box, wrapped to its width."""
        box = self.plot.getViewBox().rect()
        self.placeholder.setTextWidth(max(box.width() - 8, 40))
        self.placeholder.setPos(box.center())

    def _flat_range(self, value: float) -> tuple[float, float]:
        """The y range of a constant series: see plot_items.flat_range."""
        return flat_range(value, log=self.spec.log_y, share=self._shares)

    def _set_title(self, text: str) -> None:
        if text != self._title_text:
            self._title_text = text
            self.title.setText(f"<b>{html.escape(text)}</b>")

    def title_text(self) -> str:
        return self._title_text

    def _name_the_eval_metric(self, headline: set[str]) -> None:
        """Title the held-out chart with the metric eval records name: 'Held-out chrF (0-100)'."""
        metric = next((m for k in sorted(headline) if (m := find(k)) is not None), None)
        if metric is None:
            self._set_title(translated(self.spec.title))
        elif metric.unit:
            name, unit = translated(metric.label), translated(metric.unit)
            self._set_title(self.tr("Held-out {metric} ({unit})").format(metric=name, unit=unit))
        else:
            self._set_title(self.tr("Held-out {metric}").format(metric=translated(metric.label)))

    # ---- "what am I looking at"

    def help_html(self) -> str:
        """What this chart's metrics mean, and what healthy and a problem look like."""
        return help_html(self.spec)

    def show_help(self) -> None:
        below = self.help_button.mapToGlobal(QPoint(0, self.help_button.height()))
        QToolTip.showText(below, self.help_html(), self.help_button)

    def _first_step_drawn(self) -> float | None:
        """The earliest step any curve of this chart draws (None: nothing drawn)."""
        firsts = []
        for curve in self._curves.values():
            x = curve.getOriginalDataset()[0]
            if x is not None and len(x):
                firsts.append(float(x[0]))
        return min(firsts, default=None)

    def _draw_stage_lines(self, store: MetricStore) -> None:
        # A line separates stages where the chart has data before it: a chart whose data
        # start with the stage (GRPO's own) had the line on its left edge, its name cut.
        first = self._first_step_drawn()
        lines = [
            (step, stage)
            for step, stage in store.stage_starts
            if step > 1 and first is not None and first < step  # not at the origin either
        ]
        if self._stage_lines_at == lines:
            return  # unchanged: rebuilding the lines cost a third of a redraw
        self._stage_lines_at = lines
        for line in self._stage_lines:
            self.plot.removeItem(line)
        self._stage_lines = []
        for step, stage in lines:
            pen = pg.mkPen("#bbb", width=1, style=Qt.PenStyle.DotLine)
            line = pg.InfiniteLine(
                pos=step,
                angle=90,
                pen=pen,
                label=stage_name(stage),
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
        self._show_waiting(waiting_for(self.spec, MetricStore()))

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
        for (key, source), curve in self._curves.items():
            x, y = curve.getOriginalDataset()
            if x is None or len(x) == 0:
                continue
            i = int(np.clip(np.searchsorted(x, step), 0, len(x) - 1))
            if i > 0 and abs(x[i - 1] - step) < abs(x[i] - step):
                i -= 1
            at = x[i] if at is None else at
            run, fixed, _ = (
                self._source(source)
                if source < 1 + len(self._panel.drawn_runs())
                else ("", "", True)
            )
            if run and fixed:  # an experiment's variant: named
                name = f"{curve_label(key)} [{run}]"
            else:
                name = curve_label(key) + ("*" if source else "")
            metric = find(key)
            percent = "%" if metric is not None and metric.unit == "%" else ""
            parts.append(f"{name} {y[i]:.4g}{percent}")
        if at is None:
            return ""
        self._cursor.setPos(at)
        return self.tr("step {step}: {values}").format(step=int(at), values=", ".join(parts))

    # ---- export

    def columns(self) -> dict:
        """The recorded series this chart draws (bands' spreads after the curves)."""
        store = self._panel.store
        keys = metrics.curves(self.spec.id, store.keys())
        keys += [b for k in keys if (b := band_key(k)) is not None and b in store.series]
        return {k: store.series[k] for k in keys}

    def export_image(self, size: tuple[int, int] = EXPORT_SIZE) -> QPixmap:
        """The chart as a picture of `size`, whatever its size on screen: a copy of it
        laid out at that size, with the same curves and range and none of the mouse's
        traces (the hover readout, the cursor line)."""
        copy = MetricChart(self.spec, self._panel)
        try:
            panel = self._panel
            copy.redraw(panel.store, panel.drawn_runs(), panel._weight)
            copy.help_button.hide()  # a button means nothing on paper
            view = self.plot.getViewBox()
            if not all(view.autoRangeEnabled()):  # a range the user chose: keep it
                (x0, x1), (y0, y1) = view.viewRange()
                copy.plot.getViewBox().setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
            copy.resize(*size)
            layout = copy.layout()
            if layout is not None:
                layout.activate()
            return copy.grab()
        finally:
            copy.deleteLater()

    def save_png(self, path: str | Path) -> bool:
        return self.export_image().save(str(path), "PNG")

    def save_csv(self, path: str | Path) -> None:
        Path(path).write_text(to_csv(self.columns()), encoding="utf-8")

    def _file_stem(self) -> str:
        return self.spec.id

    def save_png_dialog(self) -> None:
        path = dialogs.save_file(
            self, self.tr("Save chart"), f"{self._file_stem()}.png", self.tr("PNG (*.png)")
        )
        if path and not self.save_png(path):
            dialogs.show_error(
                self,
                self.tr("Could not save"),
                self.tr("Could not write {path}.").format(path=path),
            )

    def save_csv_dialog(self) -> None:
        path = dialogs.save_file(
            self, self.tr("Save data"), f"{self._file_stem()}.csv", self.tr("CSV (*.csv)")
        )
        if path:
            try:
                self.save_csv(path)
            except OSError as err:
                message = self.tr("Could not write {path}: {error}").format(path=path, error=err)
                dialogs.show_error(self, self.tr("Could not save"), message)
