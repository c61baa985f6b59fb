"""Run controls: Start, Pause/Resume, Step, Stop, Reset (with shortcuts), progress, steps/s
and ETA.

Shortcuts follow debuggers: F5 start, Shift+F5 stop, Ctrl+Shift+F5 restart (Reset: step 0
again, same settings and seed), F6 pause/resume, F10 one step. Step works before Start
too (the run starts paused and takes its first step); while a step asked is under way
the bar says so, and "paused" once it is done.

The toolbar reads every record of the run (`show_record`): until the first one it says
the run is preparing; steps move the bar, and the rate and ETA come from eta.Eta (the
pace of the current stage, smoothed, the CLI's estimator too); when the run is done it
says how it ended and why (a stage that stopped early names its rule), with no ETA.

The toolbar keeps every control on a 1024-pixel screen and at a 1.5 scale factor: the
progress bar, the status line and the widgets the window adds after them
(`add_trailing`: the Export button, the memory gauge) share one box that gives way
(toolbar_status.py) instead of being hidden behind QToolBar's extension button.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar, QWidget

from studio.app.common.elided_label import ElidedLabel
from studio.app.i18n.messages import translate_message
from studio.app.shell.toolbar_status import FittedProgress, StatusBox
from studio.core.training.reporting.eta import Eta, format_duration

FULL_RUN = "all steps done"  # a stage-end reason that is not an early stop
PROGRESS_MIN_PX, PROGRESS_MAX_PX = 100, 220
TOOLBAR_SLACK_PX = 12  # the toolbar's frame and item margins, beyond its items' widths


class ControlBar(QToolBar):
    start_requested = Signal()
    pause_requested = Signal()
    resume_requested = Signal()
    step_requested = Signal()
    stop_requested = Signal()
    restart_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Run controls"), parent)
        self.setObjectName("run-controls")  # saveState needs a name
        self.setMovable(False)
        self.start_action = self._action(
            self.tr("Start"), "F5", self.tr("Start training with these settings")
        )
        self.pause_action = self._action(
            self.tr("Pause"), "F6", self.tr("Pause after the current step")
        )
        self.step_action = self._action(
            self.tr("Step"),
            "F10",
            self.tr("Run one step, then pause (before Start: start paused, take the first step)"),
        )
        self.stop_action = self._action(
            self.tr("Stop"), "Shift+F5", self.tr("Stop (a checkpoint is written)")
        )
        self.restart_action = self._action(
            self.tr("Reset"),
            "Ctrl+Shift+F5",
            self.tr("Start again from step 0 with the same settings and seed"),
        )
        self.start_action.triggered.connect(self.start_requested)
        self.pause_action.triggered.connect(self._on_pause)
        self.step_action.triggered.connect(self.step_requested)
        self.stop_action.triggered.connect(self.stop_requested)
        self.restart_action.triggered.connect(self.restart_requested)
        self.addSeparator()
        self.progress = FittedProgress(PROGRESS_MIN_PX, PROGRESS_MAX_PX)
        self.rate = ElidedLabel("")
        self.rate.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.status_box = StatusBox(self.progress, self.rate)
        self.addWidget(self.status_box)
        self.eta = Eta()
        self.early_end = ""  # why a stage ended before its steps, for the final words
        self.ended = False  # the run's done record came
        self.started = False  # a record of this run came (it is past preparing)
        self.starting = ""  # the stage that started last, in words
        self.state = "idle"
        self.reset()
        self.set_state("idle")

    def _action(self, text: str, keys: str, tip: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(f"{tip} ({keys})")
        self.addAction(action)
        return action

    def minimumSizeHint(self) -> QSize:  # Qt's name
        """As wide as its buttons and the status box's least: the window never gets
        narrower than that (its tabs and docks scroll instead), so no control goes behind
        QToolBar's extension button, where the status box cannot follow."""
        hint = super().minimumSizeHint()
        widths = [
            w.minimumSizeHint().width() if w is self.status_box else w.sizeHint().width()
            for w in (self.widgetForAction(a) for a in self.actions())
            if w is not None
        ]
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 0
        margins = self.contentsMargins()
        least = sum(widths) + spacing * len(widths) + margins.left() + margins.right()
        return QSize(max(hint.width(), least + TOOLBAR_SLACK_PX), hint.height())

    def add_trailing(self, widget: QWidget) -> None:
        """Put `widget` after the status line, at the toolbar's right end (the status
        line gives way to it; see toolbar_status.py)."""
        self.status_box.add_trailing(widget)

    def _on_pause(self) -> None:
        if self.state in ("paused", "stepping"):
            self.resume_requested.emit()
        else:
            self.pause_requested.emit()

    def set_state(self, state: str) -> None:
        """idle | running | paused | stepping | stopping: which buttons make sense now.

        stepping: one step asked (Step), under way; the run pauses after it."""
        if self.state == "idle" and state in ("running", "stepping"):  # a run begins
            self.started = self.ended = False
        was_stopping, self.state = self.state == "stopping", state
        active = state in ("running", "paused", "stepping")
        self.start_action.setEnabled(state == "idle")
        self.pause_action.setEnabled(active)
        held = state in ("paused", "stepping")
        self.pause_action.setText(self.tr("Resume") if held else self.tr("Pause"))
        self.step_action.setEnabled(state in ("idle", "running", "paused"))
        self.stop_action.setEnabled(active)
        # Reset: a run of this window to start again (an idle bar that never ran has none)
        self.restart_action.setEnabled(state != "stopping" and (active or self.started))
        self._say_state(was_stopping)

    def _say_state(self, was_stopping: bool) -> None:
        """The words beside the bar for the state just set."""
        state = self.state
        if state == "stopping" and not self.ended:
            self.rate.setText(self.tr("stopping — writing a checkpoint…"))
        elif state == "idle" and was_stopping and not self.ended:
            # its last records were dropped (a run released by `wait`): it has stopped
            self.progress.setFormat(self.tr("stopped at step %v of %m"))
            self.rate.setText("")
        elif state == "paused":
            self._say_paused()
        elif state == "stepping" and not self.started:
            self.progress.setFormat(self.tr("preparing…"))
            self.rate.setText(self.tr("preparing, then taking one step…"))
        elif state == "stepping":
            self.rate.setText(self.tr("taking one step…"))
        elif state == "running" and not self.started:
            self.progress.setFormat(self.tr("preparing…"))
            self.rate.setText(self.tr("preparing (loading data, building the model)…"))
        elif state == "running" and self.eta.steps_per_s:
            self._show_rate()
        elif state == "running":  # resumed before a step of this stage was timed
            stage = self.starting or self.tr("training")
            self.rate.setText(self.tr("starting {stage}…").format(stage=stage))

    def _say_paused(self) -> None:
        """Paused: before the run has prepared, before its first step, or at a step. The
        line stays one short word (a longer one pushes the memory gauge off a 1024-px bar);
        its tooltip says where the run waits."""
        self.rate.setText(self.tr("paused"))
        if not self.started:  # the trainer prepares on, then waits before its first step
            self.rate.setToolTip(self.tr("paused: preparing, then waiting before the first step"))
        elif not self.eta.step:
            self.rate.setToolTip(self.tr("paused before its first step"))

    def show_record(self, record: dict) -> None:
        """Every record of the run, in order (the window's records slot calls this)."""
        if not self.started and self.state == "stepping":
            self.rate.setText(self.tr("taking one step…"))  # prepared
        self.started = True
        kind = record.get("kind")
        if kind == "step":
            self.show_step(record)
        elif kind == "stage" and record.get("event") == "start":
            self._stage_started(record)
        elif kind == "stage" and record.get("event") == "end":
            if record.get("reason", FULL_RUN) != FULL_RUN:
                self.early_end = self.tr("{stage} ended early: {reason}").format(
                    stage=self._stage(record),
                    reason=translate_message(record.get("reason", "")),
                )
        elif kind == "done":
            self.show_done(record)

    def _stage_started(self, record: dict) -> None:
        """A stage starts: the bar ends where the plan now ends (an earlier stage that
        stopped early ran fewer steps), and the words say what comes."""
        self.starting = self._stage(record)
        self.eta.add(record)
        if self.eta.planned_end:
            self._show_progress()
        else:  # a run recorded before stage records said their steps: known at a step
            self.progress.setFormat(self.tr("not started"))
        if self.state == "paused":
            self._say_paused()
        elif self.state == "running" and not self.eta.step:
            self.rate.setText(self.tr("starting {stage}…").format(stage=self.starting))

    def show_step(self, record: dict) -> None:
        self.eta.add(record)
        self._show_progress()
        if self.state == "running":
            self._show_rate()
        elif self.state == "paused":  # the pause was heard before this step's record
            self._say_paused()

    def _show_progress(self) -> None:
        step, total = self.eta.step, self.eta.planned_end
        self.progress.setFormat(self.tr("%v / %m steps"))
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(step, max(total, 1)))

    def _show_rate(self) -> None:
        eta = format_duration(self.eta.seconds_left())
        self.rate.setText(
            self.tr("{rate:.2f} steps/s · ETA {eta}").format(rate=self.eta.steps_per_s, eta=eta)
        )

    def show_done(self, record: dict) -> None:
        """The run ended: say how and why, in the bar and beside it; no ETA any more."""
        self.ended = True
        reason, step = record.get("reason", ""), int(record.get("step", self.eta.step))
        if reason == "finished":
            # every stage is done, early or not: the bar is full at the step it ended
            self.progress.setRange(0, max(step, 1))
            self.progress.setValue(max(step, 1))
            self.progress.setFormat(self.tr("finished at step %v"))
            self.rate.setText(self.early_end or self.tr("finished: every stage ran all its steps"))
            return
        self.progress.setValue(min(step, self.progress.maximum()))
        words = {
            "stopped": self.tr("stopped at step %v of %m"),
            "step limit": self.tr("step limit: stopped at step %v of %m"),
            "error": self.tr("failed at step %v of %m"),
        }
        self.progress.setFormat(words.get(reason, self.tr("ended at step %v of %m")))
        saved = self.tr("a checkpoint was written") if reason != "error" else ""
        self.rate.setText("; ".join(part for part in (saved, self.early_end) if part))

    def _stage(self, record: dict) -> str:
        names = {"warmup": self.tr("warm-up"), "grpo": self.tr("GRPO")}
        stage = str(record.get("stage", ""))
        return names.get(stage, stage)

    def follow_turns(self) -> None:
        """An experiment began: its variants take steps in turns, so the pace is the wall
        time between one variant's steps (a round), not one step's own time."""
        self.eta.by_wall = True

    def reset(self) -> None:
        """Ready for a new run (or a past run opened): empty bar, nothing said."""
        self.eta = Eta()
        self.early_end, self.ended, self.started = "", False, False
        # the step count is unknown until the run's first record ("0 / 1 steps" misled)
        self.progress.setFormat(self.tr("not started"))
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.rate.setText("")
