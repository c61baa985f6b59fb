"""The playground's input pages (Micro-GPT, translation, grid world) and its answer panel.

Pages only collect what the person asks and emit `asked`; the tab (playground.py) runs
the engines and hands the answers to `AnswerPanel`, which shows PyTorch and ONNX side by
side with their latencies and whether they agree.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.app.playground.engines import BEAM, GREEDY, SAMPLED, Answer

PICTURE_PX = 240  # the grid picture's side on screen
FRAME_MS = 250  # animation speed, as save_gif's default


def to_pixmap(frame: np.ndarray, side: int = PICTURE_PX) -> QPixmap:
    """An (H, W, 3) uint8 picture, enlarged without blurring so cells stay sharp."""
    rgb = np.ascontiguousarray(frame, dtype=np.uint8)
    h, w, _ = rgb.shape
    image = QImage(rgb.data, w, h, 3 * w, QImage.Format_RGB888).copy()  # copy: owns its bytes
    scale = max(1, side // max(h, w))
    return QPixmap.fromImage(image.scaled(w * scale, h * scale, mode=Qt.FastTransformation))


class AnswerColumn(QGroupBox):
    """One engine's answer: text, latency and (grid world) the current picture."""

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.answer = QLabel("—")
        self.answer.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.answer.setWordWrap(True)
        self.answer.setFont(QFont("monospace"))
        self.latency = QLabel("")
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignCenter)
        self.picture.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.answer)
        layout.addWidget(self.latency)
        layout.addWidget(self.picture)
        layout.addStretch(1)
        self.frames: list[np.ndarray] = []

    def show_answer(self, answer: Answer | None, note: str = "") -> None:
        self.setVisible(answer is not None)
        if answer is None:
            return
        self.answer.setText((note + "\n" if note else "") + (answer.text or "(empty)"))
        self.latency.setText(f"latency {answer.latency}")
        self.frames = answer.frames
        self.picture.setVisible(bool(self.frames))
        self.show_frame(0)

    def show_frame(self, index: int) -> None:
        if self.frames:
            self.picture.setPixmap(to_pixmap(self.frames[min(index, len(self.frames) - 1)]))


class AnswerPanel(QWidget):
    """PyTorch and ONNX answers side by side, and whether they agree."""

    def __init__(self) -> None:
        super().__init__()
        self.columns = {"PyTorch": AnswerColumn("PyTorch"), "ONNX": AnswerColumn("ONNX")}
        self.verdict = QLabel("")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.columns["PyTorch"], 0, 0)
        grid.addWidget(self.columns["ONNX"], 0, 1)
        grid.addWidget(self.verdict, 1, 0, 1, 2)
        self.answers: dict[str, Answer] = {}
        self.clear()

    def clear(self) -> None:
        self.answers = {}
        for column in self.columns.values():
            column.show_answer(None)
        self.verdict.setText("")

    def show_answers(
        self, answers: list[Answer], notes: dict[str, str] | None = None, compare: bool = True
    ) -> None:
        """Show each engine's answer (a note above it when it did something else than
        asked); compare: say whether both agree."""
        notes = notes or {}
        self.answers = {a.engine: a for a in answers}
        for name, column in self.columns.items():
            column.show_answer(self.answers.get(name), notes.get(name, ""))
        both = "PyTorch" in self.answers and "ONNX" in self.answers
        if both and compare and not notes:
            same = self.answers["PyTorch"].texts == self.answers["ONNX"].texts
            self.verdict.setText(
                "PyTorch and ONNX give the same answer."
                if same
                else "PyTorch and ONNX differ (an export of an older checkpoint? export again)."
            )
        else:
            self.verdict.setText("")

    def show_frame(self, index: int) -> None:
        for column in self.columns.values():
            column.show_frame(index)

    @property
    def frame_count(self) -> int:
        return max((len(c.frames) for c in self.columns.values() if c.isVisibleTo(self)), default=0)


class GptPage(QWidget):
    """A prompt and its greedy continuation, or several sampled ones."""

    asked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.prompt = QLineEdit("12+34=")
        self.prompt.setPlaceholderText("A prompt, e.g. 12+34=")
        self.prompt.returnPressed.connect(self.asked)
        self.mode = QComboBox()
        self.mode.addItems([GREEDY, SAMPLED])
        self.samples = QSpinBox()
        self.samples.setRange(1, 16)
        self.samples.setValue(4)
        self.samples.setPrefix("samples ")
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.05, 5.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setValue(1.0)
        self.temperature.setPrefix("temperature ")
        self.button = QPushButton("Generate")
        self.button.clicked.connect(self.asked)
        self.mode.currentTextChanged.connect(self._sync)
        row = QHBoxLayout(self)
        for widget in (self.prompt, self.mode, self.samples, self.temperature, self.button):
            row.addWidget(widget, 3 if widget is self.prompt else 0)
        self._sync()

    def _sync(self) -> None:
        sampled = self.mode.currentText() == SAMPLED
        self.samples.setEnabled(sampled)
        self.temperature.setEnabled(sampled)


class TranslationPage(QWidget):
    """A sentence and its translation, greedy or by beam search."""

    asked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.sentence = QLineEdit()
        self.sentence.setPlaceholderText("A sentence in the source language")
        self.sentence.returnPressed.connect(self.asked)
        self.decoding = QComboBox()
        self.decoding.addItems([GREEDY, BEAM])
        self.beam_size = QSpinBox()
        self.beam_size.setRange(2, 16)
        self.beam_size.setValue(4)
        self.beam_size.setPrefix("beam ")
        self.button = QPushButton("Translate")
        self.button.clicked.connect(self.asked)
        self.decoding.currentTextChanged.connect(
            lambda text: self.beam_size.setEnabled(text == BEAM)
        )
        self.beam_size.setEnabled(False)
        row = QHBoxLayout(self)
        for widget in (self.sentence, self.decoding, self.beam_size, self.button):
            row.addWidget(widget, 3 if widget is self.sentence else 0)


class GridPage(QWidget):
    """A new held-out grid played by the agent, step by step or animated; GIF on request.

    `asked` means "play grid `index`"; `gif_requested` asks the tab for a file name.
    The pictures themselves are in the answer panel, which `frame_changed` drives.
    """

    asked = Signal()
    gif_requested = Signal()
    frame_changed = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.index = -1  # the held-out test grid shown; "New grid" moves to the next
        self.frame = 0
        self.frames_total = 0
        self.new_button = QPushButton("New grid")
        self.new_button.clicked.connect(self.new_grid)
        self.greedy = QCheckBox("greedy")
        self.greedy.setChecked(True)
        self.greedy.setToolTip("Take the likeliest move (off: sample moves; ONNX stays greedy)")
        self.step_button = QPushButton("Step")
        self.step_button.clicked.connect(self.step)
        self.play_button = QPushButton("Animate")
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._animate)
        self.gif_button = QPushButton("Save GIF…")
        self.gif_button.clicked.connect(self.gif_requested)
        self.position = QLabel("")
        self.timer = QTimer(self)
        self.timer.setInterval(FRAME_MS)
        self.timer.timeout.connect(self._tick)
        row = QHBoxLayout(self)
        for widget in (
            self.new_button,
            self.greedy,
            self.step_button,
            self.play_button,
            self.gif_button,
            self.position,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        self.set_frames(0)

    def new_grid(self) -> None:
        self.index += 1
        self.asked.emit()

    def set_frames(self, total: int) -> None:
        """A new episode of `total` pictures is shown, from its first."""
        self.frames_total = total
        self.play_button.setChecked(False)
        for button in (self.step_button, self.play_button, self.gif_button):
            button.setEnabled(total > 0)
        self.go_to(0)

    def go_to(self, frame: int) -> None:
        self.frame = max(0, min(frame, self.frames_total - 1))
        if self.frames_total:
            self.position.setText(f"grid {self.index}, step {self.frame}/{self.frames_total - 1}")
        self.frame_changed.emit(self.frame)

    def step(self) -> None:
        """One move on; after the last, back to the start."""
        nxt = self.frame + 1
        self.go_to(0 if nxt >= self.frames_total else nxt)

    def _animate(self, on: bool) -> None:
        if on:
            if self.frame >= self.frames_total - 1:
                self.go_to(0)
            self.timer.start()
        else:
            self.timer.stop()

    def _tick(self) -> None:
        if self.frame >= self.frames_total - 1:
            self.play_button.setChecked(False)
            return
        self.go_to(self.frame + 1)
