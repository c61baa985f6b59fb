"""The data panel: built-in demo data or the user's file/folder, previewed and validated inline.

"Check data" builds the task with the chosen data (off the GUI thread: loading and
tokenizer training take seconds) and shows the loader's report (`Task.report()`: what
was kept, what was skipped and why), the first lines of the file, and a few examples as
the task reads them. A file the task cannot use shows the loader's DataError message,
which names the problem and the fix, in place of the preview.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from studio.app import dialogs
from studio.app.background import run_in_background

HEAD_LINES = 8
EXAMPLES = 5


def file_head(path: str | Path, lines: int = HEAD_LINES) -> str:
    """The first lines of a file, or the first entries of a folder (with file counts)."""
    p = Path(path)
    if p.is_dir():
        entries = sorted(p.iterdir())
        shown = []
        for e in entries[:lines]:
            if e.is_dir():
                count = sum(1 for f in e.iterdir() if f.is_file())
                shown.append(f"{e.name}/  ({count} files)")
            else:
                shown.append(e.name)
        more = f"\n… {len(entries) - lines} more" if len(entries) > lines else ""
        return "\n".join(shown) + more
    if not p.is_file():
        return ""
    with p.open(encoding="utf-8", errors="replace") as f:
        head = [line.rstrip("\n") for _, line in zip(range(lines), f)]
    return "\n".join(head)


def describe_example(example: Any) -> str:
    """One line: the prompt as the samples panel shows it, then the reference."""
    prompt = example.display or example.prompt
    if not isinstance(prompt, str):
        shape = tuple(getattr(prompt, "shape", ()))
        prompt = f"<{type(prompt).__name__} {shape}>" if shape else repr(prompt)
    ref = example.reference
    ref_text = "" if ref is None else f"  →  {ref}"
    return f"{prompt}{ref_text}  (level {example.difficulty})"


def inspect_data(cfg: Any) -> dict[str, Any]:
    """Build the task for `cfg` and describe its data. Slow; raises the task's errors."""
    from studio.core.tasks import build_task

    task = build_task(cfg)
    rng = random.Random(0)
    examples = task.sample(EXAMPLES, rng, task.num_levels - 1)
    return {
        "report": task.report() or "Loaded.",
        "examples": [describe_example(e) for e in examples],
        "head": file_head(cfg.data.path) if cfg.data.path else "",
    }


class DataPanel(QWidget):
    """Pick the data; `path_changed(path or None)` tells the settings form."""

    path_changed = Signal(object)
    checked = Signal()  # a check finished (report or error shown)

    def __init__(self, inspect: Callable[[Any], dict] = inspect_data) -> None:
        super().__init__()
        self._inspect = inspect
        self.config_provider: Callable[[], Any] | None = None
        self.demo = QRadioButton("Built-in demo data")
        self.own = QRadioButton("My file or folder:")
        group = QButtonGroup(self)
        group.addButton(self.demo)
        group.addButton(self.own)
        self.demo.setChecked(True)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("a file (TSV, CSV, JSONL, text) or a folder")
        browse_file = QPushButton("File…")
        browse_folder = QPushButton("Folder…")
        self.check_button = QPushButton("Check data")
        self.check_button.setToolTip("Load the data as training would and show what was kept")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(self.status.textInteractionFlags())
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.preview.setPlaceholderText("Press 'Check data' to preview the data.")

        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse_file)
        row.addWidget(browse_folder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.demo)
        layout.addWidget(self.own)
        layout.addLayout(row)
        layout.addWidget(self.check_button)
        layout.addWidget(self.status)
        layout.addWidget(self.preview, 1)

        browse_file.clicked.connect(self._browse_file)
        browse_folder.clicked.connect(self._browse_folder)
        self.check_button.clicked.connect(self.check)
        self.demo.toggled.connect(self._emit_path)
        self.path_edit.editingFinished.connect(self._emit_path)
        self.error: str | None = None
        self.report: str = ""

    # ---- choosing

    def path(self) -> str | None:
        text = self.path_edit.text().strip()
        return text if self.own.isChecked() and text else None

    def set_path(self, path: str | None) -> None:
        self.path_edit.setText(path or "")
        (self.own if path else self.demo).setChecked(True)

    def _emit_path(self) -> None:
        self.path_changed.emit(self.path())

    def _browse_file(self) -> None:
        path = dialogs.open_file(self, "Choose a data file")
        if path:
            self.set_path(path)
            self._emit_path()

    def _browse_folder(self) -> None:
        path = dialogs.open_folder(self, "Choose a data folder")
        if path:
            self.set_path(path)
            self._emit_path()

    # ---- checking

    def check(self) -> None:
        if self.config_provider is None:
            return
        try:
            cfg = copy.deepcopy(self.config_provider())
        except ValueError as err:  # a bad value elsewhere in the form
            self._show_error(str(err))
            return
        cfg.data.path = self.path()
        self.check_button.setEnabled(False)
        self.status.setText("Loading the data…")
        self.status.setStyleSheet("color: #555;")
        run_in_background(lambda: self._inspect(cfg), self._show_result, self._on_error)

    def _show_result(self, result: dict) -> None:
        if not shiboken6.isValid(self):
            return
        self.error, self.report = None, result["report"]
        self.check_button.setEnabled(True)
        self.status.setText(f"✔ {result['report']}")
        self.status.setStyleSheet("color: #006B4F;")
        parts = []
        if result.get("head"):
            parts.append("First lines of the file:\n" + result["head"])
        parts.append("Examples as the task reads them:\n" + "\n".join(result["examples"]))
        self.preview.setPlainText("\n\n".join(parts))
        self.checked.emit()

    def _on_error(self, message: str, details: str) -> None:
        if shiboken6.isValid(self):
            self._show_error(message)

    def _show_error(self, message: str) -> None:
        self.error, self.report = message, ""
        self.check_button.setEnabled(True)
        self.status.setText(f"✘ {message}")
        self.status.setStyleSheet("color: #C00000;")
        path = self.path()
        head = file_head(path) if path else ""
        self.preview.setPlainText("First lines of the file:\n" + head if head else "")
        self.checked.emit()
