"""The Runs tab shows a run that another process is training as such, and refuses to
continue it."""

from tests.support.lock_holder import lock_held_elsewhere


def test_a_run_training_elsewhere_is_marked_and_not_continued(qtbot, window, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.yaml").write_text("name: elsewhere\n")
    (run / "metrics.jsonl").write_text('{"kind": "step", "step": 3, "total_steps": 9}\n')
    window.setup.runs.add_recent(str(run))
    with lock_held_elsewhere(run) as proc:
        window.setup.runs.refresh()
        window.setup.runs.select(str(run))
        item = window.setup.runs.list.currentItem()
        assert "training elsewhere" in item.text()
        assert f"Training now: process {proc.pid} on " in window.setup.runs.info.text()
        window.setup.runs.buttons["continue"].click()
        assert len(window.errors) == 1 and f"process {proc.pid} on " in window.errors[0]
        assert not window.session.controller.running
    window.setup.runs.refresh()  # its holder gone: an ordinary stopped run again
    assert "training" not in window.setup.runs.list.item(0).text()


def test_the_run_in_progress_is_listed_as_training_here(qtbot, window, tmp_path):
    from PySide6.QtCore import Qt

    from tests.helpers import WINDOW_RUN

    assert window.load_preset("micro_gpt", [*WINDOW_RUN, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.setup.runs.list.count() == 1, timeout=30_000)
    item = window.setup.runs.list.item(0)
    assert item.data(Qt.UserRole) == window.session.run_dir and "training here" in item.text()
    window.setup.runs.select(window.session.run_dir)
    window.setup.runs.buttons["continue"].click()  # not a second trainer on the same folder
    assert window.errors == ["Stop the current run first."]
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=20_000)
    assert "training" not in window.setup.runs.list.item(0).text()  # stopped: an ordinary run
