"""The first-run tour and the Help menu's chart guide."""

import html

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings

from studio.app.setup.setup_tabs import PRESETS
from studio.app.shell.help_pages import chart_guide_html
from studio.app.shell.main_window import MainWindow
from studio.core.training.reporting import metrics
from tests.helpers import make_window


@pytest.mark.qt_log_ignore("propagateSizeHints")  # offscreen windows shown
def test_the_tour_opens_on_a_first_start_walks_three_steps_and_stays_dismissed(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    tour = window.tour
    assert not tour.showing
    window.show()  # first start on this machine
    qtbot.waitUntil(lambda: tour.showing, timeout=2000)
    assert "Pick a preset" in tour.title.text() and window.setup.currentIndex() == 0
    tour.next.click()
    assert "Check the data" in tour.title.text() and window.setup.currentIndex() == 2
    tour.next.click()
    assert "Start" in tour.title.text() and tour.next.text() == "Done"
    panel = tour.panel.geometry()
    assert window.rect().contains(panel)  # inside the window, never off screen
    tour.next.click()
    assert not tour.showing and tour.seen()
    window.close()
    again = make_window(qtbot, tmp_path)  # the same settings file: seen for good
    again.show()
    qtbot.wait(50)
    assert not again.tour.showing


@pytest.mark.qt_log_ignore("propagateSizeHints")  # offscreen windows shown
@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_each_callout_stands_beside_its_target_and_the_tour_ends_on_presets(qtbot, tmp_path, size):
    window = make_window(qtbot, tmp_path)
    window.resize(*size)
    window.show()
    tour = window.tour
    qtbot.waitUntil(lambda: tour.showing, timeout=2000)
    for callout in tour.callouts:
        assert tour.showing
        target = callout.target()
        aim = QRect(target.mapTo(window, QPoint(0, 0)), target.size())
        panel = tour.panel.geometry()
        assert window.rect().contains(panel)
        assert not panel.intersects(aim), (callout.title, panel, aim)  # the target stays seen
        tour.next.click()
    assert not tour.showing
    assert window.setup.currentIndex() == PRESETS  # where it began, as its last step says


def test_a_callout_of_a_target_on_the_right_edge_stands_left_of_it(qtbot, tmp_path):
    from PySide6.QtWidgets import QWidget

    from studio.app.shell.first_run_tour import Callout, Tour

    window = QWidget()
    qtbot.addWidget(window)
    window.resize(800, 600)
    column = QWidget(window)  # a full-height column at the right: no room right or below
    column.setGeometry(600, 0, 200, 600)
    settings = QSettings(str(tmp_path / "t.ini"), QSettings.IniFormat)
    tour = Tour(window, settings, [Callout("1. Here", "The column on the right.", lambda: column)])
    tour.start()
    panel = tour.panel.geometry()
    assert window.rect().contains(panel) and not panel.intersects(column.geometry())
    assert panel.right() < column.x()  # left of it


@pytest.mark.qt_log_ignore("propagateSizeHints")  # offscreen windows shown
def test_dont_show_again_ends_the_tour_and_the_help_menu_starts_it(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "tour.ini"), QSettings.IniFormat)
    window = MainWindow(settings=settings, count_presets=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.tour.showing, timeout=2000)
    window.tour.never.click()
    assert not window.tour.showing and window.tour.seen()
    entries = {a.text(): a for m in window.menuBar().actions() for a in m.menu().actions()}
    entries["Show the first-run tour"].trigger()
    assert window.tour.showing and "Pick a preset" in window.tour.title.text()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # offscreen windows shown
def test_the_chart_guide_explains_every_chart_from_the_catalogue(qtbot, tmp_path):
    page = chart_guide_html()
    for chart in metrics.CHARTS:
        if metrics.chart_metrics(chart.id):
            assert chart.title.replace("&", "&amp;") in page
    window = make_window(qtbot, tmp_path)
    shown = window.show_chart_guide()
    text = shown.browser.toPlainText()
    for metric in metrics.METRICS:
        if metric.chart:  # every key, a reward function's name part said as "name"
            assert metric.key.replace("<name>", "name") in text
    assert "<name>" not in text and "each reward function" in text
    assert "What each chart means" in text
    assert not shown.isModal()


def test_the_grpo_guide_explains_groups_advantages_the_warm_up_kl_and_clipping(qtbot, tmp_path):
    from studio.app.shell.help_pages import grpo_guide_html

    page = grpo_guide_html()
    for words in (
        "What a group is",
        "(r - mean) / (std + eps)",
        "Why a warm-up first",
        "KL",
        "Clipping",
    ):
        assert html.escape(words) in page, words
    window = make_window(qtbot, tmp_path)
    entries = {a.text(): a for m in window.menuBar().actions() for a in m.menu().actions()}
    assert "GRPO in short" in entries
