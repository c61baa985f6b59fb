"""The data panel: built-in demo data or the user's file/folder, previewed and validated inline.

"Check data" builds the task with the chosen data (off the GUI thread: loading and
tokenizer training take seconds) and shows the loader's report: what was kept, what
was skipped and why, the split, the settings chosen to fit the data, and the first
examples as the model will see them. A file the task cannot use shows the loader's
message, which names the problem and the fix, in place of the preview.

What only one task's data has comes from that task: its part (part.py, listed in
PARTS by the task it serves) adds its own settings above the Check button and its findings
under the verdict; the translation task's are its languages' columns, Swap and
back-translation (translation_part.py).

The verdict belongs to the settings it was made with: changing the file, the preset, or
the task settings the part says a check depends on (the languages, the columns) clears it.
"""

from __future__ import annotations

import copy
import itertools
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, Signal
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

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.common.font_coverage import font_note
from studio.app.i18n.messages import translate_message
from studio.app.setup.data.part import DataPart
from studio.app.setup.data.translation_part import TranslationDataPart
from studio.core.config.sections import StudioConfig
from studio.core.data.columns import ColumnsUnclear

HEAD_LINES = 8
LINE_CHARS = 300  # of a line in the file's head: a file of one huge line is read no further
EXAMPLES = 5
FOLDER_ENTRIES = 10_000  # read of a folder for its head, and of each subfolder shown


def _tr(text: str) -> str:
    return QCoreApplication.translate("DataPanel", text)


def file_head(path: str | Path, lines: int = HEAD_LINES) -> str:
    """The first lines of a file, or the first entries of a folder (with file counts).
    It runs on the window's thread too (an error's preview), so a folder is read no
    further than FOLDER_ENTRIES entries, and each subfolder shown as far for its count."""
    p = Path(path)
    if p.is_dir():
        listed = _entries(p, FOLDER_ENTRIES)
        shown = []
        for e in sorted(listed, key=lambda e: e.name)[:lines]:
            if e.is_dir():
                inside = _entries(Path(e.path), FOLDER_ENTRIES)
                files = sum(1 for f in inside if f.is_file())
                count = _count(files, len(inside) >= FOLDER_ENTRIES)
                shown.append(_tr("{name}/  ({count} files)").format(name=e.name, count=count))
            else:
                shown.append(e.name)
        if len(listed) > lines:
            more = _count(len(listed) - lines, len(listed) >= FOLDER_ENTRIES)
            shown.append(_tr("… {n} more").format(n=more))
        return "\n".join(shown)
    if not p.is_file():
        return ""
    with p.open(encoding="utf-8", errors="replace") as f:
        text = f.read(lines * (LINE_CHARS + 1))
    head = text.splitlines()[:lines]
    return "\n".join(line if len(line) <= LINE_CHARS else line[:LINE_CHARS] + "…" for line in head)


def _entries(folder: Path, most: int) -> list[os.DirEntry]:
    """At most `most` entries of `folder`, in the order the file system gives them."""
    try:
        with os.scandir(folder) as entries:
            return list(itertools.islice(entries, most))
    except OSError:
        return []


def _count(n: int, capped: bool) -> str:
    return f"{n:,}+" if capped else f"{n:,}"


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


# the tasks' own parts of the tab, by the task each serves (part.py)
PARTS: dict[str, type[DataPart]] = {part.TASK: part for part in (TranslationDataPart,)}


class DataPanel(QWidget):
    """Pick the data; `path_changed(path or None)` tells the settings form, and
    `setting_edited(path, value)` carries the settings the task's part changes to it."""

    path_changed = Signal(object)
    setting_edited = Signal(str, object)
    checked = Signal()  # a check finished (report or error shown)
    verdict_cleared = Signal()  # the last check no longer speaks for the settings

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
        self._parts: dict[str, DataPart] = {}  # task.name -> its part, built once
        self.part: DataPart | None = None  # the part of the task shown (None: it has none)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.preview.setPlaceholderText(self.tr("Press 'Check data' to preview the data."))
        self.font_note = QLabel("")  # characters of the preview no installed font draws
        self.font_note.setWordWrap(True)
        self.font_note.setStyleSheet("color: #8A5A00;")
        self.font_note.hide()

        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse_file)
        row.addWidget(browse_folder)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.demo)
        layout.addWidget(self.own)
        layout.addLayout(row)
        layout.addWidget(self.check_button)
        layout.addWidget(self.status)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.font_note)

        browse_file.clicked.connect(self._browse_file)
        browse_folder.clicked.connect(self._browse_folder)
        self.check_button.clicked.connect(self.check)
        self.demo.toggled.connect(self._emit_path)
        self.path_edit.editingFinished.connect(self._emit_path)
        self.error: str | None = None
        self.report: str = ""
        self.loaded: Any = None  # the LoadReport of the last check, when the task has one
        self._checked_with: tuple | None = None  # check_key() of the verdict shown

    # ---- the task's part

    def show_config(self, cfg: StudioConfig) -> None:
        """The settings now show `cfg`: its data path, and the part of its task."""
        self._use_part(cfg.task.NAME)
        self.set_path(cfg.data.path)

    def _use_part(self, task: str) -> None:
        """Show the part of the task named `task`, built the first time it is needed; none
        when the task has none."""
        if task in PARTS and task not in self._parts:
            part = PARTS[task](self._current)
            part.setting_edited.connect(self.setting_edited)
            part.check_requested.connect(self.check)
            part.verdict_outdated.connect(self.clear_verdict)
            # its settings above the Check button, its findings under the verdict (in this
            # layout itself: a layout nested in it kept the least width of a hidden part)
            if part.settings is not None:
                self._layout.insertWidget(self._layout.indexOf(self.check_button), part.settings)
            if part.findings is not None:
                part.findings.setVisible(False)
                self._layout.insertWidget(self._layout.indexOf(self.status) + 1, part.findings)
            self._parts[task] = part
        self.part = self._parts.get(task)
        for built in self._parts.values():
            built.set_in_use(built is self.part)

    def check_key(self, cfg: StudioConfig) -> tuple:
        """What a check of `cfg` depends on: its data section, its task, and the task
        settings its part names."""
        part = self.part.check_key(cfg) if self.part is not None else ()
        return (repr(cfg.data), type(cfg.task).__name__, part)

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

    def _follow_config(self) -> None:
        """The task's part follows the config the window shows."""
        cfg = self._current()
        if cfg is not None and self.part is not None:
            self.part.show_config(cfg)

    # ---- the verdict follows the settings

    def clear_verdict(self) -> None:
        """Forget the last check: it spoke of other data, languages or columns."""
        self.error, self.report, self.loaded, self._checked_with = None, "", None, None
        self.status.setText("")
        self._show_preview("")
        if self.part is not None:
            self.part.clear_check()
        self.verdict_cleared.emit()

    def settings_changed(self) -> None:
        """The settings form changed: clear the verdict if what it checked changed."""
        if self._checked_with is None or self.config_provider is None:
            return
        try:
            now = self.check_key(self.config_provider())
        except ValueError:  # a value half typed: judged once the settings read again
            return
        if now != self._checked_with:
            self.clear_verdict()

    def _current(self) -> StudioConfig | None:
        try:
            return self.config_provider() if self.config_provider is not None else None
        except ValueError:
            return None

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
        key = self.check_key(cfg)
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
        if now is None or key != self.check_key(self._with_path(now)):
            self.clear_verdict()  # the settings moved on while the data loaded
            self.checked.emit()
            return
        self._checked_with = key
        if "error" in result:  # the columns cannot be told apart: the user picks them
            self._show_error(result["error"], result["profiles"], cfg)
            return
        self.error, self.report = None, result["report"]
        self.loaded = loaded = result.get("loaded")
        # the report in the window's language, line by line (each line a message of its own)
        first, *rest = translate_message(self.report).splitlines() or [""]
        self.status.setText(f"✔ {first}")
        self.status.setStyleSheet("color: #006B4F;")
        title = (
            self.tr("First pairs as the model will see them (source → target):")
            if loaded is not None and loaded.first_pairs
            else self.tr("Examples as the task reads them:")
        )
        parts = [title + "\n" + "\n".join(result["examples"])]
        if rest:
            parts.append("\n".join(rest))
        if result.get("head"):
            parts.append(self.tr("First lines of the file:") + "\n" + result["head"])
        self._show_preview("\n\n".join(parts))
        if self.part is not None:
            self.part.show_check(cfg, loaded, [])
        self.checked.emit()

    def fitted_config(self, now: StudioConfig) -> StudioConfig | None:
        """The settings as they are `now` with what the last check's fit chose for the
        data applied, save what the user set by hand: the plan Start trains by, before a
        time budget shortens it. None when that check fitted nothing or failed."""
        if self.loaded is None or not self.loaded.settings:
            return None
        cfg = copy.deepcopy(now)
        copy.deepcopy(self.loaded).apply_settings(cfg)  # it edits the report it applies
        return cfg

    def _with_path(self, cfg: Any) -> Any:
        cfg = copy.deepcopy(cfg)
        cfg.data.path = self.path()
        return cfg

    def _on_error(self, message: str, details: str) -> None:
        if shiboken6.isValid(self):
            self._show_error(message)

    def _show_error(
        self, message: str, profiles: list | None = None, cfg: StudioConfig | None = None
    ) -> None:
        """The loader's message; with the `profiles` of columns it could not tell apart,
        the task's part shows them (cfg: the config checked)."""
        self.error, self.report, self.loaded = message, "", None
        self.check_button.setEnabled(True)
        self.status.setText(f"✘ {translate_message(message)}")
        self.status.setStyleSheet("color: #C00000;")
        if self.part is not None and cfg is not None and profiles:
            self.part.show_check(cfg, None, profiles)
        elif self.part is not None:
            self.part.clear_check()
        path = self.path()
        head = file_head(path) if path else ""
        self._show_preview(self.tr("First lines of the file:") + "\n" + head if head else "")
        self.checked.emit()

    def _show_preview(self, text: str) -> None:
        """The preview's text, and a note under it when no font here draws some of it."""
        self.preview.setPlainText(text)
        note = font_note(text, self.preview.font())
        self.font_note.setText(note)
        self.font_note.setVisible(bool(note))
