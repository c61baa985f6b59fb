"""The stage strip above the charts: warm-up -> GRPO, where the run is, and when each
stage ends.

One box per planned stage (a stage with 0 steps is not run and not shown), in order,
each with its stopping rule in words ("up to 600 steps · ends early at accuracy ≥ 30%"),
then, as records arrive, its step count, and once it ended, why. The stage under way is
highlighted. The strip is drawn from the config and the run's records alone, so an
opened run shows the same strip it had while it trained; an opened run whose settings
cannot be read shows the stages its records name, never the plan of the preset shown
before it. A run started here is drawn again from the config `show_run` gives, its
folder's: the trainer may have fitted the plan to the user's data or time budget (a
longer warm-up, a patience for stop_at), and the strip shows the plan it trains by. A
run that stops or fails says so in its stage's box.
"""

from __future__ import annotations

from typing import Self

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from studio.app.common.elided_label import ElidedLabel
from studio.app.common.layouts import clear_layout
from studio.app.i18n.messages import translate_message
from studio.app.views.view import ABOVE_TABS, View, ViewContext
from studio.core.config.sections import StageConfig, StudioConfig
from studio.core.tasks import task_class
from studio.core.training.reporting import metrics


def _t(text: str) -> str:
    return QCoreApplication.translate("StageStrip", text)


def stage_title(name: str) -> str:
    return {"warmup": _t("Supervised warm-up"), "grpo": _t("GRPO")}.get(name, name)


def stopping_rule(stage: StageConfig, metric_key: str) -> str:
    """The stage's end in words, e.g. 'up to 600 steps · ends early at accuracy ≥ 30%'."""
    parts = [_t("up to {steps} steps").format(steps=stage.steps)]
    metric = metrics.find(metric_key)
    name = QCoreApplication.translate(metrics.CONTEXT, metric.label) if metric else metric_key
    if stage.stop_at is not None:
        shown = metric.format_value(stage.stop_at, 3) if metric else f"{stage.stop_at:g}"
        parts.append(_t("ends early at {metric} ≥ {value}").format(metric=name, value=shown))
    if stage.patience:
        parts.append(
            _t("or after {n} evaluations without a better {metric}").format(
                n=stage.patience, metric=name
            )
        )
    return " · ".join(parts)


class StageBox(QFrame):
    def __init__(self, index: int, name: str, rule: str) -> None:
        super().__init__()
        self.setObjectName("stageBox")
        self.name = name
        # one cut line each when compact (whole in their tooltips), lines otherwise
        self.title = ElidedLabel(f"{index}. {stage_title(name)}")
        self.title.setStyleSheet("font-weight: bold;")
        self.rule = ElidedLabel(rule)
        self.rule.setWordWrap(True)
        self.rule.setStyleSheet("color: #555;")
        self.status = ElidedLabel(_t("not started"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(1)
        layout.addWidget(self.title)
        layout.addWidget(self.rule)
        layout.addWidget(self.status)
        self._box = layout
        self.set_current(False)

    def set_compact(self, compact: bool) -> None:
        """One line (title, rule cut to the room left, status) or three."""
        self._box.setDirection(
            QBoxLayout.Direction.LeftToRight if compact else QBoxLayout.Direction.TopToBottom
        )
        self._box.setSpacing(10 if compact else 1)
        self._box.setContentsMargins(8, 1 if compact else 4, 8, 1 if compact else 4)
        self.rule.setWordWrap(not compact)
        # cut, not wrapped, in one line: it never widens the window. The title keeps its
        # whole text first; the status, then the rule, take what is left (the status more)
        policy = QSizePolicy.Policy.Ignored if compact else QSizePolicy.Policy.Preferred
        for label, share in ((self.rule, 1), (self.status, 2)):
            label.setSizePolicy(policy, QSizePolicy.Policy.Preferred)
            self._box.setStretchFactor(label, share if compact else 0)
        # in one line the title and the status give way too, down to a few letters each,
        # so that two stages fit beside the Setup dock at a large text size
        least = self.fontMetrics().horizontalAdvance("1. GRPO") if compact else 10_000
        for label in (self.title, self.status):
            label.setWordWrap(not compact)
            label.set_least(least)
        # an ignored size hint leaves no least width: the status keeps a few letters
        self.status.setMinimumWidth(least if compact else 0)

    def set_current(self, current: bool) -> None:
        self.setProperty("current", current)
        self.style().unpolish(self)
        self.style().polish(self)


class StageStrip(View, QWidget):
    """Fed the config (`show_config`) and the run's stage, step and done records."""

    PLACE = ABOVE_TABS
    RECORDS = frozenset({"stage", "step", "done"})

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        strip = cls()
        context.controller.state_changed.connect(strip.set_run_state)
        return strip

    def __init__(self) -> None:
        super().__init__()
        self.paused = False  # the run is paused: the stage under way says so, not "running"
        self.boxes: dict[str, StageBox] = {}
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(4, 2, 4, 2)
        self.compact = False  # one line per stage (a short screen; see set_compact)
        self._steps: dict[str, int] = {}  # stage -> its last step record's stage_step
        self._seen: list[dict] = []  # this run's stage and done records, and last steps
        self._idle_ended: StageBox | None = None  # said stopped when the run went idle

    def show_config(self, cfg: StudioConfig) -> None:
        """One box per stage the config runs, with its stopping rule; nothing started."""
        self._build(self._plan(cfg))

    def show_plan(self, cfg: StudioConfig) -> None:
        """The stages of `cfg` before it starts (the Data tab's check fitted them to the
        user's file); a run on screen keeps its strip."""
        if not self._seen:
            self._build(self._plan(cfg))

    @staticmethod
    def _plan(cfg: StudioConfig) -> list[tuple[str, str]]:
        metric_key = f"eval/{task_class(cfg.task.NAME).EVAL_METRIC}"
        return [(name, stopping_rule(stage, metric_key)) for name, stage in cfg.stages.planned()]

    def _build(self, stages: list[tuple[str, str]]) -> None:
        clear_layout(self._layout)
        self.boxes.clear()
        self._idle_ended = None
        for i, (name, rule) in enumerate(stages, start=1):
            if i > 1:
                arrow = QLabel("→")
                arrow.setStyleSheet("font-size: 16pt; color: #888;")
                self._layout.addWidget(arrow)
            box = StageBox(i, name, rule)
            box.set_compact(self.compact)
            self.boxes[name] = box
            self._layout.addWidget(box, 1)

    def set_compact(self, compact: bool) -> None:
        """A strip of one line per stage on a short screen (a projector's 700 pixels)."""
        self.compact = compact
        for box in self.boxes.values():
            box.set_compact(compact)

    def show_run(self, run_dir: str, cfg: StudioConfig | None) -> None:
        if cfg is not None:
            plan = self._plan(cfg)  # as the trainer fitted it, not as show_config had it
        else:
            # the run's settings are unreadable: its records name its stages, not their rules
            names = list(dict.fromkeys(str(r["stage"]) for r in self._seen if r.get("stage")))
            unknown = _t("its settings could not be read")
            plan = [(name, unknown) for name in names]
        self._build(plan)
        seen, self._seen = self._seen, []
        for record in seen:
            self.add_record(record)

    def add_record(self, record: dict) -> None:
        kind, stage = record.get("kind"), record.get("stage")
        if kind in ("stage", "done", "step"):
            self._keep(record)
        box = self.boxes.get(stage) if stage else None
        if kind == "stage" and box is not None:
            self._stage_moved(record, box)
        elif kind == "step" and box is not None:
            self._stepped(record, box)
        elif kind == "done":
            current = [other for other in self.boxes.values() if other.property("current")]
            # the stage the run ended in says how (one that idle said stopped, if late)
            for other in current or [b for b in [self._idle_ended] if b is not None]:
                other.status.setText(self._ended(str(record.get("reason", "")), other))
            for other in self.boxes.values():
                other.set_current(False)

    def _make_current(self, box: StageBox) -> None:
        for other in self.boxes.values():
            other.set_current(other is box)

    def _stage_moved(self, record: dict, box: StageBox) -> None:
        """A stage record: its box is under way, or says where and why it ended."""
        if record.get("event") == "start":
            self._make_current(box)
            self._steps[box.name] = 0
            box.status.setText(self._under_way(box))
            return
        box.set_current(False)
        box.status.setText(
            _t("ended at step {step}: {reason}").format(
                step=record.get("step", "?"),
                reason=translate_message(record.get("reason", "")),
            )
        )

    def _stepped(self, record: dict, box: StageBox) -> None:
        """A step record: its stage's box counts it (and is under way: a resumed run's
        stage has no start record)."""
        if not box.property("current"):
            self._make_current(box)
        self._steps[box.name] = int(record.get("stage_step", 0))
        box.status.setText(self._under_way(box))

    def _under_way(self, box: StageBox) -> str:
        """The status of the stage under way: running or paused, at which of its steps."""
        step = self._steps.get(box.name, 0)
        if self.paused:
            if step:
                return _t("paused at step {step}").format(step=step)
            return _t("paused before its first step")
        return _t("running · step {step}").format(step=step) if step else _t("running")

    def set_run_state(self, state: str) -> None:
        """The controller's state: a stage under way of a paused run says it is paused,
        and one still under way when the run is idle again says it stopped."""
        if state == "stopping":  # as it was, until the done record says how it ended
            return
        self.paused = state == "paused"
        for box in self.boxes.values():
            if not box.property("current"):
                continue
            if state == "idle":
                # a stopped run's done record can be dropped (a run released by `wait`):
                # idle with a stage still under way is a stop, as the toolbar says
                box.status.setText(self._ended("stopped", box))
                box.set_current(False)
                self._idle_ended = box
            else:
                box.status.setText(self._under_way(box))

    def _keep(self, record: dict) -> None:
        """Keep what redraws the strip of a run whose plan is unknown (show_run): its stage
        and done records, and of each run of step records only the last."""
        last = self._seen[-1] if self._seen else None
        if (
            record.get("kind") == "step"
            and last is not None
            and last.get("kind") == "step"
            and last.get("stage") == record.get("stage")
        ):
            self._seen[-1] = record
        else:
            self._seen.append(record)

    def _ended(self, reason: str, box: StageBox) -> str:
        step = self._steps.get(box.name, 0)
        words = {
            "stopped": _t("stopped at step {step}"),
            "step limit": _t("step limit: stopped at step {step}"),
            "error": _t("failed at step {step}"),
            "interrupted": _t("interrupted at step {step}"),
        }
        return words.get(reason, _t("ended at step {step}")).format(step=step)

    def clear_run(self) -> None:
        """Back to 'not started' for a new run of the same plan."""
        self._steps, self._seen, self._idle_ended = {}, [], None
        for box in self.boxes.values():
            box.set_current(False)
            box.status.setText(_t("not started"))
