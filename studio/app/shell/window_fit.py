"""The window on its screen: its size at a first start, a saved size brought back inside a
smaller screen, and the docks giving way in a narrow or short window, so that the charts
keep their room (a projector's 1024x700 at a large text size).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

FIRST_SIZE = (1280, 800)  # pixels: the window at a first start, where the screen allows


def fit_to_screen(window: QMainWindow) -> None:
    """FIRST_SIZE where the screen allows, else the screen's free area (a 1024x768
    projector): a window wider than the screen hides its toolbar's right end."""
    width, height = FIRST_SIZE
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None:
        window.resize(width, height)
        return
    free = screen.availableGeometry()
    window.resize(min(width, free.width()), min(height, free.height()))
    if free.width() <= width or free.height() <= height:
        window.move(free.topLeft())


def keep_on_screen(window: QMainWindow) -> None:
    """Shrink and move the window into its screen's free area where it overhangs it (a
    geometry saved on a larger screen, or before the text grew)."""
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None or window.isFullScreen() or window.isMaximized():
        return
    free, frame = screen.availableGeometry(), window.frameGeometry()
    if free.contains(frame):
        return
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    window.resize(
        min(window.width(), free.width() - extra_w), min(window.height(), free.height() - extra_h)
    )
    frame = window.frameGeometry()
    x = min(max(frame.x(), free.left()), free.right() + 1 - frame.width())
    y = min(max(frame.y(), free.top()), free.bottom() + 1 - frame.height())
    window.move(max(x, free.left()), max(y, free.top()))


def fit_docks(
    window: QMainWindow, docks: Iterable[QDockWidget], scale: float, exactly: bool = False
) -> None:
    """In a narrow or short window the docks give way: the charts keep two thirds. The
    left dock's width follows the text size `scale` (320 px at the normal size, 480 at the
    text raised three times: the preset cards stay readable); `exactly`: a dock just shown
    or the text size changed, so a narrower dock widens to it too."""
    left, bottom = round(320 * scale), round(90 * scale)
    for dock in docks:
        area = window.dockWidgetArea(dock)
        if area == Qt.DockWidgetArea.LeftDockWidgetArea:
            off = dock.width() - left
            if window.width() < 1200 and (off > 20 or (exactly and off < -20)):
                window.resizeDocks([dock], [left], Qt.Orientation.Horizontal)
        elif window.height() < 760 and dock.height() > bottom + 20:
            window.resizeDocks([dock], [bottom], Qt.Orientation.Vertical)
