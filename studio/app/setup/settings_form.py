"""The settings form, generated from the config dataclasses.

One group per section (general, model, task, data, GRPO, training, each stage,
evaluation, curriculum, distillation, sparsity, run, lesson), one row per field: the
field's label and help text (from `config.fields.param`, shown through Qt's translation
context "config") as its name and tooltip. Fields listed in `cfg.ui.hidden` are hidden
(a teacher's simplified lesson; a section name hides the whole section), and so are the
data settings the task does not read (`Task.DATA_FIELDS`: the grid world reads no file);
their values are kept, so "Save as preset" writes exactly the config that was loaded.
The seed is always shown: a run is only reproducible if its seed is known. Fields marked
advanced appear when "Show advanced settings" is ticked.

A field whose value the user changes becomes one of the settings they gave (the config's
`user_set` record, studio.core.config.user_settings): fitting to the data or to a memory budget
leaves it as they set it.

Reading the form goes through `config.fields.from_dict`, the same strict loader a preset
file goes through, so a bad value gets the same message; `describe_error` puts the
form's own words (section and label) in front of the field's path. Every edit is checked
at once and a bad value is named under the form, never dropped: numbers are typed into
plain text boxes, so a letter in a whole-number field stays visible with its message.
A mouse wheel passing over a choice box scrolls the form instead of changing the box.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.app.common.layouts import clear_layout
from studio.app.i18n.messages import translate_message
from studio.app.i18n.sources import field_label
from studio.app.setup.field_editor import FieldEditor
from studio.core.config.fields import ConfigError, from_dict
from studio.core.config.sections import StudioConfig
from studio.core.config.user_settings import changed_paths, merged
from studio.core.tasks import task_class

ALWAYS_SHOWN = ("training.seed",)


def section_title(path: str) -> str:
    """The form's title of a config section, translated."""
    titles = {
        "": QCoreApplication.translate("SettingsForm", "General"),
        "model": QCoreApplication.translate("SettingsForm", "Model"),
        "task": QCoreApplication.translate("SettingsForm", "Task"),
        "data": QCoreApplication.translate("SettingsForm", "Data"),
        "grpo": QCoreApplication.translate("SettingsForm", "GRPO"),
        "training": QCoreApplication.translate("SettingsForm", "Training"),
        "stages.warmup": QCoreApplication.translate("SettingsForm", "Stage 1: supervised warm-up"),
        "stages.grpo": QCoreApplication.translate("SettingsForm", "Stage 2: GRPO"),
        "eval": QCoreApplication.translate("SettingsForm", "Evaluation"),
        "curriculum": QCoreApplication.translate("SettingsForm", "Curriculum"),
        "distill": QCoreApplication.translate("SettingsForm", "Learning from a bigger model"),
        "sparsity": QCoreApplication.translate("SettingsForm", "Sparsity (pruning)"),
        "run": QCoreApplication.translate("SettingsForm", "Run folder and reporting"),
        "ui": QCoreApplication.translate("SettingsForm", "Lesson view"),
    }
    return titles.get(path, path)


ERROR_STYLE = "border: 2px solid #C00000;"


def is_hidden(path: str, hidden: list[str]) -> bool:
    """`grpo.beta` is hidden by `grpo.beta` or by `grpo`; the seed never is."""
    if path in ALWAYS_SHOWN:
        return False
    return any(path == h or path.startswith(h + ".") for h in hidden)


def _label(name: str, meta: dict) -> str:
    """The field's label from its declaration, translated; its name when it has none."""
    return QCoreApplication.translate("config", field_label(name, meta))


class _WheelGuard(QObject):
    """Lets a wheel event over an unfocused choice box scroll the form instead: a wheel
    passing over the form must never change a value unseen."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and not (
            isinstance(watched, QWidget) and watched.hasFocus()
        ):
            event.ignore()  # the scroll area under it takes it
            return True
        return False


def shown_text(text: str) -> str:
    """A preset's name, description or lesson text as the window shows it: a shipped
    preset's in the window's language (context "presets", sources.core_strings lists them),
    anything else as written."""
    return QCoreApplication.translate("presets", text) if text else text


def as_written(value: Any, written: str) -> Any:
    """The form's `value` of a text that showed `shown_text(written)`: `written` when the
    user left it as shown, so a saved or started preset keeps its own words."""
    return written if written and value == shown_text(written) else value


class SettingsForm(QWidget):
    """Shows a StudioConfig as a form and reads it back (`config()`)."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.editors: dict[str, FieldEditor] = {}
        self._rows: dict[str, tuple[QFormLayout, QWidget, bool]] = {}  # layout, widget, advanced
        self._groups: dict[str, QGroupBox] = {}
        self._base: StudioConfig | None = None
        self.lesson = QLabel("")
        self.lesson.setWordWrap(True)
        self.lesson.setObjectName("lesson")
        self.lesson.setVisible(False)
        self.arch_label = QLabel("")
        self.running_note = QLabel(self.tr("A run is training: changes apply to the next run."))
        self.running_note.setObjectName("note")
        self.running_note.setWordWrap(True)
        self.running_note.setVisible(False)
        self.show_advanced = QCheckBox(self.tr("Show advanced settings"))
        self.show_advanced.toggled.connect(self._apply_visibility)
        self.lesson_mode = QCheckBox(self.tr("Lesson mode: tick what the class sees"))
        self.lesson_mode.setToolTip(
            self.tr(
                "Every setting gets a 'show' box: untick the ones the class should not see, "
                "write the lesson's text under Lesson view, then File > Save as lesson"
            )
        )
        self.lesson_mode.toggled.connect(self._apply_visibility)
        self.show_boxes: dict[str, QCheckBox] = {}  # path -> its "show to the class" box
        self.problem = QLabel("")  # the first bad value, named as the form names it
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #C00000;")
        self.problem.setVisible(False)
        self._wheel_guard = _WheelGuard(self)
        self._data_fields: tuple[str, ...] = ()
        self._host = QWidget()
        self._host_layout = QVBoxLayout(self._host)
        self._host_layout.setContentsMargins(2, 2, 2, 2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._host)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 0, 0)  # the labels off the dock's edge
        layout.addWidget(self.lesson)
        layout.addWidget(self.running_note)
        layout.addWidget(self.arch_label)
        layout.addWidget(self.show_advanced)
        layout.addWidget(self.lesson_mode)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        self.hidden: list[str] = []
        self.changed.connect(self.check)

    # ---- building

    def set_config(self, cfg: StudioConfig) -> None:
        """Rebuild the form for `cfg` (its model and task sections decide their fields)."""
        self._base = cfg
        clear_layout(self._host_layout)
        self.editors.clear()
        self._rows.clear()
        self._groups.clear()
        self.show_boxes.clear()
        self._data_fields = task_class(cfg.task.NAME).DATA_FIELDS
        general = self._group("")
        for name in ("name", "description"):
            self._add_field(general, StudioConfig, name, name, shown_text(getattr(cfg, name)))
        for section in ("model", "task", "data", "grpo", "training"):
            self._add_section(section, getattr(cfg, section))
        for stage in ("warmup", "grpo"):
            self._add_section(f"stages.{stage}", getattr(cfg.stages, stage))
        for section in ("eval", "curriculum", "distill", "sparsity", "run", "ui"):
            self._add_section(section, getattr(cfg, section))
        if cfg.ui.lesson:
            self.editors["ui.lesson"].set(shown_text(cfg.ui.lesson))
        self._host_layout.addStretch(1)
        self.hidden = list(cfg.ui.hidden)
        arch = getattr(type(cfg.model), "ARCH", "?")
        task = getattr(type(cfg.task), "NAME", "?")
        self.arch_label.setText(
            self.tr("Architecture <b>{arch}</b>, task <b>{task}</b>").format(arch=arch, task=task)
        )
        self.lesson.setText(
            QCoreApplication.translate("presets", cfg.ui.lesson) if cfg.ui.lesson else ""
        )
        self.lesson.setVisible(bool(cfg.ui.lesson))
        self._apply_visibility()
        self.check()

    def set_running(self, running: bool) -> None:
        """Say, while a run trains, that edits are for the next run (the run keeps its config)."""
        self.running_note.setVisible(running)

    def _group(self, key: str) -> QFormLayout:
        box = QGroupBox(section_title(key))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._host_layout.addWidget(box)
        self._groups[key] = box
        return form

    def _add_section(self, path: str, obj: Any) -> None:
        form = self._group(path)
        hints = typing.get_type_hints(type(obj))
        for f in dataclasses.fields(obj):
            if f.init:
                self._add_field(
                    form,
                    type(obj),
                    f.name,
                    f"{path}.{f.name}",
                    getattr(obj, f.name),
                    hints[f.name],
                    dict(f.metadata),
                )

    def _add_field(
        self,
        form: QFormLayout,
        cls: type,
        name: str,
        path: str,
        value: Any,
        tp: Any = None,
        meta: dict | None = None,
    ) -> None:
        if tp is None:
            tp = typing.get_type_hints(cls)[name]
            meta = dict(next(f for f in dataclasses.fields(cls) if f.name == name).metadata)
        editor = FieldEditor(path, tp, meta or {})
        editor.set(value)
        label = QLabel(_label(name, meta or {}))
        label.setToolTip(editor.widget.toolTip())
        if isinstance(editor.widget, QComboBox):
            editor.widget.installEventFilter(self._wheel_guard)
        row = QWidget()  # the editor, and in lesson mode its "show to the class" box
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(editor.widget, 1)
        if not path.startswith("ui.") and path not in ALWAYS_SHOWN:
            show = QCheckBox(self.tr("show"))
            show.setToolTip(self.tr("Show this setting to the class"))
            show.toggled.connect(lambda on, p=path: self._set_shown(p, on))
            row_layout.addWidget(show)
            self.show_boxes[path] = show
        form.addRow(label, row)
        self.editors[path] = editor
        self._rows[path] = (form, row, bool((meta or {}).get("advanced")))
        for sig in ("toggled", "valueChanged", "currentTextChanged", "textEdited", "textChanged"):
            if hasattr(editor.widget, sig):
                getattr(editor.widget, sig).connect(self.changed)
                break

    def _set_shown(self, path: str, shown: bool) -> None:
        """A lesson's "show" box: hide the field from the class, or show it again (the
        hidden list is the lesson's `ui.hidden`, kept in its field for saving)."""
        hidden = [h for h in self.hidden if h != path]
        if not shown:
            hidden.append(path)
        if hidden != self.hidden:
            self.hidden = hidden
            self.editors["ui.hidden"].set(hidden)
            self.changed.emit()
            self._apply_visibility()

    def _apply_visibility(self) -> None:
        advanced = self.show_advanced.isChecked()
        editing = self.lesson_mode.isChecked()  # a teacher sees every field and its box
        shown_per_group: dict[str, int] = {}
        for path, box in self.show_boxes.items():
            box.setVisible(editing)
            box.blockSignals(True)
            box.setChecked(not is_hidden(path, self.hidden))
            box.blockSignals(False)
        for path, (form, widget, is_adv) in self._rows.items():
            visible = (
                (editing or not is_hidden(path, self.hidden))
                and (advanced or not is_adv)
                and not self._unused_data_field(path)
            )
            form.setRowVisible(widget, visible)
            group = path.rsplit(".", 1)[0] if "." in path else ""
            shown_per_group[group] = shown_per_group.get(group, 0) + int(visible)
        for key, group_box in self._groups.items():
            group_box.setVisible(shown_per_group.get(key, 0) > 0)

    def _unused_data_field(self, path: str) -> bool:
        return path.startswith("data.") and path.removeprefix("data.") not in self._data_fields

    def is_field_visible(self, path: str) -> bool:
        _, widget, _ = self._rows[path]
        group = path.rsplit(".", 1)[0] if "." in path else ""
        # isHidden, not isVisible: the answer must not depend on the form being on screen.
        return not widget.isHidden() and not self._groups[group].isHidden()

    # ---- reading

    def set_value(self, path: str, value: Any) -> None:
        """Set one field (e.g. `data.path` from the data panel), heard as an edit: the
        plan, the estimate and the views follow it as they follow the user's typing."""
        editor = self.editors[path]
        editor.set(value)
        if isinstance(editor.widget, QLineEdit):  # its textEdited hears only the keyboard
            self.changed.emit()

    def value_of(self, path: str) -> Any:
        """One field's value as typed so far (YAML read), None when the form has no such
        field or its text does not read yet: a view follows an edit without a dialog."""
        editor = self.editors.get(path)
        if editor is None:
            return None
        try:
            return editor.get()
        except ConfigError:
            return None

    def _section_values(self, prefix: str) -> dict[str, Any]:
        n = len(prefix) + 1
        return {
            p[n:]: e.get()
            for p, e in self.editors.items()
            if p.startswith(prefix + ".") and "." not in p[n:]
        }

    def config(self) -> StudioConfig:
        """The config the form shows; ConfigError (with the field's path) if a value is bad."""
        if self._base is None:
            raise ConfigError(self.tr("no preset loaded; open a preset first"))
        base = self._base
        raw: dict[str, Any] = {
            "name": self.editors["name"].get(),
            "description": self.editors["description"].get(),
            "stages": {s: self._section_values(f"stages.{s}") for s in ("warmup", "grpo")},
        }
        for section in (
            "data",
            "grpo",
            "training",
            "eval",
            "curriculum",
            "distill",
            "sparsity",
            "run",
            "ui",
        ):
            raw[section] = self._section_values(section)
        # a shipped preset's name and texts are shown in the window's language; unchanged,
        # they are kept as the preset has them (the catalogue's source, not a translation)
        raw["name"] = as_written(raw["name"], base.name)
        raw["description"] = as_written(raw["description"], base.description)
        raw["ui"]["lesson"] = as_written(raw["ui"].get("lesson"), base.ui.lesson)
        raw["model"] = from_dict(type(base.model), self._section_values("model"), "model")
        raw["task"] = from_dict(type(base.task), self._section_values("task"), "task")
        cfg = from_dict(StudioConfig, raw)
        # the fields the user changed join the record of the settings they gave, which a
        # fit to the data or to a memory budget leaves as they are (core.user_settings)
        cfg.user_set = merged(base.user_set, changed_paths(base, cfg))
        return cfg

    def label_of(self, path: str) -> str:
        """How the form names a field: "Stage 2: GRPO › Learning rate"."""
        editor = self.editors.get(path)
        if editor is None:
            return path
        section = path.rsplit(".", 1)[0] if "." in path else ""
        return f"{section_title(section)} › {_label(path.rsplit('.', 1)[-1], editor.meta)}"

    def describe_error(self, message: str) -> str:
        """A ConfigError message with the form's words for its field in front of the path:
        `stages.grpo.lr: must be ...` -> `Stage 2: GRPO › Learning rate (stages.grpo.lr): ...`,
        in the window's language."""
        message = translate_message(message)
        path = _error_path(message)
        if path not in self.editors:
            return message
        return f"{self.label_of(path)} ({message.split(':', 1)[0]}):{message.split(':', 1)[1]}"

    def check(self) -> str | None:
        """Validate the whole form now; name the first bad value under the form (and mark
        its field) or clear the note. Returns the message shown, or None."""
        try:
            self.config()
        except ConfigError as err:
            message = self.describe_error(str(err))
            self.problem.setText(message)
            self.problem.setVisible(True)
            self._mark(_error_path(str(err)), focus=False)
            return message
        self.problem.setVisible(False)
        self._mark(None, focus=False)
        return None

    def _mark(self, path: str | None, *, focus: bool) -> None:
        for editor in self.editors.values():
            editor.widget.setStyleSheet("")
        marked = self.editors.get(path) if path is not None else None
        if marked is not None:
            marked.widget.setStyleSheet(ERROR_STYLE)
            if focus:
                marked.widget.setFocus()

    def mark_error(self, message: str) -> str | None:
        """Highlight the field a ConfigError message names (`path: ...`); return its path."""
        path = _error_path(message)
        if path not in self.editors:
            self._mark(None, focus=False)
            return None
        self._mark(path, focus=True)
        return path


def _error_path(message: str) -> str:
    """The field path a ConfigError message starts with (`grpo.reward_weights[0]: ...`)."""
    return message.split(":", 1)[0].split("[", 1)[0].strip()
