"""The gallery's "Models on this computer": the user's own pretrained models, one card each.

The Hugging Face cache and the folders the user opened ("Open a model folder…", kept in
the window's settings) are read off the GUI thread (studio.core.models.pretrained.folders:
config.json and the weights' headers, no weight loaded); each card shows the model's
name, family, parameters and size on disk, then what training it would take on this
machine: the peak memory of a full fine-tune and of LoRA adapters, and whether each fits
(studio.core.training.probes.model_costs, also off the GUI thread). "Measure a step" times
a warm-up and a GRPO step of the real model. A folder the studio cannot train shows its
reason on its card; a translator's card names its language pair. "Use this model" trains
it through `model_chosen(folder, lora)`: a language model on the user's own text (or on
the text preset shown, when there is one), a translator with the translation preset (or
the translation preset shown).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QCoreApplication, QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message
from studio.core.machine.hardware import format_bytes
from studio.core.models.pretrained.folders import (
    ModelFolder,
    ModelFolderError,
    find_models,
    read_model_folder,
)

if TYPE_CHECKING:
    from studio.core.training.probes.model_costs import ModelCosts

FOLDERS_KEY = "models/folders"  # the folders the user opened, in the window's settings


def parameters_text(n: int | None) -> str:
    """'134.5M parameters', '29K parameters', or that the count is not known."""
    tr = QCoreApplication.translate
    if n is None:
        return tr("ModelCard", "parameters unknown")
    if n >= 1_000_000:
        return tr("ModelCard", "{n}M parameters").format(n=f"{n / 1e6:.1f}")
    return tr("ModelCard", "{n}K parameters").format(n=f"{n / 1e3:.0f}")


class ModelCard(QFrame):
    """One model folder: what it is, what training it would take, and its buttons."""

    def __init__(self, model: ModelFolder, shelf: ModelShelf) -> None:
        super().__init__()
        self.setObjectName("modelCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.model = model
        where = self.tr("in the Hugging Face cache") if model.source == "cache" else str(model.path)
        # a long path may break after any "/": the card keeps the dock's width
        where = where.replace("/", "/\u200b")
        self.title = QLabel(f"<b>{model.name}</b>")
        self.title.setWordWrap(True)
        self.setToolTip(str(model.path))
        family = model.family_label or self.tr("no family")
        if model.languages is not None:
            family = self.tr("{family} translator, {source} → {target}").format(
                family=family, source=model.languages[0], target=model.languages[1]
            )
        self.details = QLabel(
            self.tr("{family} · {params} · {size} on disk · {where}").format(
                family=family,
                params=parameters_text(model.parameters),
                size=format_bytes(model.size_bytes),
                where=where,
            )
        )
        self.details.setWordWrap(True)
        self.details.setStyleSheet("color: #555;")
        self.costs = QLabel(self.tr("working out what training it takes…"))
        self.costs.setWordWrap(True)
        self.step = QLabel("")
        self.step.setWordWrap(True)
        self.lora = QCheckBox(self.tr("LoRA adapters (far less memory)"))
        self.lora.setToolTip(
            self.tr(
                "Train small adapters beside the model's frozen weights instead of every "
                "weight; the KL reference is then the model without its adapters"
            )
        )
        self.measure = QPushButton(self.tr("Measure a step"))
        self.measure.setToolTip(self.tr("Time a warm-up step and a GRPO step of this model here"))
        self.measure.clicked.connect(lambda: shelf.measure(self))
        self.use = QPushButton(self.tr("Use this model"))
        self.use.clicked.connect(
            lambda: shelf.model_chosen.emit(str(model.path), self.lora.isChecked())
        )
        # the check box on a line of its own, so the card is no wider than a preset card
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.measure)
        buttons.addWidget(self.use)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        for w in (self.title, self.details, self.costs, self.step, self.lora):
            layout.addWidget(w)
        layout.addLayout(buttons)
        if model.refused:
            self.costs.setText(
                self.tr("Cannot be trained here: {reason}").format(
                    reason=translate_message(model.refused)
                )
            )
            self.costs.setStyleSheet("color: #A03000;")
            self._buttons_off()

    def _buttons_off(self) -> None:
        self.lora.setEnabled(False)
        self.measure.setEnabled(False)
        self.use.setEnabled(False)

    def show_costs(self, costs: ModelCosts) -> None:
        lines = []
        for label, way in ((self.tr("Full fine-tune"), costs.full), (self.tr("LoRA"), costs.lora)):
            verdict = self.tr("fits") if costs.fits(way) else self.tr("does not fit")
            lines.append(
                self.tr("{way}: about {memory} at the peak, {verdict} in {machine}").format(
                    way=label,
                    memory=format_bytes(way.peak),
                    verdict=verdict,
                    machine=translate_message(costs.machine),
                )
            )
        self.costs.setText("\n".join(lines))
        if not costs.fits(costs.full) and costs.fits(costs.lora):
            self.lora.setChecked(True)  # what fits: the memory check's suggestion
        if costs.full.grpo_step is not None:
            self.step.setText(
                self.tr("Measured here: a warm-up step {warm} s, a GRPO step {grpo} s").format(
                    warm=f"{costs.full.warmup_step:.2f}", grpo=f"{costs.full.grpo_step:.2f}"
                )
            )


class ModelShelf(QWidget):
    """Emits `model_chosen(folder, lora)` when a card's "Use this model" is pressed."""

    model_chosen = Signal(str, bool)

    def __init__(self, count_now: bool = True) -> None:
        super().__init__()
        self.cards: dict[str, ModelCard] = {}
        heading = QLabel(f"<b>{self.tr('Models on this computer')}</b>")
        heading.setContentsMargins(2, 6, 0, 0)
        self.note = QLabel(self.tr("Looking in the Hugging Face cache…"))
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        open_button = QPushButton(self.tr("Open a model folder…"))
        open_button.setToolTip(
            self.tr("A Hugging Face model folder (config.json, the weights, the tokenizer)")
        )
        open_button.clicked.connect(self.open_folder_dialog)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(heading)
        self._layout.addWidget(self.note)
        self._layout.addWidget(open_button, 0, Qt.AlignmentFlag.AlignLeft)
        if count_now:
            self.scan()

    def folders(self) -> list[Path]:
        saved = QSettings().value(FOLDERS_KEY, [])
        items = saved if isinstance(saved, list) else [saved]
        return [Path(str(p)) for p in items if p]

    def scan(self) -> None:
        """List the models found (off the GUI thread), then work out each one's costs."""
        run_in_background(
            functools.partial(find_models, self.folders()), self._show_found, self._failed
        )

    def _show_found(self, found: list[ModelFolder]) -> None:
        if not shiboken6.isValid(self):
            return
        for model in found:
            self._add(model)
        self.note.setText(
            ""
            if self.cards
            else self.tr(
                "No model found in the Hugging Face cache; open a model's folder to train it"
            )
        )
        self.note.setVisible(not self.cards)

    def _failed(self, message: str, details: str) -> None:
        del details
        if shiboken6.isValid(self):
            self.note.setText(translate_message(message))

    def _add(self, model: ModelFolder) -> ModelCard:
        key = str(model.path)
        if key in self.cards:
            return self.cards[key]
        card = ModelCard(model, self)
        self.cards[key] = card
        self._layout.insertWidget(self._layout.count() - 1, card)
        if not model.refused:
            self._work_out(card, measure=False)
        return card

    def _work_out(self, card: ModelCard, *, measure: bool) -> None:
        from studio.core.training.probes.model_costs import model_costs

        def done(costs: ModelCosts, card: ModelCard = card) -> None:
            if shiboken6.isValid(card):
                card.show_costs(costs)
                card.measure.setEnabled(True)

        def failed(message: str, details: str, card: ModelCard = card) -> None:
            del details
            if shiboken6.isValid(card):
                card.costs.setText(translate_message(message))
                card.measure.setEnabled(True)

        job = functools.partial(model_costs, card.model.path, measure=measure)
        run_in_background(job, done, failed)

    def measure(self, card: ModelCard) -> None:
        card.measure.setEnabled(False)
        card.step.setText(self.tr("Measuring a few steps of this model…"))
        self._work_out(card, measure=True)

    def open_folder_dialog(self) -> None:
        path = dialogs.open_folder(self, self.tr("Open a model folder"))
        if path:
            self.open_folder(Path(path))

    def open_folder(self, path: Path) -> ModelCard | None:
        """Add the model folder `path` (remembered for next time); None, after saying why,
        when it is not one."""
        try:
            model = read_model_folder(path)
        except ModelFolderError as err:
            dialogs.show_error(self, self.tr("Not a model folder"), str(err))
            return None
        folders = [str(p) for p in self.folders()]
        if str(path) not in folders:
            QSettings().setValue(FOLDERS_KEY, [*folders, str(path)])
        card = self._add(model)
        self.note.setVisible(False)
        return card
