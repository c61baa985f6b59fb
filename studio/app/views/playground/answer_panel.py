"""The playground's answer panel: PyTorch and ONNX answers side by side, with their
latencies, the grid world's pictures, and whether the two agree."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.app.views.playground.answer import Answer

PICTURE_PX = 240  # the grid picture's side on screen


def to_pixmap(frame: np.ndarray, side: int = PICTURE_PX) -> QPixmap:
    """An (H, W, 3) uint8 picture, enlarged without blurring so cells stay sharp."""
    rgb = np.ascontiguousarray(frame, dtype=np.uint8)
    h, w, _ = rgb.shape
    image = QImage(
        rgb.data, w, h, 3 * w, QImage.Format.Format_RGB888
    ).copy()  # copy: owns its bytes
    scale = max(1, side // max(h, w))
    return QPixmap.fromImage(
        image.scaled(w * scale, h * scale, mode=Qt.TransformationMode.FastTransformation)
    )


class AnswerColumn(QGroupBox):
    """One engine's answer: text, latency and (grid world) the current picture."""

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.answer = QLabel("—")
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.answer.setWordWrap(True)
        self.answer.setFont(QFont("monospace"))
        self.answer.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # a long answer (a live box of many sentences) scrolls in its column: grown with its
        # text, it pushed the tab below the window's bottom edge at 1280x800
        self.answer_area = QScrollArea()
        self.answer_area.setWidget(self.answer)
        self.answer_area.setWidgetResizable(True)
        self.answer_area.setFrameShape(QFrame.Shape.NoFrame)
        self.answer_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lines = QFontMetrics(self.answer.font()).lineSpacing()
        self.answer_area.setMinimumHeight(3 * lines)  # three lines are always readable
        self.latency = QLabel("")
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.answer_area, 1)
        layout.addWidget(self.latency)
        layout.addWidget(self.picture)
        self.frames: list[np.ndarray] = []
        self._frame_texts: list[str] = []
        self._note = ""

    def show_answer(self, answer: Answer | None, note: str = "") -> None:
        self.setVisible(answer is not None)
        if answer is None:
            return
        self._note = note + "\n" if note else ""
        self._frame_texts = answer.frame_texts
        self.answer.setText(self._note + (answer.text or self.tr("(empty)")))
        self.latency.setText(self.tr("latency {time}").format(time=answer.latency))
        self.frames = answer.frames
        self.picture.setVisible(bool(self.frames))
        self.show_frame(0)

    def show_frame(self, index: int) -> None:
        """Picture `index` of the episode, and what the answer says by then."""
        if self.frames:
            self.picture.setPixmap(to_pixmap(self.frames[min(index, len(self.frames) - 1)]))
        if self._frame_texts:
            self.answer.setText(
                self._note + self._frame_texts[min(index, len(self._frame_texts) - 1)]
            )


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
                self.tr("PyTorch and ONNX give the same answer.")
                if same
                else self.tr(
                    "PyTorch and ONNX differ (an export of an older checkpoint? export again)."
                )
            )
        else:
            self.verdict.setText("")

    def show_frame(self, index: int) -> None:
        for column in self.columns.values():
            column.show_frame(index)

    @property
    def frame_count(self) -> int:
        return max((len(c.frames) for c in self.columns.values() if c.isVisibleTo(self)), default=0)
