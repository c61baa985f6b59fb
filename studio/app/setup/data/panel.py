"""The data panel: built-in demo data or the user's file/folder, previewed and validated inline.

"Check data" builds the task with the chosen data (off the GUI thread: loading and
tokenizer training take seconds) and shows the loader's report: what was kept, what
was skipped and why, which column became the source and which the target (with a
column picker and a Swap button), the split, the settings chosen to fit the data, and
the first pairs as the model will see them. A file the task cannot use shows the
loader's message, which names the problem and the fix, in place of the preview; a file
whose columns cannot be told apart shows the picker so the user can say.

The verdict belongs to the settings it was made with: changing the file, the preset,
the languages or the columns clears it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message
from studio.app.setup.data.column_picker import ColumnPicker
from studio.core.data.columns import ColumnsUnclear

HEAD_LINES = 8
EXAMPLES = 5


def _tr(text: str) -> str:
    return QCoreApplication.translate("DataPanel", text)


def file_head(path: str | Path, lines: int = HEAD_LINES) -> str:
    """The first lines of a file, or the first entries of a folder (with file counts)."""
    p = Path(path)
    if p.is_dir():
        entries = sorted(p.iterdir())
        shown = []
        for e in entries[:lines]:
            if e.is_dir():
                count = sum(1 for f in e.iterdir() if f.is_file())
                shown.append(_tr("{name}/  ({count} files)").format(name=e.name, count=count))
            else:
                shown.append(e.name)
        more = "\n" + _tr("… {n} more").format(n=len(entries) - lines)
        return "\n".join(shown) + (more if len(entries) > lines else "")
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
    level = _tr("level {n}").format(n=example.difficulty)
    return f"{prompt}{ref_text}  ({level})"


def inspect_data(cfg: Any) -> dict[str, Any]:
    """Build the task for `cfg` and describe its data. Slow; raises the task's errors,
    except columns the loader cannot tell apart: those come back for the picker."""
    from studio.core.tasks import build_task

    try:
        task = build_task(cfg)
    except ColumnsUnclear as err:
        return {"error": str(err), "profiles": err.profiles}
    loaded = task.load_report()
    if loaded is not None and loaded.first_pairs:
        examples = [f"{s}  →  {t}" for s, t in loaded.first_pairs]
    else:
        rng = random.Random(0)
        examples = [describe_example(e) for e in task.sample(EXAMPLES, rng, task.num_levels - 1)]
    return {
        "report": task.report() or _tr("Loaded."),
        "examples": examples,
        "head": file_head(cfg.data.path) if cfg.data.path else "",
        "loaded": loaded,
    }


def data_settings(cfg: Any) -> tuple:
    """What a check depends on: the data section and the task's languages and columns."""
    task = cfg.task
    return (
        repr(cfg.data),
        type(task).__name__,
        getattr(task, "source_lang", None),
        getattr(task, "target_lang", None),
        getattr(task, "source_column", None),
        getattr(task, "target_column", None),
    )


class DataPanel(QWidget):
    """Pick the data; `path_changed(path or None)` tells the settings form, and
    `setting_edited(path, value)` carries the picker's and Swap's settings to it."""

    path_changed = Signal(object)
    setting_edited = Signal(str, object)
    checked = Signal()  # a check finished (report or error shown)

    def __init__(self, inspect: Callable[[Any], dict] = inspect_data) -> None:
        super().__init__()
        self._inspect = inspect
        self.config_provider: Callable[[], Any] | None = None
        self.demo = QRadioButton(self.tr("Built-in demo data"))
        self.own = QRadioButton(self.tr("My file or folder:"))
        group = QButtonGroup(self)
        group.addButton(self.demo)
        group.addButton(self.own)
        self.demo.setChecked(True)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText(self.tr("a file (TSV, CSV, JSONL, text) or a folder"))
        browse_file = QPushButton(self.tr("File…"))
        browse_folder = QPushButton(self.tr("Folder…"))
        self.check_button = QPushButton(self.tr("Check data"))
        self.check_button.setToolTip(
            self.tr("Load the data as training would and show what was kept")
        )
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.columns = ColumnPicker()
        self.columns.setVisible(False)
        # more data from less: target-language sentences alone, back-translated
        self.back_translate = QCheckBox(self.tr("Back-translate sentences in the target language:"))
        self.back_translate.setToolTip(
            self.tr(
                "A reverse model turns them into synthetic pairs for the warm-up "
                "(task.back_translation)"
            )
        )
        self.mono_edit = QLineEdit()
        self.mono_edit.setPlaceholderText(self.tr("a text file, one sentence a line"))
        browse_mono = QPushButton(self.tr("File…"))
        self.mono_row = QWidget()
        mono = QHBoxLayout(self.mono_row)
        mono.setContentsMargins(0, 0, 0, 0)
        mono.addWidget(self.back_translate)
        mono.addWidget(self.mono_edit, 1)
        mono.addWidget(browse_mono)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.preview.setPlaceholderText(self.tr("Press 'Check data' to preview the data."))

        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse_file)
        row.addWidget(browse_folder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.demo)
        layout.addWidget(self.own)
        layout.addLayout(row)
        layout.addWidget(self.mono_row)
        layout.addWidget(self.check_button)
        layout.addWidget(self.status)
        layout.addWidget(self.columns)
        layout.addWidget(self.preview, 1)

        browse_file.clicked.connect(self._browse_file)
        browse_folder.clicked.connect(self._browse_folder)
        self.check_button.clicked.connect(self.check)
        self.demo.toggled.connect(self._emit_path)
        self.path_edit.editingFinished.connect(self._emit_path)
        self.columns.picked.connect(self._on_columns_picked)
        self.back_translate.toggled.connect(self._emit_back_translation)
        self.mono_edit.editingFinished.connect(self._emit_back_translation)
        browse_mono.clicked.connect(self._browse_monolingual)
        self.columns.swap_requested.connect(self.swap)
        self.error: str | None = None
        self.report: str = ""
        self.loaded: Any = None  # the LoadReport of the last check, when the task has one
        self._checked_with: tuple | None = None  # data_settings() of the verdict shown

    # ---- choosing

    def path(self) -> str | None:
        text = self.path_edit.text().strip()
        return text if self.own.isChecked() and text else None

    def set_path(self, path: str | None) -> None:
        """Show `path` (None: the demo data), set from outside (a preset, the settings
        form): the verdict spoke of what was there before, so it is cleared."""
        self.path_edit.setText(path or "")
        (self.own if path else self.demo).setChecked(True)
        self._follow_config()
        self.clear_verdict()

    def _emit_path(self) -> None:
        self.clear_verdict()
        self.path_changed.emit(self.path())

    def _browse_file(self) -> None:
        path = dialogs.open_file(self, self.tr("Choose a data file"))
        if path:
            self.set_path(path)
            self._emit_path()

    def _browse_folder(self) -> None:
        path = dialogs.open_folder(self, self.tr("Choose a data folder"))
        if path:
            self.set_path(path)
            self._emit_path()

    def _browse_monolingual(self) -> None:
        path = dialogs.open_file(self, self.tr("Choose a file of target-language sentences"))
        if path:
            self.mono_edit.setText(path)
            self.back_translate.setChecked(True)
            self._emit_back_translation()

    def _emit_back_translation(self) -> None:
        path = self.mono_edit.text().strip() or None
        self.setting_edited.emit("task.monolingual_path", path)
        self.setting_edited.emit("task.back_translation", self.back_translate.isChecked())
        self.clear_verdict()

    def _follow_config(self) -> None:
        """Show the back-translation switch and file of the config the window shows, and
        the row at all only for a task that has them."""
        cfg = self._current()
        task = getattr(cfg, "task", None)
        has = hasattr(task, "back_translation")
        self.mono_row.setVisible(has)
        if not has:
            return
        self.back_translate.blockSignals(True)
        self.back_translate.setChecked(bool(task.back_translation))
        self.back_translate.blockSignals(False)
        self.mono_edit.setText(task.monolingual_path or "")

    # ---- the verdict follows the settings

    def clear_verdict(self) -> None:
        """Forget the last check: it spoke of other data, languages or columns."""
        self.error, self.report, self.loaded, self._checked_with = None, "", None, None
        self.status.setText("")
        self.preview.setPlainText("")
        self.columns.setVisible(False)

    def settings_changed(self) -> None:
        """The settings form changed: clear the verdict if what it checked changed."""
        if self._checked_with is None or self.config_provider is None:
            return
        try:
            now = data_settings(self.config_provider())
        except ValueError:
            now = None
        if now != self._checked_with:
            self.clear_verdict()

    def _current(self) -> Any | None:
        try:
            return self.config_provider() if self.config_provider is not None else None
        except ValueError:
            return None

    def _on_columns_picked(self, source: int | None, target: int | None) -> None:
        self.setting_edited.emit("task.source_column", source)
        self.setting_edited.emit("task.target_column", target)
        self.check()

    def swap(self) -> None:
        """Translate the other way: exchange the languages, and the columns if set."""
        cfg = self._current()
        task = getattr(cfg, "task", None)
        if task is None or not hasattr(task, "source_lang"):
            return
        self.setting_edited.emit("task.source_lang", task.target_lang)
        self.setting_edited.emit("task.target_lang", task.source_lang)
        if task.source_column is not None and task.target_column is not None:
            self.setting_edited.emit("task.source_column", task.target_column)
            self.setting_edited.emit("task.target_column", task.source_column)
        self.check()

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
        self.status.setText(self.tr("Loading the data…"))
        self.status.setStyleSheet("color: #555;")
        key = data_settings(cfg)
        run_in_background(
            lambda: self._inspect(cfg),
            lambda result: self._show_result(result, key, cfg),
            self._on_error,
        )

    def _show_result(self, result: dict, key: tuple, cfg: Any) -> None:
        if not shiboken6.isValid(self):
            return
        self.check_button.setEnabled(True)
        now = self._current()
        if now is None or key != data_settings(self._with_path(now)):
            self.clear_verdict()  # the settings moved on while the data loaded
            self.checked.emit()
            return
        self._checked_with = key
        if "error" in result:  # the columns cannot be told apart: the user picks them
            self._show_error(result["error"], result["profiles"], cfg)
            return
        self.error, self.report = None, result["report"]
        self.loaded = loaded = result.get("loaded")
        first, *rest = self.report.splitlines() or [""]
        self.status.setText(f"✔ {translate_message(first)}")
        self.status.setStyleSheet("color: #006B4F;")
        title = (
            self.tr("First pairs as the model will see them (source → target):")
            if loaded is not None and loaded.first_pairs
            else self.tr("Examples as the task reads them:")
        )
        parts = [title + "\n" + "\n".join(result["examples"])]
        if rest:
            parts.append(translate_message("\n".join(rest)))
        if result.get("head"):
            parts.append(self.tr("First lines of the file:") + "\n" + result["head"])
        self.preview.setPlainText("\n\n".join(parts))
        if loaded is not None and loaded.profiles:
            self._show_columns(loaded.profiles, loaded.source_column, loaded.target_column, cfg)
        else:
            self.columns.setVisible(False)
        self.checked.emit()

    def _with_path(self, cfg: Any) -> Any:
        cfg = copy.deepcopy(cfg)
        cfg.data.path = self.path()
        return cfg

    def _show_columns(self, profiles: list, source: int | None, target: int | None, cfg: Any):
        langs = (cfg.task.source_lang, cfg.task.target_lang)
        self.columns.set_columns(profiles, source, target, langs)
        self.columns.setVisible(True)

    def _on_error(self, message: str, details: str) -> None:
        if shiboken6.isValid(self):
            self._show_error(message)

    def _show_error(self, message: str, profiles: list | None = None, cfg: Any = None) -> None:
        """The loader's message; with `profiles`, the picker to say which column is which."""
        self.error, self.report, self.loaded = message, "", None
        self.check_button.setEnabled(True)
        self.status.setText(f"✘ {translate_message(message)}")
        self.status.setStyleSheet("color: #C00000;")
        if profiles:
            self._show_columns(profiles, None, None, cfg)
        else:
            self.columns.setVisible(False)
        path = self.path()
        head = file_head(path) if path else ""
        self.preview.setPlainText(self.tr("First lines of the file:") + "\n" + head if head else "")
        self.checked.emit()
