"""The Setup dock's tabs: Presets, Settings (the form, and "Save as preset…" under it),
Data and Runs, and how the Data tab and the settings follow each other: a file chosen in
the Data tab, a column picked or Swap set the settings, and a data path typed in the
settings shows in the Data tab.
"""

from __future__ import annotations

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
from studio.core.config.sections import StudioConfig

PRESETS, SETTINGS, DATA, RUNS = range(4)  # the tabs' indexes, in order


class SetupTabs(ScrollingTabs):
    """The four tabs of the Setup dock; `save_requested()` for "Save as preset…"."""

    save_requested = Signal()

    def __init__(self, count_presets: bool = True) -> None:
        super().__init__()
        self.gallery = PresetGallery(count_now=count_presets)
        self.form = SettingsForm()
        save_button = QPushButton(self.tr("Save as preset…"))
        save_button.setToolTip(
            self.tr("Write these settings to a YAML preset that reopens identically")
        )
        save_button.clicked.connect(self.save_requested)
        settings_page = QWidget()
        page_layout = QVBoxLayout(settings_page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.form, 1)
        # how long these settings take here (measured on a pool thread), and the budget;
        # measured on its own only where the gallery counts too (not in most tests)
        self.estimate = TimeEstimateBox(self.form.config, self.form.set_value, auto=count_presets)
        self.form.changed.connect(self._settings_changed)
        page_layout.addWidget(self.estimate)
        page_layout.addWidget(save_button)
        self.data_panel = DataPanel()
        self.data_panel.config_provider = self.form.config
        self.data_panel.path_changed.connect(self._on_data_path)
        self.data_panel.setting_edited.connect(self.form.set_value)  # column picker, Swap
        self.form.changed.connect(self._sync_data_panel)
        self.form.changed.connect(self.data_panel.settings_changed)
        self.runs = RunsPanel(self.save_dir)
        self.addTab(self.gallery, self.tr("Presets"))
        self.addTab(settings_page, self.tr("Settings"))
        self.addTab(self.data_panel, self.tr("Data"))
        self.addTab(self.runs, self.tr("Runs"))

    def show_config(self, cfg: StudioConfig) -> None:
        """Show `cfg` in the settings and the Data tab."""
        self.form.set_config(cfg)
        self.data_panel.show_config(cfg)
        self.estimate.settings_changed(cfg)

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

    def _settings_changed(self) -> None:
        try:
            cfg: StudioConfig | None = self.form.config()
        except ConfigError:
            cfg = None
        self.estimate.settings_changed(cfg)

    def save_dir(self) -> Path | None:
        """The folder the settings save runs in (None: the default, or a bad setting)."""
        try:
            save_dir = self.form.config().run.save_dir
        except ConfigError:
            return None
        return Path(save_dir) if save_dir else None

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
