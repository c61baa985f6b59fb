"""The runs list: past runs under the save folder (and recently used ones elsewhere).

A run can be opened (its charts redrawn from metrics.jsonl), resumed from its last
checkpoint, or overlaid on the charts of the run on screen to compare two curves. A run
that a live process is training (its folder's lock, studio.core.runs.lock) is marked as
such, and Continue refuses it with a dialog naming that process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.core.runs.folder import list_runs
from studio.core.runs.lock import Holder, lock_holder
from studio.core.runs.metrics_file import read_metrics


def _tr(text: str) -> str:
    return QCoreApplication.translate("RunsPanel", text)


def run_summary(run_dir: Path) -> str:
    """'step 120 of 400 · stopped · eval accuracy 0.81' from a run's metrics."""
    records = read_metrics(run_dir)
    steps = [r for r in records if r.get("kind") == "step"]
    done = [r for r in records if r.get("kind") == "done"]
    evals = [r for r in records if r.get("kind") == "eval"]
    parts = []
    if steps:
        parts.append(
            _tr("step {step} of {total}").format(
                step=steps[-1].get("step"), total=steps[-1].get("total_steps", "?")
            )
        )
    else:
        parts.append(_tr("no steps yet"))
    parts.append(done[-1].get("reason", "") if done else _tr("unfinished (resumable)"))
    if evals:
        metric = evals[-1].get("metric", "")
        value = evals[-1].get(f"eval/{metric}")
        if isinstance(value, int | float):
            parts.append(_tr("eval {metric} {value:.3g}").format(metric=metric, value=value))
    return " · ".join(parts)


class RunsPanel(QWidget):
    open_requested = Signal(str)
    resume_requested = Signal(str)
    overlay_requested = Signal(str)
    overlay_cleared = Signal()

    def __init__(self, save_dir: Callable[[], Path | None] = lambda: None) -> None:
        super().__init__()
        self._save_dir = save_dir
        self.recent: list[str] = []  # run folders used lately, wherever they are
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._on_select)
        self.list.itemDoubleClicked.connect(lambda _: self._request(self.open_requested))
        self.info = QLabel("")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QGridLayout()
        specs = (  # key, label, tooltip, action
            ("open", self.tr("Open"), self.tr("Show this run's charts"), self.open_requested),
            (
                "continue",
                self.tr("Continue training"),
                self.tr("Train on from its last checkpoint (a run stopped before its end)"),
                None,  # _continue: not a run another process trains
            ),
            (
                "overlay",
                self.tr("Overlay"),
                self.tr("Draw its curves dashed over the charts on screen"),
                self.overlay_requested,
            ),
            ("clear", self.tr("Clear overlay"), self.tr("Remove the dashed curves"), None),
            ("refresh", self.tr("Refresh"), self.tr("Look for runs again"), None),
        )
        self.buttons: dict[str, QPushButton] = {}
        for i, (key, text, tip, signal) in enumerate(specs):
            button = QPushButton(text)
            button.setToolTip(tip)
            if signal is not None:
                button.clicked.connect(lambda _=False, s=signal: self._request(s))
            buttons.addWidget(button, i // 3, i % 3)
            self.buttons[key] = button
        self.buttons["continue"].clicked.connect(self._continue)
        self.buttons["clear"].clicked.connect(self.overlay_cleared.emit)
        self.buttons["refresh"].clicked.connect(self.refresh)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.info)
        layout.addLayout(buttons)

    def refresh(self) -> None:
        current = self.selected()
        self.list.clear()
        runs = [str(p) for p in list_runs(self._save_dir())]
        runs += [r for r in self.recent if r not in runs and (Path(r) / "config.yaml").is_file()]
        for run in runs:
            p = Path(run)
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            holder = lock_holder(p)
            if holder is not None:
                stamp += " · " + self._training_where(holder)
            item = QListWidgetItem(f"{p.name}\n    {stamp}")  # two lines: a narrow dock cuts
            item.setData(Qt.ItemDataRole.UserRole, run)
            item.setToolTip(run)
            self.list.addItem(item)
            if run == current:
                self.list.setCurrentItem(item)

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select(self, run_dir: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == run_dir:
                self.list.setCurrentRow(i)

    def add_recent(self, run_dir: str, keep: int = 10) -> None:
        self.recent = [run_dir, *[r for r in self.recent if r != run_dir][: keep - 1]]

    def _on_select(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            self.info.setText("")
            return
        run = Path(item.data(Qt.ItemDataRole.UserRole))
        text = f"{run}\n{run_summary(run)}"
        holder = lock_holder(run)
        if holder is not None:
            text += "\n" + self.tr("Training now: {who}").format(who=holder.describe())
        self.info.setText(text)

    def _training_where(self, holder: Holder) -> str:
        return self.tr("training here") if holder.is_me() else self.tr("training elsewhere")

    def _request(self, signal: SignalInstance) -> None:
        run = self.selected()
        if run:
            signal.emit(run)

    def _continue(self) -> None:
        """Continue the selected run, unless another process is training it."""
        run = self.selected()
        if not run:
            return
        holder = lock_holder(Path(run))
        if holder is not None and not holder.is_me():
            dialogs.show_error(
                self,
                self.tr("This run is training elsewhere"),
                self.tr(
                    "{run} is being trained by {who}. It can be continued here once that "
                    "run has ended."
                ).format(run=Path(run).name, who=holder.describe()),
            )
            return
        self.resume_requested.emit(run)
