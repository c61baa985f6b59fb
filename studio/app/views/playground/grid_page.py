"""The grid world's playground page: a new held-out grid played by the agent, step by
step or animated at a chosen speed (moves per second), saved as a GIF on request.

The answer says the moves made so far with each picture, and how the episode ended
(goal, lava, out of moves) only once its last picture is shown: the text does not give
away what the animation is about to show.

PyTorch plays through the task's own `replay`; the ONNX side plays the same level by
the same rules (the run's task) with the export's greedy actions, so equal moves and
pictures mean the export decides like the model.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, cast

import numpy as np
from PySide6.QtCore import QCoreApplication, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QSpinBox

from studio.app.common import dialogs
from studio.app.views.playground.answer import Answer, PlaygroundError
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.app.views.playground.page import PlaygroundPage, Reply
from studio.core.serving.engines import OnnxEngine, TorchEngine

MOVES_PER_S = 4  # the animation's speed at first (save_gif's default, 250 ms a picture)
MOVES_PER_S_MAX = 20


def _tr(text: str) -> str:
    return QCoreApplication.translate("GridPage", text)


def episode_text(info: dict[str, Any]) -> str:
    """A grid-world episode in one line: moves, outcome, steps against the shortest path."""
    moves = info.get("moves") or _tr("(no move)")
    return _tr("{moves}  {outcome} after {steps} steps (shortest {shortest}), return {ret}").format(
        moves=moves,
        outcome=info["outcome"],
        steps=info["steps"],
        shortest=info["shortest"],
        ret=f"{info['return']:+.2f}",
    )


def frame_texts(info: dict[str, Any], frames: int) -> list[str]:
    """What the answer says at each of an episode's `frames` pictures: the moves so far,
    then at the last picture the whole episode (episode_text)."""
    moves = info.get("moves") or ""
    during = [
        _tr("{moves}…  move {step} of {steps}").format(moves=moves[:i], step=i, steps=info["steps"])
        for i in range(frames - 1)
    ]
    return [*during, episode_text(info)]


def play_torch(engine: TorchEngine, index: int, *, greedy: bool = True) -> Answer:
    """The agent plays held-out test grid `index` (grids it never trained on)."""
    from studio.core.tasks.gridworld import GridWorldTask

    # The grid world task asks this page's question itself (QUESTION); asked of another run's
    # model, the call fails inside it and the tab shows that error.
    task = cast(GridWorldTask, engine.task)
    started = time.perf_counter()
    frames, info = task.replay(engine.model, split="test", index=index, greedy=greedy)
    seconds = time.perf_counter() - started
    return Answer(
        engine.name, [episode_text(info)], seconds, frames, info, frame_texts(info, len(frames))
    )


def play_onnx(engine: OnnxEngine, index: int) -> Answer:
    """Greedy play of held-out test grid `index`, as play_torch does it."""
    from studio.core.envs.gridworld import GridBatch, arrows, outcomes, play

    task = engine.task
    if task is None:
        raise PlaygroundError(_tr("the grid world needs the run's task; load the run first"))
    example = task.held_out("test", index + 1)[index]
    batch = GridBatch([task.level(example.prompt, example.difficulty)], task.cfg.max_steps)

    def choose(t: int, obs: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return engine.runner.act(obs), np.zeros(len(rows), dtype=np.float32)

    started = time.perf_counter()
    ep = play(batch, choose, task.observe)
    seconds = time.perf_counter() - started
    info = {
        "outcome": outcomes(ep.batch)[0],
        "steps": int(ep.batch.steps[0]),
        "return": float(ep.batch.returns(task.cfg.step_cost, task.cfg.lava_penalty)[0]),
        "moves": arrows(ep.actions, ep.mask)[0],
        "shortest": len(example.reference),
        "display": example.display,
    }
    pictures = [*ep.seen[0], ep.final_obs[0]]  # (3, H, W) each
    frames = [np.ascontiguousarray(f.transpose(1, 2, 0)) for f in pictures]
    return Answer(
        engine.name, [episode_text(info)], seconds, frames, info, frame_texts(info, len(frames))
    )


class GridPage(PlaygroundPage):
    """A new held-out grid played by the agent, step by step or animated; GIF on request.

    `asked` means "play grid `index`". The pictures themselves are in the answer panel,
    which `frame_changed` drives.
    """

    QUESTION = "grid"

    frame_changed = Signal(int)

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__(panel)
        self.index = -1  # the held-out test grid shown; "New grid" moves to the next
        self.frame = 0
        self.frames_total = 0
        self.new_button = QPushButton(self.tr("New grid"))
        self.new_button.clicked.connect(self.new_grid)
        self.greedy = QCheckBox(self.tr("greedy"))
        self.greedy.setChecked(True)
        self.greedy.setToolTip(
            self.tr("Take the likeliest move (off: sample moves; ONNX stays greedy)")
        )
        self.step_button = QPushButton(self.tr("Step"))
        self.step_button.clicked.connect(self.step)
        self.play_button = QPushButton(self.tr("Animate"))
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._animate)
        self.gif_button = QPushButton(self.tr("Save GIF…"))
        self.gif_button.clicked.connect(self.save_gif)
        self.speed = QSpinBox()
        self.speed.setRange(1, MOVES_PER_S_MAX)
        self.speed.setValue(MOVES_PER_S)
        self.speed.setSuffix(self.tr(" moves/s"))
        self.speed.setToolTip(self.tr("How fast Animate plays the episode (and the saved GIF)"))
        self.position = QLabel("")
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.speed.valueChanged.connect(self._set_speed)
        self._set_speed(self.speed.value())
        self.frame_changed.connect(panel.show_frame)
        row = QHBoxLayout(self)
        for widget in (
            self.new_button,
            self.greedy,
            self.step_button,
            self.play_button,
            self.speed,
            self.gif_button,
            self.position,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        self.set_frames(0)

    # ---- the page's part of a question

    def answer(self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None) -> Reply:
        index, greedy = max(self.index, 0), self.greedy.isChecked()
        reply = Reply([])
        if torch_engine is not None:
            reply.answers.append(play_torch(torch_engine, index, greedy=greedy))
        if onnx_engine is not None:
            reply.answers.append(play_onnx(onnx_engine, index))
            if not greedy:
                reply.notes["ONNX"] = self.tr("greedy (the ONNX side takes the likeliest move):")
        return reply

    def answered(self, reply: Reply) -> None:
        del reply
        self.set_frames(self.panel.frame_count)

    def run_changed(self, waiting: bool) -> None:
        # another run's grids start afresh; a "New grid" waiting for the load plays the first
        self.index = 0 if waiting else -1
        self.set_frames(0)

    # ---- stepping through an episode

    def new_grid(self) -> None:
        self.index += 1
        self.asked.emit()

    def set_frames(self, total: int) -> None:
        """A new episode of `total` pictures is shown, from its first."""
        self.frames_total = total
        self.play_button.setChecked(False)
        for button in (self.step_button, self.play_button, self.gif_button):
            button.setEnabled(total > 0)
        self.go_to(0)

    def go_to(self, frame: int) -> None:
        self.frame = max(0, min(frame, self.frames_total - 1))
        if self.frames_total:
            self.position.setText(
                self.tr("grid {index}, step {step}/{last}").format(
                    index=self.index, step=self.frame, last=self.frames_total - 1
                )
            )
        self.frame_changed.emit(self.frame)

    def step(self) -> None:
        """One move on; after the last, back to the start."""
        nxt = self.frame + 1
        self.go_to(0 if nxt >= self.frames_total else nxt)

    def _animate(self, on: bool) -> None:
        if on:
            if self.frame >= self.frames_total - 1:
                self.go_to(0)
            self.timer.start()
        else:
            self.timer.stop()

    @property
    def ms_per_move(self) -> int:
        return round(1000 / self.speed.value())

    def _set_speed(self, moves_per_s: int) -> None:
        del moves_per_s
        self.timer.setInterval(self.ms_per_move)

    def _tick(self) -> None:
        if self.frame < self.frames_total - 1:
            self.go_to(self.frame + 1)
        if self.frame >= self.frames_total - 1:  # the end is shown: the animation is done
            self.play_button.setChecked(False)

    def save_gif(self) -> Path | None:
        """Save the shown episode (PyTorch's when both are shown) as a GIF; its path."""
        from studio.core.envs.render import save_gif

        shown = [a for a in self.panel.answers.values() if a.frames]
        if not shown:
            dialogs.show_error(
                self, self.tr("No episode yet"), self.tr("Press New grid to play one first.")
            )
            return None
        path = dialogs.save_file(
            self,
            self.tr("Save the episode as a GIF"),
            f"grid_{self.index}.gif",
            self.tr("GIF (*.gif)"),
        )
        if not path:
            return None
        try:
            return save_gif(shown[0].frames, path, ms_per_frame=self.ms_per_move)
        except (OSError, ValueError) as err:
            dialogs.show_error(self, self.tr("Could not save the GIF"), str(err))
            return None
