"""The log panel: each line stamped with its record's own time, and an error in one line
with its traceback kept apart."""

import time

from PySide6.QtGui import QGuiApplication

from studio.app.views.log_panel import LogPanel, clock
from studio.core.training.reporting.records import WALL_TIME, error_record


def test_an_opened_runs_lines_show_their_own_time_or_none(qtbot):
    log = LogPanel()
    qtbot.addWidget(log)
    last_week = time.mktime((2026, 11, 20, 13, 14, 15, 0, 0, -1))
    log.add_record({"kind": "checkpoint", "step": 4, "path": "/r/c.pt", WALL_TIME: last_week})
    log.add_record({"kind": "checkpoint", "step": 5, "path": "/r/d.pt"})  # an older run's
    lines = log.toPlainText().splitlines()
    assert lines[0] == "2026-11-20 13:14:15 [step 4] checkpoint saved: /r/c.pt"
    assert lines[1] == "[step 5] checkpoint saved: /r/d.pt"  # no time rather than a wrong one
    log.add("info", "continuing a run")  # the window's own words: now
    assert log.toPlainText().splitlines()[2] == f"{clock(time.time())} continuing a run"


def test_today_shows_the_time_of_day_only():
    noon = time.mktime((2026, 12, 1, 12, 0, 0, 0, 0, -1))
    assert clock(noon - 3600, now=noon) == "11:00:00"
    assert clock(noon - 86400, now=noon) == "2026-11-30 12:00:00"


def test_an_error_is_one_line_and_its_traceback_is_details(qtbot):
    log = LogPanel()
    qtbot.addWidget(log)
    try:
        raise ValueError("data/train.txt line 3: expected 'a+b=c'; fix the line")
    except ValueError as err:
        log.add_record(error_record(err, f"training failed: {err}"))
    text = log.toPlainText()
    assert "Traceback" not in text and len(text.splitlines()) == 1
    assert log.lines == [
        ("error", "training failed: data/train.txt line 3: expected 'a+b=c'; fix the line")
    ]
    log.copy_details()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("Traceback") and "ValueError: data/train.txt line 3" in copied


def test_the_newest_line_stays_in_sight_unless_the_reader_scrolled_up(qtbot):
    log = LogPanel()
    qtbot.addWidget(log)
    log.resize(400, 120)
    log.show()
    qtbot.waitExposed(log)
    bar = log.verticalScrollBar()
    for i in range(100):  # a burst, as when a run opens or its first records come
        log.add("info", f"line {i}")
    qtbot.wait(50)
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    log.resize(400, 90)  # the dock made smaller
    qtbot.wait(50)
    assert bar.value() == bar.maximum()
    bar.setValue(0)  # reading the start
    log.add("info", "line 100")
    qtbot.wait(50)
    assert bar.value() == 0


def test_a_side_by_side_runs_lines_name_the_variant_they_follow(qtbot):
    log = LogPanel()
    qtbot.addWidget(log)
    log.show_variants(["G=2", "G=16"])  # the session's experiment_started
    log.add_record({"kind": "eval", "step": 240, "eval/accuracy": 0.16})
    log.add("info", "preset loaded")  # the window's own words name no variant
    log.clear_run()  # another run begins: its lines are its own
    log.add_record({"kind": "checkpoint", "step": 5, "path": "/r/d.pt"})
    texts = [text for _, text in log.lines]
    assert texts[0].startswith("[G=2] [step 240] eval: ")
    assert texts[1:] == ["preset loaded", "[step 5] checkpoint saved: /r/d.pt"]
