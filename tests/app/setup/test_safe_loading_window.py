"""The window runs no code from a run folder it opens: a poisoned checkpoint is refused by
the Runs tab's Continue and by the Playground, with a dialog, and the file it would have
created never appears."""

import pytest

from studio.app.views.playground.tab import PlaygroundTab
from tests.helpers import TINY_GPT, make_run, poisoned_copy


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory):
    return make_run(tmp_path_factory.mktemp("clean"), "micro_gpt", TINY_GPT)


@pytest.fixture
def poisoned(clean_run, tmp_path):
    return poisoned_copy(clean_run, tmp_path)


def test_continue_in_the_runs_tab_refuses_a_poisoned_run(qtbot, window, poisoned):
    run, marker = poisoned
    metrics = run / "metrics.jsonl"  # a run stopped before its end, so Continue applies
    metrics.write_text(
        "".join(x for x in metrics.read_text().splitlines(True) if '"done"' not in x)
    )
    window.setup.runs.add_recent(str(run))
    window.setup.runs.refresh()
    window.setup.runs.select(str(run))
    window.setup.runs.buttons["continue"].click()
    qtbot.waitUntil(lambda: bool(window.errors), timeout=20_000)
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=10_000)
    assert "refused: it holds" in window.errors[-1] and "nothing in it was run" in window.errors[-1]
    assert not marker.exists()


def test_the_playground_refuses_a_poisoned_run(qtbot, window, poisoned):
    run, marker = poisoned
    window.session.open_run(str(run))
    tab = window.view(PlaygroundTab)
    tab.load()
    qtbot.waitUntil(lambda: bool(window.errors), timeout=20_000)
    assert "refused: it holds" in window.errors[-1]
    assert tab.run_label.text().startswith("Could not load the run: ")
    assert not marker.exists()
