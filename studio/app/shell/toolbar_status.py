"""The run toolbar's right-hand part: the progress bar, the status line and the widgets
after them (the Export button, the memory gauge), in one box that gives way.

QToolBar hides whatever does not fit behind its extension button, where widgets cannot
follow, so the toolbar must never run out of room for this box: its least width is the
progress bar's. Inside it, as the window narrows, the progress bar shrinks to its least
width, the status line ends in "…" (its whole text in its tooltip) and the gauge's bar
narrows to nothing; only in a window narrower than 1280x800 at a 1.5 scale factor do
the widgets after them step aside, the last added first. When the row is short of
room, the status line keeps STATUS_MIN_PX of its text: Qt's layouts take the shortfall
equally from every item, which left a short line ("paused") no room at all. Room to
spare beyond the least widths goes to the status line's whole text before the gauge's bar.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QSizePolicy, QWidget

from studio.app.common.elided_label import ElidedLabel

STATUS_MIN_PX = 80  # the status line keeps this much of its text ("0.52 steps/…")


class FittedProgress(QProgressBar):
    """A progress bar at least as wide as its text, within [least, most] pixels: a narrow
    window gave it its least width and Qt cut the words it says ("pped at step 8 of")."""

    PAD_PX = 16  # the frame and the text's margins

    def __init__(self, least: int, most: int) -> None:
        super().__init__()
        self.least, self.most = least, most
        self.setMaximumWidth(most)
        self._fit()

    def _fit(self) -> None:
        width = self.fontMetrics().horizontalAdvance(self.text()) + self.PAD_PX
        self.setMinimumWidth(max(self.least, min(width, self.most)))

    def setFormat(self, fmt: str) -> None:
        super().setFormat(fmt)
        self._fit()

    def setValue(self, value: int) -> None:
        super().setValue(value)
        self._fit()

    def setRange(self, minimum: int, maximum: int) -> None:
        super().setRange(minimum, maximum)
        self._fit()


class StatusBox(QWidget):
    """[progress bar][status line ...][trailing widgets], the status line taking the room."""

    def __init__(self, progress: QProgressBar, status: ElidedLabel) -> None:
        super().__init__()
        self.progress, self.status = progress, status
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addWidget(progress, 2)
        self._row.addWidget(status, 3)
        self._trailing: list[QWidget] = []

    def add_trailing(self, widget: QWidget) -> None:
        self._row.addWidget(widget)
        self._trailing.append(widget)

    def minimumSizeHint(self) -> QSize:
        # never more than the progress bar needs: the toolbar never drops the box
        return QSize(self.progress.minimumWidth(), super().minimumSizeHint().height())

    def _least(self) -> int:
        """The room the progress bar and the status line need before any trailing widget."""
        status = min(self.status.text_width(), STATUS_MIN_PX)
        return self.progress.minimumWidth() + status + self._row.spacing()

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt's name
        super().resizeEvent(event)
        self._fit(event.size().width())

    def event(self, event: QEvent) -> bool:  # Qt's name
        if event.type() == QEvent.Type.LayoutRequest:  # a new status line, say: fit it again
            self._fit(self.width())
        return super().event(event)

    def _fit(self, room: int) -> None:
        """Show the trailing widgets that fit after the progress bar, in the order added;
        after the first that does not fit, none."""
        used, fits = self._least(), True
        for widget in self._trailing:
            need = widget.minimumSizeHint().width() + self._row.spacing()
            fits = fits and used + need <= room
            widget.setVisible(fits)
            used += need if fits else 0
        # What is left over the least widths goes to the status line's words first, so
        # the trailing widgets' give (the gauge's bar) is taken before the line is cut:
        # with larger text the rate read "2.01 step…" beside a full-width gauge bar.
        spare = max(0, room - used)
        self.status.set_least(min(self.status.text_width(), STATUS_MIN_PX + spare))
