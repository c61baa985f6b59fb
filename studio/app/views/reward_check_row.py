"""A reward check in the Reward lab: its row (kind, weight, options, Remove) and each
option's editor, all built from the registry of check kinds.

What a kind is called, what it does, which options it takes, their types, bounds, labels
and help are studio.core.tasks.reward_kinds.KINDS's; this module only picks an editor for
each option's type (EDITORS) and says the registry's words in the window's language (their
context is the registry's CONTEXT; sources.py lists them for the catalogue).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal, SignalInstance
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from studio.app.i18n.messages import translate_message
from studio.core.tasks.reward_kinds import CONTEXT, KINDS, Option

ANSWER_SEP = "|"  # several answers in one box: "2024-01-05 | 2024-1-5"
NUMBER_MAX = 1_000_000  # a number option's box without a declared most


def tr(text: str) -> str:
    """A string of the Reward lab, translated (the context is a literal: sources.py reads it)."""
    return QCoreApplication.translate("RewardLab", text)


def kind_words(text: str) -> str:
    """Words of the registry of check kinds (a label, a description, an option's help), in
    the window's language: sources.py lists them under the registry's context."""
    return QCoreApplication.translate(CONTEXT, text) if text else ""


def kind_label(kind: str) -> str:
    """A check kind for people: its label in the registry; an unknown kind its own name."""
    spec = KINDS.get(kind)
    return kind_words(spec.label) if spec is not None else kind


def _check_box(option: Option, value: Any, label: str) -> tuple[QWidget, SignalInstance]:
    box = QCheckBox(label)  # its words beside it: a click on them ticks it
    box.setChecked(bool(value))
    return box, box.toggled


def _number_box(option: Option, value: Any, label: str) -> tuple[QWidget, SignalInstance]:
    spin = QDoubleSpinBox()
    spin.setRange(option.min, NUMBER_MAX if option.max is None else option.max)
    spin.setDecimals(4)
    spin.setValue(float(value or 0.0))
    return spin, spin.valueChanged


def _integer_box(option: Option, value: Any, label: str) -> tuple[QWidget, SignalInstance]:
    spin = QSpinBox()
    low = int(option.min)
    optional = option.default is None and not option.required
    # an optional whole number's box, at one below its least, says "no limit"
    spin.setRange(
        low - 1 if optional else low, NUMBER_MAX if option.max is None else int(option.max)
    )
    if optional:
        spin.setSpecialValueText(tr("no limit"))
    spin.setValue(spin.minimum() if value is None else int(value))
    return spin, spin.valueChanged


def _choice_box(option: Option, value: Any, label: str) -> tuple[QWidget, SignalInstance]:
    combo = QComboBox()
    combo.addItems(list(option.choices))
    combo.setCurrentText(str(value))
    return combo, combo.currentTextChanged


def _line_edit(option: Option, value: Any, label: str) -> tuple[QWidget, SignalInstance]:
    edit = QLineEdit()  # text, pattern, and texts (several, separated by ANSWER_SEP)
    edit.setText(
        f" {ANSWER_SEP} ".join(value or []) if option.type == "texts" else str(value or "")
    )
    return edit, edit.textChanged


# an option's editor by its type in the registry; a type not here is edited as a line
EDITORS: dict[str, Callable[[Option, Any, str], tuple[QWidget, SignalInstance]]] = {
    "bool": _check_box,
    "number": _number_box,
    "integer": _integer_box,
    "choice": _choice_box,
}


class OptionEditor:
    """One option's editor, built from its declaration in the registry (reward_kinds.Option):
    get() gives the value a preset stores (None: not given, the default applies)."""

    def __init__(
        self, spec: Option, value: Any, changed: Callable[[], None], label: str = ""
    ) -> None:
        self.spec = spec
        self.optional = spec.default is None and not spec.required
        self.widget, signal = EDITORS.get(spec.type, _line_edit)(spec, value, label)
        signal.connect(lambda *_: changed())  # the signals' values are read back by get()
        self.widget.setToolTip(kind_words(spec.help))

    def get(self) -> Any:
        w = self.widget
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QDoubleSpinBox):
            return w.value()
        if isinstance(w, QSpinBox):
            return None if self.optional and w.value() == w.minimum() else w.value()
        if isinstance(w, QComboBox):
            return w.currentText()
        assert isinstance(w, QLineEdit)
        if self.spec.type == "texts":
            parts = [p.strip() for p in w.text().split(ANSWER_SEP)]
            return [p for p in parts if p] or None
        return w.text() or None


class CheckRow(QFrame):
    """One check: its kind, weight, options, a Remove button; for "function", whether it
    may run and a button to ask."""

    edited = Signal()
    removed = Signal(object)  # the row
    allow_requested = Signal(str)  # module:function

    def __init__(self, raw: dict[str, Any]) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.kind = str(raw["kind"])
        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a narrow column puts a label above its field rather than cutting either off
        layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        top = QHBoxLayout()
        self.title = QLabel(f"<b>{html.escape(kind_label(self.kind))}</b>")
        self.title.setWordWrap(True)
        spec = KINDS.get(self.kind)
        self.title.setToolTip(kind_words(spec.description) if spec is not None else "")
        top.addWidget(self.title, 1)
        self.remove = QPushButton(tr("Remove"))
        self.remove.setToolTip(tr("Take this check out of the reward"))
        self.remove.clicked.connect(lambda: self.removed.emit(self))
        top.addWidget(self.remove)
        layout.addRow(top)
        self.weight = QDoubleSpinBox()
        self.weight.setRange(-100.0, 100.0)
        self.weight.setDecimals(3)
        self.weight.setSingleStep(0.1)
        self.weight.setValue(float(raw.get("weight", 1.0)))
        self.weight.valueChanged.connect(self.edited)
        layout.addRow(tr("Weight"), self.weight)
        self.options = self._add_options(layout, raw.get("options") or {})
        self.state = QLabel()  # a function check: not run / runs
        self.state.setWordWrap(True)
        self.allow = QPushButton(tr("Allow it to run…"))
        self.allow.setToolTip(tr("Your function is Python code: it runs only if you agree"))
        self.allow.clicked.connect(self._ask)
        if self.kind == "function":
            layout.addRow(self.state)
            layout.addRow(self.allow)
        self.state.setVisible(self.kind == "function")
        self.allow.setVisible(False)

    def _add_options(self, layout: QFormLayout, given: dict[str, Any]) -> dict[str, OptionEditor]:
        """An editor for each option its kind declares, labelled as the registry says (a
        box that ticks carries its label beside it)."""
        spec = KINDS.get(self.kind)
        editors: dict[str, OptionEditor] = {}
        for name, option in (spec.options if spec is not None else {}).items():
            label = kind_words(option.label) or name
            editor = OptionEditor(option, given.get(name, option.default), self.edited.emit, label)
            editors[name] = editor
            if option.type == "bool":
                layout.addRow(editor.widget)
            else:
                layout.addRow(label, editor.widget)
        return editors

    def raw(self) -> dict[str, Any]:
        """The check as a preset stores it (options left unset keep their defaults)."""
        options = {n: e.get() for n, e in self.options.items()}
        options = {n: v for n, v in options.items() if v is not None}
        return {"kind": self.kind, "weight": self.weight.value(), "options": options}

    def option(self, name: str) -> QWidget:
        return self.options[name].widget

    def set_not_run(self, not_run: bool, error: str | None) -> None:
        if self.kind != "function":
            return
        if error:
            said = translate_message(error)
            self.state.setText(tr("Your function failed: {error}").format(error=said))
        elif not_run:
            self.state.setText(tr("Not run: your own code runs only once you allow it."))
        else:
            self.state.setText(tr("Allowed: your function scores the completions."))
        self.allow.setVisible(not_run)

    def _ask(self) -> None:
        spec = self.options["function"].get()
        if spec:
            self.allow_requested.emit(str(spec))
