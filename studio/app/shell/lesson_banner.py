"""The lesson banner above the charts: a lesson's text where the class looks, and how many
settings it hides (with a way for the teacher to see them all).

On a short screen (a projector's 700 pixels, `set_compact`) the banner is one line: the
lesson's text cut to the width with "…", and a "More" button that opens it whole; the
note of hidden settings goes into the button's tip."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout


class LessonBanner(QFrame):
    """Hidden unless the loaded preset carries a lesson text (`ui.lesson`)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("lessonBanner")
        self.text = QLabel()
        self.text.setWordWrap(True)
        # the text is cut to the banner's width when compact: it never widens the window
        self.text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.more = QPushButton(self.tr("More"))
        self.more.setCheckable(True)
        self.more.setToolTip(self.tr("Show the whole lesson text"))
        self.more.toggled.connect(self._show_text)
        self.note = QLabel()
        self.note.setStyleSheet("color: #555;")
        self.show_all = QPushButton(self.tr("Show hidden settings"))
        self.show_all.setToolTip(self.tr("Lesson mode in Settings: every setting, with its box"))
        top = QHBoxLayout()
        top.addWidget(self.text, 1)
        top.addWidget(self.more, 0, Qt.AlignmentFlag.AlignTop)
        row = QHBoxLayout()
        row.addWidget(self.note, 1)
        row.addWidget(self.show_all)
        self._row = row
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addLayout(top)
        layout.addLayout(row)
        self.compact = False
        self._lesson = ""
        self._hidden = 0
        self.more.setVisible(False)
        self.setVisible(False)

    def set_lesson(self, text: str, hidden: int) -> None:
        self._lesson = QCoreApplication.translate("presets", text) if text else ""
        self._hidden = hidden
        if hidden:
            self.note.setText(
                self.tr("This lesson hides {n} settings to keep the form short.").format(n=hidden)
            )
        else:
            self.note.setText(self.tr("This lesson hides no settings."))
        self.more.setChecked(False)
        self._show_text()
        self.setVisible(bool(text))

    def set_compact(self, compact: bool) -> None:
        """One line (a short screen) or the whole text with its note (otherwise)."""
        if compact != self.compact:
            self.compact = compact
            self.more.setChecked(False)
            self._show_text()

    def _show_text(self, *_: object) -> None:
        whole = not self.compact or self.more.isChecked()
        self.more.setVisible(self.compact)
        self.more.setText(self.tr("Less") if self.more.isChecked() else self.tr("More"))
        self.note.setVisible(whole)
        self.show_all.setVisible(self._hidden > 0 and whole)
        self.text.setWordWrap(whole)
        label = f"<b>{html.escape(self.tr('Lesson'))}:</b> "
        if whole or not self._lesson:
            self.text.setText(label + html.escape(self._lesson) if self._lesson else "")
            self.text.setToolTip("")
            return
        room = max(
            40,
            self.text.width()
            - QFontMetrics(self.text.font()).horizontalAdvance(self.tr("Lesson") + ": "),
        )
        line = " ".join(self._lesson.split())
        cut = QFontMetrics(self.text.font()).elidedText(line, Qt.TextElideMode.ElideRight, room)
        self.text.setText(label + html.escape(cut))
        self.text.setToolTip(self._lesson)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.compact and not self.more.isChecked():
            self._show_text()  # cut to the new width
