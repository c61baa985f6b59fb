"""The log panel: the trainer's log records, stage changes, checkpoints and errors, newest last."""

from __future__ import annotations

import html
import time

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QPlainTextEdit

from studio.app.i18n.messages import translate_message

LEVEL_COLOURS = {"info": "#333333", "warning": "#B06000", "error": "#C00000"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("LogPanel", text)


def format_record(record: dict) -> tuple[str, str] | None:
    """(level, text) for records the log shows; None for step records (the charts show them)."""
    kind, step = record.get("kind"), record.get("step", "")
    if kind == "log":
        message = translate_message(str(record.get("message", "")))
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
        level = "error" if record.get("reason") == "error" else "info"
        return level, _tr("[step {step}] run ended: {reason}").format(
            step=step, reason=record.get("reason", "")
        )
    if kind == "eval":
        metrics = ", ".join(f"{k[5:]} {v:.4g}" for k, v in record.items() if k.startswith("eval/"))
        return "info", _tr("[step {step}] eval: {metrics}").format(step=step, metrics=metrics)
    return None


class LogPanel(QPlainTextEdit):
    MAX_LINES = 5000

    def __init__(self) -> None:
        super().__init__()
        self.setReadOnly(True)
        self.setMaximumBlockCount(self.MAX_LINES)
        self.setPlaceholderText(self.tr("Messages from the trainer appear here."))
        self.lines: list[tuple[str, str]] = []  # (level, text), for tests and copying

    def add_record(self, record: dict) -> None:
        entry = format_record(record)
        if entry is not None:
            self.add(*entry)

    def add(self, level: str, text: str) -> None:
        self.lines.append((level, text))
        del self.lines[: -self.MAX_LINES]
        stamp = time.strftime("%H:%M:%S")
        colour = LEVEL_COLOURS.get(level, "#333333")
        body = html.escape(text).replace("\n", "<br>").replace("  ", "&nbsp; ")
        self.appendHtml(f'<span style="color:{colour}">{stamp} {body}</span>')
