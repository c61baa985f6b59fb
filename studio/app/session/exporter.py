"""The window's one Export button: export the current run's latest checkpoint to ONNX.

`export_run` (studio.core.export) converts, verifies against PyTorch and only then
writes; it takes a few seconds, so it runs on Qt's thread pool (background.py) while the
window stays live, and it reads the checkpoint file, not the trainer, so a run keeps
training (or stays paused) meanwhile. Its progress(message, fraction) callbacks arrive on
the pool thread: they only emit `progress_made`, which Qt queues to this GUI-thread
object. The result is a dialog with the export's summary and an "Open folder" button
(the status bar only says where); errors take the studio's one route, dialogs.show_error
with the message. The window logs both (`exported`, `export_failed`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMainWindow,
    QProgressBar,
    QToolButton,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message

EXPORT_KEYS = "Ctrl+E"


class Exporter(QObject):
    """Export on request; `exported(ExportResult)` or `export_failed(message)` when done.

    run_dir_provider() gives the run folder to export (None when there is none yet).
    `widget` (an Export button and a progress bar) goes in the window's toolbar; `action`
    (EXPORT_KEYS) is what the button triggers, and the window's Run menu lists it too.
    """

    started = Signal(str)  # the run folder
    # the core's message (its id kept), fraction 0..1 (emitted on the pool thread)
    progress_made = Signal(object, float)
    exported = Signal(object)  # ExportResult
    export_failed = Signal(object)  # the message: a core Message keeps its id

    def __init__(self, run_dir_provider: Callable[[], str | None], parent: QWidget) -> None:
        super().__init__(parent)
        self._run_dir = run_dir_provider
        self._parent = parent
        self.busy = False
        self.last_result: Any = None
        self.last_message = ""

        self.action = QAction(self.tr("Export ONNX"), parent)
        self.action.setShortcut(QKeySequence(EXPORT_KEYS))
        self.action.setToolTip(
            self.tr(
                "Export the run's latest checkpoint to ONNX, check it against PyTorch, and "
                "say where the files are (training continues meanwhile) ({keys})"
            ).format(keys=EXPORT_KEYS)
        )
        self.action.triggered.connect(self._on_triggered)
        self.button = QToolButton()
        self.button.setDefaultAction(self.action)  # one action: button, menu and shortcut
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setMaximumWidth(140)
        self.bar.setVisible(False)
        self.widget = QWidget()
        layout = QHBoxLayout(self.widget)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.button)
        layout.addWidget(self.bar)
        self.progress_made.connect(self._on_progress)

    @Slot()
    def _on_triggered(self) -> None:
        self.export()

    def export(self, run_dir: str | None = None) -> bool:
        """Start exporting `run_dir` (default: the current run); False if it cannot start."""
        if self.busy:
            return False
        run_dir = run_dir or self._run_dir()
        if not run_dir:
            message = self.tr("No run to export yet: start a run, or open one in the Runs list.")
            self.last_message = message
            dialogs.show_info(self._parent, self.tr("Nothing to export yet"), message)
            return False
        self.busy = True
        self.action.setEnabled(False)
        self.bar.setValue(0)
        self.bar.setVisible(True)
        self._status(self.tr("Exporting {run} …").format(run=run_dir))
        self.started.emit(run_dir)
        folder = Path(run_dir)

        def job() -> Any:
            from studio.core.export.pipeline import export_run

            return export_run(folder, progress=self._report)

        run_in_background(job, self._on_done, self._on_error)
        return True

    def _report(self, message: str, fraction: float) -> None:
        # pool thread: emit only; the slot runs on the GUI thread
        self.progress_made.emit(message, float(fraction))

    @Slot(object, float)
    def _on_progress(self, said: str, fraction: float) -> None:
        message = translate_message(said)
        if self.busy:
            self.bar.setValue(round(100 * max(0.0, min(1.0, fraction))))
            self.bar.setFormat(f"{message} %p%")
            self.bar.setToolTip(message)
            self._status(self.tr("Export: {step}").format(step=message))

    def _finish(self) -> None:
        self.busy = False
        self.action.setEnabled(True)
        self.bar.setVisible(False)

    def _on_done(self, result: Any) -> None:
        self._finish()
        self.last_result = result
        self.last_message = result.summary
        self._status(self.tr("Exported to {folder}").format(folder=result.folder))
        self.exported.emit(result)
        summary = translate_message(result.summary)
        dialogs.show_files(self._parent, self.tr("Export done"), summary, result.folder)

    def _on_error(self, message: str, details: str) -> None:
        del details  # the message is written for users; the trace adds nothing for them
        self._finish()
        self._fail(message)

    def _fail(self, message: str) -> None:
        self.last_message = message
        self._status(self.tr("Export failed (see the log)"))
        self.export_failed.emit(message)
        dialogs.show_error(self._parent, self.tr("Export failed"), message)

    def _status(self, text: str) -> None:
        window = self._parent.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text)
