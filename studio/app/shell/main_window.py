"""The studio window: set up a run on the left, watch it train in the middle, read the log below.

Layout: the run toolbar (controls, progress and status, Export, the memory gauge); the
Setup dock (setup/setup_tabs.py); in the centre the lesson banner, the views placed above
the tabs and the tabs; a dock under them for each view placed there (the log). The views
are those of views/registry.py, built in its order: the window loops over them to place
them, to hand each record to the views that asked for its kind, and to call their hooks
(views/view.py).

The run in use is the session's (session/run_session.py): the toolbar and the Runs tab
ask it, and its signals reach the views, the toolbar and the status bar here. Training
runs in a worker thread; its records reach `_on_record` on this thread and are only
appended to the views' buffers, which redraw on their own timers. Errors take one route:
a dialog with the message (the log has it in one line, the traceback as its details).

Window layout, the last preset and recent runs persist in QSettings.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QIcon, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QVBoxLayout, QWidget

from studio.app.common import dialogs, resources
from studio.app.common.background import wait_for_background
from studio.app.common.scrolling_tabs import ScrollingTabs
from studio.app.session.run_session import RunSession
from studio.app.session.worker import make_control, trainer_factory
from studio.app.setup.setup_tabs import SetupTabs
from studio.app.shell.first_run_tour import Tour, window_callouts
from studio.app.shell.help_pages import HelpPage, chart_guide_html, grpo_guide_html
from studio.app.shell.lesson_banner import LessonBanner
from studio.app.shell.memory_gauge import MemoryGauge
from studio.app.shell.menus import build_menus, pause_at_grpo_action
from studio.app.shell.projector_mode import Presentation
from studio.app.shell.run_toolbar import ControlBar
from studio.app.shell.window_fit import fit_docks, fit_to_screen, keep_on_screen
from studio.app.views import registry
from studio.app.views.log_panel import LogPanel
from studio.app.views.view import CONTEXT, BottomDock, Tab, V, View, ViewContext
from studio.core.catalogue import load_config, model_of_yours, preset_for, trains
from studio.core.config.fields import ConfigError
from studio.core.config.sections import StudioConfig
from studio.core.machine.hardware import MemoryProbe

DEFAULT_PRESET = "quick_micro_gpt"  # a first run that learns visibly within a minute
COMPACT_HEIGHT = 800  # pixels: a window shorter than this gets the one-line banner and strip


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
        self.setWindowTitle("GRPO Studio")
        self.setWindowIcon(QIcon(str(resources.icon_path())))
        # the teacher's text size and theme before any widget is made: Qt did not carry a
        # font set later to every widget made before it (a restart mixed 13.5 and 9 pt)
        self.presentation = Presentation(self.settings, self)
        self.presentation.apply()
        self._geometry_restored = False  # a saved geometry was restored, not yet shown
        self.docks: dict[str, QDockWidget] = {}  # by key: objectName "dock-<key>"
        self.setup = SetupTabs(count_presets)
        self.setup.gallery.preset_chosen.connect(self.load_preset)
        self.setup.gallery.models.model_chosen.connect(self.use_model)
        self.setup.logged.connect(self._say)
        self.session = session = RunSession(
            self, self.setup.read_config, self.setup.save_dir, make_factory, control_factory
        )

        self.controls = self._build_toolbar(probe)
        self.tabs = ScrollingTabs()  # the views placed as tabs, each scrolling rather than widening
        self.lesson_banner = LessonBanner()
        self.lesson_banner.show_all.clicked.connect(self._edit_lesson)
        self._context = ViewContext(session, self.tabs.setCurrentWidget)
        self._routes: dict[str, list[View]] = {}  # record kind -> the views that want it
        docked = self._build_views()
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.setup_dock = self._dock(
            "setup", self.tr("Setup"), self.tr("Setup panel"), self.setup, left
        )
        for place, view in docked:
            title = QCoreApplication.translate(CONTEXT, place.title)
            menu_text = QCoreApplication.translate(CONTEXT, place.menu_text)
            self._dock(place.key, title, menu_text, view, Qt.DockWidgetArea.BottomDockWidgetArea)
        self._listen_to_session()
        self.tour = Tour(
            self,
            self.settings,
            window_callouts(
                self.setup, lambda: self.controls.widgetForAction(self.controls.start_action)
            ),
        )
        self._help_pages: list[HelpPage] = []
        self.pause_at_grpo_action = pause_at_grpo_action(self)
        build_menus(self)
        self.presentation.changed.connect(lambda: self._fit_docks(exactly=True))
        self.statusBar().showMessage(self.tr("Pick a preset, check the data, press Start (F5)."))
        self._restore_settings()

    # ---- building

    def _build_toolbar(self, probe: MemoryProbe | None) -> ControlBar:
        """The run toolbar: Start ... Reset, progress and status, Export, the memory gauge."""
        session = self.session
        controls = ControlBar(self)
        controls.add_trailing(session.exporter.widget)  # the one Export button
        self.gauge = MemoryGauge(probe)
        controls.add_trailing(self.gauge)
        self.addToolBar(controls)
        controls.start_requested.connect(session.start)
        controls.pause_requested.connect(session.controller.pause)
        controls.resume_requested.connect(session.controller.resume)
        controls.step_requested.connect(session.step)
        controls.stop_requested.connect(session.controller.stop)
        controls.restart_requested.connect(session.restart)
        return controls

    def _listen_to_session(self) -> None:
        """The Runs tab's requests go to the session; the session's signals and the
        setup's plan come here, to be handed on to the views, the toolbar and the status."""
        session, runs = self.session, self.setup.runs
        runs.open_requested.connect(session.open_run)
        runs.resume_requested.connect(session.resume_run)
        runs.overlay_requested.connect(session.overlay_run)
        runs.overlay_cleared.connect(session.clear_overlay)
        session.cleared.connect(self._clear_run)
        session.config_shown.connect(self._show_config)
        self.setup.plan_changed.connect(self._show_plan)
        session.record_arrived.connect(self._on_record)
        session.run_shown.connect(self._on_run_shown)
        session.state_changed.connect(self._on_state)
        session.settings_loaded.connect(self.set_config)
        session.logged.connect(self._say)
        session.status_said.connect(self.statusBar().showMessage)
        session.runs_changed.connect(runs.refresh)
        session.close_ready.connect(self.close)
        session.setting_edited.connect(self.setup.form.set_value)
        self.setup.form.changed.connect(self._settings_edited)
        session.experiment_started.connect(lambda _labels: self.controls.follow_turns())

    def _build_views(self) -> list[tuple[BottomDock, View]]:
        """Build every view of the registry in its order; put the tabs and the strips above
        them in the centre, and return the views that go in docks of their own."""
        above: list[QWidget] = []
        docked: list[tuple[BottomDock, View]] = []
        for cls in registry.VIEWS:
            view = cls.build(self._context)
            self._context.add(view)
            for kind in cls.RECORDS:
                self._routes.setdefault(kind, []).append(view)
            place = cls.PLACE
            if isinstance(place, Tab):
                self.tabs.addTab(view, QCoreApplication.translate(CONTEXT, place.title))
            elif isinstance(place, BottomDock):
                docked.append((place, view))
            else:
                above.append(view)
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.setSpacing(2)
        for widget in (self.lesson_banner, *above):
            centre_layout.addWidget(widget)
        centre_layout.addWidget(self.tabs, 1)
        self.setCentralWidget(centre)
        return docked

    def _dock(
        self, key: str, title: str, menu_text: str, widget: QWidget, area: Qt.DockWidgetArea
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")  # the saved layout's name for it, in any language
        dock.setWidget(widget)
        # closable: the View menu hides and shows it (a projector wants the charts alone)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        dock.toggleViewAction().setText(menu_text)
        # shown again in a narrow window (View menu), it comes back at the width it asks
        # for: it gives way then too, so that the tabs keep their room
        dock.visibilityChanged.connect(
            lambda shown: shown and QTimer.singleShot(0, lambda: self._fit_docks(exactly=True))
        )
        self.addDockWidget(area, dock)
        if area == Qt.DockWidgetArea.LeftDockWidgetArea:
            self.resizeDocks([dock], [400], Qt.Orientation.Horizontal)
        else:
            self.resizeDocks([dock], [150], Qt.Orientation.Vertical)
        self.docks[key] = dock
        return dock

    def view(self, cls: type[V]) -> V:
        """The window's view of class `cls` (views/registry.py lists them)."""
        return self._context.view(cls)

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
        # a saved geometry from a larger screen (or from before the text grew) can put the
        # window's right end off this screen: once shown, it is brought inside
        if self._geometry_restored:
            self._geometry_restored = False
            QTimer.singleShot(0, lambda: keep_on_screen(self))
        if not self.tour.seen() and not self.tour.showing and self.tour.index < 0:
            self.tour.start()

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        self._geometry_restored = self._geometry_restored or geometry is not None
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            fit_to_screen(self)
            self._fit_docks()
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        recent = self.settings.value("runs/recent", [])
        runs = self.setup.runs
        runs.recent = [str(r) for r in (recent if isinstance(recent, list) else [recent])]
        runs.refresh()
        preset = self.settings.value("preset/last", DEFAULT_PRESET)
        if not self.load_preset(str(preset), quiet=True):
            self.load_preset(DEFAULT_PRESET)

    def _fit_docks(self, exactly: bool = False) -> None:
        """The docks give way in a narrow or short window (window_fit.py)."""
        fit_docks(self, self.docks.values(), self.presentation.scale, exactly)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_docks()
        # a short window (a projector's 1024x700): the banner and the stage strip take one
        # line each, so that two rows of charts fit under them
        compact = self.height() < COMPACT_HEIGHT
        self.lesson_banner.set_compact(compact)
        for view in self._context.views():
            view.set_compact(compact)

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("runs/recent", self.setup.runs.recent)
        self.settings.sync()

    # ---- presets and settings

    def load_preset(self, path: str, overrides: Sequence[str] = (), quiet: bool = False) -> bool:
        """Show a preset (a path or a shipped name) in the settings; False if it cannot load,
        or if a run is in progress and the user keeps it. Chosen mid-run, the preset is
        shown once the run has stopped (asked first: session.stop_then), never beside it."""
        try:
            cfg = load_config(path, list(overrides))
            if getattr(cfg.task, "user_reward", None):  # its reward file may sit beside it
                from studio.core.tasks.user_reward import look_beside  # loads torch: only now

                look_beside(path)
        except ConfigError as err:
            if not quiet:
                dialogs.show_error(self, self.tr("Cannot open this preset"), str(err))
                self._say("error", str(err))
            return False
        if self.session.controller.running:
            name = QCoreApplication.translate("presets", cfg.name)
            return self.session.stop_then(name, lambda: self._show_preset(path, cfg))
        self._show_preset(path, cfg)
        return True

    def _show_preset(self, path: str, cfg: StudioConfig) -> None:
        """The preset `cfg` (from `path`) in the settings, the gallery and the views."""
        self.session.show_preset(cfg)
        self.set_config(cfg)
        self.setup.gallery.set_current(path)
        self.settings.setValue("preset/last", path)
        name = QCoreApplication.translate("presets", cfg.name)
        self.statusBar().showMessage(
            self.tr("Preset: {name} ({path})").format(name=name, path=path)
        )
        self._say("info", self.tr("preset loaded: {name} ({path})").format(name=name, path=path))
        folder = getattr(cfg.model, "path", "")
        if folder:  # a model of the user's in the preset's place: say which, and how trained
            lora = getattr(cfg.model, "lora", False)
            how = self.tr("LoRA adapters") if lora else self.tr("every weight")
            said = self.tr("your model {name} trains ({how}): {folder}")
            said = said.format(name=Path(folder).name, how=how, folder=folder)
            self.statusBar().showMessage(said)
            self._say("info", said)

    def use_model(self, folder: str, lora: bool) -> bool:
        """Train a model of the user's: the preset shown when its task trains such a model
        (a text task a language model, translation a translator), else the preset for
        what the folder holds, with the folder's model in its place (and a translator's
        language pair as the task's languages)."""
        settings = model_of_yours(folder, lora=lora)
        shown = self.setup.read_config()
        preset = str(self.settings.value("preset/last", ""))
        if shown is None or not preset or not trains(settings["model"]["arch"], shown.task.NAME):
            preset = preset_for(folder)
        overrides = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in settings.items()]
        return self.load_preset(preset, overrides)

    def set_config(self, cfg: StudioConfig) -> None:
        """Show `cfg` in the settings, the Data tab and the lesson banner."""
        self.setup.show_config(cfg)
        self.lesson_banner.set_lesson(cfg.ui.lesson, len(cfg.ui.hidden))

    def _edit_lesson(self) -> None:
        self.setup.edit_lesson()
        self.setup_dock.show()

    def _say(self, level: str, text: str) -> None:
        """A message of the window's own in the log."""
        self.view(LogPanel).add(level, text)

    # ---- the session's signals, handed on to the views

    def _clear_run(self) -> None:
        for view in self._context.views():
            view.clear_run()
        self.controls.reset()

    def _show_config(self, cfg: StudioConfig) -> None:
        for view in self._context.views():
            view.show_config(cfg)

    def _show_plan(self, cfg: StudioConfig) -> None:
        """The plan Start trains by (the setup's settings fitted to the checked file), to
        the views; while a run trains, the plan on screen is its own."""
        if not self.session.controller.running:
            self._hand_plan(cfg)

    def _hand_plan(self, cfg: StudioConfig) -> None:
        for view in self._context.views():
            view.show_plan(cfg)

    def _settings_edited(self) -> None:
        for view in self._context.views():
            view.settings_edited(self.setup.form.value_of)

    def _on_record(self, record: dict) -> None:
        """Every record of the run in use: each view that asked for its kind appends it to
        its buffers (their timers draw); the toolbar and the status line read it too."""
        for view in self._routes.get(record.get("kind", ""), ()):
            view.add_record(record)
        self.controls.show_record(record)
        changed = (record.get("memory_fit") or {}).get("settings")
        if changed:  # training.memory_budget changed settings: the log says which and why
            self.statusBar().showMessage(
                self.tr(
                    "Memory budget: {n} settings changed to fit it; the log says which and why"
                ).format(n=len(changed))
            )

    def _on_run_shown(self, run_dir: str, cfg: StudioConfig | None) -> None:
        for view in self._context.views():
            view.show_run(run_dir, cfg)
        self.setup.runs.add_recent(run_dir)

    def _on_state(self, state: str) -> None:
        self.controls.set_state(state)
        started = self.session.run_config
        if state in ("running", "stepping") and started and not self.session.experiment_labels:
            # while it prepares (reads the data, fits, measures): the plan fitted to the
            # checked file, not the preset's stopping rules; the trainer's own replaces it
            # when the run folder is made
            self._hand_plan(self.setup.planned(started))
        self.setup.set_running(state != "idle")
        # While the trainer runs, the charts draw paced so training keeps the CPU and GIL.
        live = state in ("running", "stopping")
        for view in self._context.views():
            view.set_live(live)

    # ---- closing

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing while training asks the session, which stops the run (writing its
        checkpoint) and closes the window once the worker is done."""
        if not self.session.may_close():
            event.ignore()
            return
        wait_for_background(5000)
        self.save_settings()
        event.accept()
