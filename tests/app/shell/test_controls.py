"""The run toolbar: a steady ETA per stage, 'preparing' before the first record, and a
finished run that says it finished (and why) instead of an ETA."""

from itertools import pairwise

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QToolButton

from studio.app.shell.main_window import MainWindow
from studio.app.shell.run_toolbar import ControlBar
from studio.app.views.charts.panel import ChartPanel
from studio.core.machine.hardware import MemoryProbe
from studio.core.training.loop.control import TrainerControl
from tests.helpers import NoGpu, factory, make_window, step_record


def eta_seconds_shown(bar: ControlBar) -> int:
    """The ETA the toolbar shows, in seconds ('... · ETA 1:02:05' -> 3725)."""
    clock = bar.rate.text().rsplit("ETA ", 1)[1]
    seconds = 0
    for part in clock.split(":"):
        seconds = 60 * seconds + int(part)
    return seconds


def timed_step(step: int, seconds: float, stage: str, total: int = 1400) -> dict:
    return {
        **step_record(step, total=total, stage=stage),
        "time/step": seconds,
        "perf/steps_per_s": 1 / seconds,
    }


def stage(name: str, step: int, event: str, reason: str) -> dict:
    return {"kind": "stage", "stage": name, "step": step, "event": event, "reason": reason}


def test_the_eta_follows_the_stages_pace_not_the_last_step(qtbot):
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    shown = []
    for step in range(1, 101):  # a busy machine: steps of 0.05 s and 3 s, alternately
        bar.show_step(timed_step(step, 0.05 if step % 2 else 3.0, "warmup"))
        shown.append(eta_seconds_shown(bar))
    # The last step's speed alone swung the ETA between about a minute and an hour.
    settled = shown[19:]
    assert all(abs(b - a) < 0.1 * a for a, b in pairwise(settled))
    assert abs(shown[-1] - 1300 * 1.525) < 0.1 * 1300 * 1.525  # the stage's mean pace
    # GRPO steps cost far more: the estimate follows the new stage at once.
    bar.show_step(timed_step(101, 10.0, "grpo"))
    assert eta_seconds_shown(bar) == 1299 * 10
    assert bar.rate.text().startswith("0.10 steps/s")


def test_before_the_first_record_the_bar_says_the_run_is_preparing(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, fake={"steps": 30, "delay": 0.01})
    bar = window.controls
    assert window.session.start()
    # the worker's records are queued: none has been handled yet
    assert bar.rate.text() == "preparing (loading data, building the model)…"
    assert bar.progress.text() == "preparing…"
    qtbot.waitUntil(
        lambda: window.view(ChartPanel).store.series.get("loss") is not None, timeout=3000
    )
    assert "preparing" not in bar.rate.text() + bar.progress.text()
    qtbot.waitUntil(lambda: bar.state == "idle", timeout=5000)
    # the fake run ends "finished": the window handed the done record to the toolbar
    assert bar.progress.text() == "finished at step 30"
    assert "ETA" not in bar.rate.text()
    assert window.session.controller.wait(5000)


def test_a_finished_run_whose_warm_up_stopped_early_says_so_with_no_eta(qtbot):
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    records = [stage("warmup", 0, "start", "1000 steps")]
    records += [timed_step(s, 0.5, "warmup") for s in range(1, 201)]
    records += [stage("warmup", 200, "end", "reached accuracy 0.950 >= 0.9")]
    records += [stage("grpo", 200, "start", "400 steps")]
    records += [timed_step(s, 2.0, "grpo") for s in range(201, 801)]
    records += [stage("grpo", 800, "end", "all steps done")]
    for record in records:
        bar.show_record(record)
    assert bar.progress.text() == "800 / 1400 steps" and "ETA" in bar.rate.text()
    bar.show_record({"kind": "done", "step": 800, "reason": "finished"})
    bar.set_state("idle")
    assert bar.progress.text() == "finished at step 800"
    assert bar.progress.value() == bar.progress.maximum()
    assert bar.rate.text() == "warm-up ended early: reached accuracy 0.950 >= 0.9"


def test_a_stopped_run_says_where_it_stopped_once_it_has(qtbot):
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    for s in range(1, 11):
        bar.show_record(timed_step(s, 0.1, "grpo", total=50))
    bar.set_state("stopping")
    assert bar.rate.text() == "stopping — writing a checkpoint…"
    bar.show_record({"kind": "done", "step": 10, "reason": "stopped"})
    bar.set_state("idle")
    assert bar.progress.text() == "stopped at step 10 of 50"
    assert bar.rate.text() == "a checkpoint was written"
    # the run resumed: preparing again, then the new steps with an ETA
    bar.set_state("running")
    assert bar.rate.text().startswith("preparing")
    bar.show_record(timed_step(11, 0.1, "grpo", total=50))
    assert bar.progress.text() == "11 / 50 steps" and "ETA 0:04" in bar.rate.text()


def test_a_run_that_ended_without_its_last_record_does_not_stay_stopping(qtbot):
    """A run released by the controller's wait drops its queued last records: the bar
    said "stopping — writing a checkpoint…" for good (seen in the screenshot script)."""
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    bar.show_record(timed_step(1, 0.1, "grpo", total=50))
    bar.set_state("stopping")
    bar.set_state("idle")
    assert bar.progress.text() == "stopped at step 1 of 50" and bar.rate.text() == ""


def shown_window(qtbot, tmp_path):
    """The real window on throwaway settings, shown, its first-run tour closed."""
    window = MainWindow(
        settings=QSettings(str(tmp_path / "studio.ini"), QSettings.IniFormat),
        probe=MemoryProbe(NoGpu()),
        control_factory=TrainerControl,
        count_presets=False,
    )
    qtbot.addWidget(window)
    window.show()
    window.tour.close(forever=False)
    return window


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_progress_bar_keeps_room_for_its_words_in_a_narrow_window(qtbot, tmp_path):
    """At 1024x700 the bar said "pped at step 8 of" (seen in the Data tab's picture)."""
    window = shown_window(qtbot, tmp_path)
    window.resize(1024, 700)
    bar = window.controls
    qtbot.waitUntil(lambda: bar.width() == window.width() == 1024)
    bar.set_state("running")
    bar.show_record(timed_step(8, 0.1, "grpo", total=600))
    bar.set_state("stopping")
    bar.show_record({"kind": "done", "step": 8, "reason": "stopped"})
    bar.set_state("idle")
    qtbot.wait(50)  # the toolbar lays out
    text = bar.progress.text()
    assert text == "stopped at step 8 of 600"
    assert bar.progress.width() >= bar.progress.fontMetrics().horizontalAdvance(text)


@pytest.mark.qt_log_ignore("propagateSizeHints")
@pytest.mark.parametrize(
    ("size", "gauge_shown"),
    [
        ((1024, 768), True),  # a classroom projector
        ((1024, 700), True),
        ((960, 600), True),  # 1440x900 at a 1.5 scale factor
        ((853, 533), True),  # 1280x800 at 1.5
        ((0, 500), False),  # as narrow as the window goes
    ],
)
def test_the_toolbar_keeps_its_controls_on_a_narrow_screen(qtbot, tmp_path, size, gauge_shown):
    window = shown_window(qtbot, tmp_path)
    window.resize(*size)
    bar = window.controls
    qtbot.waitUntil(lambda: window.width() == max(size[0], window.minimumWidth()))
    qtbot.waitUntil(lambda: bar.width() == window.width())
    for state in ("paused", "running"):  # a short status line, then the longest one
        bar.set_state(state)
        qtbot.wait(50)  # the toolbar lays out
        controls = [bar.widgetForAction(a) for a in bar.actions() if not a.isSeparator()]
        controls += [bar.progress, bar.rate]
        if window.width() >= 853:
            controls.append(window.session.exporter.button)
        if gauge_shown:
            controls.append(window.gauge)
        for widget in controls:
            assert widget.isVisible(), widget
            right = widget.mapTo(bar, widget.rect().topRight()).x()
            assert right < bar.width(), widget  # inside the toolbar, not cut at its end
        assert bar.rate.width() >= min(40, bar.rate.fontMetrics().horizontalAdvance("paused"))
        assert all(
            not button.isVisible()
            for button in bar.findChildren(QToolButton)
            if button.objectName() == "qt_toolbar_ext_button"
        )
    assert bar.rate.toolTip() == bar.rate.text()  # cut short on screen, whole in its tooltip


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_with_larger_text_the_rate_is_whole_while_the_gauges_bar_gives_way(qtbot, tmp_path):
    # Presentation mode at 1280x800 read "2.01 step…" beside a full-width gauge bar.
    window = shown_window(qtbot, tmp_path)
    window.resize(1280, 800)
    bar = window.controls
    qtbot.waitUntil(lambda: bar.width() == window.width() == 1280)
    try:
        window.presentation.zoom(3)
        window.setup_dock.hide()
        window.docks["log"].hide()
        bar.rate.setText("1.81 steps/s · ETA 5:12")
        qtbot.wait(50)  # the toolbar lays out
        assert bar.rate.width() >= bar.rate.fontMetrics().horizontalAdvance(bar.rate.text())
        assert window.gauge.isVisible() and window.gauge.label.width() > 0
        assert window.gauge.bar.width() < window.gauge.bar.maximumWidth()
    finally:
        window.presentation.reset_zoom()  # the font is the application's, for every test


def fake_window(qtbot, tmp_path, built: list, **fake) -> MainWindow:
    """The window on the fake trainer; each run's config lands in `built`."""

    def make_factory(cfg, save_dir, resume_from):
        built.append(cfg)
        return factory(**fake)

    window = MainWindow(
        settings=QSettings(str(tmp_path / "studio.ini"), QSettings.IniFormat),
        probe=MemoryProbe(NoGpu()),
        make_factory=make_factory,
        control_factory=TrainerControl,
        count_presets=False,
    )
    qtbot.addWidget(window)
    return window


def test_step_before_start_starts_paused_and_takes_exactly_one_step(qtbot, tmp_path):
    window = fake_window(qtbot, tmp_path, [], steps=50, delay=0.3)
    bar = window.controls
    assert bar.step_action.isEnabled()  # before any run
    bar.step_action.trigger()
    assert window.session.controller.running and bar.state == "stepping"
    assert bar.rate.text() == "preparing, then taking one step…"
    assert bar.pause_action.text() == "Resume" and not bar.step_action.isEnabled()
    qtbot.waitUntil(lambda: bar.rate.text() == "taking one step…", timeout=2000)  # under way
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=3000)
    assert (
        window.view(ChartPanel).store.series["loss"].steps == [1.0] and bar.rate.text() == "paused"
    )
    qtbot.wait(700)  # two steps' time: nothing more
    assert window.view(ChartPanel).store.series["loss"].steps == [1.0]
    assert bar.progress.text() == "1 / 50 steps" and bar.step_action.isEnabled()
    bar.step_action.trigger()  # and Step again: one more
    assert bar.rate.text() == "taking one step…"
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=3000)
    qtbot.wait(400)
    assert window.view(ChartPanel).store.series["loss"].steps == [1.0, 2.0]
    bar.stop_action.trigger()
    assert window.session.controller.wait(5000)


def test_reset_asks_then_starts_again_from_step_0_with_the_same_settings(
    qtbot, tmp_path, monkeypatch
):
    from studio.app.common import dialogs

    asked = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda p, t, q: asked.append(q) or True)
    built: list = []
    window = fake_window(qtbot, tmp_path, built, steps=10_000, delay=0.002)
    bar = window.controls
    assert not bar.restart_action.isEnabled()  # nothing to start again yet
    window.setup.form.set_value("training.seed", 7)
    assert window.session.start()
    qtbot.waitUntil(
        lambda: len(window.view(ChartPanel).store.series.get("loss", [])) > 20, timeout=3000
    )
    assert bar.restart_action.isEnabled()
    window.setup.form.set_value(
        "training.seed", 8
    )  # edited for the next run: Reset keeps the run's
    bar.restart_action.trigger()
    assert len(asked) == 1 and "has not finished" in asked[0]
    qtbot.waitUntil(lambda: len(built) == 2, timeout=5000)
    assert built[1].training.seed == 7 and built[1] == built[0]
    qtbot.waitUntil(
        lambda: len(window.view(ChartPanel).store.series.get("loss", [])) > 0, timeout=3000
    )
    assert (
        window.view(ChartPanel).store.series["loss"].steps[0] == 1.0
    )  # step 0 again, not continued
    assert window.session.controller.state == "running"
    bar.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)
    bar.restart_action.trigger()  # a stopped run starts again without asking or continuing
    assert len(asked) == 1 and len(built) == 3 and window.session.controller.running
    window.session.controller.stop()
    assert window.session.controller.wait(5000)


def test_before_a_run_the_bar_says_not_started_not_a_made_up_step_count(qtbot):
    bar = ControlBar()
    qtbot.addWidget(bar)
    assert bar.progress.text() == "not started"
    bar.set_state("running")
    bar.show_record(timed_step(1, 0.5, "warmup"))
    assert bar.progress.text().endswith(" steps") and bar.progress.text() != "not started"
    bar.set_state("idle")
    bar.reset()
    assert bar.progress.text() == "not started"


def test_after_a_warm_up_ends_early_its_unrun_steps_leave_the_eta_and_the_bar(qtbot):
    # translation: up to 3000 warm-up steps, then 400 GRPO; the warm-up ended at 800
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    bar.show_step(timed_step(800, 0.2, "warmup", total=3400) | {"steps_left": 2600})
    bar.show_record(stage("warmup", 800, "end", "reached chrF 61.0 >= 60"))
    bar.show_step(timed_step(801, 2.0, "grpo", total=3400) | {"steps_left": 399})
    assert eta_seconds_shown(bar) == 399 * 2  # not (3400 - 801) steps of 2 s
    assert (bar.progress.value(), bar.progress.maximum()) == (801, 1200)


def test_a_run_paused_before_its_first_step_says_so_not_preparing(qtbot):
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    bar.set_state("paused")  # Pause pressed while the run prepares
    assert bar.rate.text() == "paused"  # one short word: the gauge keeps its room
    assert bar.rate.toolTip() == "paused: preparing, then waiting before the first step"
    bar.show_record(stage("grpo", 0, "start", "300 steps") | {"steps_left": 300})
    assert bar.rate.text() == "paused"  # not "starting GRPO…"
    assert bar.rate.toolTip() == "paused before its first step"
    assert bar.progress.text() == "0 / 300 steps"  # not "preparing…"
    bar.set_state("running")  # Resume
    assert bar.rate.text() == "starting GRPO…"


def test_when_grpo_starts_the_bar_ends_where_the_shortened_plan_does(qtbot):
    # a lesson: up to 1000 warm-up steps, ended early at 610; 200 GRPO steps; paused there
    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    bar.show_step(timed_step(610, 0.2, "warmup", total=1200) | {"steps_left": 590})
    bar.show_record(stage("warmup", 610, "end", "reached accuracy 0.4 >= 0.3"))
    bar.set_state("paused")
    bar.show_record(stage("grpo", 610, "start", "200 steps") | {"steps_left": 200})
    assert (bar.progress.value(), bar.progress.maximum()) == (610, 810)  # not 1,200
    assert bar.rate.text() == "paused"
