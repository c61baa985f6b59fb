"""An experiment above the charts: the button that runs a preset's variants side by side,
the editor that makes variants by hand, and a table of each variant's headline figures.

The charts draw the variants (panel.set_variants, metric_chart.DrawnRun); this board says
in numbers what the curves say: each variant's step, its latest mean reward, its latest
held-out figure and its speed in steps per second, updated as records come. The run
itself is the session's (RunSession.start_experiment): the board only asks for it.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.app.views.charts.words import translated
from studio.core.training.reporting.metrics import find

# the table's columns, in order
VARIANT, STEP, REWARD, HELD_OUT, SPEED = range(5)
SPEED_SMOOTHING = 0.8  # steps/s is an average of recent steps, not the last one's noise


def _tr(text: str) -> str:
    return QCoreApplication.translate("ExperimentBoard", text)


class ExperimentBoard(QWidget):
    """The experiment's button row and table; hidden while the preset shown has no
    experiment and none is on screen."""

    run_asked = Signal(object)  # list[dict] of variants, or None: the preset's own

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: list[str] = []  # the variants on screen (the table's rows)
        self._preset_variants: list[dict] = []  # the preset's ui.experiment
        self._speeds: dict[int, float] = {}
        self._idle = True
        self.run_button = QPushButton("")
        self.run_button.setToolTip(
            _tr(
                "Train the lesson's variants side by side: the warm-up once, then each "
                "variant's GRPO stage in turns, one step each, drawn on the same charts"
            )
        )
        self.run_button.clicked.connect(lambda: self.run_asked.emit(None))
        self.edit_button = QPushButton(_tr("Experiment…"))
        self.edit_button.setToolTip(
            _tr("Make two to four variants of these settings and train them side by side")
        )
        self.edit_button.clicked.connect(self.edit)
        # Experiment… sits in the chart panel's top row (buttons()); the run button over the
        # table, shown only while nothing trains: the panel's top row with both was wider
        # than a projector's charts, and beside the table it squeezed the table

        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [_tr("Variant"), _tr("Step"), _tr("Reward (mean)"), _tr("Held-out"), _tr("Steps/s")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.table.horizontalHeader()
        # the held-out column names its metric ("Held-out accuracy"): it takes the room the
        # others leave (five equal columns cut its name at a projector's text size)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(HELD_OUT, QHeaderView.ResizeMode.Stretch)
        self.table.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # exactly its rows high (_fit_height): a scroll bar would hide the last one
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.run_button)
        layout.addWidget(self.table)
        self._show_buttons()

    def buttons(self) -> list[QWidget]:
        """The buttons, for the panel's top row."""
        return [self.edit_button]

    # ---- what the preset offers

    def show_preset(self, cfg: Any) -> None:
        """The settings show `cfg`: offer its experiment (ui.experiment) in one click."""
        self._preset_variants = list(cfg.ui.experiment)
        self._show_buttons()

    def _show_buttons(self) -> None:
        labels = [str(v.get("label", "")) for v in self._preset_variants if isinstance(v, dict)]
        self.run_button.setVisible(bool(labels) and self._idle)
        self.run_button.setText(
            _tr("▶ Run side by side: {variants}").format(variants=" | ".join(labels))
        )
        self.run_button.setEnabled(self._idle)
        self.edit_button.setEnabled(self._idle)

    def set_state(self, state: str) -> None:
        """The run's state: an experiment starts only while nothing trains."""
        self._idle = state == "idle"
        self._show_buttons()

    def edit(self) -> None:
        """Make variants by hand (the preset's, else two to start from) and run them."""
        from studio.app.views.charts.experiment_editor import ExperimentEditor

        editor = ExperimentEditor(self._preset_variants, self.window())
        if editor.exec():
            self.run_asked.emit(editor.variants())

    # ---- the experiment on screen

    def show_experiment(self, labels: list[str]) -> None:
        from studio.app.views.charts.metric_chart import VARIANT_COLOURS

        self.labels = list(labels)
        self._speeds = {}
        self.table.setRowCount(len(labels))
        for row, label in enumerate(labels):
            colour = VARIANT_COLOURS[row % len(VARIANT_COLOURS)]
            name = QTableWidgetItem(f"━━ {label}")
            name.setForeground(QBrush(QColor(colour)))
            font = name.font()
            font.setBold(True)
            name.setFont(font)
            self.table.setItem(row, VARIANT, name)
            for column in (STEP, REWARD, HELD_OUT, SPEED):
                item = QTableWidgetItem("–")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self.table.setVisible(bool(labels))
        self._fit_height()
        self.table.setToolTip(
            _tr("{n} variants in turns, one step each; the warm-up is shared").format(n=len(labels))
            if labels
            else ""
        )

    def _fit_height(self) -> None:
        """Exactly its rows: the charts below keep the rest of the height."""
        height = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
        for row in range(self.table.rowCount()):
            height += self.table.rowHeight(row)
        self.table.setFixedHeight(height)

    def clear_experiment(self) -> None:
        self.show_experiment([])

    def add_record(self, index: int, record: dict) -> None:
        """One record of variant `index`: its row follows."""
        if not 0 <= index < len(self.labels):
            return
        kind = record.get("kind")
        if kind == "step":
            self._set(index, STEP, str(record.get("step", "")))
            reward = record.get("reward/mean")
            if isinstance(reward, int | float):
                self._set(index, REWARD, f"{reward:.3f}")
            speed = record.get("perf/steps_per_s")
            if isinstance(speed, int | float):
                last = self._speeds.get(index)
                speed = (
                    speed
                    if last is None
                    else SPEED_SMOOTHING * last + (1 - SPEED_SMOOTHING) * speed
                )
                self._speeds[index] = float(speed)
                self._set(index, SPEED, f"{speed:.1f}")
        elif kind == "eval" and record.get("metric"):
            key = f"eval/{record['metric']}"
            value = record.get(key)
            if isinstance(value, int | float):
                metric = find(key)
                share = metric is not None and metric.unit == "%"
                self._set(index, HELD_OUT, f"{100 * value:.0f}%" if share else f"{value:.3f}")
                name = translated(metric.label) if metric is not None else str(record["metric"])
                header = _tr("Held-out {metric}").format(metric=name)
                item = self.table.horizontalHeaderItem(HELD_OUT)
                if item is not None and item.text() != header:
                    item.setText(header)

    def _set(self, row: int, column: int, text: str) -> None:
        item = self.table.item(row, column)
        if item is not None and item.text() != text:
            item.setText(text)

    def row_texts(self, row: int) -> list[str]:
        """A row's cells as shown (the tests read the table through it)."""
        return [
            html.unescape(item.text()) if (item := self.table.item(row, c)) is not None else ""
            for c in range(self.table.columnCount())
        ]
