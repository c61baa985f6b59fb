"""Tiny-Transformer's playground page: a sentence and its translation, greedy or by beam
search in PyTorch (the task's own `translate`), greedy through the ONNX export."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QPushButton, QSpinBox

from studio.app.playground.answers import AnswerPanel
from studio.app.playground.engines import (
    BEAM,
    GREEDY,
    Answer,
    OnnxEngine,
    PlaygroundError,
    TorchEngine,
)
from studio.app.playground.page import PlaygroundPage, Reply


def translate_torch(
    engine: TorchEngine, sentence: str, *, decoding: str = GREEDY, beam_size: int = 4
) -> Answer:
    from studio.core.tasks.translation.decoding import translate

    started = time.perf_counter()
    (text,) = translate(engine.model, engine.task, [sentence], decoding, beam_size)
    return Answer(engine.name, [text], time.perf_counter() - started)


def translate_onnx(engine: OnnxEngine, sentence: str) -> Answer:
    """The greedy translation by the export (the snippet runner decodes greedily only)."""
    started = time.perf_counter()
    (text,) = engine.runner.translate([sentence])
    return Answer(engine.name, [text], time.perf_counter() - started)


class TranslationPage(PlaygroundPage):
    """A sentence and its translation, greedy or by beam search."""

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__(panel)
        self.sentence = QLineEdit()
        self.sentence.setPlaceholderText(self.tr("A sentence in the source language"))
        self.sentence.returnPressed.connect(self.asked)
        self.decoding = QComboBox()
        self.decoding.addItem(self.tr("greedy"), GREEDY)
        self.decoding.addItem(self.tr("beam"), BEAM)
        self.beam_size = QSpinBox()
        self.beam_size.setRange(2, 16)
        self.beam_size.setValue(4)
        self.beam_size.setPrefix(self.tr("beam "))
        self.button = QPushButton(self.tr("Translate"))
        self.button.clicked.connect(self.asked)
        self.decoding.currentIndexChanged.connect(
            lambda: self.beam_size.setEnabled(self.decoding.currentData() == BEAM)
        )
        self.beam_size.setEnabled(False)
        # a run trained with task.both_directions translates either way
        self.direction = QComboBox()
        self.direction.addItem(self.tr("as trained"), False)
        self.direction.addItem(self.tr("the other way"), True)
        self.direction.setToolTip(self.tr("The other way needs a run trained both ways"))
        row = QHBoxLayout(self)
        for widget in (self.sentence, self.direction, self.decoding, self.beam_size, self.button):
            row.addWidget(widget, 3 if widget is self.sentence else 0)

    def answer(self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None) -> Reply:
        sentence = self.sentence.text().strip()
        if not sentence:
            title = self.tr("Nothing to translate")
            raise PlaygroundError(self.tr("Type a sentence first."), title)
        sentence = self._directed(sentence, torch_engine)
        decoding = self.decoding.currentData()
        reply = Reply([])
        if torch_engine is not None:
            reply.answers.append(
                translate_torch(
                    torch_engine, sentence, decoding=decoding, beam_size=self.beam_size.value()
                )
            )
        if onnx_engine is not None:
            reply.answers.append(translate_onnx(onnx_engine, sentence))
            if decoding == BEAM:
                reply.notes["ONNX"] = self.tr("greedy (the ONNX runner decodes greedily only):")
        return reply

    def _directed(self, sentence: str, torch_engine: TorchEngine | None) -> str:
        """The sentence with the tag of the chosen direction, for a run trained both ways."""
        from studio.core.tasks.translation.directions import tagged

        cfg = getattr(getattr(torch_engine, "task", None), "cfg", None)
        both = bool(getattr(cfg, "both_directions", False))
        other = self.direction.currentData()
        if other and not both:
            raise PlaygroundError(
                self.tr("This run translates one way only; train with task.both_directions."),
                self.tr("One way only"),
            )
        if not both:
            return sentence
        return tagged(sentence, cfg.source_lang if other else cfg.target_lang)
