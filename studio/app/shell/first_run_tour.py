"""The first-run tour: three short callouts (pick a preset, check the data, press Start;
`window_callouts`).

Each callout is a small framed panel inside the window, beside the widget it is about,
with Next (or Done) and "Don't show again". It appears on a window's first start and
never again once dismissed for good (QSettings `tour/done`); the Help menu starts it
again. Being a child of the window, not a window of its own, it moves and hides with it
and needs no window manager.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QRect,
    QSettings,
    QSize,
    Signal,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app.setup.setup_tabs import DATA, PRESETS

DONE_KEY = "tour/done"
WIDTH = 300


@dataclass
class Callout:
    title: str
    text: str
    target: Callable[[], QWidget]  # the widget it points at (looked up when shown)
    before: Callable[[], None] | None = None  # e.g. open the tab it talks about


def _tr(text: str) -> str:
    return QCoreApplication.translate("Tour", text)


def window_callouts(setup: QTabWidget, start_button: Callable[[], QWidget]) -> list[Callout]:
    """The window's tour: the Setup dock's Presets and Data tabs, then the Start button."""

    def tab(index: int) -> Callable[[], None]:
        return lambda: setup.setCurrentIndex(index)

    return [
        Callout(
            _tr("1. Pick a preset"),
            _tr(
                "Each card is a model and a task. The quick presets show GRPO learning "
                "within a minute on a laptop CPU."
            ),
            lambda: setup,
            tab(PRESETS),
        ),
        Callout(
            _tr("2. Check the data"),
            _tr(
                "Use the built-in demo data, or your own file: Check data shows what was "
                "read, which column is which, and what was skipped."
            ),
            lambda: setup,
            tab(DATA),
        ),
        Callout(
            _tr("3. Press Start (F5)"),
            _tr(
                "Training runs beside the window: watch the reward rise on the Charts "
                "tab, and the sampled groups on the Samples tab. Pause and Step let you "
                "look at one step at a time. The Setup dock is back on its Presets tab, "
                "where you started."
            ),
            start_button,
            tab(PRESETS),  # the tour ends where it began, not on the Data tab of step 2
        ),
    ]


def _overlap(a: QRect, b: QRect) -> int:
    """The area two rectangles share."""
    both = a.intersected(b)
    return both.width() * both.height() if both.isValid() else 0


class Tour(QObject):
    """Steps through `callouts` over `window`; `finished` when closed or done."""

    finished = Signal()

    def __init__(self, window: QWidget, settings: QSettings, callouts: list[Callout]) -> None:
        super().__init__(window)
        self.window, self.settings, self.callouts = window, settings, callouts
        self.index = -1
        self.panel = QFrame(window)
        self.panel.setObjectName("tourCallout")
        self.panel.setFrameShape(QFrame.Shape.StyledPanel)
        self.panel.setFixedWidth(WIDTH)
        self.title = QLabel()
        self.title.setObjectName("tourTitle")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.counter = QLabel()
        self.counter.setStyleSheet("color: #555;")
        self.never = QPushButton(self.tr("Don't show again"))
        self.never.clicked.connect(lambda: self.close(forever=True))
        self.next = QPushButton()
        self.next.setDefault(True)
        self.next.clicked.connect(self.advance)
        self._buttons = buttons = QHBoxLayout()
        buttons.addWidget(self.counter)
        buttons.addStretch(1)
        buttons.addWidget(self.never)
        buttons.addWidget(self.next)
        self._layout = layout = QVBoxLayout(self.panel)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        self.panel.hide()
        self.panel.installEventFilter(self)

    @property
    def showing(self) -> bool:
        return not self.panel.isHidden()

    def start(self) -> None:
        self.index = -1
        self.advance()

    def advance(self) -> None:
        """The next callout, or the end of the tour after the last one (seen for good)."""
        self.index += 1
        if self.index >= len(self.callouts):
            self.close(forever=True)
            return
        callout = self.callouts[self.index]
        if callout.before is not None:
            callout.before()
        self.title.setText(f"<b>{callout.title}</b>")
        self.text.setText(callout.text)
        self.counter.setText(
            self.tr("{n} of {total}").format(n=self.index + 1, total=len(self.callouts))
        )
        last = self.index == len(self.callouts) - 1
        self.next.setText(self.tr("Done") if last else self.tr("Next"))
        self._fit()
        self.panel.show()
        self.panel.raise_()

    def _fit(self) -> None:
        """Size the callout to its text and buttons, beside its target."""
        if not 0 <= self.index < len(self.callouts):
            return
        size = self._size()
        self.panel.setFixedWidth(size.width())
        self.panel.resize(size)
        self.panel.move(self._place(self.callouts[self.index].target()))

    def _size(self) -> QSize:
        """The callout's width (`_width`) and the height its wrapped text takes at it
        (adjustSize gave the text the lines of a narrower width: cut at large text)."""
        width, layout = self._width(), self._layout
        if layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        else:
            height = layout.totalSizeHint().height()
        return QSize(width, max(height, layout.totalMinimumSize().height()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt's name
        # the text size changed while a callout shows (a teacher's Ctrl+=): fit it again
        # (FontChange); its buttons' new sizes arrive after it (LayoutRequest)
        refit = (QEvent.Type.FontChange, QEvent.Type.LayoutRequest)
        mine = watched is self.panel and event.type() in refit and self.showing
        if mine and self._size() != self.panel.size():
            self._fit()
        return False

    def _width(self) -> int:
        """WIDTH, or what the row of buttons needs at the text size in use (a teacher's
        larger text cut "Don't show again" and Next off at 300 px); never wider than
        the window."""
        margins = self._layout.contentsMargins()
        row = self._buttons.sizeHint().width() + margins.left() + margins.right() + 4
        return max(1, min(max(WIDTH, row), self.window.width()))

    def _place(self, target: QWidget) -> QPoint:
        """Beside `target`, never over it: right of it, else below, left or above it,
        whichever fits inside the window first; else the one that covers least of it."""
        corner = target.mapTo(self.window, QPoint(0, 0))
        aim = QRect(corner, target.size())
        size = self.panel.size()
        # beside it, a little down from its top: the tab bars and the stage strip stay readable
        down = aim.top() + min(90, aim.height() // 4)
        places = [
            QPoint(aim.right() + 9, down),  # right
            QPoint(aim.left(), aim.bottom() + 9),  # below
            QPoint(aim.left() - size.width() - 8, down),  # left
            QPoint(aim.left(), aim.top() - size.height() - 8),  # above
        ]
        room = self.window.rect()
        for place in places:
            if room.contains(QRect(place, size)):
                return place
        kept = [self._inside(place) for place in places]
        return min(kept, key=lambda place: _overlap(QRect(place, size), aim))

    def _inside(self, place: QPoint) -> QPoint:
        """`place` moved the least that keeps the callout inside the window."""
        x = max(0, min(place.x(), self.window.width() - self.panel.width()))
        y = max(0, min(place.y(), self.window.height() - self.panel.height()))
        return QPoint(x, y)

    def close(self, *, forever: bool) -> None:
        self.panel.hide()
        if forever:
            self.settings.setValue(DONE_KEY, True)
        self.finished.emit()

    def seen(self) -> bool:
        """Whether the tour was dismissed for good on this machine."""
        return str(self.settings.value(DONE_KEY, False)).lower() in ("true", "1")
