"""The estimate under the settings: measured on a pool thread (the window's never probes),
shown for the chosen preset, older results dropped, and the time budget field."""

import threading

from studio.app.common.background import wait_for_background
from studio.app.setup import time_estimate
from studio.app.setup.setup_tabs import SetupTabs
from studio.core.catalogue import load_config

SMALL = [
    "model.n_layers=1",
    "model.d_model=32",
    "model.d_ff=64",
    "stages.warmup.steps=40",
    "stages.grpo.steps=20",
    "eval.size=8",
    "training.device=cpu",
]


def make_tabs(qtbot):
    tabs = SetupTabs(count_presets=False)
    qtbot.addWidget(tabs)
    tabs.show_config(load_config("quick_micro_gpt", SMALL))
    return tabs


def test_the_estimate_is_measured_off_the_window_thread_and_shown(qtbot, monkeypatch):
    threads = []
    real = time_estimate.estimate_config

    def watched(cfg, cancelled, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(cfg, cancelled, **kwargs)

    monkeypatch.setattr(time_estimate, "estimate_config", watched)
    tabs = make_tabs(qtbot)
    box = tabs.estimate
    box.estimate_now()
    assert "measuring" in box.text.text()  # the window goes on while it measures
    qtbot.waitUntil(lambda: box.result is not None, timeout=120_000)
    assert threads == [False]
    text = box.text.text()
    assert "on this machine" in text and "warm-up" in text  # the warm-up may end early
    assert box.result.prediction.stages[0].steps == 40


def test_a_result_of_older_settings_is_dropped(qtbot, monkeypatch):
    started = threading.Event()
    release = threading.Event()
    real = time_estimate.estimate_config

    def slow(cfg, cancelled, **kwargs):
        started.set()
        release.wait(60)
        return real(cfg, cancelled, **kwargs)

    monkeypatch.setattr(time_estimate, "estimate_config", slow)
    tabs = make_tabs(qtbot)
    box = tabs.estimate
    box.estimate_now()
    try:
        assert started.wait(30)
        old = box.generation
        tabs.form.set_value("stages.grpo.steps", 30)
        tabs.form.changed.emit()  # as a user's edit says: the settings change mid-measurement
        assert box.generation > old
    finally:
        release.set()
    assert wait_for_background(120_000)
    qtbot.wait(50)  # the relay delivers on this thread
    assert box.result is None  # stopped at its next step, or dropped when it came back


def test_the_time_budget_field_sets_the_run_setting(qtbot):
    tabs = make_tabs(qtbot)
    box = tabs.estimate
    box.budget.setText("20 min")
    box.budget.editingFinished.emit()
    assert tabs.form.config().run.time_budget == "20 min"
    tabs.show_config(load_config("quick_micro_gpt", [*SMALL, "run.time_budget=1h"]))
    assert box.budget.text() == "1h"


def test_bad_settings_say_the_estimate_waits_for_them(qtbot):
    tabs = make_tabs(qtbot)
    tabs.form.set_value("run.time_budget", "soon")
    tabs.estimate.estimate_now()
    assert "waits for valid settings" in tabs.estimate.text.text()
    assert "run.time_budget" in tabs.estimate.text.text()


def test_the_estimate_measures_the_plan_start_trains_by_and_shows_on_its_card(
    qtbot, monkeypatch, tmp_path
):
    measured = []

    def recorded(cfg, cancelled, **kwargs):
        measured.append(cfg)
        return real(cfg, cancelled, **kwargs)

    real = time_estimate.estimate_config
    monkeypatch.setattr(time_estimate, "estimate_config", recorded)
    tabs = SetupTabs(count_presets=False)
    qtbot.addWidget(tabs)
    tabs.show_config(load_config("own_text", SMALL))
    tabs.gallery.set_current("own_text")
    box, panel = tabs.estimate, tabs.data_panel
    data = tmp_path / "words.tsv"
    data.write_text("".join(f"wrod{i}\tword{i}\n" for i in range(60)), encoding="utf-8")
    before = box.generation
    panel.set_path(str(data))
    panel._emit_path()  # the File… button: the plan names the file, measured again
    assert box.generation > before
    with qtbot.waitSignal(panel.checked, timeout=60_000):
        panel.check()
    assert wait_for_background(60_000)
    box.estimate_now()
    qtbot.waitUntil(lambda: box.result is not None, timeout=120_000)
    cfg = measured[-1]
    assert cfg.data.path == str(data)
    fitted = panel.fitted_config(tabs.form.config())
    assert fitted is not None and cfg.model.max_len == fitted.model.max_len  # the check's fit
    assert cfg.training.threads == time_estimate.WINDOW_THREADS  # as the window's run trains
    card = tabs.gallery.cards["own_text"]
    assert card.duration.text() == box.headline(box.result)  # one answer, on the card too


def test_nothing_is_measured_while_a_run_trains(qtbot, monkeypatch):
    calls = []
    monkeypatch.setattr(time_estimate, "estimate_config", lambda *a, **k: calls.append(a))
    tabs = make_tabs(qtbot)
    tabs.set_running(True)
    tabs.form.set_value("stages.grpo.steps", 30)
    tabs.form.changed.emit()
    tabs.estimate.estimate_now()
    assert wait_for_background(10_000)
    assert calls == [] and "once the run ends" in tabs.estimate.text.text()
    assert not tabs.estimate.button.isEnabled()


def test_the_headline_names_the_stage_that_can_end_early(qtbot):
    """A grid world has no warm-up: its bound is GRPO's early end, not "the warm-up's"."""
    from studio.core.machine.time_budget import Pace, Prediction, StagePlan
    from studio.core.training.probes.time_probe import TimeEstimate

    def estimate(*stages: tuple[str, bool]) -> TimeEstimate:
        plans = [StagePlan(name, 100, 0.5, 0, 0.0, early) for name, early in stages]
        return TimeEstimate(Prediction(plans, 0, 0.0, 0, 0.0, 0.0), Pace(), 1.0)

    box = make_tabs(qtbot).estimate
    assert box.headline(estimate(("grpo", True))) == (
        "At most 50 s on this machine (GRPO can end early)"
    )
    assert box.headline(estimate(("warmup", True), ("grpo", False))) == (
        "At most 1.7 min on this machine (the warm-up can end early)"
    )
    assert box.headline(estimate(("warmup", True), ("grpo", True))) == (
        "At most 1.7 min on this machine (either stage can end early)"
    )
    assert box.headline(estimate(("warmup", False), ("grpo", False))) == (
        "About 1.7 min on this machine"
    )
