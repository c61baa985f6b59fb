"""Presentation mode: what a teacher changes for a projector, remembered between sessions.

Text size (Ctrl+= larger, Ctrl+- smaller, Ctrl+0 back to normal) scales the whole
window's font; a high-contrast theme replaces the light one (black on white, thick
borders, the accent darker); the Setup and Log docks hide or show from the View menu so
the charts can fill the screen. The choices persist in QSettings (`view/...`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QApplication

from studio.app.common import resources

MIN_STEP, MAX_STEP = -2, 8  # text size steps from the system's size
POINTS_PER_STEP = 1.5
HIGH_CONTRAST = resources.resource("high_contrast.qss")


class Presentation(QObject):
    """Owns the window's text size and theme; `changed()` after either changes."""

    changed = Signal()
    _system_points: float | None = None  # the font size before any zoom, once per process

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        if Presentation._system_points is None:
            shown = isinstance(QApplication.instance(), QApplication)
            Presentation._system_points = QApplication.font().pointSizeF() if shown else 10.0
        self._base_points = Presentation._system_points
        self.step = int(str(settings.value("view/text_step", 0)))
        self.high_contrast = str(settings.value("view/high_contrast", False)).lower() in (
            "true",
            "1",
        )
        self.larger = self._action(self.tr("Larger text"), None, lambda: self.zoom(1))
        # Ctrl+= too: the standard Ctrl++ needs Shift on most keyboards
        self.larger.setShortcuts(
            [*QKeySequence.keyBindings(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.smaller = self._action(
            self.tr("Smaller text"), QKeySequence.StandardKey.ZoomOut, lambda: self.zoom(-1)
        )
        self.normal = self._action(self.tr("Normal text size"), "Ctrl+0", self.reset_zoom)
        self.contrast = self._action(self.tr("High-contrast theme"), None, self.set_high_contrast)
        self.contrast.setCheckable(True)
        self.contrast.setChecked(self.high_contrast)

    def _action(self, text: str, keys, slot) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        return action

    @property
    def points(self) -> float:
        return self._base_points + POINTS_PER_STEP * self.step

    @property
    def scale(self) -> float:
        """The text size over the system's (1.5 at three steps up from 9 pt)."""
        return self.points / self._base_points if self._base_points > 0 else 1.0

    def zoom(self, steps: int) -> None:
        self.step = max(MIN_STEP, min(MAX_STEP, self.step + steps))
        self.settings.setValue("view/text_step", self.step)
        self.apply()

    def reset_zoom(self) -> None:
        self.step = 0
        self.settings.setValue("view/text_step", 0)
        self.apply()

    def set_high_contrast(self, on: bool) -> None:
        self.high_contrast = bool(on)
        self.settings.setValue("view/high_contrast", self.high_contrast)
        self.apply()

    def stylesheet(self) -> str:
        """The light theme, with the high-contrast one over it when chosen."""
        sheet = resources.stylesheet()
        if self.high_contrast and HIGH_CONTRAST.is_file():
            sheet += "\n" + HIGH_CONTRAST.read_text(encoding="utf-8")
        return sheet

    def apply(self) -> None:
        """Set the application's font and stylesheet now."""
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        font = QFont(app.font())
        font.setPointSizeF(self.points)
        app.setFont(font)
        app.setStyleSheet(self.stylesheet())
        self.changed.emit()
