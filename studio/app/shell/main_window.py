"""The studio window: set up a run on the left, watch it train in the middle, read the log below.

Layout: the run controls, progress and memory gauge in the toolbar; a "Setup" dock
(presets, settings, data, runs); the charts, gradient flow and samples as tabs in the
centre; the log dock at the bottom. Training runs in a worker thread (worker.py); its
records reach `_on_record` on this thread and are only appended to the panels' buffers,
which redraw on their own timers. Errors take one route: `failed` -> `_on_failed` -> a
dialog with the message (the log has it in one line, the traceback as its details).

Window layout, the last preset and recent runs persist in QSettings.
"""

from __future__ import annotations

import contextlib
import copy
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QThreadPool
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs, resources
from studio.app.common.background import wait_for_background
from studio.app.common.qt_compat import collect_garbage_on_gui_thread
from studio.app.session import code_consent
from studio.app.session.worker import RunController, TrainerWorker, make_control, trainer_factory
from studio.app.setup.data.panel import DataPanel
from studio.app.setup.preset_gallery import PresetGallery
from studio.app.setup.runs_panel import RunsPanel
from studio.app.setup.settings_form import SettingsForm
from studio.app.shell import ui_language
from studio.app.shell.first_run_tour import Callout, Tour
from studio.app.shell.help_pages import HelpPage, chart_guide_html, grpo_guide_html
from studio.app.shell.lesson_banner import LessonBanner
from studio.app.shell.memory_gauge import MemoryGauge
from studio.app.shell.projector_mode import Presentation
from studio.app.shell.run_toolbar import ControlBar
from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.policy.view import PolicyView
from studio.app.views.samples import SamplesPanel
from studio.app.views.stage_strip import StageStrip
from studio.core.config import StudioConfig, load_config, save_config
from studio.core.configtools import ConfigError
from studio.core.machine.hardware import MemoryProbe
from studio.core.tasks import task_class

DEFAULT_PRESET = "quick_micro_gpt"  # a first run that learns visibly within a minute


def closing_message() -> str:
    return QCoreApplication.translate(
        "MainWindow", "Closing: the run is stopping and writing its checkpoint…"
    )


class MainWindow(QMainWindow):
    def __init__(
        self,
        settings: QSettings | None = None,
        probe: MemoryProbe | None = None,
        make_factory: Callable[..., Any] = trainer_factory,
        control_factory: Callable[[], Any] = make_control,
        count_presets: bool = True,
    ) -> None:
        super().__init__()
        self.settings = settings if settings is not None else QSettings()
        self._make_factory = make_factory
        self.setWindowTitle("GRPO Studio")
        self.setWindowIcon(QIcon(str(resources.icon_path())))
        self.controller = RunController(control_factory, self)
        self.controller.worker_created.connect(self._wire_worker)
        self.controller.state_changed.connect(self._on_state)
        self.run_dir: str | None = None
        self.last_error: str | None = None
        # the run this window stopped with steps left: Start offers to continue it
        self.stopped_run: tuple[str, int] | None = None
        self._close_when_idle = False  # the user closed mid-run: close once it has stopped
        self._restart_when_idle = False  # Reset stopped the run: start again once it has
        self.run_config: StudioConfig | None = None  # what the last run here started with

        self.controls = ControlBar(self)
        self.playground = PlaygroundTab(lambda: self.run_dir)
        exporter = self.playground.exporter
        self.controls.add_trailing(exporter.widget)  # the one Export button
        exporter.exported.connect(lambda result: self.log.add("info", result.summary))
        exporter.export_failed.connect(
            lambda message: self.log.add(
                "error", self.tr("export failed: {message}").format(message=message)
            )
        )
        self.gauge = MemoryGauge(probe)
        self.controls.add_trailing(self.gauge)
        self.addToolBar(self.controls)
        self.controls.start_requested.connect(self.start)
        self.controls.pause_requested.connect(self.controller.pause)
        self.controls.resume_requested.connect(self.controller.resume)
        self.controls.step_requested.connect(self.step)
        self.controls.stop_requested.connect(self.controller.stop)
        self.controls.restart_requested.connect(self.restart)

        self.charts = ChartPanel()
        self.grad_flow = GradFlowWidget()
        self.samples = SamplesPanel()
        self.policy = PolicyView(self.controller)
        self.explain = ExplainPanel(self.controller, self.samples)
        self.views = QTabWidget()
        self.views.addTab(self.charts, self.tr("Charts"))
        self.views.addTab(self.policy, self.tr("Policy"))
        self.views.addTab(self.grad_flow, self.tr("Gradient flow"))
        self.views.addTab(self.samples, self.tr("Samples"))
        self.views.addTab(self.explain, self.tr("Explain step"))
        self.explain.show_requested.connect(lambda: self.views.setCurrentWidget(self.explain))
        self.views.addTab(self.playground, self.tr("Playground"))
        self.stages = StageStrip()
        self.lesson_banner = LessonBanner()
        self.lesson_banner.show_all.clicked.connect(lambda: self._edit_lesson(True))
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.setSpacing(2)
        centre_layout.addWidget(self.lesson_banner)
        centre_layout.addWidget(self.stages)
        centre_layout.addWidget(self.views, 1)
        self.setCentralWidget(centre)

        self.gallery = PresetGallery(count_now=count_presets)
        self.gallery.preset_chosen.connect(self.load_preset)
        self.form = SettingsForm()
        save_button = QPushButton(self.tr("Save as preset…"))
        save_button.setToolTip(
            self.tr("Write these settings to a YAML preset that reopens identically")
        )
        save_button.clicked.connect(self.save_preset_dialog)
        settings_page = QWidget()
        page_layout = QVBoxLayout(settings_page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.form, 1)
        page_layout.addWidget(save_button)
        self.data_panel = DataPanel()
        self.data_panel.config_provider = self.form.config
        self.data_panel.path_changed.connect(self._on_data_path)
        self.data_panel.setting_edited.connect(self.form.set_value)  # column picker, Swap
        self.form.changed.connect(self._sync_data_panel)
        self.form.changed.connect(self.data_panel.settings_changed)
        self.runs = RunsPanel(self._save_dir)
        self.runs.open_requested.connect(self.open_run)
        self.runs.resume_requested.connect(self.resume_run)
        self.runs.overlay_requested.connect(self.overlay_run)
        self.runs.overlay_cleared.connect(lambda: self.charts.set_overlay(None))
        self.setup = QTabWidget()
        self.setup.addTab(self.gallery, self.tr("Presets"))
        self.setup.addTab(settings_page, self.tr("Settings"))
        self.setup.addTab(self.data_panel, self.tr("Data"))
        self.setup.addTab(self.runs, self.tr("Runs"))
        self.log = LogPanel()
        self.setup_dock = self._dock(
            "setup", self.tr("Setup"), self.setup, Qt.LeftDockWidgetArea, 400
        )
        self.log_dock = self._dock("log", self.tr("Log"), self.log, Qt.BottomDockWidgetArea, 0)
        self.tour = Tour(self, self.settings, self._tour_callouts())
        self.presentation = Presentation(self.settings, self)
        self.presentation.apply()
        self._help_pages: list[HelpPage] = []
        self._build_menus()
        self.statusBar().showMessage(self.tr("Pick a preset, check the data, press Start (F5)."))
        self._restore_settings()

    # ---- building

    def _dock(
        self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea, width: int
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")  # the saved layout's name for it, in any language
        dock.setWidget(widget)
        # closable: the View menu hides and shows it (a projector wants the charts alone)
        dock.setFeatures(
            QDockWidget.DockWidgetMovable
            | QDockWidget.DockWidgetFloatable
            | QDockWidget.DockWidgetClosable
        )
        self.addDockWidget(area, dock)
        if width:
            self.resizeDocks([dock], [width], Qt.Horizontal)
        else:
            self.resizeDocks([dock], [150], Qt.Vertical)
        return dock

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        for text, keys, slot in (
            (self.tr("Open preset or lesson…"), QKeySequence.Open, self.gallery.open_file_dialog),
            (self.tr("Save as preset…"), QKeySequence.Save, self.save_preset_dialog),
            (self.tr("Save as lesson…"), "Ctrl+Shift+S", self.save_lesson_dialog),
            (self.tr("Quit"), QKeySequence.Quit, self.close),
        ):
            action = QAction(text, self)
            action.setShortcut(keys)
            action.triggered.connect(slot)
            file_menu.addAction(action)
        run_menu = self.menuBar().addMenu(self.tr("&Run"))
        for action in (
            self.controls.start_action,
            self.controls.pause_action,
            self.controls.step_action,
            self.controls.stop_action,
            self.controls.restart_action,
        ):
            run_menu.addAction(action)
        run_menu.addSeparator()
        run_menu.addAction(self.playground.exporter.action)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        for action in (
            self.presentation.larger,
            self.presentation.smaller,
            self.presentation.normal,
        ):
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.presentation.contrast)
        for dock, name in (
            (self.setup_dock, self.tr("Setup panel")),
            (self.log_dock, self.tr("Log panel")),
        ):
            toggle = dock.toggleViewAction()
            toggle.setText(name)
            view_menu.addAction(toggle)
        full = view_menu.addAction(self.tr("Full screen"))
        full.setShortcut(QKeySequence.FullScreen)
        full.setCheckable(True)
        full.toggled.connect(lambda on: self.showFullScreen() if on else self.showNormal())
        view_menu.addSeparator()
        view_menu.addMenu(ui_language.language_menu(self, self.settings))
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.tr("GRPO in short")).triggered.connect(self.show_grpo_guide)
        guide = help_menu.addAction(self.tr("What each chart means"))
        guide.setShortcut(QKeySequence.HelpContents)
        guide.triggered.connect(self.show_chart_guide)
        help_menu.addAction(self.tr("Show the first-run tour")).triggered.connect(self.tour.start)

    def _tour_callouts(self) -> list[Callout]:
        def tab(index: int):
            return lambda: self.setup.setCurrentIndex(index)

        return [
            Callout(
                self.tr("1. Pick a preset"),
                self.tr(
                    "Each card is a model and a task. The quick presets show GRPO learning "
                    "within a minute on a laptop CPU."
                ),
                lambda: self.setup,
                tab(0),
            ),
            Callout(
                self.tr("2. Check the data"),
                self.tr(
                    "Use the built-in demo data, or your own file: Check data shows what was "
                    "read, which column is which, and what was skipped."
                ),
                lambda: self.setup,
                tab(2),
            ),
            Callout(
                self.tr("3. Press Start (F5)"),
                self.tr(
                    "Training runs beside the window: watch the reward rise on the Charts "
                    "tab, and the sampled groups on the Samples tab. Pause and Step let you "
                    "look at one step at a time."
                ),
                lambda: self.controls.widgetForAction(self.controls.start_action),
            ),
        ]

    def show_chart_guide(self) -> HelpPage:
        return self._show_help(self.tr("What each chart means"), chart_guide_html())

    def show_grpo_guide(self) -> HelpPage:
        return self._show_help(self.tr("GRPO in short"), grpo_guide_html())

    def _show_help(self, title: str, page_html: str) -> HelpPage:
        page = HelpPage(title, page_html, self)
        self._help_pages = [p for p in self._help_pages if p.isVisible()] + [page]
        page.show()
        return page

    def showEvent(self, event: QShowEvent) -> None:
        """A first start on this machine opens the tour (until it is dismissed for good)."""
        super().showEvent(event)
        if not self.tour.seen() and not self.tour.showing and self.tour.index < 0:
            self.tour.start()

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.fit_to_screen()
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        recent = self.settings.value("runs/recent", [])
        self.runs.recent = [str(r) for r in (recent if isinstance(recent, list) else [recent])]
        self.runs.refresh()
        preset = self.settings.value("preset/last", DEFAULT_PRESET)
        if not self.load_preset(str(preset), quiet=True):
            self.load_preset(DEFAULT_PRESET)

    def fit_to_screen(self) -> None:
        """1280x800 where the screen allows, else the screen's free area (a 1024x768
        projector): a window wider than the screen hides its toolbar's right end."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None:
            self.resize(1280, 800)
            return
        free = screen.availableGeometry()
        self.resize(min(1280, free.width()), min(800, free.height()))
        if free.width() <= 1280 or free.height() <= 800:
            self.move(free.topLeft())
        self._fit_docks()

    def _fit_docks(self) -> None:
        """In a narrow or short window the docks give way: the charts keep two thirds."""
        if self.width() < 1200 and self.setup_dock.width() > 340:
            self.resizeDocks([self.setup_dock], [320], Qt.Horizontal)
        if self.height() < 760 and self.log_dock.height() > 110:
            self.resizeDocks([self.log_dock], [90], Qt.Vertical)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_docks()

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("runs/recent", self.runs.recent)
        self.settings.sync()

    # ---- presets and settings

    def load_preset(self, path: str, overrides: Sequence[str] = (), quiet: bool = False) -> bool:
        """Show a preset (a path or a shipped name) in the settings; False if it cannot load."""
        try:
            cfg = load_config(path, list(overrides))
        except ConfigError as err:
            if not quiet:
                dialogs.show_error(self, self.tr("Cannot open this preset"), str(err))
                self.log.add("error", str(err))
            return False
        if not self.controller.running:
            self._leave_run()
        self.set_config(cfg)
        self.gallery.set_current(path)
        self.settings.setValue("preset/last", path)
        name = QCoreApplication.translate("presets", cfg.name)
        self.statusBar().showMessage(
            self.tr("Preset: {name} ({path})").format(name=name, path=path)
        )
        self.log.add("info", self.tr("preset loaded: {name} ({path})").format(name=name, path=path))
        return True

    def set_config(self, cfg: StudioConfig) -> None:
        self.form.set_config(cfg)
        self.data_panel.set_path(cfg.data.path)
        self.samples.set_sample_noun(task_class(cfg.task.NAME).SAMPLE_NOUN)
        self.charts.keep_overlay_for(cfg.task.NAME)  # another task's overlay means nothing here
        self.playground.show_preset(cfg)
        self.stages.set_plan(cfg)
        self.lesson_banner.set_lesson(cfg.ui.lesson, len(cfg.ui.hidden))

    def config(self) -> StudioConfig | None:
        """The settings as a config, or None after showing what is wrong."""
        try:
            return self.form.config()
        except ConfigError as err:
            self.form.mark_error(str(err))
            self.setup.setCurrentIndex(1)
            dialogs.show_error(
                self, self.tr("A setting is not valid"), self.form.describe_error(str(err))
            )
            return None

    def _on_data_path(self, path: str | None) -> None:
        self.form.set_value("data.path", path)

    def _sync_data_panel(self) -> None:
        """A data path typed in the settings form shows in the data panel too."""
        editor = self.form.editors.get("data.path")
        text = editor.widget.text().strip() if editor is not None else ""
        if text != (self.data_panel.path() or ""):
            self.data_panel.set_path(text or None)

    def _edit_lesson(self, on: bool) -> None:
        self.form.lesson_mode.setChecked(on)
        self.setup_dock.show()
        self.setup.setCurrentIndex(1)

    def save_lesson_dialog(self) -> None:
        """Save the settings as a lesson: what the form shows, its hidden fields and text,
        with deterministic training, so every run of it draws the same curves."""
        cfg = self.config()
        if cfg is None:
            return
        cfg.training.deterministic = True
        path = dialogs.save_file(
            self, self.tr("Save as lesson"), f"{cfg.name} lesson.yaml", self.tr("Lesson (*.yaml)")
        )
        if path:
            self._save(cfg, path)

    def _save(self, cfg: StudioConfig, path: str) -> None:
        try:
            save_config(cfg, path)
        except ValueError as err:
            dialogs.show_error(self, self.tr("Could not save"), str(err))
            return
        self.log.add("info", self.tr("saved: {path}").format(path=path))

    def save_preset_dialog(self) -> None:
        cfg = self.config()
        if cfg is None:
            return
        path = dialogs.save_file(
            self, self.tr("Save as preset"), f"{cfg.name}.yaml", self.tr("Preset (*.yaml)")
        )
        if path:
            self._save(cfg, path)

    def _save_dir(self) -> Path | None:
        try:
            save_dir = self.form.config().run.save_dir
        except ConfigError:
            return None
        return Path(save_dir) if save_dir else None

    # ---- running

    def start(self, max_steps: int | None = None) -> bool:
        if self.controller.running:
            return False
        if self.stopped_run is not None:
            run_dir, step = self.stopped_run
            carry_on = self.tr("Continue it")
            answer = dialogs.choose(
                self,
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
        cfg = self.config()
        if cfg is None or not code_consent.code_may_run(self, cfg.task):
            return False
        self._begin(cfg, max_steps)
        return True

    def _begin(self, cfg: StudioConfig, max_steps: int | None = None) -> None:
        """A new run of `cfg` from step 0."""
        self.run_config = copy.deepcopy(cfg)  # as started: the trainer may fit cfg to the data
        self.charts.keep_overlay_for(cfg.task.NAME)
        self._clear_views()
        self.charts.set_plan(tuple(name for name, _ in cfg.stages.planned()))
        name = QCoreApplication.translate("presets", cfg.name)
        self.log.add("info", self.tr("starting {name}").format(name=name))
        self.controller.start(self._make_factory(cfg, self._save_dir(), None), max_steps)

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
            if not dialogs.ask_yes_no(self, self.tr("Reset the run?"), question):
                return False
            self._restart_when_idle = True
            self.controller.stop()
            return True
        cfg = copy.deepcopy(self.run_config) if self.run_config is not None else self.config()
        if cfg is None or not code_consent.code_may_run(self, cfg.task):
            return False
        self.stopped_run = None  # step 0 again, not the stopped run continued
        self._begin(cfg)
        return True

    def resume_run(self, run_dir: str) -> bool:
        """Continue a run from its last checkpoint (the Runs tab's "Continue training")."""
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        if self.controller.running:
            dialogs.show_error(
                self, self.tr("A run is in progress"), self.tr("Stop the current run first.")
            )
            return False
        try:
            cfg = load_run_config(Path(run_dir))
        except ValueError as err:
            dialogs.show_error(self, self.tr("Cannot continue this run"), str(err))
            return False
        ends = [r for r in read_metrics(Path(run_dir)) if r.get("kind") == "done"]
        if ends and ends[-1].get("reason") == "finished":
            dialogs.show_info(
                self,
                self.tr("This run has finished"),
                self.tr(
                    "{run} trained all its stages (step {step}); there is nothing left to "
                    "continue. To train longer, raise the stages' steps in Settings and "
                    "start a new run."
                ).format(run=Path(run_dir).name, step=ends[-1].get("step", "?")),
            )
            return False
        if not code_consent.code_may_run(self, cfg.task):
            return False
        self.stopped_run = None
        self.run_config = copy.deepcopy(cfg)
        self.set_config(cfg)
        self.open_run(run_dir)
        self.log.add("info", self.tr("continuing {run}").format(run=run_dir))
        self.controller.start(self._make_factory(cfg, None, Path(run_dir)))
        return True

    def open_run(self, run_dir: str) -> None:
        """Redraw a run's charts, gradient flow and samples from its metrics.jsonl."""
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        self._clear_views()
        cfg = None
        with contextlib.suppress(ValueError):  # a run without a readable config still draws
            cfg = load_run_config(Path(run_dir))
            self.samples.set_sample_noun(task_class(cfg.task.NAME).SAMPLE_NOUN)
            self.charts.keep_overlay_for(cfg.task.NAME)
            self.charts.set_plan(tuple(name for name, _ in cfg.stages.planned()))
        records = read_metrics(Path(run_dir))
        for record in records:
            self._on_record(record)
        self.run_dir = run_dir
        self.playground.show_run(run_dir, cfg)
        self.runs.add_recent(run_dir)
        self.statusBar().showMessage(
            self.tr("Run: {run} ({n} records)").format(run=run_dir, n=len(records))
        )

    def overlay_run(self, run_dir: str) -> None:
        from studio.core.runs.loading import load_run_config
        from studio.core.runs.metrics_file import read_metrics

        task = ""  # unknown: the overlay goes with the next preset or run shown
        with contextlib.suppress(ValueError):
            task = load_run_config(Path(run_dir)).task.NAME
        self.charts.set_overlay(read_metrics(Path(run_dir)), Path(run_dir).name, task)
        self.views.setCurrentWidget(self.charts)

    def _leave_run(self) -> None:
        """Another preset is shown and nothing trains: the last run's charts, samples,
        explanation and policy go (the Runs tab reopens that run), and Start and Reset are
        about this preset, not the run of another. The playground and Export keep that
        run's model until another run is started or opened (playground/tab.py)."""
        self._clear_views()
        self.stopped_run, self.run_config = None, None

    def _clear_views(self) -> None:
        self.charts.reset()
        self.grad_flow.clear()
        self.samples.clear_samples()
        self.policy.clear()
        self.explain.clear()
        self.stages.clear_progress()
        self.controls.reset()

    def _wire_worker(self, worker: TrainerWorker) -> None:
        # Bound methods of this (GUI-thread) window: Qt queues the calls to this thread.
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
        if self._from_current_run():
            self._on_record(record)

    def _on_record(self, record: dict) -> None:
        """Every record of a run: append to the panels' buffers; their timers draw."""
        self.charts.add_record(record)
        self.stages.add_record(record)
        self.grad_flow.add_record(record)
        self.samples.add_record(record)
        self.policy.add_record(record)
        self.explain.add_record(record)
        self.log.add_record(record)
        self.controls.show_record(record)
        changed = (record.get("memory_fit") or {}).get("settings")
        if changed:  # training.memory_budget changed settings: the log says which and why
            self.statusBar().showMessage(
                self.tr(
                    "Memory budget: {n} settings changed to fit it; the log says which and why"
                ).format(n=len(changed))
            )

    def _on_run_started(self, run_dir: str) -> None:
        if not self._from_current_run():
            return
        self.run_dir = run_dir
        self.stopped_run = None
        if run_dir:
            self.playground.show_run(run_dir, self.run_config)
            self.runs.add_recent(run_dir)
            self.runs.refresh()
            self.statusBar().showMessage(self.tr("Training — run folder {run}").format(run=run_dir))

    def _on_failed(self, message: str) -> None:
        self.last_error = message  # the log has it already (the worker's error record)
        dialogs.show_error(self, self.tr("Training stopped with an error"), message)

    def _on_finished(self, final: dict) -> None:
        if not self._from_current_run():
            return
        reason = final.get("reason", "")
        if reason in ("stopped", "step limit") and self.run_dir:
            self.stopped_run = (self.run_dir, int(final.get("step", 0)))
        self.statusBar().showMessage(
            self.tr("Run ended ({reason}) — {run}").format(reason=reason, run=self.run_dir)
        )
        self.runs.refresh()

    def _on_state(self, state: str) -> None:
        self.controls.set_state(state)
        self.form.set_running(state != "idle")
        # While the trainer runs, the charts draw paced so training keeps the CPU and GIL.
        self.charts.set_live(state in ("running", "stopping"))
        if state == "idle" and self._close_when_idle:
            self._close_when_idle = False
            self.close()
        elif state == "idle" and self._restart_when_idle:
            self._restart_when_idle = False
            self.restart()

    # ---- closing

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing while training asks; on yes the run stops (writing its checkpoint) and
        the window closes itself when the worker is done, staying responsive meanwhile."""
        if self.controller.running:
            event.ignore()
            if self._close_when_idle:
                self.statusBar().showMessage(closing_message())
                return
            question = self.tr("Training is running. Stop it (a checkpoint is written) and close?")
            if dialogs.ask_yes_no(self, self.tr("Stop training?"), question):
                self._close_when_idle = True
                self.controller.stop()  # a paused run stops too
                self.statusBar().showMessage(closing_message())
                self.log.add(
                    "info", self.tr("closing: stopping the run and writing its checkpoint")
                )
            return
        wait_for_background(5000)
        self.save_settings()
        event.accept()


def run_app(argv: Sequence[str] | None = None) -> int:
    """Open the studio window; argv as sys.argv ([program, optional preset path])."""
    argv = list(sys.argv if argv is None else argv) or ["grpo-studio"]
    app = QApplication.instance() or QApplication(argv)
    app.setOrganizationName("grpo-studio")
    app.setApplicationName("GRPO Studio")
    app.setWindowIcon(QIcon(str(resources.icon_path())))
    # Quitting drops background jobs not yet started (preset counts), so exit is quick.
    app.aboutToQuit.connect(lambda: QThreadPool.globalInstance().clear())
    ui_language.install(ui_language.chosen_language(QSettings()))  # before any widget
    collect_garbage_on_gui_thread()  # before any widget too: collections between events only
    window = MainWindow()
    if len(argv) > 1:
        window.load_preset(argv[1])
    window.show()
    return app.exec()
