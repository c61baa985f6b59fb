"""The preset gallery: one card per shipped preset, plus "Open preset file…".

Presets come first, then the lessons shipped for a class (presets/lessons/); each list
is quickest first (`ui.minutes`, a whole run's minutes on the machine its preset was
measured on: an order, not a figure for this machine). A card shows the preset's name,
description, task, layer count, parameter count and estimated peak training memory
(studio.core.machine.hardware.estimate_training_memory); the card in use also shows how
long its run takes here, the estimate measured under the settings (setup/time_estimate.py:
one answer to "how long", wherever it is shown). The counts need the task and
model built, which takes a second or two for translation (tokenizers are trained on the
demo corpus), so they are computed off the GUI thread and filled in when ready; results
are cached per file and modification time.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message
from studio.app.setup.model_shelf import ModelShelf
from studio.core.catalogue import load_config
from studio.core.config.preset_files import lesson_files, preset_files, user_lesson_files
from studio.core.machine.hardware import estimate_training_memory, format_bytes
from studio.core.models import arch_spec
from studio.core.runs.warm_start import missing_warm_start


@dataclass(frozen=True)
class PresetSummary:
    name: str
    description: str
    arch: str
    task: str
    layers: str  # "6 layers", "4+4 layers", "12 weight layers"
    num_params: int
    memory_bytes: int


def format_count(n: int) -> str:
    """3774592 -> '3.8M', 99044 -> '99K'."""
    if n >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    if n >= 1_000:
        return f"{n / 1e3:.0f}K"
    return str(n)


def summarize_preset(path: str | Path) -> PresetSummary:
    """Load a preset, build its task and model, count. Slow: call it off the GUI thread."""
    from studio.core.tasks import build_task

    cfg = load_config(path)
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    params = sum(p.numel() for p in model.parameters())
    return PresetSummary(
        name=cfg.name,
        description=cfg.description,
        arch=type(cfg.model).ARCH,
        task=type(cfg.task).NAME,
        layers=arch_spec(cfg.model.ARCH).layers(cfg.model),
        num_params=params,
        memory_bytes=estimate_training_memory(cfg, params),
    )


# The registries' task and architecture names, as a card's tags say them in the window's
# language (tests/app/setup/test_gallery.py checks that every registered name is here).
TAGS = (
    QT_TRANSLATE_NOOP("PresetTags", "arithmetic"),
    QT_TRANSLATE_NOOP("PresetTags", "strings"),
    QT_TRANSLATE_NOOP("PresetTags", "translation"),
    QT_TRANSLATE_NOOP("PresetTags", "gridworld"),
    QT_TRANSLATE_NOOP("PresetTags", "shapes"),
    QT_TRANSLATE_NOOP("PresetTags", "own_text"),
    QT_TRANSLATE_NOOP("PresetTags", "micro-gpt"),
    QT_TRANSLATE_NOOP("PresetTags", "tiny-transformer"),
    QT_TRANSLATE_NOOP("PresetTags", "pretrained-lm"),
    QT_TRANSLATE_NOOP("PresetTags", "pretrained-mt"),
    QT_TRANSLATE_NOOP("PresetTags", "lite-resnet"),
)


def tag(name: str) -> str:
    """A task's or an architecture's registry name in the window's language."""
    return QCoreApplication.translate("PresetTags", name)


def card_details(s: PresetSummary) -> str:
    """The card's line of counts: task, architecture, depth, parameters, memory."""
    return QCoreApplication.translate(
        "PresetCard",
        "{task} · {arch} · {layers} · {params} parameters · ~{memory} peak training memory "
        "(estimate)",
    ).format(
        task=tag(s.task),
        arch=tag(s.arch),
        layers=translate_message(s.layers),
        params=format_count(s.num_params),
        memory=format_bytes(s.memory_bytes),
    )


USER_KEY = "mine:"  # a saved lesson's card key: its file stem after this


class PresetCard(QFrame):
    def __init__(self, key: str, path: Path, gallery: PresetGallery) -> None:
        super().__init__()
        self.setObjectName("presetCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.key, self.path = key, path
        self.minutes: float | None = None
        missing = None  # the warm start it starts from, when its file is not there
        try:
            cfg = load_config(path)
            title, desc, self.minutes = cfg.name, cfg.description, cfg.ui.minutes
            missing = missing_warm_start(cfg)
        except ValueError as err:  # a broken shipped preset must not break the gallery
            title = key
            desc = self.tr("Cannot be loaded: {error}").format(error=translate_message(err))
        # said on the card, before Start is pressed: a lesson without its warm start
        # would otherwise fail only once the run is being built
        self.warning = QLabel(
            self.tr("⚠ Its warm start is missing: {problem}").format(
                problem=translate_message(missing)
            )
            if missing
            else ""
        )
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #A03000; font-weight: bold;")
        self.warning.setVisible(bool(missing))
        self.title = QLabel(f"<b>{QCoreApplication.translate('presets', title)}</b>")
        self.description = QLabel(QCoreApplication.translate("presets", desc) if desc else "")
        self.description.setWordWrap(True)
        # the time a run takes here: the card in use shows the settings' measured estimate
        self.duration = QLabel("")
        self.duration.setStyleSheet("color: #1F3A5F;")
        self.duration.setWordWrap(True)
        self.duration.hide()
        self.details = QLabel(self.tr("counting parameters…"))
        self.details.setWordWrap(True)
        self.details.setStyleSheet("color: #555;")
        self.use = QPushButton(self.tr("Use this preset"))
        self.use.clicked.connect(lambda: gallery.preset_chosen.emit(str(path)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        for w in (self.title, self.warning, self.description, self.duration, self.details):
            layout.addWidget(w)
        layout.addWidget(self.use, 0, Qt.AlignmentFlag.AlignRight)

    def show_in_use(self, current: bool) -> None:
        """The button says whether this card's preset is the one in the settings; only
        the card in use says how long a run takes here (the settings' estimate)."""
        self.use.setText(self.tr("In use") if current else self.tr("Use this preset"))
        if not current:
            self.show_estimate("")

    def show_estimate(self, text: str) -> None:
        """The settings' measured estimate ('About 40 s on this machine'); "" hides it."""
        self.duration.setText(text)
        self.duration.setVisible(bool(text))


class PresetGallery(QWidget):
    """Emits `preset_chosen(path)` for a card's button or an opened file."""

    preset_chosen = Signal(str)

    _cache: ClassVar[dict[tuple[str, float], PresetSummary]] = {}  # shared by galleries

    def __init__(self, summarize=summarize_preset, count_now: bool = True) -> None:
        super().__init__()
        self._summarize = summarize
        self.cards: dict[str, PresetCard] = {}
        open_button = QPushButton(self.tr("Open preset file…"))
        open_button.setToolTip(
            self.tr("Load a preset YAML file (e.g. one saved with 'Save as preset')")
        )
        open_button.clicked.connect(self.open_file_dialog)
        host = QWidget()
        cards = QVBoxLayout(host)
        cards.setContentsMargins(2, 2, 2, 2)
        self._add_section(cards, self.tr("Presets"), preset_files())
        # the user's own pretrained models, found in the Hugging Face cache or opened,
        # right after the presets: where someone with a model looks first
        self.models = ModelShelf(count_now=count_now)
        cards.addWidget(self.models)
        self._add_section(cards, self.tr("Lessons for a class"), lesson_files())
        # the teacher's own saved lessons, kept in the studio's lessons folder
        self._cards = cards
        self._user_heading = QLabel(f"<b>{self.tr('My lessons')}</b>")
        self._user_heading.setContentsMargins(2, 6, 0, 0)
        cards.addWidget(self._user_heading)
        self._user_keys: list[str] = []
        cards.addStretch(1)
        self.show_user_lessons(count=False)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(host)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(open_button)
        layout.addWidget(scroll, 1)
        if count_now:
            self.count_all()

    def _add_section(self, cards: QVBoxLayout, title: str, files: dict[str, Path]) -> None:
        """A heading and a card per file, the quickest first."""
        if not files:
            return
        heading = QLabel(f"<b>{title}</b>")
        heading.setContentsMargins(2, 6, 0, 0)
        cards.addWidget(heading)
        made = [PresetCard(key, path, self) for key, path in files.items()]
        for card in sorted(made, key=lambda c: (c.minutes is None, c.minutes or 0.0, c.key)):
            self.cards[card.key] = card
            cards.addWidget(card)

    def show_user_lessons(self, count: bool = True) -> None:
        """(Re)list the lessons saved in the user's lessons folder, after the shipped ones
        (a lesson just saved appears at once); `count`: fill the new cards' counts."""
        for key in self._user_keys:
            card = self.cards.pop(key)
            self._cards.removeWidget(card)
            card.deleteLater()
        self._user_keys = []
        files = user_lesson_files()
        self._user_heading.setVisible(bool(files))
        at = self._cards.indexOf(self._user_heading) + 1
        for stem, path in files.items():
            card = PresetCard(USER_KEY + stem, path, self)
            self.cards[card.key] = card
            self._user_keys.append(card.key)
            self._cards.insertWidget(at, card)
            at += 1
        if count:
            self.count_all(self._user_keys)

    def count_all(self, keys: list[str] | None = None) -> None:
        """Fill every card's counts (or those of `keys`), from the cache or a background
        build."""
        for key, card in self.cards.items():
            if keys is not None and key not in keys:
                continue
            stamp = (str(card.path), card.path.stat().st_mtime)
            if stamp in self._cache:
                self._show(key, self._cache[stamp])
                continue

            def done(summary: PresetSummary, key: str = key, stamp: tuple = stamp) -> None:
                self._cache[stamp] = summary
                self._show(key, summary)

            def failed(message: str, details: str, key: str = key) -> None:
                if shiboken6.isValid(self):
                    self.cards[key].details.setText(
                        QCoreApplication.translate(
                            "PresetCard", "Could not build this preset: {message}"
                        ).format(message=translate_message(message))
                    )

            run_in_background(functools.partial(self._summarize, card.path), done, failed)

    def _show(self, key: str, summary: PresetSummary) -> None:
        if shiboken6.isValid(self):  # the gallery may be gone by the time a count finishes
            self.cards[key].details.setText(card_details(summary))

    def set_current(self, path: str | Path | None) -> None:
        """Mark the card of the preset in use (a path or a shipped name), unmark the rest."""
        chosen = None
        if path is not None:
            key = Path(str(path)).stem.replace("-", "_").lower()
            chosen = key if key in self.cards else None
            for user_key in self._user_keys:  # a saved lesson: its own file
                if Path(str(path)).resolve() == self.cards[user_key].path.resolve():
                    chosen = user_key
        for key, card in self.cards.items():
            current = key == chosen
            card.setProperty("current", current)
            card.show_in_use(current)
            card.use.setEnabled(not current)
            card.style().unpolish(card)  # the stylesheet reads the property anew
            card.style().polish(card)

    def show_estimate(self, text: str) -> None:
        """The estimate under the settings (their headline, "" while not measured), on the
        card in use: the one figure for how long its run takes on this machine."""
        for card in self.cards.values():
            card.show_estimate(text if card.property("current") else "")

    def open_file_dialog(self) -> None:
        path = dialogs.open_file(
            self,
            self.tr("Open preset"),
            self.tr("Preset files (*.yaml *.yml);;All files (*)"),
        )
        if path:
            self.preset_chosen.emit(path)
