"""A task's own part of the Data tab: the data settings and check results only its data
has, such as the translation task's languages, columns and back-translation.

A part declares the task it serves (`TASK`, a task.name) and the Data tab lists the parts
(panel.py's PARTS); the tab builds the part of the task shown, once, and lays out its
two widgets: `settings` above the Check button (the task's own data settings) and
`findings` under the check's verdict (what a check found that the task lets one change).
Either may be None. A part never reads a task's settings from a config it has not
narrowed to that task's config class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from studio.core.config.sections import StudioConfig
from studio.core.data.load_report import ColumnProfile, LoadReport


class DataPart(QObject):
    """current() gives the config the settings show now (None while a value is bad).

    Signals: `setting_edited(path, value)` for a setting the part changed (the settings
    form takes it), `check_requested()` to check the data again (a column picked, Swap),
    `verdict_outdated()` when the last check no longer speaks of the settings."""

    setting_edited = Signal(str, object)
    check_requested = Signal()
    verdict_outdated = Signal()

    TASK: ClassVar[str]  # the task.name whose data it shows

    def __init__(self, current: Callable[[], StudioConfig | None]) -> None:
        super().__init__()
        self._current = current
        self.settings: QWidget | None = None
        self.findings: QWidget | None = None

    def set_in_use(self, in_use: bool) -> None:
        """Shown (the task of the settings is this part's) or hidden; findings wait for a
        check."""
        if self.settings is not None:
            self.settings.setVisible(in_use)
        if self.findings is not None and not in_use:
            self.findings.setVisible(False)

    def show_config(self, cfg: StudioConfig) -> None:
        """Follow the settings shown."""
        del cfg

    def check_key(self, cfg: StudioConfig) -> tuple:
        """The task settings of `cfg` a data check depends on: when they change, its verdict
        goes."""
        del cfg
        return ()

    def show_check(
        self, cfg: StudioConfig, loaded: LoadReport | None, unclear: list[ColumnProfile]
    ) -> None:
        """A check of `cfg`'s data finished: `loaded` is its load report (None: the check
        failed), `unclear` the columns the loader could not tell apart (empty unless the
        check failed for that)."""
        del cfg, loaded, unclear

    def clear_check(self) -> None:
        """The verdict is gone: so are the findings."""
        if self.findings is not None:
            self.findings.setVisible(False)
