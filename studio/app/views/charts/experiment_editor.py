"""The Experiment… dialog: two to four variants of the settings shown, each a name and
the settings it changes ("grpo.num_generations=2, grpo.beta=0.04"); a setting is picked
from a list of the GRPO settings a variant may change. Checked as a preset's
ui.experiment is (studio.core.config.experiments), the problem shown in the dialog in one line.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import yaml
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.app.i18n.messages import translate_message
from studio.core.config.experiments import MAX_VARIANTS, MIN_VARIANTS, parse_variants
from studio.core.config.fields import ConfigError, parse_override
from studio.core.config.sections import GRPOConfig, StageConfig

# the settings `key=value, key=value`: a comma or semicolon before the next `key=`
SPLIT = re.compile(r"[;,]\s*(?=[A-Za-z_][\w.]*\s*=)")
STARTER = [  # what the editor starts from when the preset names no experiment
    {"label": "G=2", "settings": {"grpo.num_generations": 2}},
    {"label": "G=16", "settings": {"grpo.num_generations": 16}},
]


def _tr(text: str) -> str:
    return QCoreApplication.translate("ExperimentEditor", text)


def settings_text(settings: dict[str, Any]) -> str:
    """{grpo.beta: 0.04} -> 'grpo.beta=0.04'."""
    parts = []
    for key, value in settings.items():
        dumped = yaml.safe_dump(value, default_flow_style=True).strip()
        parts.append(f"{key}={dumped.removesuffix('...').strip()}")
    return ", ".join(parts)


def parse_settings(text: str) -> dict[str, Any]:
    """'grpo.num_generations=2, grpo.beta=0' -> {path: value}; ConfigError if bad."""
    out: dict[str, Any] = {}
    for part in SPLIT.split(text.strip()):
        if not part.strip():
            continue
        keys, value = parse_override(part.strip())
        out[".".join(keys)] = value
    return out


def variable_settings() -> list[str]:
    """The setting paths a variant may change: grpo.* and stages.grpo.*."""
    grpo = [f"grpo.{f.name}" for f in dataclasses.fields(GRPOConfig)]
    stage = [f"stages.grpo.{f.name}" for f in dataclasses.fields(StageConfig)]
    return grpo + stage


class ExperimentEditor(QDialog):
    """Rows of variants (name, settings), Add and Remove, a list of settings to insert."""

    def __init__(self, variants: list[dict], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Experiment: variants side by side"))
        intro = QLabel(
            _tr(
                "Each variant is these settings with a few GRPO settings changed. They "
                "share the warm-up and train in turns, drawn on the same charts. Name each "
                "variant as its legend should say."
            )
        )
        intro.setWordWrap(True)
        self._grid = QGridLayout()
        self._grid.addWidget(QLabel(_tr("Name")), 0, 0)
        self._grid.addWidget(QLabel(_tr("Settings it changes")), 0, 1)
        self.rows: list[tuple[QLineEdit, QLineEdit]] = []
        starting: list[dict[str, Any]] = variants or STARTER
        for variant in starting:
            if isinstance(variant, dict):
                settings = variant.get("settings")
                self.add_row(
                    str(variant.get("label", "")), settings if isinstance(settings, dict) else {}
                )
        self.setting = QComboBox()
        self.setting.addItems(variable_settings())
        self.setting.setCurrentText("grpo.num_generations")
        insert = QPushButton(_tr("Add to each variant"))
        insert.setToolTip(_tr("Add this setting to every variant's settings, to fill in"))
        insert.clicked.connect(self.insert_setting)
        self.add_button = QPushButton(_tr("Add variant"))
        self.add_button.clicked.connect(lambda: self.add_row("", {}))
        self.remove_button = QPushButton(_tr("Remove last"))
        self.remove_button.clicked.connect(self.remove_row)
        tools = QHBoxLayout()
        tools.addWidget(self.setting, 1)
        tools.addWidget(insert)
        tools.addWidget(self.add_button)
        tools.addWidget(self.remove_button)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3441e;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_tr("Run side by side"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(self._grid)
        layout.addLayout(tools)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        # never below what the rows need: a problem's lines squeezed the rows' text away
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.resize(640, self.sizeHint().height())
        self._enable()

    def add_row(self, label: str, settings: dict[str, Any]) -> None:
        if len(self.rows) >= MAX_VARIANTS:
            return
        name, changes = QLineEdit(label), QLineEdit(settings_text(settings))
        name.setPlaceholderText(_tr("e.g. G=2"))
        changes.setPlaceholderText("grpo.num_generations=2")
        row = len(self.rows) + 1
        self._grid.addWidget(name, row, 0)
        self._grid.addWidget(changes, row, 1)
        self._grid.setColumnStretch(1, 1)
        self.rows.append((name, changes))
        self._enable()

    def remove_row(self) -> None:
        if len(self.rows) <= MIN_VARIANTS:
            return
        for widget in self.rows.pop():
            self._grid.removeWidget(widget)
            widget.deleteLater()
        self._enable()

    def _enable(self) -> None:
        if hasattr(self, "add_button"):
            self.add_button.setEnabled(len(self.rows) < MAX_VARIANTS)
            self.remove_button.setEnabled(len(self.rows) > MIN_VARIANTS)

    def insert_setting(self) -> None:
        """The chosen setting appended to every row that lacks it (`path=`, to fill in)."""
        path = self.setting.currentText()
        for _, changes in self.rows:
            text = changes.text().strip()
            if path + "=" not in text.replace(" ", ""):
                changes.setText(f"{text}, {path}=" if text else f"{path}=")

    def raw(self) -> list[dict]:
        """The rows as ui.experiment writes them; ConfigError for a row that is not."""
        out = []
        for i, (name, changes) in enumerate(self.rows):
            try:
                settings = parse_settings(changes.text())
            except ConfigError as err:
                raise ConfigError(
                    _tr("Variant {n}: {problem}").format(n=i + 1, problem=translate_message(err))
                ) from None
            out.append({"label": name.text().strip(), "settings": settings})
        return out

    def variants(self) -> list[dict]:
        return self.raw()

    def accept(self) -> None:
        try:
            parse_variants(self.raw())
        except ConfigError as err:
            self.problem.setText(translate_message(err))  # the core's words, translated
            self.adjustSize()
            return
        super().accept()
