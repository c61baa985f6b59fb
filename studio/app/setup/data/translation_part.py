"""The translation task's part of the Data tab (part.py): one-language text and the
corrections clients sent above the Check button, and under the verdict the column picker
with Swap.

- One-language text: more data from less. A file of sentences in either language of the
  pair, one a line (`task.text_path`); the check's load report says how many lines each
  language gave. Its target-language sentences are turned by a reverse model into
  synthetic pairs for the warm-up when the switch below it is on (`task.back_translation`);
  the file and the switch follow the settings shown.
- Corrections: the pairs a served run's users sent back from their LibreTranslate
  clients (`grpo-studio serve --suggestions` keeps them in the run folder's
  suggestions.tsv), added to the next training's pairs (`task.suggestions`, the run
  folder); the switch and the folder follow the settings shown, a note beside them says
  how many corrections the folder holds, and a check counts them in the load report.
- Columns: once a check has read the user's file, which column became the source and
  which the target (column_picker.py); a pick sets `task.source_column` and
  `task.target_column`, Swap exchanges the languages (and the columns if set), and either
  checks the data again. A file whose columns cannot be told apart shows the picker with
  nothing chosen, so the user can say.

A check's verdict depends on the languages and the columns (`check_key`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.setup.data.column_picker import ColumnPicker
from studio.app.setup.data.part import DataPart
from studio.core.config.sections import StudioConfig
from studio.core.data.load_report import ColumnProfile, LoadReport
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.suggestions import waiting_suggestions


def translation_settings(cfg: StudioConfig | None) -> TranslationConfig | None:
    """The task section of `cfg` when it is the translation task's, else None."""
    task = cfg.task if cfg is not None else None
    return task if isinstance(task, TranslationConfig) else None


class TranslationDataPart(DataPart):
    """Back-translation and clients' corrections (`settings`), the column picker
    (`findings`)."""

    TASK = "translation"

    def __init__(self, current: Callable[[], StudioConfig | None]) -> None:
        super().__init__(current)
        self.text_edit = QLineEdit()
        self.text_edit.setPlaceholderText(
            self.tr("a text file of sentences in either language of the pair, one a line")
        )
        self.text_edit.setToolTip(
            self.tr(
                "Sentences without their translation, in the source or the target language "
                "or both mixed; each line's language is found as a pair file's columns are "
                "(task.text_path)"
            )
        )
        browse_text = QPushButton(self.tr("File…"))
        self.back_translate = QCheckBox(
            self.tr("Back-translate its target-language sentences into pairs for the warm-up")
        )
        self.back_translate.setToolTip(
            self.tr(
                "A reverse model turns them into synthetic pairs, tagged, for the warm-up "
                "(task.back_translation)"
            )
        )
        self.text_row = QWidget()
        text = QVBoxLayout(self.text_row)
        text.setContentsMargins(0, 0, 0, 0)
        file_row = QHBoxLayout()
        file_row.addWidget(QLabel(self.tr("Text in either language:")))
        file_row.addWidget(self.text_edit, 1)
        file_row.addWidget(browse_text)
        text.addLayout(file_row)
        text.addWidget(self.back_translate)
        self.suggestions_row = self._suggestions_row()
        settings = QWidget()
        rows = QVBoxLayout(settings)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addWidget(self.text_row)
        rows.addWidget(self.suggestions_row)
        self.columns = ColumnPicker()
        self.columns.setVisible(False)
        self.settings, self.findings = settings, self.columns

        self.back_translate.toggled.connect(self._emit_back_translation)
        self.text_edit.editingFinished.connect(self._emit_text)
        browse_text.clicked.connect(self._browse_text)
        self.columns.picked.connect(self._on_columns_picked)
        self.columns.swap_requested.connect(self.swap)

    def _suggestions_row(self) -> QWidget:
        """The switch, the run folder and its Folder… button of `task.suggestions`."""
        self.add_suggestions = QCheckBox(self.tr("Add the corrections clients sent to the run:"))
        self.add_suggestions.setToolTip(
            self.tr(
                "The pairs that users of the served run sent back from their translation "
                "programs (grpo-studio serve --suggestions keeps them in the run folder's "
                "suggestions.tsv) join the training pairs (task.suggestions)"
            )
        )
        self.suggestions_edit = QLineEdit()
        self.suggestions_edit.setPlaceholderText(self.tr("a run folder"))
        browse = QPushButton(self.tr("Folder…"))
        self.suggestions_waiting = QLabel()
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.add_suggestions)
        layout.addWidget(self.suggestions_edit, 1)
        layout.addWidget(browse)
        layout.addWidget(self.suggestions_waiting)
        self.add_suggestions.toggled.connect(self._on_suggestions_toggled)
        self.suggestions_edit.editingFinished.connect(self._emit_suggestions)
        browse.clicked.connect(self._browse_suggestions)
        return row

    def show_config(self, cfg: StudioConfig) -> None:
        """The switches, the file and the folder of the settings shown."""
        task = translation_settings(cfg)
        if task is None:
            return
        for box, on in (
            (self.back_translate, task.back_translation),
            (self.add_suggestions, task.suggestions is not None),
        ):
            box.blockSignals(True)
            box.setChecked(on)
            box.blockSignals(False)
        self.text_edit.setText(task.text_path or "")
        if task.suggestions is not None:  # switched off, the folder stays to switch on again
            self.suggestions_edit.setText(task.suggestions)
        self._count_suggestions()

    # ---- one-language text and back-translation

    def _browse_text(self) -> None:
        path = dialogs.open_file(
            self.text_row, self.tr("Choose a file of sentences in either language of the pair")
        )
        if path:
            self.text_edit.setText(path)
            self._emit_text()

    def _emit_text(self) -> None:
        if not self.text_edit.text().strip() and self.back_translate.isChecked():
            self.back_translate.setChecked(False)  # nothing left to back-translate
        self.setting_edited.emit("task.text_path", self.text_edit.text().strip() or None)
        self.verdict_outdated.emit()

    def _emit_back_translation(self) -> None:
        if self.back_translate.isChecked() and not self.text_edit.text().strip():
            self._browse_text()  # a switch with no file asks for one
            if not self.text_edit.text().strip():
                self.back_translate.setChecked(False)  # none chosen: nothing to translate
                return
        self.setting_edited.emit("task.text_path", self.text_edit.text().strip() or None)
        self.setting_edited.emit("task.back_translation", self.back_translate.isChecked())
        self.verdict_outdated.emit()

    # ---- clients' corrections

    def _browse_suggestions(self) -> None:
        folder = dialogs.open_folder(
            self.suggestions_row,
            self.tr("Choose the run whose clients' corrections to add"),
            self.suggestions_edit.text().strip(),
        )
        if folder:
            self.suggestions_edit.setText(folder)
            self.add_suggestions.setChecked(True)
            self._emit_suggestions()

    def _on_suggestions_toggled(self, on: bool) -> None:
        if on and not self.suggestions_edit.text().strip():
            self._browse_suggestions()  # a switch with no folder asks for one
            if not self.suggestions_edit.text().strip():
                self.add_suggestions.setChecked(False)  # none chosen: nothing to add
                return
        self._emit_suggestions()

    def _emit_suggestions(self) -> None:
        folder = self.suggestions_edit.text().strip()
        on = self.add_suggestions.isChecked() and bool(folder)
        self._count_suggestions()
        self.setting_edited.emit("task.suggestions", folder if on else None)
        self.verdict_outdated.emit()

    def _count_suggestions(self) -> None:
        """Say how many corrections the folder shown holds (nothing when none is named)."""
        folder = self.suggestions_edit.text().strip()
        n = waiting_suggestions(folder) if folder else None
        if not folder:
            self.suggestions_waiting.setText("")
        elif n is None:
            self.suggestions_waiting.setText(self.tr("no suggestions.tsv there"))
        else:
            self.suggestions_waiting.setText(self.tr("{n} waiting").format(n=n))

    # ---- the columns

    def check_key(self, cfg: StudioConfig) -> tuple:
        task = translation_settings(cfg)
        if task is None:
            return ()
        return (task.source_lang, task.target_lang, task.source_column, task.target_column)

    def show_check(
        self, cfg: StudioConfig, loaded: LoadReport | None, unclear: list[ColumnProfile]
    ) -> None:
        task = translation_settings(cfg)
        if task is None:
            self.clear_check()
        elif loaded is not None and loaded.profiles:
            self._show_columns(task, loaded.profiles, loaded.source_column, loaded.target_column)
        elif unclear:
            self._show_columns(task, unclear, None, None)
        else:
            self.clear_check()

    def _show_columns(
        self,
        task: TranslationConfig,
        profiles: list[ColumnProfile],
        source: int | None,
        target: int | None,
    ) -> None:
        self.columns.set_columns(profiles, source, target, (task.source_lang, task.target_lang))
        self.columns.setVisible(True)

    def _on_columns_picked(self, source: int | None, target: int | None) -> None:
        self.setting_edited.emit("task.source_column", source)
        self.setting_edited.emit("task.target_column", target)
        self.check_requested.emit()

    def swap(self) -> None:
        """Translate the other way: exchange the languages, and the columns if set."""
        task = translation_settings(self._current())
        if task is None:
            return
        self.setting_edited.emit("task.source_lang", task.target_lang)
        self.setting_edited.emit("task.target_lang", task.source_lang)
        if task.source_column is not None and task.target_column is not None:
            self.setting_edited.emit("task.source_column", task.target_column)
            self.setting_edited.emit("task.target_column", task.source_column)
        self.check_requested.emit()
