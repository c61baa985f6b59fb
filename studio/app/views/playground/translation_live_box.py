"""The translation page's live box: the translation follows the typing.

Each edit restarts a short quiet timer (DEBOUNCE_MS); when it runs out, the page asks the
tab for engines as for the button, and `LiveBox.submit` hands the text to a pool thread
(background.py), where the live translator of each engine chosen translates it
(studio.core.serving.live_translation): sentence by sentence, only what its cache lacks.
At most one translation runs at a time. A newer edit sets the running one's stop flag,
which it honours between two decoder steps, and waits for it; edits that came in
between are never translated at all, only the latest. So the GUI thread only restarts
timers and shows answers: it never waits for the model.

The answers appear in the tab's answer panel (PyTorch and ONNX side by side, each with
its latency); the line under the box says what the cache served. The cache's size is a
playground setting kept in QSettings (SETTINGS_KEY).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QSettings, QSize, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QSpinBox, QVBoxLayout, QWidget

from studio.app.common.background import run_in_background
from studio.app.views.playground.answer import Answer
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.core.config.decoding import Decoding
from studio.core.serving.engines import OnnxEngine, TorchEngine
from studio.core.serving.live_translation import LiveTranslator, LiveUpdate
from studio.core.serving.translation_backends import Cancelled, OnnxBackend, TorchBackend
from studio.core.tasks.translation.cache import DEFAULT_SENTENCES, TranslationCache

DEBOUNCE_MS = 150  # quiet time after an edit before it is translated
SETTINGS_KEY = "playground/live_cache_sentences"
MAX_CACHE = 100_000


@dataclass
class LiveJob:
    """One text to translate with the translators of the engines chosen."""

    text: str
    translators: list[LiveTranslator]
    decoding: Decoding
    write_lang: str | None = None
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> list[LiveUpdate] | None:
        """On a pool thread: each engine's update, or None once stopped."""
        try:
            return [
                t.translate_text(self.text, self.decoding, self.stop, self.write_lang)
                for t in self.translators
            ]
        except Cancelled:
            return None


def translator_for(engine: TorchEngine | OnnxEngine, cache: TranslationCache) -> LiveTranslator:
    if isinstance(engine, TorchEngine):
        return LiveTranslator(TorchBackend(engine.model, engine.task), cache)
    penalty = engine.task.cfg.beam_length_penalty if engine.task is not None else 1.0
    return LiveTranslator(OnnxBackend(engine.runner, penalty), cache)


class LiveEditor(QPlainTextEdit):
    """The box typed in, asking for EDITOR_LINES lines: the tab's scroll area gives the
    page its asked height, and a taller ask pushed the answers below 1280x800's bottom."""

    EDITOR_LINES = 6

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        frame = 2 * self.frameWidth() + int(self.document().documentMargin() * 2)
        return QSize(hint.width(), self.EDITOR_LINES * self.fontMetrics().lineSpacing() + frame)


class LiveBox(QWidget):
    """A multi-line box translated as it is typed; see the module's docstring.

    Signals: `edited()` when the quiet time after an edit ran out (the page asks for
    engines), `updated(list)` with the LiveUpdates shown, `cancelled()` for each
    translation stopped or dropped because a newer edit came, `failed(str)`.
    """

    edited = Signal()
    updated = Signal(list)
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__()
        self.panel = panel
        self.editor = LiveEditor()
        self.editor.setPlaceholderText(
            self.tr(
                "Type here: the translation follows as you type. Several sentences and "
                "lines are fine; only the sentence you edit is translated again."
            )
        )
        self.status = QLabel(self.tr("The translation appears below as you type."))
        self.status.setWordWrap(True)
        self.cache_size = QSpinBox()
        self.cache_size.setRange(10, MAX_CACHE)
        self.cache_size.setSingleStep(100)
        self.cache_size.setPrefix(self.tr("cache: "))
        self.cache_size.setSuffix(self.tr(" sentences"))
        self.cache_size.setToolTip(
            self.tr(
                "Finished translations kept for retyping, undoing and repeated sentences "
                "(least recently used ones go first)"
            )
        )
        self.cache_size.setValue(self._saved_cache_size())
        self.cache_size.valueChanged.connect(self._cache_size_changed)
        self.quiet = QTimer(self)
        self.quiet.setSingleShot(True)
        self.quiet.setInterval(DEBOUNCE_MS)
        self.quiet.timeout.connect(self.edited)
        self.editor.textChanged.connect(self.quiet.start)  # every edit restarts the wait
        footer = QHBoxLayout()
        footer.addWidget(self.status, 1)
        footer.addWidget(self.cache_size)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.editor)
        layout.addLayout(footer)
        self._translators: dict[str, tuple[Any, LiveTranslator]] = {}  # engine name -> ...
        self.running: LiveJob | None = None
        self.waiting: LiveJob | None = None

    # ---- settings

    @staticmethod
    def _saved_cache_size() -> int:
        value = QSettings().value(SETTINGS_KEY, DEFAULT_SENTENCES)
        try:
            return min(max(int(str(value)), 10), MAX_CACHE)
        except (TypeError, ValueError):
            return DEFAULT_SENTENCES  # a hand-edited settings file: the default

    def _cache_size_changed(self, size: int) -> None:
        QSettings().setValue(SETTINGS_KEY, size)
        for _, translator in self._translators.values():
            translator.cache.resize(size)

    # ---- translating

    def text(self) -> str:
        return self.editor.toPlainText()

    def translator(self, engine: TorchEngine | OnnxEngine) -> LiveTranslator:
        """The live translator of `engine`, made anew (with an empty cache) when the tab
        loaded another run or checkpoint."""
        known = self._translators.get(engine.name)
        if known is None or known[0] is not engine:
            cache = TranslationCache(sentences=self.cache_size.value())
            known = self._translators[engine.name] = (engine, translator_for(engine, cache))
        return known[1]

    def submit(self, job: LiveJob) -> None:
        """Translate `job` now, or as soon as the running translation has stopped."""
        if self.running is not None:
            self.running.stop.set()
            if self.waiting is not None:
                self.cancelled.emit()  # never started: a newer edit replaced it
            self.waiting = job
            return
        self.running = job
        run_in_background(job.run, self._finished, self._failed)

    def _next(self) -> bool:
        """Start the job that waited, if any; True if one did."""
        self.running, job, self.waiting = None, self.waiting, None
        if job is None:
            return False
        self.submit(job)
        return True

    def _finished(self, updates: list[LiveUpdate] | None) -> None:
        if updates is None or self.waiting is not None:  # stopped, or already out of date
            self.cancelled.emit()
            self._next()
            return
        self._next()
        self.show_updates(updates)

    def _failed(self, message: str, details: str) -> None:
        del details
        if self._next():
            return  # out of date anyway
        self.status.setText(self.tr("Could not translate: {why}").format(why=message))
        self.failed.emit(message)

    def show_updates(self, updates: list[LiveUpdate]) -> None:
        if not any(u.sentences for u in updates):  # the box was emptied
            self.panel.clear()
            self.status.setText(self.tr("The translation appears below as you type."))
        else:
            self.panel.show_answers([Answer(u.engine, [u.text], u.seconds) for u in updates])
            self.status.setText(" · ".join(self.describe(u) for u in updates))
        self.updated.emit(updates)

    def describe(self, update: LiveUpdate) -> str:
        """'PyTorch: 2 of 3 sentences from the cache; hit rate 75% of 40 look-ups'."""
        stats = update.stats
        said = self.tr(
            "{engine}: {cached} of {total} sentences from the cache; hit rate {rate:.0%} of "
            "{n} look-ups"
        ).format(
            engine=update.engine,
            cached=update.from_cache,
            total=len(update.sentences),
            rate=stats.hit_rate or 0.0,
            n=stats.lookups,
        )
        issues = update.issues
        if issues.too_long:
            said += self.tr(" ({n} cut at the model's {limit}-token limit)").format(
                n=issues.too_long, limit=issues.limit
            )
        if issues.unknown:
            said += self.tr(" ({n} with characters the model does not know)").format(
                n=issues.unknown
            )
        return said
