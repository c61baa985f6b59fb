"""The log panel: the trainer's log records, stage changes, checkpoints and errors, newest last.

Each line is stamped with the time its record was made (the record's wall-clock field), so
an opened run shows when things happened; a record without one (a run from before records
had it) shows no time rather than a wrong one, and the window's own messages show now. An
error's traceback never fills the panel: its line says the error in one line, and the
traceback is kept as its details (right-click: Copy error details). During a side-by-side
run each line of the run's records names the variant it follows ("[G=2] [step 240] ..."):
the note that says so at the start scrolls away.
"""

from __future__ import annotations

import html
import time
from typing import Self

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QPlainTextEdit

from studio.app.i18n.messages import translate_message
from studio.app.views.charts.words import curve_label
from studio.app.views.view import BottomDock, View, ViewContext, view_title
from studio.core.training.reporting.records import WALL_TIME

LEVEL_COLOURS = {"info": "#333333", "warning": "#B06000", "error": "#C00000"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("LogPanel", text)


def _ended() -> dict[str, str]:
    """A `done` record's reasons (studio.core.training.reporting.records), in words."""
    return {
        "finished": _tr("finished"),
        "stopped": _tr("stopped"),
        "step limit": _tr("step limit"),
        "error": _tr("error"),
        "interrupted": _tr("interrupted"),
    }


def format_record(record: dict) -> tuple[str, str] | None:
    """(level, text) for records the log shows; None for step records (the charts show them)."""
    kind, step = record.get("kind"), record.get("step", "")
    if kind == "log":
        message = translate_message(record.get("message", ""))
        if step == "":  # an error before the run had a step (the front door's record)
            return record.get("level", "info"), message
        return record.get("level", "info"), _tr("[step {step}] {message}").format(
            step=step, message=message
        )
    if kind == "stage":
        reason = f" ({translate_message(record['reason'])})" if record.get("reason") else ""
        words = {
            "warmup": _tr("warm-up"),
            "grpo": _tr("GRPO"),
            "start": _tr("start"),
            "end": _tr("end"),
        }
        stage, event = str(record.get("stage")), str(record.get("event"))
        return "info", _tr("[step {step}] stage {stage} {event}{reason}").format(
            step=step,
            stage=words.get(stage, stage),
            event=words.get(event, event),
            reason=reason,
        )
    if kind == "checkpoint":
        return "info", _tr("[step {step}] checkpoint saved: {path}").format(
            step=step, path=record.get("path", "")
        )
    if kind == "done":
        reason = str(record.get("reason", ""))
        level = "error" if reason == "error" else "info"
        return level, _tr("[step {step}] run ended: {reason}").format(
            step=step, reason=_ended().get(reason, reason)
        )
    if kind == "eval":  # each metric by its catalogue name, as the charts' legends say it
        metrics = ", ".join(
            f"{curve_label(k)} {v:.4g}" for k, v in record.items() if k.startswith("eval/")
        )
        return "info", _tr("[step {step}] eval: {metrics}").format(step=step, metrics=metrics)
    return None


def clock(at: float, now: float | None = None) -> str:
    """A line's time stamp: the time of day, with the date when it is not today."""
    moment = time.localtime(at)
    today = time.localtime(time.time() if now is None else now)
    if moment[:3] == today[:3]:
        return time.strftime("%H:%M:%S", moment)
    return time.strftime("%Y-%m-%d %H:%M:%S", moment)


class LogPanel(View, QPlainTextEdit):
    """The window's log: the run's log, stage, checkpoint, eval and done records, and the
    window's own messages (`add`)."""

    PLACE = BottomDock("log", view_title("Log"), view_title("Log panel"))
    RECORDS = frozenset({"log", "stage", "checkpoint", "eval", "done"})
    MAX_LINES = 5000
    MAX_DETAILS = 20  # errors whose tracebacks are kept

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        panel = cls()
        context.session.experiment_started.connect(panel.show_variants)
        return panel

    def __init__(self) -> None:
        super().__init__()
        self.setReadOnly(True)
        self.setMaximumBlockCount(self.MAX_LINES)
        self.setPlaceholderText(self.tr("Messages from the trainer appear here."))
        self.lines: list[tuple[str, str]] = []  # (level, text), for tests and copying
        self.details: list[str] = []  # the tracebacks of errors shown, newest last
        self._following = True  # keep the newest line in sight until the reader scrolls up
        self.variant = ""  # the side-by-side variant whose records the log shows
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self.verticalScrollBar().rangeChanged.connect(self._on_range)

    def add_record(self, record: dict) -> None:
        entry = format_record(record)
        if entry is None:
            return
        level, text = entry
        if self.variant:
            text = _tr("[{variant}] {line}").format(variant=self.variant, line=text)
        at = record.get(WALL_TIME)
        stamp = clock(at) if isinstance(at, int | float) else ""
        self._append(level, text, stamp, str(record.get("details") or ""))

    def show_variants(self, labels: list[str]) -> None:
        """A side-by-side run started: its records here are the first variant's."""
        self.variant = labels[0] if labels else ""

    def clear_run(self) -> None:
        self.variant = ""  # the lines stay: the log keeps the runs before

    def add(self, level: str, text: str) -> None:
        """A message of the window itself, stamped now."""
        self._append(level, text, clock(time.time()), "")

    def _append(self, level: str, text: str, stamp: str, details: str) -> None:
        self.lines.append((level, text))
        del self.lines[: -self.MAX_LINES]
        if details:
            self.details = [*self.details, details][-self.MAX_DETAILS :]
            text += " " + self.tr("(details: right-click, Copy error details)")
        colour = LEVEL_COLOURS.get(level, "#333333")
        body = html.escape(text).replace("\n", "<br>").replace("  ", "&nbsp; ")
        prefix = f"{stamp} " if stamp else ""
        self.appendHtml(f'<span style="color:{colour}">{prefix}{body}</span>')

    def _on_scrolled(self, value: int) -> None:
        self._following = value >= self.verticalScrollBar().maximum()

    def _on_range(self, _minimum: int, maximum: int) -> None:
        # The document is laid out lazily, so the range grows after the append that made
        # it grow (and with a resize): Qt's own following lost the end on a burst of lines.
        if self._following:
            self.verticalScrollBar().setValue(maximum)

    def copy_details(self) -> None:
        """Put the newest error's traceback on the clipboard (for a bug report)."""
        if self.details:
            QGuiApplication.clipboard().setText(self.details[-1])

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.createStandardContextMenu()
        if self.details:
            menu.addSeparator()
            menu.addAction(self.tr("Copy error details"), self.copy_details)
        menu.exec(event.globalPos())
        menu.deleteLater()
