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


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_at_1024x700_with_larger_text_the_banner_and_the_strip_take_a_line_each(qtbot, tmp_path):
    from studio.app.views.charts.panel import ChartPanel
    from studio.app.views.stage_strip import StageStrip
    from tests.app.fakes import step_record

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
