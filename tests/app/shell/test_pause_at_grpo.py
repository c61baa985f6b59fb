""" "Pause when GRPO starts": the Run menu's check (remembered) or a lesson's
ui.pause_at_grpo pauses a real quick run before its first GRPO step; Step then takes
exactly one GRPO step, and the Explain step tab explains it."""

from PySide6.QtCore import QSettings

from studio.app.shell.main_window import MainWindow
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.stage_strip import StageStrip
from studio.core.catalogue import load_config

# the quick Micro-GPT preset with a warm-up of 3 steps, so that GRPO starts within seconds
QUICK = [
    "stages.warmup.steps=3",
    "eval.size=20",
    "run.checkpoint_every=0",
    "training.threads=1",
]


def steps_of(window, key: str) -> list[float]:
    series = window.view(ChartPanel).store.series.get(key)
    return list(series.steps) if series is not None else []


def test_the_run_menus_check_is_remembered(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings=settings, count_presets=False)
    qtbot.addWidget(first)
    assert not first.pause_at_grpo_action.isChecked() and not first.session.pause_at_grpo
    first.pause_at_grpo_action.setChecked(True)
    assert first.session.pause_at_grpo
    again = MainWindow(settings=settings, count_presets=False)  # the next start
    qtbot.addWidget(again)
    assert again.pause_at_grpo_action.isChecked() and again.session.pause_at_grpo


def test_a_run_pauses_when_grpo_starts_and_step_takes_one_grpo_step(qtbot, window, tmp_path):
    window.pause_at_grpo_action.setChecked(True)
    assert window.load_preset("quick_micro_gpt", [*QUICK, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=60_000)
    # paused by the GRPO stage's start: the warm-up's 3 steps done, no GRPO step yet
    assert steps_of(window, "loss") == [1.0, 2.0, 3.0]
    assert steps_of(window, "reward/mean") == []
    control = window.session.controller.worker.control
    qtbot.waitUntil(lambda: control.paused, timeout=10_000)  # the trainer holds its turn
    qtbot.wait(800)
    assert steps_of(window, "loss") == [1.0, 2.0, 3.0]
    assert "GRPO starts: paused" in window.statusBar().currentMessage()
    assert window.controls.pause_action.text() == "Resume"
    strip = window.view(StageStrip)
    assert strip.boxes["grpo"].status.text() == "paused before its first step"
    planned = load_config("quick_micro_gpt").stages.grpo.steps + 3
    assert window.controls.progress.maximum() == planned  # the plan's end, before a step

    window.controls.step_action.trigger()  # one GRPO step
    qtbot.waitUntil(lambda: steps_of(window, "reward/mean") == [4.0], timeout=30_000)
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=5000)
    qtbot.wait(800)
    assert steps_of(window, "reward/mean") == [4.0]  # one step, then paused again

    panel = window.view(ExplainPanel)  # the Explain step tab explains that step
    assert panel.record is not None and panel.record["step"] == 4
    assert panel.record["stage"] == "grpo"
    panel.refresh()
    text = panel.body.toPlainText()
    assert "Step 4, group 1 of" in text
    assert panel.record["samples"][0]["prompt"] in text
    assert window.errors == []
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=20_000)


def test_a_lesson_asks_for_the_pause_itself(qtbot, window, tmp_path):
    assert not window.pause_at_grpo_action.isChecked()
    overrides = [*QUICK, "stages.warmup.steps=1", f"run.save_dir={tmp_path / 'runs'}"]
    assert window.load_preset("quick_micro_gpt", [*overrides, "ui.pause_at_grpo=true"])
    assert window.setup.read_config().ui.pause_at_grpo  # the settings form keeps it
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=60_000)
    assert steps_of(window, "loss") == [1.0] and steps_of(window, "reward/mean") == []
    assert "paused before its first step" in window.statusBar().currentMessage()
    window.controls.pause_action.trigger()  # Resume: GRPO trains on
    assert "paused" not in window.statusBar().currentMessage()  # it says the run trains
    window.controls.pause_action.trigger()  # Pause: the status bar says so, and the way on
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=30_000)
    assert window.statusBar().currentMessage().startswith("Paused — Resume trains on")
    window.controls.pause_action.trigger()
    qtbot.waitUntil(lambda: len(steps_of(window, "reward/mean")) >= 2, timeout=30_000)
    assert window.session.controller.state == "running"
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=20_000)


def test_the_lesson_option_is_a_setting_of_the_preset():
    assert not load_config("quick_micro_gpt").ui.pause_at_grpo
    assert load_config("quick_micro_gpt", ["ui.pause_at_grpo=true"]).ui.pause_at_grpo
