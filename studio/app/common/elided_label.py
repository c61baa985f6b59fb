"""A label of one line that ends in "…" where it is narrower than its text (the whole text
in its tooltip): the run toolbar's status line, the stage strip's words in one line.
With word wrap on it is a plain label, its text in lines."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QLabel


class ElidedLabel(QLabel):
    """One line of text that ends in "…" where it is narrower than its text; the whole
    text is its tooltip. `text()` is the whole text. It asks for at most `least` pixels:
    a layout short of room takes it from its neighbours first."""

    def __init__(self, text: str = "", least: int = 80) -> None:
        super().__init__(text)
        self.setToolTip(text)  # Qt's constructor does not call setText below
        self.least = least

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)

    def text_width(self) -> int:
        return self.fontMetrics().horizontalAdvance(self.text())

    def minimumSizeHint(self) -> QSize:
        if self.wordWrap():  # lines, not one cut line: a label's usual least size
            return super().minimumSizeHint()
        width = min(self.text_width(), self.least)
        return QSize(width, super().minimumSizeHint().height())

    def set_least(self, least: int) -> None:
        if least != self.least:
            self.least = least
            self.updateGeometry()

    def paintEvent(self, event) -> None:  # Qt's name
        if self.wordWrap():
            super().paintEvent(event)
            return
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            rect,
            self.alignment(),
            self.palette(),
            self.isEnabled(),
            text,
            QPalette.ColorRole.WindowText,
        )
