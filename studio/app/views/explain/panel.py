"""The Explain tab: the last GRPO step walked through for one group, with its numbers.

It keeps the latest GRPO step record and renders the group the teacher picks (the combo
box, or a Samples row's "Explain this group" link) with after_update.explanation_html.
Everything but the last part comes from the record, so an opened run explains its last
step too. The last part, how the update changed each sample's probability, needs the
weights after the update: while the live run is paused (or after Step) and the tab is
seen, the panel asks the trainer through its TrainerControl; the trainer computes the
log-probs on its own thread and the answer comes back here as a queued signal. The GUI
thread never runs the model.
"""

from __future__ import annotations

import contextlib
import html
from concurrent.futures import Future
from typing import Any, Self

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from studio.app.common.elided_label import ElidedLabel
from studio.app.common.redraw_when_seen import RedrawWhenSeen
from studio.app.i18n.messages import prompt_shown
from studio.app.session.worker import RunController
from studio.app.views.explain.after_update import After, explanation_html
from studio.app.views.explain.before_update import tr
from studio.app.views.samples import SamplesPanel
from studio.app.views.view import Tab, View, ViewContext, view_title

PROMPT_CHARS = 40  # of a group's prompt in the picker
TERMS_KEY = "explain/engineer_terms"  # QSettings: the tab speaks in the engineer's terms


class _Answers(QObject):
    """Carries the trainer's answers (a Future done on its thread) to the GUI thread."""

    arrived = Signal(int, object)  # the step asked about, the done Future


class ExplainPanel(View, RedrawWhenSeen, QWidget):
    """Explains one group of the latest GRPO step record; `show_requested` asks the window
    to bring this tab to the front (a Samples link was followed)."""

    PLACE = Tab(view_title("Explain step"))
    RECORDS = frozenset({"step", "done"})

    show_requested = Signal()

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        panel = cls(context.controller, context.view(SamplesPanel))
        panel.show_requested.connect(lambda: context.show(panel))
        return panel

    def __init__(self, controller: RunController, samples: SamplesPanel) -> None:
        super().__init__()
        self.controller, self.samples = controller, samples
        self.record: dict | None = None  # the latest GRPO step record with samples
        self.stage = ""  # the stage of the latest step record
        self.answer: dict | None = None  # the trainer's answer for the record's step
        self.error = ""
        self._asked: int | None = None  # the step a question is out for
        self._live = False  # the record came from the run in progress
        self._dirty = True
        self._answers = _Answers(self)  # deleted with the panel: a late answer finds no one
        self._answers.arrived.connect(self._on_answer)

        self.groups = QComboBox()
        self.groups.setToolTip(tr("Which group of the step to explain"))
        self.groups.currentIndexChanged.connect(self._changed)
        # a long group's prompt or status line never widens the tab (a projector's large
        # text beside the Setup dock): the box and the line are cut, whole in the list/tip
        self.groups.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.groups.setMinimumContentsLength(8)
        self.status = ElidedLabel("")
        # plain words for pupils by default; the engineer's terms one click away, remembered
        self.terms = QCheckBox(tr("Engineer's terms"))
        self.terms.setToolTip(
            tr(
                "Show log-probabilities, the standard deviation, eps and the settings' names "
                "instead of plain words and percentages"
            )
        )
        self.terms.setChecked(_setting_on(QSettings().value(TERMS_KEY, False)))
        self.terms.toggled.connect(self._terms_changed)
        self.body = QTextBrowser()
        self.body.setOpenLinks(False)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Group:")))
        top.addWidget(self.groups, 1)
        top.addWidget(self.status, 2)
        top.addWidget(self.terms)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.body, 1)
        controller.state_changed.connect(self._changed)
        samples.explain_requested.connect(self.show_group)
        self.start_redraw_timer(250)
        self.refresh()

    # ---- what arrives

    def add_record(self, record: dict) -> None:
        kind = record.get("kind")
        if kind == "step":
            self.stage = str(record.get("stage", ""))
            if record.get("stage") == "grpo" and record.get("samples"):
                if self.record is None or record.get("step") != self.record.get("step"):
                    self.answer, self.error = None, ""
                self.record = record
                self._live = self.controller.running
            self._dirty = True
        elif kind == "done":
            self._dirty = True

    def clear_run(self) -> None:
        self.record, self.stage, self.answer, self.error = None, "", None, ""
        self._asked, self._live, self._dirty = None, False, True

    def show_group(self, index: int) -> None:
        """Explain group `index` of the latest step (a Samples row's link)."""
        self.refresh()
        if 0 <= index < self.groups.count():
            self.groups.setCurrentIndex(index)
        self.show_requested.emit()

    def _changed(self, *_: Any) -> None:
        self._dirty = True

    def _terms_changed(self, engineer: bool) -> None:
        QSettings().setValue(TERMS_KEY, engineer)
        self._dirty = True
        self.refresh()

    # ---- asking the trainer

    def _paused_live(self) -> bool:
        """The run this record is from is running in this window and paused."""
        return self._live and self.controller.running and self.controller.state == "paused"

    def _ask(self) -> None:
        worker, record = self.controller.worker, self.record
        if record is None or worker is None or not self._paused_live():
            return
        step = int(record.get("step", 0))
        if self.answer is not None or self.error or self._asked == step:
            return
        # a live run has loaded torch already; the window does not load it for this
        from studio.core.training.steps.explain import AFTER_UPDATE

        self._asked = step
        future = worker.control.ask(AFTER_UPDATE, step=step)
        future.add_done_callback(lambda done: self._deliver(step, done))

    def _deliver(self, step: int, done: Future) -> None:
        # on the trainer's thread: only emit (queued to this panel's thread)
        with contextlib.suppress(RuntimeError):  # the window is gone
            self._answers.arrived.emit(step, done)

    def _on_answer(self, step: int, done: Future) -> None:
        if self._asked == step:
            self._asked = None
        if self.record is None or step != self.record.get("step"):
            return  # an answer about a step no longer shown
        error = done.exception()
        if error is not None:
            self.error = tr("Could not compute the log-probs after the update: {message}").format(
                message=str(error)
            )
        else:
            self.answer = done.result()
        self._dirty = True

    # ---- drawing

    def refresh(self) -> None:
        self._ask()
        if not self._dirty:
            return
        self._dirty = False
        self._fill_groups()
        record = self.record
        if record is None:
            self.status.setText("")
            self.body.setHtml(f"<p style='color:#666'>{self._waiting()}</p>")
            return
        step, samples = int(record.get("step", 0)), record["samples"]
        index = max(0, min(self.groups.currentIndex(), len(samples) - 1))
        self.status.setText(self._status(step))
        bar = self.body.verticalScrollBar().value()
        shown = explanation_html(
            samples[index],
            step=step,
            index=index,
            groups=len(samples),
            noun=self.samples.noun,
            after=self._after(index),
            plain=not self.terms.isChecked(),
        )
        if self.samples.variant_note:  # side by side: which variant's step this is
            shown = f"<p style='color:#1F3A5F'>{html.escape(self.samples.variant_note)}</p>" + shown
        self.body.setHtml(shown)
        self.body.verticalScrollBar().setValue(bar)

    def _fill_groups(self) -> None:
        samples = self.record["samples"] if self.record is not None else []
        labels = [
            tr("Group {number}: {prompt}").format(
                number=i + 1, prompt=_short(prompt_shown(g.get("prompt", "")))
            )
            for i, g in enumerate(samples)
        ]
        if labels != [self.groups.itemText(i) for i in range(self.groups.count())]:
            keep = self.groups.currentIndex()
            self.groups.blockSignals(True)
            self.groups.clear()
            self.groups.addItems(labels)
            self.groups.setCurrentIndex(keep if 0 <= keep < len(labels) else 0)
            self.groups.blockSignals(False)

    def _waiting(self) -> str:
        if self.stage == "warmup":
            return tr(
                "The warm-up is supervised: the model copies the references, and there are no "
                "groups or advantages yet. The explanation starts with the first GRPO step."
            )
        return tr(
            "Pause the run (or press Step) and this tab walks through the last GRPO step for "
            "one group: its samples, their rewards, the group's mean and spread, each "
            "advantage, and how the update changed each sample's probability."
        )

    def _status(self, step: int) -> str:
        if self._live and self.controller.running:
            if self.controller.state == "paused":
                return tr("Step {step}, paused.").format(step=step)
            return tr("Step {step}; the run is training.").format(step=step)
        return tr("Step {step}, the last GRPO step of the run shown.").format(step=step)

    def _after(self, index: int) -> After:
        """The after-update column of group `index`, or why there is none."""
        answer = self.answer
        if answer is not None and answer.get("available"):
            groups = answer.get("groups", [])
            if index < len(groups):
                return After(groups[index]["before"], groups[index]["after"])
        return After(note=self._why_no_after(answer))

    def _why_no_after(self, answer: dict | None) -> str:
        if self.error:
            return self.error
        if not (self._live and self.controller.running):
            if self._live:
                return tr(
                    "The run has ended: how likely each sample is after the update needs the "
                    "live model, so only the numbers recorded at the step are shown."
                )
            return tr(
                "This run was opened from its folder: its records hold everything above but "
                "how likely each sample is after the update, which needs the live model. "
                "Continue the run (Runs tab), pause it, and explain one of its steps to see it."
            )
        if self.controller.state != "paused":
            return tr(
                "The run is training: pause it (or press Step) to see how the update changed "
                "each sample's probability."
            )
        reason = answer.get("reason") if answer is not None else None
        if reason == "updating":
            return tr(
                "The run was paused in the middle of the next step, whose update has already "
                "changed the weights: press Step to finish that step and explain it."
            )
        if reason in ("moved_on", "no_step"):
            return tr("The run has moved past this step: press Step to explain a new one.")
        return tr("Working out how likely each sample is with the updated weights…")


def _setting_on(value: object) -> bool:
    """A QSettings boolean: the ini file gives it back as the string "true"."""
    return value is True or str(value).lower() == "true"


def _short(text: str) -> str:
    return text if len(text) <= PROMPT_CHARS else text[: PROMPT_CHARS - 1] + "…"
