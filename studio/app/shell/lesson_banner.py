"""The lesson banner above the charts: a lesson's text where the class looks, and how many
settings it hides (with a way for the teacher to see them all)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout


class LessonBanner(QFrame):
    """Hidden unless the loaded preset carries a lesson text (`ui.lesson`)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("lessonBanner")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.note = QLabel()
        self.note.setStyleSheet("color: #555;")
        self.show_all = QPushButton(self.tr("Show hidden settings"))
        self.show_all.setToolTip(self.tr("Lesson mode in Settings: every setting, with its box"))
        row = QHBoxLayout()
        row.addWidget(self.note, 1)
        row.addWidget(self.show_all)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.text)
        layout.addLayout(row)
        self.setVisible(False)

    def set_lesson(self, text: str, hidden: int) -> None:
        lesson = QCoreApplication.translate("presets", text) if text else ""
        self.text.setText(f"<b>{self.tr('Lesson')}:</b> {lesson}" if text else "")
        if hidden:
            self.note.setText(
                self.tr("This lesson hides {n} settings to keep the form short.").format(n=hidden)
            )
        else:
            self.note.setText(self.tr("This lesson hides no settings."))
        self.show_all.setVisible(hidden > 0)
        self.setVisible(bool(text))
