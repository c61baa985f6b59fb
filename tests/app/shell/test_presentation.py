"""Presentation mode: text size and theme for a projector, remembered; docks hide."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import QApplication

from studio.app.shell.window_fit import keep_on_screen
from tests.helpers import make_window


@pytest.fixture(autouse=True)
def _restore_font_and_theme():
    app = QApplication.instance()
    font, sheet = app.font(), app.styleSheet()
    yield
    app.setFont(font)
    app.setStyleSheet(sheet)


def menu_entries(window):
    return {a.text(): a for m in window.menuBar().actions() for a in m.menu().actions()}


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_larger_text_grows_the_font_and_is_remembered(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    before = QApplication.instance().font().pointSizeF()
    entries = menu_entries(window)
    assert entries["Larger text"].shortcut().toString() == "Ctrl++"
    # Ctrl+= as well: Ctrl++ needs Shift on most keyboards
    assert QKeySequence("Ctrl+=") in entries["Larger text"].shortcuts()
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window.windowHandle(), Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.instance().font().pointSizeF() == pytest.approx(before + 1.5)
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


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_at_1024x700_with_larger_text_the_banner_and_the_strip_take_a_line_each(qtbot, tmp_path):
    from studio.app.views.charts.panel import ChartPanel
    from studio.app.views.stage_strip import StageStrip
    from tests.helpers import step_record

    window = make_window(qtbot, tmp_path)
    assert window.load_preset("too_hard_too_easy")  # a lesson: its banner shows
    entries = menu_entries(window)
    for _ in range(3):
        entries["Larger text"].trigger()
    for dock in window.docks.values():
        dock.hide()
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    for step in range(1, 20):
        window._on_record(step_record(step))
    banner, strip = window.lesson_banner, window.view(StageStrip)
    qtbot.waitUntil(lambda: banner.compact and strip.compact)
    qtbot.wait(50)
    assert window.width() <= 1024  # nothing pushes the window wider than the screen
    line = banner.text.fontMetrics().height()
    assert banner.height() < 3 * line and strip.height() < 3 * line
    assert banner.text.text().endswith("…") and banner.more.isVisible()
    assert banner.text.toolTip().startswith("The agent sees the grid")  # whole in the tip
    banner.more.click()  # the whole text, for the teacher who wants it
    qtbot.waitUntil(lambda: banner.height() > 3 * line)
    assert not banner.text.text().endswith("…")
    banner.more.click()
    charts = window.view(ChartPanel)
    window.tabs.setCurrentWidget(charts)
    qtbot.wait(100)
    rows = sorted({c.y() for c in charts.charts if c.isVisible()})
    seen = charts.scroll_area.viewport().height()
    fully = [y for y in rows if y + charts.charts[0].height() <= seen]
    assert len(fully) >= 2  # two rows of charts in view
    box = next(iter(strip.boxes.values()))
    assert box.rule.toolTip().startswith("up to 600 steps")

    window.resize(1280, 900)  # a tall screen: the whole banner and three-line stages
    qtbot.waitUntil(lambda: not banner.compact and not strip.compact)
    assert not banner.more.isVisible() and banner.note.isVisible()


def test_the_chart_legends_grow_with_the_text_size(qtbot, tmp_path):
    from studio.app.views.charts.panel import ChartPanel

    window = make_window(qtbot, tmp_path)
    legend = window.view(ChartPanel).chart("reward").legend
    before = legend.font().pointSizeF()
    for _ in range(3):
        menu_entries(window)["Larger text"].trigger()
    assert legend.font().pointSizeF() == pytest.approx(before + 3 * 1.5 * 0.85, abs=0.2)


GRID = {  # a 5x5 grid snapshot, as the grid world's probe records it
    "kind": "grid",
    "title": "level 1, 5x5, seed 7, shortest 4",
    "actions": ["up", "right", "down", "left"],
    "cells": [["empty"] * 5 for _ in range(4)] + [["empty"] * 4 + ["goal"]],
    "start": [0, 0],
    "probs": [[[0.25] * 4] * 5 for _ in range(5)],
}


def test_the_policy_grid_and_the_waiting_line_grow_with_the_text_size(qtbot, tmp_path):
    from studio.app.views.charts.panel import ChartPanel
    from studio.app.views.policy.view import PolicyView

    window = make_window(qtbot, tmp_path)
    canvas = window.view(PolicyView).canvas
    canvas.show_snapshot(GRID)
    waiting = window.view(ChartPanel).chart("reward").placeholder
    grid_before = canvas.minimumSizeHint()
    text_before = waiting.textItem.font().pointSizeF()
    for _ in range(3):
        menu_entries(window)["Larger text"].trigger()
    grid = canvas.minimumSizeHint()
    # the grid's least size follows the text: three steps of 1.5 pt, about a third larger
    assert grid.width() > grid_before.width() * 1.25 and grid.height() == grid.width()
    assert grid.width() > 260  # it stayed about 220 px whatever the text size
    assert waiting.textItem.font().pointSizeF() == pytest.approx(text_before + 4.5, abs=0.2)
    menu_entries(window)["Normal text size"].trigger()
    assert canvas.minimumSizeHint() == grid_before


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_the_tour_keeps_its_buttons_whole_at_a_large_text_size(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.resize(1024, 700)
    window.show()
    for _ in range(3):
        menu_entries(window)["Larger text"].trigger()
    window.tour.start()
    tour = window.tour
    qtbot.waitUntil(lambda: tour.showing)

    def whole() -> bool:  # each button as wide as its text asks, inside the callout
        return all(
            b.width() >= b.sizeHint().width()
            and b.mapTo(tour.panel, b.rect().topRight()).x() < tour.panel.width()
            for b in (tour.never, tour.next)
        )

    qtbot.waitUntil(whole, timeout=3000)
    assert tour.panel.width() > 300  # wider than at the normal text size
    assert tour.panel.geometry().right() < window.width()
    qtbot.wait(200)
    assert whole()
    text = tour.text  # and its words whole: as many lines as they wrap to at its width
    assert text.height() >= text.heightForWidth(text.width())


def _visible_text_sizes(window) -> set[float]:
    """The point sizes of the window's visible words (labels, buttons, tab bars), but for
    those that choose their own size (the stage strip's arrow, the legend)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QTabBar

    sizes = set()
    for kind in (QLabel, QAbstractButton, QTabBar):
        for widget in window.findChildren(kind):
            if widget.isVisible() and "font-size" not in widget.styleSheet():
                sizes.add(round(widget.font().pointSizeF(), 2))
    return sizes


def projector_lesson(qtbot, tmp_path):
    """A window as a teacher sets it for a projector: a lesson shown, the text three
    sizes larger, the high-contrast theme."""
    window = make_window(qtbot, tmp_path)
    window.tour.settings.setValue("tour/done", True)
    assert window.load_preset("what_a_group_is")
    entries = menu_entries(window)
    for _ in range(3):
        entries["Larger text"].trigger()
    entries["High-contrast theme"].trigger()
    return window


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_a_restart_brings_back_the_text_size_the_theme_and_the_hidden_docks(qtbot, tmp_path):
    """The sizes a teacher chose survive a restart, with no mix of enlarged and normal words."""
    from PySide6.QtGui import QPalette

    from studio.app.views.charts.panel import ChartPanel

    app = QApplication.instance()
    normal = app.font().pointSizeF()
    window = projector_lesson(qtbot, tmp_path)
    entries = menu_entries(window)
    window.show()
    entries["Setup panel"].trigger()
    entries["Log panel"].trigger()
    assert window.setup_dock.isHidden()
    legend_before = window.view(ChartPanel).chart("reward").legend.font().pointSizeF()
    window.close()  # writes the settings, as quitting does
    assert window.isHidden()

    app.setFont(_normal_font(app, normal))
    app.setStyleSheet("")  # a new process starts from Qt's own font and no theme
    again = make_window(qtbot, tmp_path)
    again.show()
    qtbot.waitExposed(again)
    qtbot.wait(50)
    grown = normal + 3 * 1.5
    assert again.presentation.step == 3 and again.presentation.high_contrast
    assert app.font().pointSizeF() == pytest.approx(grown)
    assert menu_entries(again)["High-contrast theme"].isChecked()
    assert "High contrast for projectors" in app.styleSheet()
    assert again.setup_dock.isHidden() and again.docks["log"].isHidden()
    # every visible word at the chosen size: none left at the size it was built with
    assert _visible_text_sizes(again) == {round(grown, 2)}
    legend = again.view(ChartPanel).chart("reward").legend.font().pointSizeF()
    assert legend == pytest.approx(legend_before)
    # the high-contrast palette: black words on white
    banner = again.lesson_banner.text
    assert banner.palette().color(QPalette.ColorRole.WindowText).name() == "#000000"
    centre = again.centralWidget().palette().color(QPalette.ColorRole.Window).name()
    assert centre == "#ffffff"


def _normal_font(app, points: float) -> QFont:
    font = QFont(app.font())
    font.setPointSizeF(points)
    return font


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_at_1024x700_the_setup_dock_and_large_text_keep_the_window_on_the_screen(qtbot, tmp_path):
    """With text raised three times, high contrast, the Setup dock beside the tabs and a run
    of a lesson going, the window stays 1024 wide: the Reward lab and the Playground scroll
    inside their tabs, the stages cut their words, and no toolbar control is lost."""
    from PySide6.QtWidgets import QScrollArea

    from studio.app.views.reward_lab import RewardLab
    from studio.app.views.stage_strip import StageStrip
    from tests.helpers import step_record

    window = projector_lesson(qtbot, tmp_path)
    window.docks["log"].hide()
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    for step in range(1, 20):
        window._on_record(step_record(step))
    qtbot.waitUntil(lambda: window.view(StageStrip).compact)
    lab = window.view(RewardLab)
    window.tabs.setCurrentWidget(lab)
    qtbot.wait(100)
    assert window.tabs.currentWidget() is lab and window.tabs.indexOf(lab) >= 0
    assert window.minimumSizeHint().width() <= 1024
    assert window.width() <= 1024
    assert not window.setup_dock.isHidden()
    # the Setup dock's width follows the text (320 px at the normal size), and gives way:
    # the tabs keep more than half of the window
    qtbot.waitUntil(lambda: abs(window.setup_dock.width() - 480) <= 20)
    assert window.centralWidget().width() > 500
    # the lab asks for more than it gets: it scrolls in its tab, its right end reachable
    area = lab.parentWidget().parentWidget()
    assert isinstance(area, QScrollArea)
    if lab.minimumSizeHint().width() > area.viewport().width():
        assert area.horizontalScrollBar().maximum() > 0
    # every stage keeps its number and its state in view, whole in their tooltips
    for box in window.view(StageStrip).boxes.values():
        assert box.title.width() > 0 and box.status.width() > 0
        assert box.geometry().right() <= window.width()
    # each toolbar action is on the bar inside the window, or in its overflow menu
    bar = window.controls
    for action in (bar.start_action, bar.pause_action, bar.step_action, bar.stop_action):
        button = bar.widgetForAction(action)
        if button is not None and button.isVisible():
            right = button.mapTo(window, button.rect().topRight()).x()
            assert right < window.width()
    box = bar.status_box
    assert box.mapTo(window, box.rect().topRight()).x() < window.width()


def test_a_saved_window_larger_than_the_screen_is_brought_onto_it(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    screen = window.screen().availableGeometry()
    window.resize(screen.width() + 300, screen.height() + 100)
    window.move(screen.left() + 50, screen.top())
    keep_on_screen(window)
    frame = window.frameGeometry()
    assert frame.width() <= screen.width() and frame.height() <= screen.height()
    assert screen.contains(frame)
