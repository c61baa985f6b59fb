"""The Setup dock's tabs: Presets, Settings (the form, and "Save as preset…" under it),
Data and Runs, and how the Data tab and the settings follow each other: a file chosen in
the Data tab, a column picked or Swap set the settings, and a data path typed in the
settings shows in the Data tab. The settings are saved from here too, as a preset or as a
lesson (the File menu's entries), and the plan they make is said to the window.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from studio.app.common import dialogs
from studio.app.common.scrolling_tabs import ScrollingTabs
from studio.app.setup.data.panel import DataPanel
from studio.app.setup.preset_gallery import PresetGallery
from studio.app.setup.runs_panel import RunsPanel
from studio.app.setup.settings_form import SettingsForm
from studio.app.setup.time_estimate import TimeEstimateBox
from studio.core.config.fields import ConfigError
from studio.core.config.loading import save_config
from studio.core.config.preset_files import lesson_file_name, safe_stem, user_lessons_dir
from studio.core.config.sections import StudioConfig

PRESETS, SETTINGS, DATA, RUNS = range(4)  # the tabs' indexes, in order


class SetupTabs(ScrollingTabs):
    """The four tabs of the Setup dock."""

    logged = Signal(str, str)  # (level, text): a message for the window's log
    plan_changed = Signal(object)  # the StudioConfig Start trains by (see `planned`)

    def __init__(self, count_presets: bool = True) -> None:
        super().__init__()
        self.gallery = PresetGallery(count_now=count_presets)
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
        # how long these settings take here (measured on a pool thread), and the budget;
        # measured on its own only where the gallery counts too (not in most tests)
        self.estimate = TimeEstimateBox(self._plan_now, self.form.set_value, auto=count_presets)
        self.estimate.measured.connect(self.gallery.show_estimate)
        page_layout.addWidget(self.estimate)
        page_layout.addWidget(save_button)
        self.data_panel = DataPanel()
        self.data_panel.config_provider = self.form.config
        self.data_panel.path_changed.connect(self._on_data_path)
        self.data_panel.setting_edited.connect(self.form.set_value)  # column picker, Swap
        self.form.changed.connect(self._sync_data_panel)
        self.form.changed.connect(self.data_panel.settings_changed)
        for changed in (
            self.form.changed,
            self.data_panel.checked,
            self.data_panel.verdict_cleared,
        ):
            changed.connect(self._plan_changed)
        self.runs = RunsPanel(self.save_dir)
        self.addTab(self.gallery, self.tr("Presets"))
        self.addTab(settings_page, self.tr("Settings"))
        self.addTab(self.data_panel, self.tr("Data"))
        self.addTab(self.runs, self.tr("Runs"))

    def show_config(self, cfg: StudioConfig) -> None:
        """Show `cfg` in the settings and the Data tab."""
        self.form.set_config(cfg)
        self.data_panel.show_config(cfg)
        self._plan_changed()

    def read_config(self) -> StudioConfig | None:
        """The settings as a config, or None after showing what is wrong."""
        try:
            return self.form.config()
        except ConfigError as err:
            self.form.mark_error(str(err))
            self.setCurrentIndex(SETTINGS)
            dialogs.show_error(
                self.window(), self.tr("A setting is not valid"), self.form.describe_error(str(err))
            )
            return None

    def planned(self, cfg: StudioConfig) -> StudioConfig:
        """`cfg` as Start trains by it: fitted to the user's file while the Data tab's
        check of it stands (a value the user set kept over the fit)."""
        return self.data_panel.fitted_config(cfg) or cfg

    def _plan_now(self) -> StudioConfig:
        """The plan Start trains by now (ConfigError: a setting is not valid)."""
        return self.planned(self.form.config())

    def _plan_changed(self) -> None:
        """The settings or the Data tab's check changed: the plan they make, to the window
        and to the estimate, unless a value being typed is not valid yet (the plan shown
        stays as it was; the estimate waits for valid settings)."""
        try:
            plan = self._plan_now()
        except ConfigError:
            self.estimate.settings_changed(None)
            return
        self.estimate.settings_changed(plan)
        self.plan_changed.emit(plan)

    def set_running(self, running: bool) -> None:
        """A run trains (True) or nothing does: edits are for the next run (the form says
        so), and the estimate waits for the run's end."""
        self.form.set_running(running)
        self.estimate.set_running(running)

    def save_dir(self) -> Path | None:
        """The folder the settings save runs in (None: the default, or a bad setting)."""
        try:
            save_dir = self.form.config().run.save_dir
        except ConfigError:
            return None
        return Path(save_dir) if save_dir else None

    def save_preset_dialog(self) -> None:
        """Save the settings as a preset, in a file the user chooses."""
        cfg = self.read_config()
        if cfg is None:
            return
        path = dialogs.save_file(
            self.window(),
            self.tr("Save as preset"),
            f"{safe_stem(cfg.name, 'preset')}.yaml",
            self.tr("Preset (*.yaml)"),
        )
        if path:
            self._save(cfg, path)

    def save_lesson_dialog(self) -> None:
        """Save the settings as a lesson: what the form shows, its hidden fields and text,
        with deterministic training, so every run of it draws the same curves."""
        cfg = self.read_config()
        if cfg is None:
            return
        cfg.training.deterministic = True
        # offered in the studio's lessons folder, where the gallery lists it
        folder = user_lessons_dir()
        with contextlib.suppress(OSError):  # unwritable: the dialog lets the user choose
            folder.mkdir(parents=True, exist_ok=True)
        path = dialogs.save_file(
            self.window(),
            self.tr("Save as lesson"),
            str(folder / lesson_file_name(cfg.name)),
            self.tr("Lesson (*.yaml)"),
        )
        if path and self._save(cfg, path):
            self.gallery.show_user_lessons()
            self.gallery.set_current(path)

    def _save(self, cfg: StudioConfig, path: str) -> bool:
        try:
            save_config(cfg, path)
        except (ValueError, OSError) as err:
            dialogs.show_error(self.window(), self.tr("Could not save"), str(err))
            return False
        self.logged.emit("info", self.tr("saved: {path}").format(path=path))
        return True

    def edit_lesson(self) -> None:
        """The Settings tab in lesson mode: every setting, with its "show" box."""
        self.form.lesson_mode.setChecked(True)
        self.setCurrentIndex(SETTINGS)

    def _on_data_path(self, path: str | None) -> None:
        self.form.set_value("data.path", path)

    def _sync_data_panel(self) -> None:
        """A data path typed in the settings form shows in the data panel too."""
        editor = self.form.editors.get("data.path")
        text = editor.get() if editor is not None else None
        text = str(text).strip() if text else ""
        if text != (self.data_panel.path() or ""):
            self.data_panel.set_path(text or None)
