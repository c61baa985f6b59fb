"""A run stopped or killed at any moment resumes into the run it would have been: a stop
in the middle of an evaluation, a kill during the stage-end checkpoint, a step limit kept
by the run folder."""

import pytest

from studio.core.config.fields import ConfigError
from studio.core.files import RunError
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from tests.helpers import assert_same_run, tiny_config

TRACED = ("step", "eval", "stage")  # what a resumed run must not lose or repeat


def traced(run_dir):
    return [
        (r["kind"], r["step"], r.get("event"), r.get(f"eval/{r.get('metric')}"))
        for r in read_metrics(run_dir)
        if r["kind"] in TRACED
    ]


def test_a_stop_mid_evaluation_resumes_with_that_evaluation_and_its_early_stop(tmp_path):
    """Evaluations at steps 2 and 4; at 4 the warm-up stops early (no better accuracy in
    one evaluation). A stop in the middle of step 4's evaluation must not skip it."""
    cfg = tiny_config(
        "stages.warmup.steps=8",
        "stages.warmup.patience=1",
        "stages.warmup.lr=1e-9",  # the accuracy stays where it was: no evaluation is better
        "stages.grpo.steps=2",
        "eval.every=2",
    )
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()
    ends = [r for r in read_metrics(whole.run_dir) if r["kind"] == "stage" and r["event"] == "end"]
    assert ends[0]["step"] == 4 and "no better" in ends[0]["reason"]

    control = TrainerControl()
    first = Trainer(cfg, save_dir=tmp_path / "b", control=control)
    armed = []
    first.listeners.append(lambda r: r["kind"] == "step" and r["step"] == 4 and armed.append(1))

    def stop_here():
        if armed:  # the first pass after step 4's record: its evaluation's
            control.stop()
            control.hold()  # raises StopRequested, as the trainer's own hook would

    first.model.wte.register_forward_pre_hook(lambda *_: stop_here())
    assert first.run()["reason"] == "stopped"
    assert not [r for r in read_metrics(first.run_dir) if r["kind"] == "eval" and r["step"] == 4]

    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert_same_run(resumed, whole)
    assert traced(resumed.run_dir) == traced(whole.run_dir)


class Killed(BaseException):
    """Stands for a SIGKILL: nothing after it runs (the trainer's done record aside)."""


def test_a_kill_during_the_stage_end_checkpoint_repeats_no_record_on_resume(tmp_path):
    """Step 3 ends the warm-up: its periodic checkpoint is written, then the stage-end
    evaluation, the stage records, and the stage-end checkpoint, killed while written."""
    cfg = tiny_config("run.checkpoint_every=3", "eval.every=0")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    first = Trainer(cfg, save_dir=tmp_path / "b")
    real, saves = first.save_checkpoint, []

    def save_then_die():
        saves.append(first.pos.global_step)
        if len(saves) == 2:  # the stage-end one, at step 3 too
            raise Killed
        return real()

    first.save_checkpoint = save_then_die
    with pytest.raises(Killed):
        first.run()
    assert saves == [3, 3]
    assert [r for r in read_metrics(first.run_dir) if r["kind"] == "stage"]  # they were written

    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert traced(resumed.run_dir) == traced(whole.run_dir)
    assert_same_run(resumed, whole)


def test_a_step_limit_is_kept_by_the_run_folder_until_a_new_one_is_given(tmp_path):
    first = Trainer(tiny_config("run.max_steps=2"), save_dir=tmp_path)
    assert first.run() == {"kind": "done", "step": 2, "reason": "step limit"}
    run_dir = first.run_dir

    with pytest.raises(ConfigError, match=r"run.max_steps: the run is at step 2, its step limit"):
        Trainer(load_run_config(run_dir), resume_from=run_dir)
    assert read_metrics(run_dir)[-1]["kind"] == "done"  # nothing was written

    more = Trainer(load_run_config(run_dir, ["run.max_steps=4"]), resume_from=run_dir)
    assert more.run()["step"] == 4
    rest = Trainer(load_run_config(run_dir, ["run.max_steps=100"]), resume_from=run_dir)
    assert rest.run() == {"kind": "done", "step": 6, "reason": "finished"}
    with pytest.raises(RunError, match="finished all its stages at step 6; nothing is left"):
        Trainer(load_run_config(run_dir), resume_from=run_dir)


def test_a_run_killed_before_its_done_record_resumes_to_end(tmp_path):
    whole = Trainer(tiny_config(), save_dir=tmp_path)
    assert whole.run()["reason"] == "finished"
    run_dir = whole.run_dir
    metrics = run_dir / "metrics.jsonl"
    lines = metrics.read_text().splitlines(keepends=True)
    metrics.write_text("".join(lines[:-1]))  # killed after the last checkpoint, before done
    before = read_metrics(run_dir)

    resumed = Trainer(load_run_config(run_dir), resume_from=run_dir)
    assert resumed.run() == {"kind": "done", "step": 6, "reason": "finished"}
    after = read_metrics(run_dir)
    assert after[-1]["kind"] == "done" and after[-1]["reason"] == "finished"
    trained = [r for r in after if r["kind"] in ("step", "eval", "stage")]
    assert trained == [r for r in before if r["kind"] in ("step", "eval", "stage")]
    with pytest.raises(RunError, match="finished all its stages at step 6; nothing is left"):
        Trainer(load_run_config(run_dir), resume_from=run_dir)


def test_a_step_limit_below_one_is_refused_before_anything_is_written(tmp_path):
    trainer = Trainer(tiny_config(), save_dir=tmp_path)
    with pytest.raises(ConfigError, match="run.max_steps: must be at least 1, got 0"):
        trainer.run(max_steps=0)
    assert list(tmp_path.iterdir()) == []
