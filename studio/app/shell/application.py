"""The application: its name (where QSettings keep the window's state), its language and
icon, garbage collection on the GUI thread, then the window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from studio.app.common import resources
from studio.app.common.qt_compat import collect_garbage_on_gui_thread
from studio.app.shell import ui_language
from studio.app.shell.main_window import MainWindow


def run_app(argv: Sequence[str] | None = None) -> int:
    """Open the studio window; argv as sys.argv ([program, optional preset path])."""
    argv = list(sys.argv if argv is None else argv) or ["grpo-studio"]
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
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
