"""Run controls: Start, Pause/Resume, Step, Stop (with shortcuts), progress, steps/s and ETA.

Shortcuts follow debuggers: F5 start, Shift+F5 stop, F6 pause/resume, F10 one step.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QProgressBar, QToolBar, QWidget

from studio.app.charts.series import eta_seconds, format_duration


class ControlBar(QToolBar):
    start_requested = Signal()
    pause_requested = Signal()
    resume_requested = Signal()
    step_requested = Signal()
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Run controls", parent)
        self.setObjectName("run-controls")  # saveState needs a name
        self.setMovable(False)
        self.start_action = self._action("Start", "F5", "Start training with these settings")
        self.pause_action = self._action("Pause", "F6", "Pause after the current step")
        self.step_action = self._action("Step", "F10", "Run one step, then pause")
        self.stop_action = self._action("Stop", "Shift+F5", "Stop (a checkpoint is written)")
        self.start_action.triggered.connect(self.start_requested)
        self.pause_action.triggered.connect(self._on_pause)
        self.step_action.triggered.connect(self.step_requested)
        self.stop_action.triggered.connect(self.stop_requested)
        self.addSeparator()
        self.progress = QProgressBar()
        self.progress.setFixedWidth(220)
        self.progress.setFormat("%v / %m steps")
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.addWidget(self.progress)
        self.rate = QLabel("")
        self.rate.setMinimumWidth(190)
        self.addWidget(self.rate)
        self.state = "idle"
        self.set_state("idle")

    def _action(self, text: str, keys: str, tip: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(f"{tip} ({keys})")
        self.addAction(action)
        return action

    def _on_pause(self) -> None:
        if self.state == "paused":
            self.resume_requested.emit()
        else:
            self.pause_requested.emit()

    def set_state(self, state: str) -> None:
        """idle | running | paused | stopping: which buttons make sense now."""
        self.state = state
        active = state in ("running", "paused")
        self.start_action.setEnabled(state == "idle")
        self.pause_action.setEnabled(active)
        self.pause_action.setText("Resume" if state == "paused" else "Pause")
        self.step_action.setEnabled(active)
        self.stop_action.setEnabled(active)
        if state == "stopping":
            self.rate.setText("stopping — writing a checkpoint…")
        elif state == "paused":
            self.rate.setText("paused")

    def show_step(self, record: dict) -> None:
        step, total = int(record.get("step", 0)), int(record.get("total_steps", 0) or 0)
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(step, max(total, 1)))
        rate = float(record.get("perf/steps_per_s", 0.0) or 0.0)
        if self.state == "running":
            eta = format_duration(eta_seconds(step, total, rate))
            self.rate.setText(f"{rate:.2f} steps/s · ETA {eta}")

    def reset(self) -> None:
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.rate.setText("")
