"""The window's menu bar: File, Run, View and Help.

The Run menu lists the toolbar's own actions (one action each: button, menu entry and
shortcut) and the Export button's; the View menu the projector mode's text size and
theme, a toggle per dock, full screen and the language. Its words are the window's
(translation context "MainWindow").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from studio.app.shell import ui_language

if TYPE_CHECKING:
    from studio.app.shell.main_window import MainWindow


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


PAUSE_AT_GRPO_KEY = "run/pause_at_grpo"  # QSettings: the Run menu's check, remembered


def pause_at_grpo_action(window: MainWindow) -> QAction:
    """Run > Pause when GRPO starts: a checked entry, remembered, that the session reads
    when it starts a run (a lesson's own ui.pause_at_grpo pauses its runs either way)."""
    action = QAction(_tr("Pause when GRPO starts"), window)
    action.setCheckable(True)
    action.setToolTip(
        _tr(
            "Pause each run before its first GRPO step, so that Step walks through GRPO "
            "one step at a time; a lesson can ask for this itself"
        )
    )
    saved = window.settings.value(PAUSE_AT_GRPO_KEY, False)
    action.setChecked(saved is True or str(saved).lower() == "true")
    window.session.pause_at_grpo = action.isChecked()

    def toggled(on: bool) -> None:
        window.session.pause_at_grpo = on
        window.settings.setValue(PAUSE_AT_GRPO_KEY, on)

    action.toggled.connect(toggled)
    return action


def build_menus(window: MainWindow) -> None:
    """Fill `window`'s menu bar."""
    bar = window.menuBar()
    file_menu = bar.addMenu(_tr("&File"))
    for text, keys, slot in (
        (
            _tr("Open preset or lesson…"),
            QKeySequence(QKeySequence.StandardKey.Open),
            window.setup.gallery.open_file_dialog,
        ),
        (
            _tr("Save as preset…"),
            QKeySequence(QKeySequence.StandardKey.Save),
            window.setup.save_preset_dialog,
        ),
        (_tr("Save as lesson…"), QKeySequence("Ctrl+Shift+S"), window.setup.save_lesson_dialog),
        (_tr("Quit"), QKeySequence(QKeySequence.StandardKey.Quit), window.close),
    ):
        action = QAction(text, window)
        action.setShortcut(keys)
        action.triggered.connect(slot)
        file_menu.addAction(action)

    run_menu = bar.addMenu(_tr("&Run"))
    controls = window.controls
    for action in (
        controls.start_action,
        controls.pause_action,
        controls.step_action,
        controls.stop_action,
        controls.restart_action,
    ):
        run_menu.addAction(action)
    run_menu.addSeparator()
    run_menu.addAction(window.pause_at_grpo_action)
    run_menu.addSeparator()
    run_menu.addAction(window.session.exporter.action)

    view_menu = bar.addMenu(_tr("&View"))
    shown = window.presentation
    for action in (shown.larger, shown.smaller, shown.normal):
        view_menu.addAction(action)
    view_menu.addSeparator()
    view_menu.addAction(shown.contrast)
    for dock in window.docks.values():
        view_menu.addAction(dock.toggleViewAction())  # named when the dock was made
    full = view_menu.addAction(_tr("Full screen"))
    full.setShortcut(QKeySequence.StandardKey.FullScreen)
    full.setCheckable(True)
    full.toggled.connect(lambda on: window.showFullScreen() if on else window.showNormal())
    view_menu.addSeparator()
    view_menu.addMenu(ui_language.language_menu(window, window.settings))

    help_menu = bar.addMenu(_tr("&Help"))
    help_menu.addAction(_tr("GRPO in short")).triggered.connect(window.show_grpo_guide)
    guide = help_menu.addAction(_tr("What each chart means"))
    guide.setShortcut(QKeySequence.StandardKey.HelpContents)
    guide.triggered.connect(window.show_chart_guide)
    help_menu.addAction(_tr("Show the first-run tour")).triggered.connect(window.tour.start)
