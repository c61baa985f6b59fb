"""The Policy tab: what the policy does on a fixed probe, live, and scrubbed back in time.

The trainer records a `probe` snapshot before training and every run.probe_every steps
(studio.core.training.stages.probe); this view keeps every snapshot of the run (an opened run's
come from its metrics.jsonl) and draws one (canvas.py). It follows the newest while
the run trains; pausing freezes the picture (snapshots still arrive and extend the
slider, but the picture stays until the run resumes); the slider scrubs back through the
saved snapshots, and dragging it to its end follows the newest again. It redraws on a
timer only while seen.

For the grid world it also shows, before Start, the grid its snapshots will be taken on,
where a teacher draws walls by clicking: each click toggles a wall in the settings
(task.walls, through the session's `setting_edited`) once the task has checked the walls
leave the goal in reach. Once a run is started or opened, the grid is its own and fixed.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Self

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
from studio.app.i18n.messages import prompt_shown, translate_message
from studio.app.session.worker import RunController
from studio.app.views.policy.canvas import PolicyCanvas
from studio.app.views.view import Tab, View, ViewContext, view_title
from studio.core.config.fields import ConfigError

if TYPE_CHECKING:
    from studio.app.session.run_session import RunSession
    from studio.core.config.sections import StudioConfig


def _tr(text: str) -> str:
    return QCoreApplication.translate("PolicyView", text)


class PolicyView(View, RedrawWhenSeen, QWidget):
    """Every probe snapshot of a run; the slider picks the one drawn."""

    PLACE = Tab(view_title("Policy"))
    RECORDS = frozenset({"probe"})

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        return cls(context.controller, context.session)

    def __init__(self, controller: RunController, session: RunSession | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.session = session
        self.snapshots: list[dict] = []  # probe records, in the order they came
        self.following = True  # the slider stays at the newest snapshot
        self.shown: dict | None = None  # the probe record drawn
        self.cfg: StudioConfig | None = None  # the settings shown (a preset or the run's)
        self.layout_picture: dict | None = None  # the grid world's grid before a snapshot
        self.run_shown = False  # a run is started or opened: its grid is fixed
        self._dirty = True
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.notice = QLabel()  # what a click on the grid did, or why it did nothing
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        self.canvas = PolicyCanvas()
        self.canvas.cell_clicked.connect(self.toggle_wall)
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
        layout.addWidget(self.notice)
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
        self.run_shown = False
        self._say("")

    def show_config(self, cfg: StudioConfig) -> None:
        self.cfg = cfg
        self._picture()

    def show_run(self, run_dir: str, cfg: StudioConfig | None) -> None:
        del run_dir, cfg
        self.run_shown = True
        self._dirty = True

    # ---- the grid world's walls, drawn before Start

    @property
    def walls_editable(self) -> bool:
        """Walls may be drawn: a grid world's settings are shown and no run has begun."""
        return (
            self.layout_picture is not None
            and not self.run_shown
            and not self.snapshots
            and self.controller.state == "idle"
        )

    def _picture(self) -> None:
        """The grid of the settings shown, for a task that has one (the grid world)."""
        self.layout_picture = None
        picture = getattr(self.cfg.task, "class_grid_picture", None) if self.cfg else None
        if callable(picture) and self.cfg is not None:
            try:
                self.layout_picture = picture(self.cfg.data.split_seed)
            except ConfigError as err:  # a preset's own walls that cannot be: said, not drawn
                self._say(translate_message(err), problem=True)
        self._dirty = True

    def toggle_wall(self, row: int, column: int) -> None:
        """A click on cell (row, column): before Start, a wall is put there or taken away,
        in the settings, when the task accepts the walls; otherwise it says why not."""
        picture, cfg = self.layout_picture, self.cfg
        if picture is None or cfg is None:
            return
        if not self.walls_editable:
            self._say(
                _tr(
                    "The grid is fixed once a run has started: its walls are part of the "
                    "run's settings. Pick the preset again to draw walls for a new run."
                ),
                problem=True,
            )
            return
        walls = [list(w) for w in picture.get("walls", [])]
        cell = picture["cells"][row][column]
        if [row, column] in walls:
            walls.remove([row, column])
        elif cell == "wall":
            self._say(
                _tr("This wall is part of the grid; only walls drawn by hand can be taken away."),
                problem=True,
            )
            return
        elif cell != "empty":
            self._say(_tr("Walls go on empty cells only."), problem=True)
            return
        else:
            walls.append([row, column])
        try:
            # the grid world's section (it has class_grid_picture, as _picture found)
            section: Any = cfg.task
            task = dataclasses.replace(section, walls=walls)
            new_picture = task.class_grid_picture(cfg.data.split_seed)
        except ConfigError:  # the start walled, the goal walled off: said in plain words
            self._say(self._refused_wall(row, column, section.max_steps), problem=True)
            return
        self.cfg = dataclasses.replace(cfg, task=task)
        self.layout_picture = new_picture
        if self.session is not None:
            self.session.setting_edited.emit("task.walls", walls)
        self._say(
            _tr(
                "Walls drawn by hand: {count}. They are in the settings (task.walls); Start "
                "trains with them."
            ).format(count=len(walls))
        )
        self._dirty = True
        self.refresh()

    def _refused_wall(self, row: int, column: int, limit: int) -> str:
        """Why a wall was not drawn on [row, column], in the window's words."""
        start = (self.layout_picture or {}).get("start")
        if start is not None and list(start) == [row, column]:
            return _tr("The agent starts on this cell: a wall cannot go there. Pick another cell.")
        return _tr(
            "This wall was not drawn: with it there would be no way from the start to the goal "
            "within {limit} moves. Pick another cell."
        ).format(limit=limit)

    def _say(self, text: str, *, problem: bool = False) -> None:
        self.notice.setText(text)
        self.notice.setStyleSheet("color: #b00020;" if problem else "")
        self.notice.setVisible(bool(text))

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
        self.canvas.editable = self.walls_editable
        if self.shown is None:
            self.where.setText("")
            if self.layout_picture is not None:
                self.about.setText(self._before_start(self.layout_picture))
                self.canvas.show_snapshot(self.layout_picture)
                return
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

    def _before_start(self, picture: dict) -> str:
        what = _tr(
            "{grid}: the grid the policy's pictures will be taken on. The blue square is the start."
        ).format(grid=prompt_shown(picture.get("title", "")))
        if self.walls_editable:
            return (
                what
                + " "
                + _tr(
                    "Click a cell to put a wall there (drawn hatched), click it again to "
                    "take it away; then press Start."
                )
            )
        return what

    def _about(self, snapshot: dict, index: int, count: int) -> str:
        kind = snapshot.get("kind")
        if kind == "grid" and snapshot.get("values"):
            what = _tr(
                "{grid}: a cell's colour is how often the agent, starting there, reaches the "
                "goal (the scale below; hold the mouse on a cell for the number). The arrows "
                "are its probabilities of moving up, right, down or left (the ring marks 25%, "
                "all four alike). The red dot walks its likeliest moves from the start (the "
                "blue square)."
            ).format(grid=prompt_shown(snapshot.get("title", "")))
            share = float(snapshot.get("trained_share", 0.0))
            if share > 0:
                what += " " + _tr(
                    "With walls drawn, {percent} of the training episodes are played on this grid."
                ).format(percent=f"{100 * share:.0f}%")
            else:
                what += " " + _tr(
                    "The agent never trains on this grid: what it does here, it learned on "
                    "other grids."
                )
        elif kind == "grid":
            what = _tr(
                "{grid}: in every cell the agent could stand on, the arrows are the policy's "
                "probabilities of moving up, right, down or left from there (the ring marks "
                "25%, all four alike). The blue square is the start."
            ).format(grid=prompt_shown(snapshot.get("title", "")))
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
