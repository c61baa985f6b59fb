"""A panel that redraws on a timer, but only while it can be seen.

Mixed into a QWidget subclass (listed before it) that has `refresh()`: on a hidden tab of
a shown window, drawing would only take time from training, so the timer waits and the
panel draws when its tab is opened. Before the window shows (tests, offscreen grabs) it
draws on the timer as usual.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent

from studio.app.common.widget_mixin import WidgetMixin


class RedrawWhenSeen(WidgetMixin):
    def start_redraw_timer(self, interval_ms: int) -> None:
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._on_timer)
        self.timer.start()

    def refresh(self) -> None:
        """Draw what changed since the last call (the panel's own)."""
        raise NotImplementedError

    def _on_timer(self) -> None:
        if self.isVisible() or not self.window().isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:  # Qt's name
        super().showEvent(event)
        self.refresh()
