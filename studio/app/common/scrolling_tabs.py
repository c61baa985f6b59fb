"""Tabs whose pages each sit in a scroll area, so that no page widens the window.

A QTabWidget is as wide as its widest page needs: at a large text size the Reward lab or
the Playground asked for 700-850 pixels, the Setup dock's Data tab 600, and the window
grew past a 1024-pixel projector's screen, its right end cut off. Here each page scrolls
instead when the window is narrower (or shorter) than it needs, and the tab bar scrolls
its tabs. The pages are still what callers see: `widget`, `currentWidget`, `indexOf` and
`setCurrentWidget` speak of the page, not of the scroll area around it. The window's
views and the Setup dock use it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QWidget


class ScrollingTabs(QTabWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUsesScrollButtons(True)  # tabs past the right end: arrows, never a wider bar
        self._views: list[QWidget] = []  # in the order of their tabs

    def addTab(self, view: QWidget, title: str) -> int:  # type: ignore[override]
        area = QScrollArea()
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidgetResizable(True)  # the view fills the page; scrolls only below its least
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        area.setWidget(view)
        self._views.append(view)
        return super().addTab(area, title)

    def widget(self, index: int) -> QWidget | None:
        return self._views[index] if 0 <= index < len(self._views) else None

    def currentWidget(self) -> QWidget | None:  # type: ignore[override]
        return self.widget(self.currentIndex())

    def indexOf(self, view: QWidget) -> int:
        return next((i for i, v in enumerate(self._views) if v is view), -1)

    def setCurrentWidget(self, view: QWidget) -> None:
        index = self.indexOf(view)
        if index >= 0:
            self.setCurrentIndex(index)
