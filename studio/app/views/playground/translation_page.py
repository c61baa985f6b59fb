"""Tiny-Transformer's playground page: a sentence and its translation, greedy or by beam
search in PyTorch (the task's own `translate`), greedy through the ONNX export; or, with
"Translate as you type", a box whose translation follows the typing (translation_live_box.py)."""

from __future__ import annotations

import time

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from studio.app.views.playground.answer import Answer, PlaygroundError
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.app.views.playground.page import PlaygroundPage, Reply
from studio.app.views.playground.translation_live_box import LiveBox, LiveJob
from studio.core.config.decoding import BEAM, GREEDY, GREEDY_DECODING, MAX_BEAMS, Decoding
from studio.core.config.sections import StudioConfig
from studio.core.serving.engines import OnnxEngine, TorchEngine
from studio.core.tasks.translation.task import TranslationTask


def translation_task(engine: TorchEngine) -> TranslationTask | None:
    """The run's task when it is the translation task, else None."""
    return engine.task if isinstance(engine.task, TranslationTask) else None


def translate_torch(
    engine: TorchEngine, sentence: str, decoding: Decoding = GREEDY_DECODING
) -> Answer:
    from studio.core.tasks.translation.decoding import translate

    task = translation_task(engine)
    assert task is not None, "the translation page answers for translation runs only"
    started = time.perf_counter()
    (text,) = translate(engine.model, task, [sentence], decoding)
    return Answer(engine.name, [text], time.perf_counter() - started)


def translate_onnx(engine: OnnxEngine, sentence: str) -> Answer:
    """The greedy translation by the export (the snippet runner decodes greedily only)."""
    started = time.perf_counter()
    (text,) = engine.runner.translate([sentence])
    return Answer(engine.name, [text], time.perf_counter() - started)


class TranslationPage(PlaygroundPage):
    """A sentence and its translation, greedy or by beam search."""

    QUESTION = "translation"

    SERVES = True  # a translation run answers LibreTranslate's clients (serve_control.py)

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__(panel)
        self.sentence = QLineEdit()
        self.sentence.setPlaceholderText(self.tr("A sentence in the source language"))
        self.sentence.returnPressed.connect(self.asked)
        self.decoding = QComboBox()
        self.decoding.addItem(self.tr("greedy"), GREEDY)
        self.decoding.addItem(self.tr("beam"), BEAM)
        self.beam_size = QSpinBox()
        self.beam_size.setRange(2, MAX_BEAMS)
        self.beam_size.setValue(4)
        self.beam_size.setPrefix(self.tr("beam "))
        self.button = QPushButton(self.tr("Translate"))
        self.button.clicked.connect(self.asked)
        self.decoding.currentIndexChanged.connect(
            lambda: self.beam_size.setEnabled(self.decoding.currentData() == BEAM)
        )
        self.beam_size.setEnabled(False)
        how = self.tr(
            "A run starts with the decoding its test figures were measured with "
            "(eval.test_decoding); a beam search scores higher, in more time"
        )
        self.decoding.setToolTip(how)
        beams = self.tr("A beam search takes 2 to {most} beams").format(most=MAX_BEAMS)
        self.beam_size.setToolTip(f"{beams}. {how}")
        # a run trained with task.both_directions translates either way
        self.direction = QComboBox()
        self.direction.addItem(self.tr("as trained"), False)
        self.direction.addItem(self.tr("the other way"), True)
        self.direction.setToolTip(self.tr("The other way needs a run trained both ways"))
        self.live_mode = QCheckBox(self.tr("Translate as you type"))
        self.live_mode.setToolTip(
            self.tr("A box for several sentences whose translation follows your typing")
        )
        self.live_mode.toggled.connect(self._live_toggled)
        self.live = LiveBox(panel)
        self.live.setVisible(False)
        self.live.edited.connect(self.asked)
        for changed in (
            self.decoding.currentIndexChanged,
            self.beam_size.valueChanged,
            self.direction.currentIndexChanged,
        ):
            changed.connect(self._settings_changed)
        row = QHBoxLayout()
        widgets = (
            self.sentence,
            self.direction,
            self.decoding,
            self.beam_size,
            self.button,
            self.live_mode,
        )
        for widget in widgets:
            row.addWidget(widget, 3 if widget is self.sentence else 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.live)

    def follow_settings(self, cfg: StudioConfig) -> None:
        decoding = cfg.eval.decoding_of("test")
        self.decoding.setCurrentIndex(self.decoding.findData(decoding.method))
        if not decoding.greedy:
            self.beam_size.setValue(decoding.beams)

    def chosen_decoding(self) -> Decoding:
        """The decoding the page is set to: greedy, or a search of the spin box's beams."""
        if self.decoding.currentData() == BEAM:
            return Decoding.beam(self.beam_size.value())
        return GREEDY_DECODING

    def _live_toggled(self, on: bool) -> None:
        self.sentence.setVisible(not on)
        self.live.setVisible(on)
        if on:
            if not self.live.text() and self.sentence.text():
                self.live.editor.setPlainText(self.sentence.text())  # translated once quiet
            self.live.editor.setFocus()

    def _settings_changed(self) -> None:
        if self.live_mode.isChecked() and self.live.text():
            self.live.quiet.start()  # the live box follows the decoding and direction too

    def answer(
        self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None
    ) -> Reply | None:
        if self.live_mode.isChecked():
            self._answer_live(torch_engine, onnx_engine)
            return None  # the live box shows its answers when they are ready
        sentence = self.sentence.text().strip()
        if not sentence:
            title = self.tr("Nothing to translate")
            raise PlaygroundError(self.tr("Type a sentence first."), title)
        sentence = self._directed(sentence, torch_engine, onnx_engine)
        decoding = self.chosen_decoding()
        reply = Reply([])
        if torch_engine is not None:
            reply.answers.append(translate_torch(torch_engine, sentence, decoding))
        if onnx_engine is not None:
            reply.answers.append(translate_onnx(onnx_engine, sentence))
            if not decoding.greedy:
                reply.notes["ONNX"] = self.tr("greedy (the ONNX runner decodes greedily only):")
        return reply

    def _answer_live(self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None):
        engines = [e for e in (torch_engine, onnx_engine) if e is not None]
        job = LiveJob(
            text=self.live.text(),
            translators=[self.live.translator(e) for e in engines],
            decoding=self.chosen_decoding(),
            write_lang=self._write_lang(torch_engine, onnx_engine),
        )
        self.live.submit(job)

    def _directed(
        self,
        sentence: str,
        torch_engine: TorchEngine | None,
        onnx_engine: OnnxEngine | None = None,
    ) -> str:
        """The sentence with the tag of the chosen direction, for a run trained both ways."""
        from studio.core.tasks.translation.directions import tagged

        lang = self._write_lang(torch_engine, onnx_engine)
        return sentence if lang is None else tagged(sentence, lang)

    def _write_lang(
        self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None = None
    ) -> str | None:
        """The language to write for a run trained both ways (None: a one-way run)."""
        both, source, target = run_directions(torch_engine, onnx_engine)
        other = self.direction.currentData()
        if other and not both:
            raise PlaygroundError(
                self.tr("This run translates one way only; train with task.both_directions."),
                self.tr("One way only"),
            )
        if not both:
            return None
        return source if other else target


def run_directions(
    torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None
) -> tuple[bool, str, str]:
    """(trained both ways, source language, target language) of the run the engines answer
    for: from the PyTorch task's settings, or from the ONNX export's metadata."""
    task = translation_task(torch_engine) if torch_engine is not None else None
    if task is not None:
        cfg = task.cfg
        return cfg.both_directions, cfg.source_lang, cfg.target_lang
    meta = onnx_engine.runner.meta if onnx_engine is not None else None
    exported = meta.get("task", {}) if isinstance(meta, dict) else {}
    return (
        bool(exported.get("both_directions", False)),
        exported.get("source_lang", ""),
        exported.get("target_lang", ""),
    )
