"""App tests run offscreen with throwaway settings."""

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):
    # QSettings and run folders go to a temp dir, never the developer's real ones.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _widgets_gone_before_the_next_test():
    # Set up before qtbot, so this runs after qtbot has closed the test's widgets: their
    # deferred deletes and their Python wrappers' cycles go now, on this test's watch,
    # not at a timer tick in the middle of the next test's first wait.
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture(autouse=True, scope="package")
def _gc_as_in_the_app(qapp):
    # As the app does from its start, app tests collect garbage on the GUI thread's timer
    # (qt_compat), between events. With automatic collection, a widget a test had dropped
    # (a chart panel, held by its pyqtgraph items' cycles) was freed inside one of its own
    # event handlers and Qt went on with the freed layout: a segfault in the next test.
    from studio.app.common import qt_compat

    qt_compat.collect_garbage_on_gui_thread()
    yield
    # Tests outside tests/app run no event loop: give them automatic collection back.
    if qt_compat._collector is not None:
        qt_compat._collector.stop()
    gc.enable()


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    """The real MainWindow with throwaway settings. Error dialogs are recorded in
    `window.errors`, yes/no questions and notes in `window.questions` (answered yes) and
    results with files in `window.files_shown`, so no modal dialog ever blocks a test.
    Any run it started is stopped afterwards.
    (test_main_window.py has its own, on a fake trainer.)"""
    from studio.app.common import dialogs
    from studio.app.common.background import wait_for_background
    from studio.app.shell.main_window import MainWindow

    errors: list[str] = []
    questions: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda p, t, m: errors.append(m))
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda p, t, q: questions.append(q) or True)
    monkeypatch.setattr(dialogs, "show_info", lambda p, t, m: questions.append(m))
    files_shown: list[tuple[str, object]] = []
    monkeypatch.setattr(dialogs, "show_files", lambda p, t, m, f: files_shown.append((m, f)))
    monkeypatch.setattr(dialogs, "choose", lambda p, t, q, choices: questions.append(q) or None)
    w = MainWindow(
        settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat), count_presets=False
    )
    w.errors, w.questions, w.files_shown = errors, questions, files_shown
    qtbot.addWidget(w)
    yield w
    if w.session.controller.running:
        w.session.controller.stop()
        assert w.session.controller.wait(10_000)
    wait_for_background()
