"""Live training charts (pyqtgraph): records append to buffers, a timer redraws what changed.

Habits from pyqtgraph's PanningPlot/scrollingPlots examples: data is appended as it
comes and drawn on a timer (100 ms at the fastest), so however fast steps arrive the
panel draws at a bounded rate; `setDownsampling(mode="peak")` keeps spikes visible when
there are more points than pixels, `setClipToView(True)` skips what is off screen.

The GUI thread shares the CPU and Python's GIL with the trainer: every millisecond spent
drawing is taken from training. So a timer pass draws at most CHARTS_PER_PASS charts (a
pass never blocks the event loop long; the charts that changed take turns, oldest change
first), and the timer's interval follows the measured cost of a pass (redraw plus paint)
so that drawing takes about DRAW_SHARE of wall time: on a slow CPU each visible chart is
then redrawn every few seconds rather than every tick. That pacing holds while a run
trains (`set_live`); otherwise (a past run opened, a run paused or ended) every changed
chart is drawn on the next tick.

Which charts there are, in which order, and what each draws is the metric catalogue's
(studio.core.training.reporting.metrics.CHARTS). The panel adds a smoothing slider shared by the
charts (EMA, see series.ema), autoscale, and other runs drawn over the run on screen
(metric_chart.DrawnRun): a run overlaid from the Runs tab (dashed curves), and an
experiment's other variants, each in its own colour, with a table of their headline
figures above the charts (experiment_board.py). Each
chart (metric_chart.MetricChart) has a hover readout, a legend, a "?" help, and "Save
chart as PNG" / "Save data as CSV" in its menu.
"""

from __future__ import annotations

import time
from typing import Self

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
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

from studio.app.session.run_session import Overlay
from studio.app.views.charts.experiment_board import ExperimentBoard
from studio.app.views.charts.metric_chart import VARIANT_COLOURS, DrawnRun, MetricChart
from studio.app.views.charts.plot_items import PaintClock
from studio.app.views.charts.series import MetricStore
from studio.app.views.view import Tab, View, ViewContext, view_title
from studio.core.config.sections import StudioConfig
from studio.core.training.reporting import metrics
from studio.core.training.reporting.metrics import CHARTS, Chart, chart_of

REDRAW_MS = 100  # fastest refresh; slower when drawing costs more (see _adapt_interval)
SLOWEST_MS = 2000
CHARTS_PER_PASS = 1  # a pass blocks the GUI thread while it draws: one chart at a time
DRAW_SHARE = 0.04  # of wall time, for drawing: the trainer keeps the rest of the GIL and CPU


class ChartPanel(View, QWidget):
    """All charts in a grid, fed by `add_record`, redrawn a few at a time by a paced timer."""

    PLACE = Tab(view_title("Charts"))
    RECORDS = frozenset({"step", "eval", "stage"})

    redrawn = Signal()

    def __init__(self, charts: tuple[Chart, ...] = CHARTS, columns: int = 3) -> None:
        super().__init__()
        self.store = MetricStore()
        self.overlay: MetricStore | None = None
        self.overlay_name = ""  # the overlaid run, as its legend entries name it
        self.overlay_task = ""  # the task the overlaid run trained ("" unknown)
        self.shown_task = self.shown_preset = ""  # of the run or preset on the charts
        # an experiment on screen: the run's own curves in the first variant's colour and
        # name, the other variants drawn over them (set_variants)
        self.own_name = self.own_colour = ""
        self.variant_runs: list[DrawnRun] = []
        self._first_eval: dict | None = None  # the shared warm-up's latest evaluation
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
        self._context: ViewContext | None = None  # the window's (create): to come to the front
        self.charts = [MetricChart(chart, self) for chart in charts]

        self.smoothing = QSlider(Qt.Orientation.Horizontal)
        self.smoothing.setRange(0, 99)
        self.smoothing.setFixedWidth(160)
        self.smoothing.setToolTip(
            self.tr("Exponential moving average of the curves (0: raw values)")
        )
        self.smoothing.valueChanged.connect(self._on_smoothing)
        self._smoothing_label = QLabel("")
        self._show_smoothing()
        autoscale = QPushButton(self.tr("Autoscale"))
        autoscale.setToolTip(self.tr("Fit every chart to its data again"))
        autoscale.clicked.connect(self.autoscale)
        self.overlay_label = QLabel("")
        self.overlay_label.setWordWrap(True)  # a refusal's line never widens the window
        top = QHBoxLayout()
        top.addWidget(self._smoothing_label)
        top.addWidget(self.smoothing)
        top.addWidget(autoscale)
        self.board = ExperimentBoard(self)
        for button in self.board.buttons():
            top.addWidget(button)
        top.addWidget(self.overlay_label, 1)

        grid_host = QWidget()
        self._grid = QGridLayout(grid_host)
        self._grid.setContentsMargins(2, 2, 2, 2)
        self._grid.setSpacing(6)
        self.max_columns = columns
        self.columns = 0  # as laid out now: fewer than max_columns where the room is narrow
        self._lay_out(columns)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(grid_host)
        self.scroll_area.viewport().installEventFilter(self)  # its width sets the columns
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.board)
        layout.addWidget(self.scroll_area, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self._on_timer)
        self.timer.start()
        self._shown = QTimer(self)  # one full refresh just after the panel is shown
        self._shown.setSingleShot(True)
        self._shown.setInterval(0)
        self._shown.timeout.connect(self.refresh)

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        panel = cls()
        context.session.overlay_opened.connect(panel._on_overlay_opened)
        context.session.overlay_closed.connect(panel._on_overlay_closed)
        context.session.experiment_started.connect(panel._on_experiment_started)
        context.session.variant_record.connect(panel.add_variant_record)
        context.session.state_changed.connect(panel.board.set_state)
        panel.board.run_asked.connect(context.session.start_experiment)
        panel._context = context
        return panel

    # ---- the grid

    def eventFilter(self, watched, event) -> bool:  # Qt's name
        if watched is self.scroll_area.viewport() and event.type() == QEvent.Type.Resize:
            self._lay_out(self._columns_that_fit(event.size().width()))
        return super().eventFilter(watched, event)

    def _columns_that_fit(self, room: int) -> int:
        """The most columns (up to max_columns) whose charts fit `room` pixels side by side
        with no horizontal scrolling: each column is as wide as its widest chart needs."""
        margins = self._grid.contentsMargins()
        room -= margins.left() + margins.right()
        spacing = self._grid.horizontalSpacing()
        for columns in range(self.max_columns, 1, -1):
            widths = [0] * columns
            for i, chart in enumerate(self.shown_charts()):
                widths[i % columns] = max(widths[i % columns], chart.minimumSizeHint().width())
            if sum(widths) + spacing * (columns - 1) <= room:
                return columns
        return 1

    def shown_charts(self) -> list[MetricChart]:
        """The charts in the grid: all but those shown only when recorded and not recorded."""
        return [c for c in self.charts if not c.spec.when_recorded or c.recorded]

    def _lay_out(self, columns: int, force: bool = False) -> None:
        """The shown charts in reading order, `columns` to a row (no gap where one is hidden)."""
        if columns == self.columns and not force:
            return
        self.columns = columns
        for chart in self.charts:
            self._grid.removeWidget(chart)
        shown = self.shown_charts()
        for i, chart in enumerate(shown):
            self._grid.addWidget(chart, i // columns, i % columns)
        for chart in self.charts:  # after addWidget: a chart without a parent is a window
            chart.setHidden(chart not in shown)
        for column in range(self.max_columns):
            self._grid.setColumnStretch(column, 1 if column < columns else 0)

    # ---- records and drawing

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

    def showEvent(self, event) -> None:  # Qt's name
        super().showEvent(event)
        # Opened (its tab chosen): draw everything in view at once, once laid out; pacing
        # is for the steady stream, not for what the user just asked to see.
        self._shown.start()

    def refresh(self, limit: int | None = None) -> None:
        """Redraw up to `limit` (default: all) of the charts whose data changed and can be seen."""
        changed = self.store.take_changed()
        for run in self.drawn_runs():
            changed |= run.store.take_changed()
        if changed or self._full_redraw:
            self._show_the_recorded()
        self._mark_pending(changed)
        self._full_redraw = False
        self._drew = False
        if not self._pending:
            return
        start = time.perf_counter()
        self._draw_pending(limit)
        self._redraw_seconds += time.perf_counter() - start
        if self._drew:
            self.redrawn.emit()

    def _mark_pending(self, changed: set[str]) -> None:
        """Queue the charts in the grid that the `changed` keys touch (all of them on a
        full redraw or a new stage); a waiting chart only updates its line."""
        stage_moved = "__stage__" in changed
        touched = {chart_of(k) for k in changed}
        for chart in self.charts:
            if chart.spec.when_recorded and not chart.recorded:
                continue  # not in the grid
            if self._full_redraw or stage_moved or chart.spec.id in touched:
                self._pending.setdefault(chart)
            elif changed and chart.waiting:  # its line follows the run; nothing to draw
                chart.show_waiting_for(self.store)

    def _draw_pending(self, limit: int | None) -> None:
        """Redraw up to `limit` (None: all) of the queued charts; in a shown window, charts
        scrolled away or on a hidden tab wait until seen."""
        on_screen = self.window().isVisible()
        for chart in list(self._pending):
            if limit is not None and limit <= 0:
                break
            if on_screen and chart.visibleRegion().isEmpty():
                continue
            chart.redraw(self.store, self.drawn_runs(), self._weight)
            del self._pending[chart]
            self.redraw_count += 1
            self._drew = True
            limit = None if limit is None else limit - 1

    def _show_the_recorded(self) -> None:
        """Show (or hide) each chart shown only when recorded, as the run and the overlay
        now have its metrics or not."""
        keys = self.store.keys()
        for run in self.drawn_runs():
            keys += run.store.keys()
        moved = False
        for chart in (c for c in self.charts if c.spec.when_recorded):
            recorded = bool(metrics.curves(chart.spec.id, keys))
            if recorded != chart.recorded:
                chart.recorded, moved = recorded, True
        if moved:
            self._lay_out(self.columns or self.max_columns, force=True)

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
        self._show_smoothing()
        self._full_redraw = True

    def _show_smoothing(self) -> None:
        self._smoothing_label.setText(self.tr("Smoothing {weight:.2f}").format(weight=self._weight))

    def clear_run(self) -> None:
        """Empty every chart for a new run, each fitted to its data again (a zoom or the
        last run's steps do not carry over); the overlay stays (see keep_overlay_for), an
        experiment's other variants go."""
        self.store.clear()
        self.own_name = self.own_colour = ""
        self.variant_runs = []
        self.board.clear_experiment()
        for chart in self.charts:
            chart.clear()
            chart.autoscale()
        self._full_redraw = True

    def set_plan(self, stages: tuple[str, ...]) -> None:
        """The stages the run shown plans ("warmup", "grpo"): an empty chart then says
        whether its data is still to come (see words.waiting_for)."""
        self.store.planned = stages
        self._full_redraw = True

    def set_overlay(self, records: list[dict] | None, label: str = "", task: str = "") -> None:
        """Draw another run's curves dashed on the same charts (None removes them).
        label names the run; task is the task it trained (see keep_overlay_for)."""
        for chart in self.charts:
            chart.clear_overlay()
        self.overlay_label.setStyleSheet("")
        if records is None:
            self.overlay, self.overlay_name, self.overlay_task = None, "", ""
            self.overlay_label.setText("")
        else:
            self.overlay = MetricStore()
            for record in records:
                self.overlay.add(record)
            self.overlay_name, self.overlay_task = label, task
            self.overlay_label.setText(self.tr("Overlay (dashed): {run}").format(run=label))
        self._full_redraw = True

    def show_config(self, cfg: StudioConfig) -> None:
        """A run of `cfg` is shown: its planned stages, and an overlay only of its task."""
        self.shown_task = cfg.task.NAME
        self.shown_preset = QCoreApplication.translate("presets", cfg.name)
        self.keep_overlay_for(cfg.task.NAME)
        self.board.show_preset(cfg)
        self.set_plan(tuple(name for name, _ in cfg.stages.planned()))

    def _on_overlay_opened(self, overlay: Overlay) -> None:
        self.open_overlay(overlay)
        if self._context is not None:
            self._context.show(self)

    def open_overlay(self, overlay: Overlay) -> bool:
        """Overlay another run unless its task differs from the one shown: the grid world's
        success drawn on Micro-GPT's accuracy axis would read as a comparison. Refused, or
        of another preset of the same task, the line above the charts names both."""
        other = QCoreApplication.translate("presets", overlay.preset) or overlay.name
        if overlay.task and self.shown_task and overlay.task != self.shown_task:
            self.set_overlay(None)
            self.overlay_label.setText(
                self.tr(
                    "Not overlaid: {run} is a run of {other}, the charts show {shown}; they "
                    "measure different things. Overlay a run of {shown} or of its task."
                ).format(run=overlay.name, other=other, shown=self.shown_preset)
            )
            self.overlay_label.setStyleSheet("color: #b3441e; font-weight: bold;")
            return False
        self.set_overlay(overlay.records, overlay.name, overlay.task)
        if not overlay.task:
            self.overlay_label.setText(
                self.tr(
                    "Overlay (dashed): {run}; its settings could not be read, so its curves "
                    "may not measure what the charts show."
                ).format(run=overlay.name)
            )
        elif overlay.preset and self.shown_preset and other != self.shown_preset:
            self.overlay_label.setText(
                self.tr("Overlay (dashed): {run}, a run of {other} over {shown}").format(
                    run=overlay.name, other=other, shown=self.shown_preset
                )
            )
        return True

    def _on_overlay_closed(self) -> None:
        self.set_overlay(None)

    def keep_overlay_for(self, task: str) -> None:
        """The window now shows a run or preset of `task`: an overlaid run of the same task
        stays for comparison (its metrics mean the same); any other is removed."""
        if self.overlay is not None and (not self.overlay_task or self.overlay_task != task):
            self.set_overlay(None)

    # ---- the runs drawn over the run on screen

    def drawn_runs(self) -> list[DrawnRun]:
        """What the charts draw over the run on screen: the overlaid run (first), then the
        other variants of the experiment on screen."""
        drawn = [DrawnRun(self.overlay, self.overlay_name)] if self.overlay is not None else []
        return drawn + self.variant_runs

    def set_variants(self, labels: list[str]) -> None:
        """An experiment of these variants is on screen: the run's own records are the
        first variant's, drawn in its colour; the others' come by add_variant_record."""
        for chart in self.charts:
            chart.clear()  # the run's own curves change colour and name
        if labels:
            self.own_name, self.own_colour = labels[0], VARIANT_COLOURS[0]
        else:
            self.own_name = self.own_colour = ""
        self.variant_runs = [
            DrawnRun(MetricStore(), label, VARIANT_COLOURS[i % len(VARIANT_COLOURS)], False)
            for i, label in enumerate(labels[1:], start=1)
        ]
        self._first_eval = None
        self.board.show_experiment(labels)
        self._full_redraw = True

    def _on_experiment_started(self, labels: list[str]) -> None:
        self.set_variants(labels)
        if self._context is not None:
            self._context.show(self)

    def add_variant_record(self, index: int, record: dict) -> None:
        """A record of the experiment's variant `index` (0: the run on screen, whose
        records come by add_record too): the table follows every variant."""
        if index == 0 and record.get("kind") == "eval" and record.get("stage") == "warmup":
            self._first_eval = record  # the shared warm-up's latest: the others start from it
        if 0 < index <= len(self.variant_runs):
            store = self.variant_runs[index - 1].store
            if not store.series and self._first_eval is not None:
                # a variant resumed from the shared warm-up: its held-out curve starts from
                # the evaluation its GRPO stage started from, as the first variant's does
                store.add(self._first_eval)
            store.add(record)
        self.board.add_record(index, record)

    def autoscale(self) -> None:
        for chart in self.charts:
            chart.autoscale()

    def chart(self, chart_id: str) -> MetricChart:
        """The chart of the catalogue's Chart.id `chart_id` (e.g. "loss")."""
        return next(c for c in self.charts if c.spec.id == chart_id)
