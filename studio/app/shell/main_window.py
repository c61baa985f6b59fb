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

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QIcon, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

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
from studio.app.views import registry
from studio.app.views.log_panel import LogPanel
from studio.app.views.stage_strip import StageStrip
from studio.app.views.view import CONTEXT, BottomDock, Tab, V, View, ViewContext
from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.config.loading import save_config
from studio.core.config.preset_files import lesson_file_name, safe_stem, user_lessons_dir
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
        self.setup.save_requested.connect(self.save_preset_dialog)
        self.session = session = RunSession(
            self, self.setup.read_config, self.setup.save_dir, make_factory, control_factory
        )

        self.controls = ControlBar(self)
        self.controls.add_trailing(session.exporter.widget)  # the one Export button
        self.gauge = MemoryGauge(probe)
        self.controls.add_trailing(self.gauge)
        self.addToolBar(self.controls)
        self.controls.start_requested.connect(session.start)
        self.controls.pause_requested.connect(session.controller.pause)
        self.controls.resume_requested.connect(session.controller.resume)
        self.controls.step_requested.connect(session.step)
        self.controls.stop_requested.connect(session.controller.stop)
        self.controls.restart_requested.connect(session.restart)

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

        runs = self.setup.runs
        runs.open_requested.connect(session.open_run)
        runs.resume_requested.connect(session.resume_run)
        runs.overlay_requested.connect(session.overlay_run)
        runs.overlay_cleared.connect(session.clear_overlay)
        session.cleared.connect(self._clear_run)
        session.config_shown.connect(self._show_config)
        self.setup.data_panel.checked.connect(self._show_plan)
        self.setup.data_panel.verdict_cleared.connect(self._show_plan)
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
            QTimer.singleShot(0, self.keep_on_screen)
        if not self.tour.seen() and not self.tour.showing and self.tour.index < 0:
            self.tour.start()

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        self._geometry_restored = self._geometry_restored or geometry is not None
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.fit_to_screen()
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

    def keep_on_screen(self) -> None:
        """Shrink and move the window into its screen's free area where it overhangs it."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None or self.isFullScreen() or self.isMaximized():
            return
        free, frame = screen.availableGeometry(), self.frameGeometry()
        if free.contains(frame):
            return
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()
        self.resize(
            min(self.width(), free.width() - extra_w), min(self.height(), free.height() - extra_h)
        )
        frame = self.frameGeometry()
        x = min(max(frame.x(), free.left()), free.right() + 1 - frame.width())
        y = min(max(frame.y(), free.top()), free.bottom() + 1 - frame.height())
        self.move(max(x, free.left()), max(y, free.top()))

    def _fit_docks(self, exactly: bool = False) -> None:
        """In a narrow or short window the docks give way: the charts keep two thirds. The
        Setup dock's width follows the text size (320 px at the normal size, 480 at the
        text raised three times: the preset cards stay readable); `exactly`: a dock just
        shown or the text size changed, so a narrower dock widens to it too."""
        scale = self.presentation.scale
        left, bottom = round(320 * scale), round(90 * scale)
        for dock in self.docks.values():
            area = self.dockWidgetArea(dock)
            if area == Qt.DockWidgetArea.LeftDockWidgetArea:
                off = dock.width() - left
                if self.width() < 1200 and (off > 20 or (exactly and off < -20)):
                    self.resizeDocks([dock], [left], Qt.Orientation.Horizontal)
            elif self.height() < 760 and dock.height() > bottom + 20:
                self.resizeDocks([dock], [bottom], Qt.Orientation.Vertical)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_docks()
        # a short window (a projector's 1024x700): the banner and the stage strip take one
        # line each, so that two rows of charts fit under them
        compact = self.height() < COMPACT_HEIGHT
        self.lesson_banner.set_compact(compact)
        self.view(StageStrip).set_compact(compact)

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("runs/recent", self.setup.runs.recent)
        self.settings.sync()

    # ---- presets and settings

    def load_preset(self, path: str, overrides: Sequence[str] = (), quiet: bool = False) -> bool:
        """Show a preset (a path or a shipped name) in the settings; False if it cannot load."""
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
        self.session.show_preset(cfg)
        self.set_config(cfg)
        self.setup.gallery.set_current(path)
        self.settings.setValue("preset/last", path)
        name = QCoreApplication.translate("presets", cfg.name)
        self.statusBar().showMessage(
            self.tr("Preset: {name} ({path})").format(name=name, path=path)
        )
        self._say("info", self.tr("preset loaded: {name} ({path})").format(name=name, path=path))
        return True

    def set_config(self, cfg: StudioConfig) -> None:
        """Show `cfg` in the settings, the Data tab and the lesson banner."""
        self.setup.show_config(cfg)
        self.lesson_banner.set_lesson(cfg.ui.lesson, len(cfg.ui.hidden))

    def _edit_lesson(self) -> None:
        self.setup.edit_lesson()
        self.setup_dock.show()

    def save_lesson_dialog(self) -> None:
        """Save the settings as a lesson: what the form shows, its hidden fields and text,
        with deterministic training, so every run of it draws the same curves."""
        cfg = self.setup.read_config()
        if cfg is None:
            return
        cfg.training.deterministic = True
        # offered in the studio's lessons folder, where the gallery lists it
        folder = user_lessons_dir()
        with contextlib.suppress(OSError):  # unwritable: the dialog lets the user choose
            folder.mkdir(parents=True, exist_ok=True)
        path = dialogs.save_file(
            self,
            self.tr("Save as lesson"),
            str(folder / lesson_file_name(cfg.name)),
            self.tr("Lesson (*.yaml)"),
        )
        if path and self._save(cfg, path):
            self.setup.gallery.show_user_lessons()
            self.setup.gallery.set_current(path)

    def _save(self, cfg: StudioConfig, path: str) -> bool:
        try:
            save_config(cfg, path)
        except (ValueError, OSError) as err:
            dialogs.show_error(self, self.tr("Could not save"), str(err))
            return False
        self._say("info", self.tr("saved: {path}").format(path=path))
        return True

    def save_preset_dialog(self) -> None:
        cfg = self.setup.read_config()
        if cfg is None:
            return
        path = dialogs.save_file(
            self,
            self.tr("Save as preset"),
            f"{safe_stem(cfg.name, 'preset')}.yaml",
            self.tr("Preset (*.yaml)"),
        )
        if path:
            self._save(cfg, path)

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

    def _show_plan(self) -> None:
        """The strip shows the plan Start trains by: the settings as the form has them,
        fitted to the user's file while the Data tab's check of it stands; a value being
        typed that is not valid yet leaves the strip as it was."""
        if self.session.controller.running:
            return
        try:
            now = self.setup.form.config()
        except ConfigError:
            return
        self._show_fitted_plan(now)

    def _show_fitted_plan(self, cfg: StudioConfig) -> None:
        """The strip's plan for `cfg`, fitted to the user's file while the Data tab's
        check of it stands. Also while a started run prepares (reads the data, fits,
        measures), instead of the preset's stopping rules; the trainer's own plan
        replaces it when the run folder is made."""
        self.view(StageStrip).show_plan(self.setup.data_panel.fitted_config(cfg) or cfg)

    def _settings_edited(self) -> None:
        for view in self._context.views():
            view.settings_edited(self.setup.form.value_of)
        self._show_plan()

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
            self._show_fitted_plan(started)
        self.setup.form.set_running(state != "idle")
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
