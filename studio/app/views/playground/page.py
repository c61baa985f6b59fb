"""What every playground page is: the widgets that ask one kind of question, and how
the engines answer it.

An architecture's spec (studio.core.models) or a task (Task.QUESTION) says which kind of
question its models answer; each page declares the kind it asks (QUESTION), and the tab
builds the page the loaded run needs, once, with the answer panel it shows answers in. A
page emits `asked` when the person asks; the tab loads or reloads the run if needed, then
calls `answer` with the engines chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from studio.app.views.playground.answer import Answer
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.core.config.sections import StudioConfig
from studio.core.models import Question
from studio.core.serving.engines import OnnxEngine, TorchEngine


@dataclass
class Reply:
    """The engines' answers to one question, as the panel shows them."""

    answers: list[Answer]
    notes: dict[str, str] = field(default_factory=dict)  # engine -> what it did instead
    compare: bool = True  # say whether PyTorch and ONNX agree (not for random samples)


class PlaygroundPage(QWidget):
    """One kind of question. Subclasses build their widgets and implement `answer`."""

    asked = Signal()
    QUESTION: ClassVar[Question]  # the kind of question it asks (a task's or an arch's)
    SERVES: ClassVar[bool] = False  # the run can be served (the tab shows its Serve button)

    def __init__(self, panel: AnswerPanel) -> None:
        super().__init__()
        self.panel = panel

    def answer(
        self, torch_engine: TorchEngine | None, onnx_engine: OnnxEngine | None
    ) -> Reply | None:
        """Answer the question on the page with each engine given (None: not chosen).
        A ValueError (PlaygroundError) means the input cannot be answered; its message
        is shown to the person. None: the page answers off the GUI thread and shows the
        answers in its panel itself (the translation page's live box)."""
        raise NotImplementedError

    def answered(self, reply: Reply) -> None:
        """The panel now shows `reply` (a page with pictures readies its controls)."""
        del reply

    def run_changed(self, waiting: bool) -> None:
        """Another run was loaded. waiting: a question asked before the load is about to
        be answered on the new run."""
        del waiting

    def follow_settings(self, cfg: StudioConfig) -> None:
        """Another run is shown, of settings `cfg`: the page's controls start from them
        (the translation page decodes as the run's test figures were measured)."""
        del cfg
