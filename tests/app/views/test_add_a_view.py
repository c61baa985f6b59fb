"""docs/architecture.md's "Add a view", followed on a throwaway view: a small widget that
counts the run's records of one kind. Its module is this file; its one line in the views
list is the monkeypatch. Keep the two in step."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from studio.app.views import registry
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.view import Tab, View, view_title
from studio.core.config.sections import StudioConfig
from tests.helpers import make_window, step_record


# ---- step 1: the module. A QWidget with View mixed in first, where it goes, what it wants.
class DoneCounter(View, QLabel):
    """How many `done` records the run in use has sent (a run's last record)."""

    PLACE = Tab(view_title("Runs ended"))
    RECORDS = frozenset({"done"})

    def __init__(self) -> None:
        super().__init__()
        self.kinds: list[str] = []  # the kind of every record handed to add_record
        self.shown: StudioConfig | None = None

    def add_record(self, record: dict) -> None:
        self.kinds.append(record["kind"])  # append only: a timer would draw (one label here)
        self.setText(str(len(self.kinds)))

    def clear_run(self) -> None:
        self.kinds = []
        self.setText("0")

    def show_config(self, cfg: StudioConfig) -> None:
        self.shown = cfg


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    # ---- step 2: one line in the views list (views/registry.py), here after the others
    monkeypatch.setattr(registry, "VIEWS", (*registry.VIEWS, DoneCounter))
    w = make_window(qtbot, tmp_path, fake={"steps": 5})
    yield w
    if w.session.controller.running:
        w.session.controller.stop()
        assert w.session.controller.wait(5000)


def finish(qtbot, window) -> None:
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=10_000)


def test_the_view_is_a_tab_after_the_others(window):
    counter = window.view(DoneCounter)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[-2:] == ["Playground", "Runs ended"]
    assert window.tabs.widget(window.tabs.count() - 1) is counter
    assert window.tabs.indexOf(window.view(ChartPanel)) == 0  # the tabs before keep their places
    assert isinstance(window.view(PlaygroundTab), PlaygroundTab)
    assert counter.shown is not None and counter.shown.name == "Micro-GPT quick"  # the preset


def test_the_view_gets_only_the_records_it_asked_for(qtbot, window):
    counter = window.view(DoneCounter)
    assert window.session.start()  # a run in the worker thread: stage, 5 steps, done
    finish(qtbot, window)
    assert counter.kinds == ["done"]
    # records fed through the window's route reach it only when of its kind
    for record in (
        step_record(6),
        {"kind": "eval", "step": 6, "eval/accuracy": 0.5},
        {"kind": "log", "step": 6, "level": "info", "message": "hello"},
        {"kind": "done", "step": 6, "reason": "finished"},
    ):
        window.session.record_arrived.emit(record)
    assert counter.kinds == ["done", "done"] and counter.text() == "2"


def test_the_view_is_cleared_on_a_new_run(qtbot, window):
    counter = window.view(DoneCounter)
    assert window.session.start()
    finish(qtbot, window)
    assert counter.kinds == ["done"]
    assert window.session.start()  # it finished: Start begins a new run
    assert counter.kinds == []  # cleared as the new run began
    finish(qtbot, window)
    assert counter.kinds == ["done"]
