"""Under the settings: how long the run will take on this machine, and the time budget.

The estimate is measured, not guessed (studio.core.training.probes.time_probe): a few real steps
of the plan Start trains by (the settings, fitted to the file the Data tab checked) on that
file, with the torch threads a run of the window trains with, on a pool thread, never the
window's. It is measured again a moment after the plan changes (a preset chosen, a file
picked or checked, a field edited); a measurement still under way when it changes is told
to stop at its next step, and a result of an older plan is dropped. While a run trains
nothing is measured (it would share the cores with the run): a stale estimate waits for
the run's end. The figure is the one answer the window gives to "how long": the card of
the preset in use shows it too (`measured`). The Time budget field is the settings'
run.time_budget, shown here beside the figure it acts on.
"""

from __future__ import annotations

import copy
import math
import threading
from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message
from studio.app.session.worker import WINDOW_THREADS
from studio.core.catalogue import check_settings
from studio.core.config.fields import ConfigError
from studio.core.config.sections import StudioConfig
from studio.core.training.probes.time_probe import ProbeCancelled, TimeEstimate, estimate_config

DELAY_MS = 1200  # settings left alone this long are measured (typing does not start probes)
SETTING = "run.time_budget"


def as_the_window_trains(cfg: StudioConfig) -> StudioConfig:
    """`cfg` with the torch threads a run started in the window trains with (the worker
    sets WINDOW_THREADS where the settings leave them to torch): measured with torch's
    own count, a 2-core machine's estimate was a third of the run it announced."""
    cfg = copy.deepcopy(cfg)
    if not cfg.training.threads:
        cfg.training.threads = WINDOW_THREADS
    return cfg


def _measure(cfg: StudioConfig, cancel: threading.Event) -> TimeEstimate | None:
    """On the pool thread: the estimate, or None when newer settings stopped it."""
    try:
        return estimate_config(as_the_window_trains(cfg), cancel.is_set)
    except ProbeCancelled:
        return None


class TimeEstimateBox(QWidget):
    """The estimate for the config `config_provider` gives (the plan Start trains by), and
    the time budget field that writes run.time_budget through `set_value`. With `auto` off
    (tests that build many windows) it measures only when asked (the Estimate button,
    `estimate_now`). `measured(text)`: its headline, "" while it is not measured."""

    measured = Signal(str)

    def __init__(
        self,
        config_provider: Callable[[], StudioConfig],
        set_value: Callable[[str, str], None],
        auto: bool = True,
    ) -> None:
        super().__init__()
        self.config_provider = config_provider
        self.set_value = set_value
        self.auto = auto
        self.generation = 0  # the settings' version the label should show
        self.training = False  # a run trains: nothing is measured until it ends
        self.stale = False  # the plan changed while a run trained: measured once it ends
        self._cancel = threading.Event()  # the measurement under way, told to stop
        self.result: TimeEstimate | None = None
        self.text = QLabel(self.tr("Time on this machine: not measured yet"))
        self.text.setObjectName("time-estimate")
        self.text.setWordWrap(True)
        self.budget = QLineEdit()
        self.budget.setObjectName("time-budget")
        self.budget.setPlaceholderText(self.tr("e.g. 30 min (empty: no budget)"))
        self.budget.setToolTip(
            self.tr(
                "Fit the run into this much time: a short measurement before the first step "
                "plans the steps to fit (the steps you set stay as you set them), and the run "
                "ends at the budget if it overruns"
            )
        )
        self.budget.editingFinished.connect(self._budget_edited)
        self.button = QPushButton(self.tr("Estimate"))
        self.button.setToolTip(self.tr("Measure a few steps of these settings on this machine"))
        self.button.clicked.connect(self.estimate_now)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Time budget:")))
        row.addWidget(self.budget, 1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addLayout(row)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.estimate_now)

    def settings_changed(self, cfg: StudioConfig | None = None) -> None:
        """The plan changed: older results are stale; measure again soon (auto)."""
        self.generation += 1
        self._cancel.set()
        self.result = None
        self.measured.emit("")
        if cfg is not None and not self.budget.hasFocus():
            self.budget.setText(cfg.run.time_budget)
        if self.training:
            self.stale = True
            self.text.setText(self.tr("Time on this machine: measured once the run ends"))
        elif self.auto:
            self.text.setText(self.tr("Time on this machine: measuring soon…"))
            self._timer.start()

    def set_running(self, running: bool) -> None:
        """A run trains (True) or nothing does: a probe beside a run would share its cores
        (and torch's thread count), so it waits; a plan changed meanwhile is measured after."""
        self.training = running
        self.button.setEnabled(not running)
        if running:
            self._timer.stop()
            self._cancel.set()
            if self.result is None:  # not measured yet, or stopped now
                self.stale = True
                self.text.setText(self.tr("Time on this machine: measured once the run ends"))
        elif self.stale:
            self.stale = False
            self.settings_changed()

    def estimate_now(self) -> None:
        """Measure the settings as they are now, on a pool thread."""
        self._timer.stop()
        if self.training:
            return
        try:
            cfg = self.config_provider()
            check_settings(cfg)  # settings that cannot work together are not measured
        except ConfigError as err:
            self.text.setText(
                self.tr("Time on this machine: waits for valid settings ({reason})").replace(
                    "{reason}", translate_message(err)
                )
            )
            return
        self.generation += 1
        self._cancel.set()  # an older measurement stops at its next step
        cancel = self._cancel = threading.Event()
        generation = self.generation
        self.text.setText(self.tr("Time on this machine: measuring a few steps…"))
        run_in_background(
            lambda: _measure(cfg, cancel),
            lambda result: self._done(generation, result),
            lambda message, details: self._failed(generation, message),
        )

    def _done(self, generation: int, result: TimeEstimate | None) -> None:
        if generation != self.generation or result is None:  # older settings', or stopped
            return
        self.result = result
        self.text.setText(self.describe(result))
        self.measured.emit(self.headline(result))

    def _failed(self, generation: int, message: str) -> None:
        if generation != self.generation:
            return
        self.text.setText(
            self.tr("Time on this machine: could not be measured ({reason})").replace(
                "{reason}", translate_message(message)
            )
        )

    def _budget_edited(self) -> None:
        self.set_value(SETTING, self.budget.text().strip())  # heard as an edit: measured again

    # ---- the words

    def duration(self, seconds: float) -> str:
        if not math.isfinite(seconds):
            return self.tr("unknown")
        if seconds < 60:
            return self.tr("{n} s").replace("{n}", str(max(1, round(seconds))))
        if seconds < 595:  # tenths of a minute under ten, as the core's estimate line
            return self.tr("{n} min").replace("{n}", f"{seconds / 60:.1f}")
        minutes = round(seconds / 60)
        if minutes < 60:
            return self.tr("{n} min").replace("{n}", str(minutes))
        h, m = divmod(minutes, 60)
        return self.tr("{h} h {m} min").replace("{h}", str(h)).replace("{m}", f"{m:02d}")

    def headline(self, result: TimeEstimate) -> str:
        """'About 12 min on this machine' (what a preset's card says too); a bound names
        the stage that can end early (a grid world has no warm-up to end)."""
        time_text = self.duration(result.seconds)
        early = [s.name for s in result.prediction.stages if s.can_end_early]
        if not early:
            head = self.tr("About {time} on this machine")
        elif early == ["warmup"]:
            head = self.tr("At most {time} on this machine (the warm-up can end early)")
        elif early == ["grpo"]:
            head = self.tr("At most {time} on this machine (GRPO can end early)")
        else:
            head = self.tr("At most {time} on this machine (either stage can end early)")
        return head.replace("{time}", time_text)

    def describe(self, result: TimeEstimate) -> str:
        """'About 12 min on this machine; fewer warm-up steps would shorten it.'"""
        lines = [self.headline(result)]
        levers = {
            "warmup": self.tr("fewer warm-up steps would shorten it"),
            "grpo": self.tr("fewer GRPO steps or a smaller group would shorten it"),
            "evaluations": self.tr("a smaller eval.size or a larger eval.every would shorten it"),
            "checkpoints": self.tr("fewer checkpoints would shorten it"),
        }
        found = result.levers()
        if found:
            lines[0] += "; " + levers[found[0]]
        fit = result.fit
        if fit is not None:
            for path, (old, new) in fit.changes.items():
                lines.append(
                    self.tr("The time budget shortens {path}: {old} → {new} steps")
                    .replace("{path}", path)
                    .replace("{old}", f"{old:,}")
                    .replace("{new}", f"{new:,}")
                )
            if not fit.fits:
                lines.append(
                    self.tr(
                        "The budget cannot fit all of it (the steps you set stay as set): "
                        "the run ends when the time is up"
                    )
                )
        return "\n".join(lines)
