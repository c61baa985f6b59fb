"""The stage strip above the charts: warm-up -> GRPO, where the run is, and when each
stage ends.

One box per planned stage (a stage with 0 steps is not run and not shown), in order,
each with its stopping rule in words ("up to 600 steps · ends early at accuracy ≥ 30%"),
then, as records arrive, its step count, and once it ended, why. The stage under way is
highlighted. The strip is drawn from the config and the run's records alone, so an
opened run shows the same strip it had while it trained.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from studio.app.common.layouts import clear_layout
from studio.app.i18n.messages import translate_message
from studio.app.views.view import ABOVE_TABS, View
from studio.core.config import StageConfig, StudioConfig
from studio.core.tasks import task_class
from studio.core.training import metrics


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
        self.title = QLabel(f"<b>{index}. {stage_title(name)}</b>")
        self.rule = QLabel(rule)
        self.rule.setWordWrap(True)
        self.rule.setStyleSheet("color: #555;")
        self.status = QLabel(_t("not started"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(1)
        layout.addWidget(self.title)
        layout.addWidget(self.rule)
        layout.addWidget(self.status)
        self.set_current(False)

    def set_current(self, current: bool) -> None:
        self.setProperty("current", current)
        self.style().unpolish(self)
        self.style().polish(self)


class StageStrip(View, QWidget):
    """Fed the config (`show_config`) and the run's stage, step and done records."""

    PLACE = ABOVE_TABS
    RECORDS = frozenset({"stage", "step", "done"})

    def __init__(self) -> None:
        super().__init__()
        self.boxes: dict[str, StageBox] = {}
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(4, 2, 4, 2)

    def show_config(self, cfg: StudioConfig) -> None:
        """One box per stage the config runs, with its stopping rule; nothing started."""
        clear_layout(self._layout)
        self.boxes.clear()
        metric_key = f"eval/{task_class(cfg.task.NAME).EVAL_METRIC}"
        for i, (name, stage) in enumerate(cfg.stages.planned(), start=1):
            if i > 1:
                arrow = QLabel("→")
                arrow.setStyleSheet("font-size: 16pt; color: #888;")
                self._layout.addWidget(arrow)
            box = StageBox(i, name, stopping_rule(stage, metric_key))
            self.boxes[name] = box
            self._layout.addWidget(box, 1)

    def add_record(self, record: dict) -> None:
        kind, stage = record.get("kind"), record.get("stage")
        box = self.boxes.get(stage) if stage else None
        if kind == "stage" and box is not None:
            if record.get("event") == "start":
                for other in self.boxes.values():
                    other.set_current(other is box)
                box.status.setText(_t("running"))
            else:
                box.set_current(False)
                box.status.setText(
                    _t("ended at step {step}: {reason}").format(
                        step=record.get("step", "?"),
                        reason=translate_message(str(record.get("reason", ""))),
                    )
                )
        elif kind == "step" and box is not None:
            if not box.property("current"):  # e.g. a resumed run: its stage is under way
                for other in self.boxes.values():
                    other.set_current(other is box)
            done = int(record.get("stage_step", 0))
            box.status.setText(_t("running · step {step}").format(step=done))
        elif kind == "done":
            for other in self.boxes.values():
                other.set_current(False)

    def clear_run(self) -> None:
        """Back to 'not started' for a new run of the same plan."""
        for box in self.boxes.values():
            box.set_current(False)
            box.status.setText(_t("not started"))
