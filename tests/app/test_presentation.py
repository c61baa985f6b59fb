"""Presentation mode: text size and theme for a projector, remembered; docks hide."""

import pytest
from PySide6.QtWidgets import QApplication

from tests.app.test_main_window import make_window


@pytest.fixture(autouse=True)
def _restore_font_and_theme():
    app = QApplication.instance()
    font, sheet = app.font(), app.styleSheet()
    yield
    app.setFont(font)
    app.setStyleSheet(sheet)


def menu_entries(window):
    return {a.text(): a for m in window.menuBar().actions() for a in m.menu().actions()}


def test_larger_text_grows_the_font_and_is_remembered(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    before = QApplication.instance().font().pointSizeF()
    entries = menu_entries(window)
    assert entries["Larger text"].shortcut().toString() == "Ctrl++"
    entries["Larger text"].trigger()
    entries["Larger text"].trigger()
    grown = QApplication.instance().font().pointSizeF()
    assert grown == pytest.approx(before + 3.0)
    window.close()
    again = make_window(qtbot, tmp_path)  # same settings file: the size comes back
    assert QApplication.instance().font().pointSizeF() == pytest.approx(grown)
    menu_entries(again)["Normal text size"].trigger()
    assert QApplication.instance().font().pointSizeF() == pytest.approx(before)


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_high_contrast_theme_and_docks_from_the_view_menu(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.tour.settings.setValue("tour/done", True)
    window.show()
    entries = menu_entries(window)
    light = QApplication.instance().styleSheet()
    entries["High-contrast theme"].trigger()
    assert window.presentation.high_contrast
    dark = QApplication.instance().styleSheet()
    assert dark.startswith(light) and "High contrast for projectors" in dark
    entries["Setup panel"].trigger()
    entries["Log panel"].trigger()
    assert window.setup_dock.isHidden() and window.docks["log"].isHidden()
    entries["Setup panel"].trigger()
    assert not window.setup_dock.isHidden()
