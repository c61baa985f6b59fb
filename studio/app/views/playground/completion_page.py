"""Micro-GPT's playground page: a prompt and its greedy continuation, or several sampled
ones, from the PyTorch model (the core's `complete`, as `grpo-studio generate` answers)
and from the ONNX export (the snippet runner's greedy decoding, or numpy sampling from its
step graph)."""

from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
)

from studio.app.views.playground.answer import SAMPLED, Answer, PlaygroundError
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.app.views.playground.page import PlaygroundPage, Reply
from studio.core.config.decoding import GREEDY
from studio.core.serving.completion import (
    CompletionError,
    CompletionSettings,
    PromptTooLong,
    answer_tokens,
    complete,
    ended,
)
from studio.core.serving.engines import OnnxEngine, TorchEngine


def _check_room(prompt_tokens: int, max_new: int, room: int) -> None:
    if prompt_tokens + max_new > room:
        raise PlaygroundError(
            QCoreApplication.translate(
                "CompletionPage",
                "the prompt takes {prompt} tokens and answers up to {new}, more than the "
                "model's {room} positions; shorten the prompt",
            ).format(prompt=prompt_tokens, new=max_new, room=room)
        )


def complete_torch(
    engine: TorchEngine,
    prompt: str,
    *,
    greedy: bool = True,
    samples: int = 1,
    temperature: float = 1.0,
) -> Answer:
    """Continuations of `prompt` by the PyTorch model: the greedy one, or `samples`
    sampled ones, each up to a whole answer's tokens as the export decodes them."""
    settings = CompletionSettings(
        samples=1 if greedy else samples,
        temperature=0.0 if greedy else temperature,
        max_new_tokens=answer_tokens(engine),
    )
    prompt = ended(engine.task, prompt)  # "12+34" is asked as "12+34="
    started = time.perf_counter()
    try:
        (texts,) = complete(engine, [prompt], settings)
    except PromptTooLong as err:
        _check_room(err.tokens, err.new_tokens, err.positions)  # raises, in the window's words
        raise
    except CompletionError as err:
        raise PlaygroundError(str(err)) from None
    seconds = time.perf_counter() - started
    return Answer(engine.name, texts, seconds)


def _onnx_prompt(engine: OnnxEngine, prompt: str) -> str:
    """The prompt with its task's end (the run's task, else the export's metadata)."""
    return ended(engine.task if engine.task is not None else engine.runner, prompt)


def complete_onnx(engine: OnnxEngine, prompt: str) -> Answer:
    """The greedy continuation by the export (the snippet runner decodes greedily only)."""
    runner = engine.runner
    ids = runner.tokenizer.encode(_onnx_prompt(engine, prompt))
    started = time.perf_counter()
    (row,) = runner.greedy_ids([ids], runner.max_new_tokens)
    seconds = time.perf_counter() - started
    return Answer(engine.name, [runner.tokenizer.decode(row)], seconds)


def sample_onnx(
    engine: OnnxEngine, prompt: str, *, samples: int, temperature: float, seed: int | None = None
) -> Answer:
    """`samples` sampled continuations, drawn with numpy from the step graph's logits."""
    if not temperature > 0:
        raise PlaygroundError(
            QCoreApplication.translate(
                "CompletionPage", "temperature must be positive, got {value}"
            ).format(value=temperature)
        )
    runner = engine.runner
    tok = runner.tokenizer
    ids = tok.encode(_onnx_prompt(engine, prompt))
    max_new = runner.max_new_tokens
    _check_room(len(ids), max_new, runner.max_len)
    rng = np.random.default_rng(seed)
    n = samples
    mask = np.ones((n, len(ids)), dtype=np.int64)  # (G, Tp): one prompt, no padding
    empty = np.zeros((runner.layers, n, runner.heads, 0, runner.head_dim), dtype=np.float32)
    feed = {
        "input_ids": np.tile(np.asarray(ids, dtype=np.int64), (n, 1)),
        "attention_mask": mask,
        "past_keys": empty,
        "past_values": empty,
    }
    rows: list[list[int]] = [[] for _ in range(n)]
    finished = np.zeros(n, dtype=bool)
    started = time.perf_counter()
    for _ in range(max_new):
        logits, keys, values = runner.step.run(None, feed)
        z = logits[:, -1].astype(np.float64) / temperature  # (G, V)
        p = np.exp(z - z.max(-1, keepdims=True))
        p /= p.sum(-1, keepdims=True)
        nxt = np.array([rng.choice(len(row), p=row) for row in p], dtype=np.int64)
        nxt = np.where(finished, tok.pad_id, nxt)  # (G,)
        for i in np.flatnonzero(~finished):
            rows[i].append(int(nxt[i]))
        finished |= nxt == tok.eos_id
        if finished.all():
            break
        mask = np.concatenate([mask, np.ones((n, 1), dtype=np.int64)], axis=1)
        feed = {
            "input_ids": nxt[:, None],
            "attention_mask": mask,
            "past_keys": keys,
            "past_values": values,
        }
    seconds = time.perf_counter() - started
    return Answer(engine.name, [tok.decode(r) for r in rows], seconds)


class CompletionPage(PlaygroundPage):
    """A prompt and its greedy continuation, or several sampled ones."""

    QUESTION = "completion"

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__(panel)
        self.prompt = QLineEdit("12+34=")
        self.prompt.setPlaceholderText(self.tr("A prompt, e.g. 12+34="))
        self.prompt.returnPressed.connect(self.asked)
        self.mode = QComboBox()
        self.mode.addItem(self.tr("greedy"), GREEDY)
        self.mode.addItem(self.tr("sampled"), SAMPLED)
        self.samples = QSpinBox()
        self.samples.setRange(1, 16)
        self.samples.setValue(4)
        self.samples.setPrefix(self.tr("samples "))
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.05, 5.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setValue(1.0)
        self.temperature.setPrefix(self.tr("temperature "))
        self.button = QPushButton(self.tr("Generate"))
        self.button.clicked.connect(self.asked)
        self.mode.currentIndexChanged.connect(self._sync)
        row = QHBoxLayout(self)
        for widget in (self.prompt, self.mode, self.samples, self.temperature, self.button):
            row.addWidget(widget, 3 if widget is self.prompt else 0)
        self._sync()

    @property
    def greedy(self) -> bool:
        return self.mode.currentData() == GREEDY

    def _sync(self) -> None:
        self.samples.setEnabled(not self.greedy)
        self.temperature.setEnabled(not self.greedy)

    def answer(self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None) -> Reply:
        prompt, greedy = self.prompt.text(), self.greedy
        samples, temperature = self.samples.value(), self.temperature.value()
        answers = []
        if torch_engine is not None:
            answers.append(
                complete_torch(
                    torch_engine, prompt, greedy=greedy, samples=samples, temperature=temperature
                )
            )
        if onnx_engine is not None:
            answers.append(
                complete_onnx(onnx_engine, prompt)
                if greedy
                else sample_onnx(onnx_engine, prompt, samples=samples, temperature=temperature)
            )
        return Reply(answers, compare=greedy)
