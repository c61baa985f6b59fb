"""The Policy tab: what the policy does on a fixed probe, live, and scrubbed back in time.

The trainer records a `probe` snapshot before training and every run.probe_every steps
(studio.core.training.probe); this view keeps every snapshot of the run (an opened run's
come from its metrics.jsonl) and draws one (canvas.py). It follows the newest while
the run trains; pausing freezes the picture (snapshots still arrive and extend the
slider, but the picture stays until the run resumes); the slider scrubs back through the
saved snapshots, and dragging it to its end follows the newest again. It redraws on a
timer only while seen.
"""

from __future__ import annotations

from typing import Self

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from studio.app.common.redraw_when_seen import RedrawWhenSeen
from studio.app.i18n.messages import prompt_shown
from studio.app.session.worker import RunController
from studio.app.views.policy.canvas import PolicyCanvas
from studio.app.views.view import Tab, View, ViewContext, view_title


def _tr(text: str) -> str:
    return QCoreApplication.translate("PolicyView", text)


class PolicyView(View, RedrawWhenSeen, QWidget):
    """Every probe snapshot of a run; the slider picks the one drawn."""

    PLACE = Tab(view_title("Policy"))
    RECORDS = frozenset({"probe"})

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        return cls(context.controller)

    def __init__(self, controller: RunController) -> None:
        super().__init__()
        self.controller = controller
        self.snapshots: list[dict] = []  # probe records, in the order they came
        self.following = True  # the slider stays at the newest snapshot
        self.shown: dict | None = None  # the probe record drawn
        self._dirty = True
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.canvas = PolicyCanvas()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.canvas)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip(_tr("Drag back to see the policy at an earlier step"))
        self.slider.setEnabled(False)
        self.slider.valueChanged.connect(self._on_slider)
        self.where = QLabel()
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel(_tr("Snapshot:")))
        bottom.addWidget(self.slider, 1)
        bottom.addWidget(self.where)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.about)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)
        controller.state_changed.connect(self._on_state)
        self.start_redraw_timer(250)
        self.refresh()

    @property
    def frozen(self) -> bool:
        """Paused: the picture stays as it is (the slider still scrubs)."""
        return self.controller.state == "paused"

    def add_record(self, record: dict) -> None:
        if record.get("kind") == "probe" and isinstance(record.get("probe"), dict):
            self.snapshots.append(record)
            self._dirty = True

    def clear_run(self) -> None:
        self.snapshots, self.shown, self.following, self._dirty = [], None, True, True

    def show_index(self, index: int) -> None:
        """Draw snapshot `index` (the slider's position)."""
        self.slider.setValue(index)

    def _on_state(self, state: str) -> None:
        del state
        self._dirty = True

    def _on_slider(self, value: int) -> None:
        if 0 <= value < len(self.snapshots):
            self.following = value == len(self.snapshots) - 1
            self.shown = self.snapshots[value]
            self._dirty = True
            self.refresh()

    def refresh(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        count = len(self.snapshots)
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(count - 1, 0))
        self.slider.setEnabled(count > 1)
        if count and (self.shown is None or (self.following and not self.frozen)):
            self.shown = self.snapshots[-1]
        if self.shown is not None:
            self.slider.setValue(self._index_of(self.shown))
        self.slider.blockSignals(False)
        if self.shown is None:
            self.where.setText("")
            self.about.setText("")
            self.canvas.show_snapshot(None, self._waiting())
            return
        index = self._index_of(self.shown)
        self.where.setText(
            _tr("step {step} ({number} of {count})").format(
                step=self.shown.get("step", 0), number=index + 1, count=count
            )
        )
        self.about.setText(self._about(self.shown["probe"], index, count))
        self.canvas.show_snapshot(self.shown["probe"])

    def _index_of(self, record: dict) -> int:
        return next(i for i, r in enumerate(self.snapshots) if r is record)

    def _waiting(self) -> str:
        return _tr(
            "The policy's picture appears here when a run starts: what it does on a few fixed "
            "held-out inputs, taken before training and every few steps (Settings: Run, "
            "Policy snapshot every)."
        )

    def _about(self, snapshot: dict, index: int, count: int) -> str:
        kind = snapshot.get("kind")
        if kind == "grid":
            what = _tr(
                "{grid}: in every cell the agent could stand on, the arrows are the policy's "
                "probabilities of moving up, right, down or left from there (the ring marks "
                "25%, all four alike). The blue square is the start."
            ).format(grid=prompt_shown(str(snapshot.get("title", ""))))
        elif kind == "next_tokens":
            what = _tr(
                "For each fixed held-out prompt, at each token of the right answer (the answer "
                "so far given), the tokens the policy finds likeliest next; green is the right "
                "one."
            )
        elif kind == "labels":
            what = _tr(
                "For a few held-out images, each label's probability; green is the right one."
            )
        else:
            what = ""
        if self.frozen:
            return (
                what
                + " "
                + _tr("Paused: the picture stays as it is; drag the slider to look back.")
            )
        if index < count - 1:
            return (
                what
                + " "
                + _tr("An earlier snapshot: drag the slider to the end to follow the run.")
            )
        return what
