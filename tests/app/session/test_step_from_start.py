"""Step before Start with the real trainer: the run starts paused and takes exactly one step.

The real trainer evaluates a baseline before its first step; the step asked must be the
run's first step, not be spent on that evaluation."""

from studio.app.views.charts.panel import ChartPanel
from tests.helpers import WINDOW_RUN


def test_step_before_start_takes_exactly_one_real_step(qtbot, window, tmp_path):
    assert window.load_preset("micro_gpt", [*WINDOW_RUN, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.step()
    store = window.view(ChartPanel).store
    # the controller's "paused" and the charts' record are two queued calls: wait for both
    qtbot.waitUntil(
        lambda: window.session.controller.state == "paused" and "loss" in store.series,
        timeout=30_000,
    )
    loss = store.series["loss"]
    assert loss.steps == [1.0]
    qtbot.wait(1500)  # several steps' time of this tiny model: still one
    assert loss.steps == [1.0] and window.session.controller.state == "paused"
    assert window.errors == []
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=10_000)
