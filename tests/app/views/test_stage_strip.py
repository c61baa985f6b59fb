"""The stage strip: the planned stages with their stopping rules, and where the run is."""

import pytest

from studio.app.views.stage_strip import StageStrip
from studio.core.catalogue import load_config
from tests.helpers import TINY_TRANSFORMER, step_record


def stage(name, event, step, reason=""):
    return {"kind": "stage", "stage": name, "step": step, "event": event, "reason": reason}


def test_the_strip_shows_each_planned_stage_with_its_stopping_rule(qtbot):
    strip = StageStrip()
    qtbot.addWidget(strip)
    strip.show_config(load_config("micro_gpt"))
    assert list(strip.boxes) == ["warmup", "grpo"]
    warm, grpo = strip.boxes["warmup"], strip.boxes["grpo"]
    assert "Supervised warm-up" in warm.title.text() and "GRPO" in grpo.title.text()
    assert warm.rule.text() == "up to 1000 steps · ends early at accuracy ≥ 30%"
    assert grpo.rule.text() == "up to 400 steps"
    strip.show_config(load_config("lite_resnet"))  # no warm-up: one stage
    assert list(strip.boxes) == ["grpo"]
    assert "ends early at success ≥ 95%" in strip.boxes["grpo"].rule.text()


def test_records_move_the_highlight_and_say_why_a_stage_ended(qtbot):
    strip = StageStrip()
    qtbot.addWidget(strip)
    strip.show_config(load_config("micro_gpt", ["stages.warmup.patience=3"]))
    warm, grpo = strip.boxes["warmup"], strip.boxes["grpo"]
    assert "or after 3 evaluations without a better accuracy" in warm.rule.text()
    strip.add_record(stage("warmup", "start", 0))
    assert warm.property("current") and not grpo.property("current")
    strip.add_record(step_record(40, stage="warmup") | {"stage_step": 40})
    assert warm.status.text() == "running · step 40"
    strip.add_record(stage("warmup", "end", 220, "reached accuracy 0.345 >= 0.3"))
    assert not warm.property("current")
    assert warm.status.text() == "ended at step 220: reached accuracy 0.345 >= 0.3"
    strip.add_record(stage("grpo", "start", 220))
    strip.add_record(step_record(221) | {"stage_step": 1})
    assert grpo.property("current") and grpo.status.text() == "running · step 1"
    strip.clear_run()
    assert warm.status.text() == grpo.status.text() == "not started"


def test_a_paused_run_says_paused_not_running(qtbot, window):
    strip = window.view(StageStrip)  # it hears the controller's state through the window
    strip.show_config(load_config("micro_gpt"))
    grpo = strip.boxes["grpo"]
    strip.set_run_state("paused")  # paused while it prepared, or by "Pause when GRPO starts"
    strip.add_record(stage("grpo", "start", 0))
    assert grpo.status.text() == "paused before its first step"
    strip.set_run_state("stepping")  # Step: one step under way
    assert grpo.status.text() == "running"
    strip.add_record(step_record(1) | {"stage_step": 1})
    strip.set_run_state("paused")
    assert grpo.status.text() == "paused at step 1"
    strip.set_run_state("stopping")  # as it was, until the done record says how it ended
    assert grpo.status.text() == "paused at step 1"
    strip.add_record({"kind": "done", "step": 1, "reason": "stopped"})
    assert grpo.status.text() == "stopped at step 1"
    window.session.controller.state_changed.emit("paused")  # the window wired it
    assert strip.paused


def test_a_stopped_run_whose_done_record_was_dropped_says_stopped(qtbot, window):
    strip = window.view(StageStrip)
    strip.show_config(load_config("micro_gpt"))
    grpo = strip.boxes["grpo"]
    strip.add_record(stage("grpo", "start", 0))
    strip.add_record(step_record(3) | {"stage_step": 3})
    assert grpo.status.text() == "running · step 3"
    # Stop, then the run released by `wait`: idle comes, its done record does not
    window.session.controller.state_changed.emit("stopping")
    window.session.controller.state_changed.emit("idle")
    assert grpo.status.text() == "stopped at step 3"  # as the toolbar says
    assert not grpo.property("current")
    strip.add_record({"kind": "done", "step": 3, "reason": "error"})  # a late done record
    assert grpo.status.text() == "failed at step 3"  # it says how, once it knows


def test_a_run_of_another_preset_opened_shows_its_own_plan(qtbot, window, tmp_path):
    from tests.helpers import stopped_run

    assert window.load_preset("tiny_transformer")
    strip = window.view(StageStrip)
    assert "chrF" in strip.boxes["warmup"].rule.text()
    run_dir = stopped_run(tmp_path / "runs", 1)  # a Micro-GPT run, stopped at step 1
    window.session.open_run(str(run_dir))
    rules = [box.rule.text() for box in strip.boxes.values()]
    assert rules == ["up to 1 steps · ends early at accuracy ≥ 30%", "up to 1 steps"]
    assert strip.boxes["warmup"].status.text() == "ended at step 1: all steps done"
    assert "running" not in " ".join(box.status.text() for box in strip.boxes.values())

    # a run whose settings cannot be read: the stages its records name, not the last plan
    assert window.load_preset("tiny_transformer")
    (run_dir / "config.yaml").write_text("model: [unclosed\n")
    window.session.open_run(str(run_dir))
    assert list(strip.boxes) == ["warmup", "grpo"]
    assert all("chrF" not in box.rule.text() for box in strip.boxes.values())
    assert strip.boxes["warmup"].rule.text() == "its settings could not be read"
    assert strip.boxes["warmup"].status.text() == "ended at step 1: all steps done"


def test_after_stop_the_stage_no_longer_says_running(qtbot):
    strip = StageStrip()
    qtbot.addWidget(strip)
    strip.show_config(load_config("micro_gpt"))
    strip.add_record(stage("warmup", "start", 0))
    strip.add_record(step_record(40, stage="warmup") | {"stage_step": 40})
    strip.add_record({"kind": "done", "step": 40, "reason": "stopped"})
    warm = strip.boxes["warmup"]
    assert warm.status.text() == "stopped at step 40" and not warm.property("current")
    assert strip.boxes["grpo"].status.text() == "not started"
    strip.add_record(step_record(41, stage="warmup") | {"stage_step": 41})  # resumed
    strip.add_record({"kind": "done", "step": 41, "reason": "error"})
    assert warm.status.text() == "failed at step 41"


def test_a_run_shown_with_its_fitted_config_is_drawn_by_that_plan(qtbot, tmp_path):
    strip = StageStrip()
    qtbot.addWidget(strip)
    strip.show_config(load_config("tiny_transformer"))  # the preset as the form holds it
    assert strip.boxes["warmup"].rule.text().startswith("up to 3000 steps · ends early at chrF")
    strip.add_record(stage("warmup", "start", 0))
    fitted = load_config(
        "tiny_transformer",
        ["stages.warmup.steps=6629", "stages.warmup.stop_at=null", "stages.warmup.patience=4"],
    )
    strip.show_run(str(tmp_path), fitted)
    warm = strip.boxes["warmup"]
    assert warm.rule.text() == "up to 6629 steps · or after 4 evaluations without a better chrF"
    assert warm.property("current") and warm.status.text() == "running"  # records replayed


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_run_started_on_the_users_file_shows_the_plan_its_trainer_fitted(qtbot, window, tmp_path):
    from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(1500, seed=1))
    tiny = [*TINY_TRANSFORMER, "training.threads=1"]
    save = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("tiny_transformer", [*tiny, f"data.path={data}", save])
    strip = window.view(StageStrip)
    assert "ends early at chrF ≥ 60" in strip.boxes["warmup"].rule.text()  # the demo's plan
    assert window.session.start(max_steps=1)
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=120_000)
    assert window.errors == []
    # the fit for the file: no stop_at, a patience of 4 evaluations, a cap of its own
    rule = strip.boxes["warmup"].rule.text()
    assert "ends early" not in rule and "or after 4 evaluations" in rule
    assert not rule.startswith("up to 3000 steps")


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's own words
def test_in_one_line_at_a_projectors_text_size_the_titles_stay_whole(qtbot):
    """Three steps larger text on a 1024-pixel screen (the projector's case): the stage
    names are read whole; the long status and the rule are the ones cut."""
    strip = StageStrip()
    qtbot.addWidget(strip)
    font = strip.font()
    font.setPointSizeF(font.pointSizeF() * 1.6)  # about three "Larger text" steps
    strip.setFont(font)
    strip.show_config(load_config("quick_micro_gpt"))
    strip.set_compact(True)
    warm, grpo = strip.boxes["warmup"], strip.boxes["grpo"]
    warm.status.setText("ended at step 230: reached accuracy ≥ 30%")
    grpo.status.setText("running · step 128")
    strip.resize(1000, strip.sizeHint().height())
    strip.show()
    qtbot.waitExposed(strip)
    for box in (warm, grpo):
        assert box.title.width() >= box.title.text_width(), box.title.text()
    assert warm.status.width() < warm.status.text_width()  # the status gives way instead
