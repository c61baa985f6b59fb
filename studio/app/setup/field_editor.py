"""One field of the settings form: its widget and the conversion between the widget and
the field's value.

Booleans are check boxes, choices (Literal types) combo boxes, long texts (fields declared
with `param(multiline=True)`) multi-line boxes, and everything else a line of text: numbers
too, so that a letter typed into a whole-number field stays visible with the form's
message instead of vanishing, and a float keeps every digit it was given. Reading gives
the raw value for `config.fields.from_dict`, which coerces and checks it.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

import yaml
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

from studio.core.config import safe_yaml
from studio.core.config.fields import ConfigError, shown


def _tr(text: str) -> str:
    return QCoreApplication.translate("FieldEditor", text)


def _is_optional(tp: Any) -> bool:
    return get_origin(tp) in (typing.Union, types.UnionType) and type(None) in get_args(tp)


class FieldEditor:
    """A widget for one field and the conversion between it and the field's value."""

    def __init__(self, path: str, tp: Any, meta: dict) -> None:
        self.path, self.tp, self.meta = path, tp, meta
        self.kind = "multiline" if meta.get("multiline") else self._kind(tp)
        if self.kind == "multiline":
            box = QPlainTextEdit()
            box.setTabChangesFocus(True)
            box.setFixedHeight(90)
            self.widget: QWidget = box
        elif self.kind == "bool":
            self.widget = QCheckBox()
        elif self.kind == "choice":
            combo = QComboBox()
            combo.addItems([str(a) for a in get_args(tp)])
            # a wheel does not focus it, a click does
            combo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.widget = combo
        else:
            edit = QLineEdit()
            if self.kind == "optional":
                edit.setPlaceholderText(_tr("empty: none"))
            elif self.kind == "yaml":
                edit.setPlaceholderText(_tr("YAML, e.g. [a, b] or {name: 1.0}"))
            self.widget = edit
        tip = QCoreApplication.translate("config", meta.get("help", ""))
        bounds = [
            _tr("min {value}").format(value=meta["min"]) if meta.get("min") is not None else "",
            _tr("max {value}").format(value=meta["max"]) if meta.get("max") is not None else "",
            _tr("positive") if meta.get("positive") else "",
        ]
        bounds_text = ", ".join(b for b in bounds if b)
        self.widget.setToolTip(f"{path}: {tip}" + (f" ({bounds_text})" if bounds_text else ""))

    @staticmethod
    def _kind(tp: Any) -> str:
        if tp is bool:
            return "bool"
        if get_origin(tp) is Literal:
            return "choice"
        if _is_optional(tp):
            return "optional"
        if get_origin(tp) in (list, dict, tuple):
            return "yaml"
        return "text"  # str and numbers: see the module's docstring

    def set(self, value: Any) -> None:
        w = self.widget
        if isinstance(w, QPlainTextEdit):  # multiline
            w.setPlainText(str(value or ""))
        elif isinstance(w, QCheckBox):  # bool
            w.setChecked(bool(value))
        elif isinstance(w, QComboBox):  # choice
            w.setCurrentText(str(value))
        elif isinstance(w, QLineEdit):
            if self.kind == "yaml":
                dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True)
                w.setText(dumped.strip())
            elif value is None:
                w.setText("")
            else:
                w.setText(repr(value) if isinstance(value, float) else str(value))
            w.setCursorPosition(0)  # a long value shows its beginning, not its end

    def get(self) -> Any:
        """The raw value for from_dict, which coerces and checks it."""
        w = self.widget
        if isinstance(w, QPlainTextEdit):  # multiline
            return w.toPlainText()
        if isinstance(w, QCheckBox):  # bool
            return w.isChecked()
        if isinstance(w, QComboBox):  # choice
            return w.currentText()
        assert isinstance(w, QLineEdit)  # every other kind is a line of text
        text = w.text().strip()
        if self.kind == "optional":
            return None if text == "" else text
        if self.kind == "yaml":
            try:
                return safe_yaml.load(text) if text else None
            except yaml.YAMLError:
                raise ConfigError(
                    f"{self.path}: not valid YAML ({shown(text)}); write a list like [a, b] "
                    "or a mapping like {name: 1.0}"
                ) from None
        return w.text()  # str fields keep their spaces; numbers are coerced by from_dict
