"""The run in use: start, step, reset and continue runs, open and overlay past ones, and
close the window mid-run.

The session owns the worker's controller (worker.py) and the Export button's exporter,
and remembers what the Run buttons act on: the folder of the run in use (`run_dir`), the
config the last run here started with (`run_config`, what Reset starts again), and a run
this window stopped with steps left (`stopped_run`, what Start offers to continue). It
never touches a view: it says what happened in signals, which the window hands on to its
views, the toolbar, the runs list, the log and the status bar.

- `cleared()`: the views forget the run shown (a new run, a run opened, another preset);
- `config_shown(cfg)`: the records that follow belong to a run of `cfg`;
- `record_arrived(record)`: one record of the run in use, live or read back, in order;
- `run_shown(run_dir, cfg)`: the run folder in use and its config as the trainer fitted it
  to the data and time budget (cfg None: its config is unreadable);
- `state_changed(state)`: the controller's state, before the session acts on it;
- `settings_loaded(cfg)`: a run's config was read to continue it: the settings show it;
- `overlay_opened(Overlay)` / `overlay_closed()`: another run's curves over the charts;
- `logged(level, text)` and `status_said(text)`: lines for the log and the status bar;
- `runs_changed()`: the runs list may have changed (a run began or ended);
- `close_ready()`: closing was asked mid-run, and the run has now stopped;
- `experiment_started(labels)`: an experiment's variants train side by side (Start of
  an experiment): the charts draw them together; its records come as
  `variant_record(index, record)` (variant 0's also as `record_arrived`, so the other
  views follow it as they follow a single run).

Records of a run released by `controller.wait()` can still be queued when the next run
starts; only the signals of the worker in use are passed on (`_from_current_run`).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QWidget

from studio.app.common import dialogs
from studio.app.i18n.messages import translate_message
from studio.app.session import code_consent
from studio.app.session.exporter import Exporter
from studio.app.session.worker import (
    RunController,
    TrainerWorker,
    experiment_factory,
    grpo_starts,
    make_control,
    trainer_factory,
)
from studio.core.config.fields import ConfigError
from studio.core.config.sections import StudioConfig
from studio.core.runs.warm_start import missing_warm_start


@dataclass(frozen=True)
class Overlay:
    """Another run's records, drawn dashed over the charts of the run on screen."""

    records: list[dict]
    name: str  # the run, as its legend entries name it
    task: str  # the task it trained ("" unknown): another task's overlay means nothing
    preset: str = ""  # the name of the preset it ran ("" unknown), to name it to people


def closing_message() -> str:
    return QCoreApplication.translate(
        "RunSession", "Closing: the run is stopping and writing its checkpoint…"
    )


class RunSession(QObject):
    """The run in use and what the Run buttons do with it; lives on the GUI thread.

    read_settings() gives the settings shown as a config (None after showing what is
    wrong); save_dir() the folder new runs go to (None: the default).
    """

    cleared = Signal()
    config_shown = Signal(object)  # StudioConfig
    record_arrived = Signal(object)  # dict
    run_shown = Signal(str, object)  # run folder, StudioConfig | None
    state_changed = Signal(str)
    settings_loaded = Signal(object)  # StudioConfig
    overlay_opened = Signal(object)  # Overlay
    overlay_closed = Signal()
    logged = Signal(str, str)  # level, text
    status_said = Signal(str)
    runs_changed = Signal()
    close_ready = Signal()
    setting_edited = Signal(str, object)  # a view edits a setting (path, value): the reward lab
    experiment_started = Signal(object)  # list[str]: the variants' labels, in order
    variant_record = Signal(int, object)  # an experiment's record: variant index, record

    def __init__(
        self,
        window: QWidget,
        read_settings: Callable[[], StudioConfig | None],
        save_dir: Callable[[], Path | None],
        make_factory: Callable[..., Any] = trainer_factory,
        control_factory: Callable[[], Any] = make_control,
        make_experiment: Callable[..., Any] = experiment_factory,
    ) -> None:
        super().__init__(window)
        self._window = window  # the parent of the questions asked
        self._read_settings, self._save_dir = read_settings, save_dir
        self._make_factory = make_factory
        self._make_experiment = make_experiment
        self.experiment_labels: list[str] = []  # the experiment in training or on screen
        self.experiment_variants: list[dict] = []  # its variants, for Reset
        self.run_dir: str | None = None
        self.last_error: str | None = None
        # the run this window stopped with steps left: Start offers to continue it
        self.stopped_run: tuple[str, int] | None = None
        self.run_config: StudioConfig | None = None  # what the last run here started with
        self._close_when_idle = False  # the user closed mid-run: close once it has stopped
        self._held = False  # the run is paused: Resume or Step then says it trains
        self._pause_said = False  # GRPO's start said why the run pauses (pause_at_grpo)
        self._restart_when_idle = False  # Reset stopped the run: start again once it has
        # what waits for the run to stop (another preset chosen mid-run): done once it has
        self._when_idle: Callable[[], None] | None = None
        # the window's "Pause when GRPO starts" (a lesson's ui.pause_at_grpo asks it too)
        self.pause_at_grpo = False
        self.controller = RunController(control_factory, self)
        self.controller.worker_created.connect(self._wire_worker)
        self.controller.state_changed.connect(self._on_state)
        self.exporter = Exporter(lambda: self.run_dir, window)
        self.exporter.exported.connect(self._on_exported)
        self.exporter.export_failed.connect(self._on_export_failed)

    # ---- starting

    def start(self, max_steps: int | None = None) -> bool:
        """Start: a new run of the settings shown, or the stopped run continued (asked)."""
        if self.controller.running:
            return False
        if self.stopped_run is not None:
            run_dir, step = self.stopped_run
            carry_on = self.tr("Continue it")
            answer = dialogs.choose(
                self._window,
                self.tr("Continue the stopped run?"),
                self.tr(
                    "The last run stopped at step {step}. Continue it from its checkpoint, "
                    "or start a new run from step 0 with the settings shown?"
                ).format(step=step),
                [carry_on, self.tr("Start a new run")],
            )
            if answer is None:
                return False
            if answer == carry_on:
                return self.resume_run(run_dir)
        cfg = self._read_settings()
        if cfg is None or not self._may_start(cfg):
            return False
        self._begin(cfg, max_steps)
        return True

    def _refused_while_running(self) -> bool:
        """Whether a run is in progress, said in a dialog: another cannot start now."""
        if not self.controller.running:
            return False
        dialogs.show_error(
            self._window, self.tr("A run is in progress"), self.tr("Stop the current run first.")
        )
        return True

    def _may_start(self, cfg: StudioConfig) -> bool:
        """Whether a new run of `cfg` may start from step 0: its code allowed (asked), and
        the warm start it names on disk (else said in a line, before any worker starts)."""
        if not code_consent.code_may_run(self._window, cfg.task):
            return False
        missing = missing_warm_start(cfg)
        if missing:
            message = translate_message(missing)
            self.logged.emit("error", message)
            dialogs.show_error(self._window, self.tr("Cannot start"), message)
            return False
        return True

    def start_experiment(
        self,
        variants: list[dict] | None = None,
        max_steps: int | None = None,
        cfg: StudioConfig | None = None,
    ) -> bool:
        """Train the variants side by side (`variants`: as ui.experiment writes them;
        None: the experiment of the settings shown) of `cfg` (None: the settings shown).
        Refused with a message when a run is in progress or a variant is wrong."""
        from studio.core.catalogue import variant_configs
        from studio.core.config.experiments import describe, parse_variants

        if self._refused_while_running():
            return False
        cfg = copy.deepcopy(cfg) if cfg is not None else self._read_settings()
        if cfg is None:
            return False
        try:
            chosen = parse_variants(cfg.ui.experiment if variants is None else variants)
            configs = variant_configs(cfg, chosen) if chosen else []
        except ConfigError as err:
            dialogs.show_error(self._window, self.tr("Cannot run this experiment"), str(err))
            return False
        if not chosen:
            dialogs.show_error(
                self._window,
                self.tr("Cannot run this experiment"),
                self.tr(
                    "ui.experiment: this preset names no experiment; add two variants "
                    "(Experiment… above the charts)"
                ),
            )
            return False
        if not self._may_start(cfg):
            return False
        self.stopped_run = None  # Start continues a single run, not one side of this
        self.run_config = copy.deepcopy(cfg)
        self.cleared.emit()
        self.config_shown.emit(configs[0])
        self.experiment_labels = [v.label for v in chosen]
        self.experiment_variants = [v.to_dict() for v in chosen]
        self.experiment_started.emit(list(self.experiment_labels))
        name = QCoreApplication.translate("presets", cfg.name)
        self.logged.emit(
            "info",
            self.tr("starting an experiment with {name}: {variants}").format(
                name=name, variants=describe(chosen)
            ),
        )
        self.logged.emit(
            "info",
            self.tr(
                "the log, Samples and Explain step follow variant {label} (the first of {n}); "
                "the charts and their table compare them all"
            ).format(label=chosen[0].label, n=len(chosen)),
        )
        self.controller.start(
            self._make_experiment(cfg, chosen, self._save_dir()),
            max_steps,
            self._pauses_at_grpo(cfg),
        )
        return True

    def _begin(self, cfg: StudioConfig, max_steps: int | None = None) -> None:
        """A new run of `cfg` from step 0."""
        self.run_config = copy.deepcopy(cfg)  # as started: the trainer may fit cfg to the data
        self.experiment_labels, self.experiment_variants = [], []
        self.cleared.emit()
        self.config_shown.emit(cfg)
        name = QCoreApplication.translate("presets", cfg.name)
        self.logged.emit("info", self.tr("starting {name}").format(name=name))
        self.controller.start(
            self._make_factory(cfg, self._save_dir(), None), max_steps, self._pauses_at_grpo(cfg)
        )

    def _pauses_at_grpo(self, cfg: StudioConfig) -> bool:
        """Whether a run of `cfg` pauses when its GRPO stage starts: the window's setting or
        the lesson's."""
        return self.pause_at_grpo or cfg.ui.pause_at_grpo

    def step(self) -> bool:
        """Step: one step of the run in progress; with none, start one that begins paused
        and takes exactly its first step."""
        if not self.controller.running and not self.start():
            return False
        self.controller.step_once()
        return True

    def restart(self) -> bool:
        """Reset: a new run from step 0 with the settings and seed of the last run started
        here (the settings shown if none); a run in progress stops first, after asking."""
        if self.controller.running:
            question = self.tr(
                "This run has not finished. Stop it (a checkpoint is written) and start "
                "again from step 0 with the same settings?"
            )
            if not dialogs.ask_yes_no(self._window, self.tr("Reset the run?"), question):
                return False
            self._restart_when_idle, self._when_idle = True, None
            self.controller.stop()
            return True
        if self.experiment_variants and self.run_config is not None:
            # an experiment: all its variants again, from the settings it started with
            return self.start_experiment(self.experiment_variants, cfg=self.run_config)
        cfg = (
            copy.deepcopy(self.run_config) if self.run_config is not None else self._read_settings()
        )
        if cfg is None or not self._may_start(cfg):
            return False
        self.stopped_run = None  # step 0 again, not the stopped run continued
        self._begin(cfg)
        return True

    def resume_run(self, run_dir: str) -> bool:
        """Continue a run from its last checkpoint (the Runs tab's "Continue training")."""
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        if self._refused_while_running():
            return False
        try:
            cfg = load_run_config(Path(run_dir))
        except ValueError as err:
            dialogs.show_error(self._window, self.tr("Cannot continue this run"), str(err))
            return False
        ends = [r for r in read_metrics(Path(run_dir)) if r.get("kind") == "done"]
        if ends and ends[-1].get("reason") == "finished":
            dialogs.show_info(
                self._window,
                self.tr("This run has finished"),
                self.tr(
                    "{run} trained all its stages (step {step}); there is nothing left to "
                    "continue. To train longer, raise the stages' steps in Settings and "
                    "start a new run."
                ).format(run=Path(run_dir).name, step=ends[-1].get("step", "?")),
            )
            return False
        if not code_consent.code_may_run(self._window, cfg.task):
            return False
        self.stopped_run = None
        self.run_config = copy.deepcopy(cfg)
        self.settings_loaded.emit(cfg)
        self.open_run(run_dir)
        self.logged.emit("info", self.tr("continuing {run}").format(run=run_dir))
        self.controller.start(
            self._make_factory(cfg, None, Path(run_dir)), None, self._pauses_at_grpo(cfg)
        )
        return True

    # ---- past runs

    def open_run(self, run_dir: str) -> None:
        """Show a run from its folder: its records read back from metrics.jsonl."""
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        self.experiment_labels, self.experiment_variants = [], []
        self.cleared.emit()
        cfg = None
        with contextlib.suppress(ValueError):  # a run without a readable config still draws
            cfg = load_run_config(Path(run_dir))
        if cfg is not None:
            self.config_shown.emit(cfg)
        records = read_metrics(Path(run_dir))
        for record in records:
            self.record_arrived.emit(record)
        self.run_dir = run_dir
        self.run_shown.emit(run_dir, cfg)
        self.status_said.emit(
            self.tr("Run: {run} ({n} records)").format(run=run_dir, n=len(records))
        )

    def overlay_run(self, run_dir: str) -> None:
        """Draw another run's curves over the charts of the run on screen."""
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        task = preset = ""  # unknown: the overlay goes with the next preset or run shown
        with contextlib.suppress(ValueError):
            cfg = load_run_config(Path(run_dir))
            task, preset = cfg.task.NAME, cfg.name
        records = read_metrics(Path(run_dir))
        self.overlay_opened.emit(Overlay(records, Path(run_dir).name, task, preset))

    def clear_overlay(self) -> None:
        self.overlay_closed.emit()

    def stop_then(self, name: str, then: Callable[[], None]) -> bool:
        """Another preset (`name`, in words) was chosen while a run is in progress: ask to
        stop the run; on yes it stops (writing its checkpoint) and `then` runs once it has,
        so the choice is never half applied beside a run that goes on. False: the user
        keeps the run, and nothing changes. A run already stopping is not asked about."""
        if self.controller.state != "stopping":
            question = self.tr(
                "A run is in progress. Stop it (a checkpoint is written; the Runs tab "
                "continues it later) and use {name}?"
            ).format(name=name)
            if not dialogs.ask_yes_no(self._window, self.tr("Stop the run?"), question):
                self.status_said.emit(
                    self.tr("The run goes on; {name} was not loaded.").format(name=name)
                )
                return False
        self._when_idle, self._restart_when_idle = then, False
        self.status_said.emit(
            self.tr("Stopping the run (writing its checkpoint); then {name} is shown.").format(
                name=name
            )
        )
        self.controller.stop()
        return True

    def show_preset(self, cfg: StudioConfig) -> None:
        """The settings now show preset `cfg`. While nothing trains, the last run's views go
        (the Runs tab reopens that run) and Start and Reset are about this preset, not the
        run of another; the playground and Export keep that run's model until another run
        is started or opened (views/playground/tab.py). A run in training stays on screen."""
        if self.controller.running:
            return
        self.stopped_run, self.run_config = None, None
        self.experiment_labels, self.experiment_variants = [], []
        self.cleared.emit()
        self.config_shown.emit(cfg)

    # ---- the worker's signals

    def _wire_worker(self, worker: TrainerWorker) -> None:
        # Bound methods of this (GUI-thread) object: Qt queues the calls to this thread.
        worker.run_started.connect(self._on_run_started)
        worker.record_emitted.connect(self._on_worker_record)
        worker.failed.connect(self._on_failed)
        worker.finished.connect(self._on_finished)

    def _from_current_run(self) -> bool:
        """Whether the queued signal being handled comes from the run in progress.

        A run released by `controller.wait()` can still have signals queued; delivered
        after the next Start, its last records drew lines from its final step back to
        the new run's first one, and its reward names stayed in the legends.
        """
        sender = self.sender()
        return sender is not None and sender is self.controller.worker

    def _on_worker_record(self, record: dict) -> None:
        if not self._from_current_run():
            return
        if self.experiment_labels:
            index = int(record.get("variant", 0) or 0)
            if "variant" in record:
                record = {k: v for k, v in record.items() if k != "variant"}
            self.variant_record.emit(index, record)
            if index and record.get("kind") != "error":
                return  # the other variants are the charts' and the table's, not the views'
        self.record_arrived.emit(record)
        worker = self.controller.worker
        if worker is not None and worker.pause_at_grpo and grpo_starts(record):
            said = self.tr(
                "GRPO starts: paused before its first step. Step takes one GRPO step "
                "(the Explain step tab walks through it); Resume trains on."
            )
            self.status_said.emit(said)
            self.logged.emit("info", said)
            self._pause_said = not self._held  # a pause still to come has its words already

    def _on_run_started(self, run_dir: str) -> None:
        if not self._from_current_run():
            return
        self.run_dir = run_dir
        self.stopped_run = None
        if run_dir:
            self.run_shown.emit(run_dir, self._as_trained(run_dir))
            self.runs_changed.emit()
            self.status_said.emit(self.tr("Training — run folder {run}").format(run=run_dir))

    def _as_trained(self, run_dir: str) -> StudioConfig | None:
        """A run started here as its folder's config.yaml holds it: the plan the trainer
        fitted (the user's data, a time budget), which `run_config` (what Reset starts
        again, to be fitted again) does not hold; `run_config` if that cannot be read."""
        from studio.core.runs.loading import load_run_config

        try:
            return load_run_config(Path(run_dir))
        except (OSError, ValueError):  # ConfigError and RunError are ValueErrors
            return self.run_config

    def _on_failed(self, message: str) -> None:
        self.last_error = message  # the log has it already (the worker's error record)
        dialogs.show_error(self._window, self.tr("Training stopped with an error"), message)

    def _on_finished(self, final: dict) -> None:
        if not self._from_current_run():
            return
        reason = final.get("reason", "")
        if reason in ("stopped", "step limit") and self.run_dir and not self.experiment_labels:
            self.stopped_run = (self.run_dir, int(final.get("step", 0)))
        words = {  # a done record's reasons (studio.core.training.reporting.records), in words
            "finished": self.tr("finished"),
            "stopped": self.tr("stopped"),
            "step limit": self.tr("step limit"),
            "error": self.tr("error"),
            "interrupted": self.tr("interrupted"),
        }
        self.status_said.emit(
            self.tr("Run ended ({reason}) — {run}").format(
                reason=words.get(reason) or translate_message(reason), run=self.run_dir
            )
        )
        self.runs_changed.emit()

    def _on_state(self, state: str) -> None:
        self.state_changed.emit(state)  # the window first: a restart below changes it again
        held, self._held = self._held, state == "paused"
        if state in ("running", "stepping") and held and self.run_dir:  # no longer "paused"
            self.status_said.emit(self.tr("Training — run folder {run}").format(run=self.run_dir))
        if state == "paused" and not held and self.run_dir:
            said, self._pause_said = self._pause_said, False
            if not said:
                self.status_said.emit(
                    self.tr(
                        "Paused — Resume trains on, Step takes one step; run folder {run}"
                    ).format(run=self.run_dir)
                )
        if state == "idle" and self._close_when_idle:
            self._close_when_idle = False
            self.close_ready.emit()
        elif state == "idle" and self._restart_when_idle:
            self._restart_when_idle = False
            self.restart()
        elif state == "idle" and self._when_idle is not None:
            then, self._when_idle = self._when_idle, None
            then()

    def _on_exported(self, result: Any) -> None:
        self.logged.emit("info", translate_message(result.summary))

    def _on_export_failed(self, message: str) -> None:
        self.logged.emit(
            "error", self.tr("export failed: {message}").format(message=translate_message(message))
        )

    # ---- closing

    def may_close(self) -> bool:
        """True when nothing trains. While a run trains, ask; on yes it stops (writing its
        checkpoint) and `close_ready` follows once it has, the window staying responsive
        meanwhile. False until then."""
        if not self.controller.running:
            return True
        if self._close_when_idle:
            self.status_said.emit(closing_message())
            return False
        question = self.tr("Training is running. Stop it (a checkpoint is written) and close?")
        if dialogs.ask_yes_no(self._window, self.tr("Stop training?"), question):
            self._close_when_idle = True
            self.controller.stop()  # a paused run stops too
            self.status_said.emit(closing_message())
            self.logged.emit(
                "info", self.tr("closing: stopping the run and writing its checkpoint")
            )
        return False
