"""The trainer on the real arithmetic task with a tiny Micro-GPT: every stage runs, nothing
is lost on resume, and a NaN never reaches the weights."""

import math
import threading

import pytest
import torch

from studio.core.files import RunError
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from tests.helpers import assert_same_run, essentials, steps_of, tiny_config


def test_both_stages_run_and_every_record_reaches_listeners_and_the_file(tmp_path):
    seen = []
    trainer = Trainer(tiny_config(), save_dir=tmp_path, listeners=[seen.append])
    final = trainer.run()
    assert final == {"kind": "done", "step": 6, "reason": "finished"}
    steps = [r for r in seen if r["kind"] == "step"]
    assert [r["stage"] for r in steps] == ["warmup"] * 3 + ["grpo"] * 3
    grpo = steps[-1]
    for key in (
        "reward/mean",
        "reward/std",
        "reward/correct/mean",
        "grpo/zero_std_frac",
        "grpo/kl",
        "grpo/clip_low",
        "grpo/clip_high",
        "policy/entropy",
        "policy/completion_len",
        "time/rollout",
        "time/reward",
        "time/update",
        "perf/tokens_per_s",
        "memory/peak_mb",
        "optim/lr",
        "optim/grad_norm",
    ):
        assert isinstance(grpo[key], float) and math.isfinite(grpo[key]), key
    flow = grpo["grad_flow"]
    assert len(flow["layers"]) == len(flow["mean"]) == len(flow["max"]) > 4
    group = grpo["samples"][0]
    assert len(group["completions"]) == len(group["rewards"]) == len(group["advantages"]) == 4
    assert any(r["kind"] == "eval" for r in seen)
    assert read_metrics(trainer.run_dir) == seen  # the file holds exactly what was shown
    assert (trainer.run_dir / "checkpoints" / "grpo_start.pt").is_file()


def test_building_a_trainer_writes_nothing_until_the_run_starts(tmp_path):
    trainer = Trainer(
        tiny_config("stages.grpo.steps=0", "stages.warmup.steps=1"), save_dir=tmp_path
    )
    assert list(tmp_path.iterdir()) == [] and trainer.run_dir is None
    run_dir = trainer.start()
    assert run_dir.parent == tmp_path and trainer.run_dir == run_dir
    assert sorted(p.name for p in run_dir.iterdir()) == [
        "config.yaml",
        "data_report.txt",
        "task.json",
        "train.lock",  # the run holds its folder from here to its end
    ]
    assert trainer.start() == run_dir  # once
    trainer.run()
    assert list(tmp_path.iterdir()) == [run_dir] and not (run_dir / "train.lock").exists()
    assert latest_checkpoint(run_dir) is not None


def test_a_tiny_run_changes_every_trainable_parameter(tmp_path):
    trainer = Trainer(tiny_config("stages.grpo.steps=0"), save_dir=tmp_path)
    before = {n: p.detach().clone() for n, p in trainer.model.named_parameters()}
    trainer.run()
    unchanged = [
        n for n, p in trainer.model.named_parameters() if torch.equal(p.detach(), before[n])
    ]
    assert unchanged == []


def test_resumed_run_equals_an_uninterrupted_one(tmp_path):
    cfg = tiny_config("grpo.beta=0.04", "run.checkpoint_every=2")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    first = Trainer(cfg, save_dir=tmp_path / "b")
    assert first.run(max_steps=4)["reason"] == "step limit"  # as if killed after step 4
    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"

    assert_same_run(resumed, whole)


def test_a_resumed_plateau_schedule_equals_an_uninterrupted_one(tmp_path):
    """The eval history (best, evaluations since it) and the plateau's halvings resume."""
    cfg = tiny_config(
        "stages.warmup.steps=6",
        "stages.warmup.lr_schedule=plateau",
        "stages.warmup.plateau_patience=1",
        "stages.grpo.steps=0",
        "eval.every=1",
        "run.checkpoint_every=3",
    )
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()
    rates = [r["optim/lr"] for r in read_metrics(whole.run_dir) if r["kind"] == "step"]
    assert len(set(rates)) > 2  # the rate halved more than once

    first = Trainer(cfg, save_dir=tmp_path / "b")
    first.run(max_steps=3)
    resumed = Trainer(cfg, resume_from=first.run_dir)
    resumed.run()
    assert_same_run(resumed, whole)


def test_a_stage_that_fills_the_budget_decays_its_rate_before_its_patience_ends_it(tmp_path):
    """Patience run out at step 4 of 12 with the cosine still high: the rate decays to its
    floor by step 6, where the warm-up ends (the config says so, for a resume); a run
    resumed within the decay is the run never stopped."""
    settings = (
        "stages.warmup.steps=12",
        "stages.warmup.fills_budget=true",
        "stages.warmup.lr_schedule=cosine",
        "stages.warmup.patience=1",
        "stages.warmup.min_gain=1000",  # no evaluation after the first counts as a gain
        "stages.grpo.steps=2",
        "run.checkpoint_every=5",
    )
    cfg = tiny_config(*settings)  # a run's trainer writes its new end into its config
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()
    records = read_metrics(whole.run_dir)
    rates = [r["optim/lr"] for r in records if r["kind"] == "step" and r["stage"] == "warmup"]
    assert len(rates) == 6  # ended at the decay's end, not at step 4 nor 12
    peak = cfg.stages.warmup.lr
    assert rates[4] < rates[3] and rates[5] == pytest.approx(0.1 * peak)  # the floor
    logs = " ".join(r["message"] for r in records if r["kind"] == "log")
    assert "the rate now decays to its floor by step 6 of the stage, where it ends" in logs
    ends = [r for r in records if r["kind"] == "stage" and r.get("event") == "end"]
    assert ends[0]["reason"] == "all steps done"
    assert "steps: 6" in (whole.run_dir / "config.yaml").read_text("utf-8")

    first = Trainer(tiny_config(*settings), save_dir=tmp_path / "b")
    first.run(max_steps=5)  # within the decay
    resumed = Trainer(tiny_config(*settings), resume_from=first.run_dir)
    resumed.run()
    assert_same_run(resumed, whole)


def test_stop_from_another_thread_ends_the_run_within_a_second(tmp_path):
    control = TrainerControl()
    cfg = tiny_config("stages.warmup.steps=100000", "eval.every=0")
    trainer = Trainer(cfg, save_dir=tmp_path, control=control)
    result = {}
    thread = threading.Thread(target=lambda: result.update(trainer.run()))
    thread.start()
    threading.Event().wait(1.0)
    control.stop()
    thread.join(timeout=1.5)
    assert not thread.is_alive()
    assert result["reason"] == "stopped"
    assert latest_checkpoint(trainer.run_dir) is not None  # stopping saves


def call_on_forward(trainer, n, action):
    """Run `action` at the n-th pass through the token embedding from now (mid-step or
    mid-eval: sampling calls it once per token, not the model's forward)."""
    count = [0]

    def hook(*_):
        count[0] += 1
        if count[0] == n:
            action()

    trainer.model.wte.register_forward_pre_hook(hook)
    return count


def test_a_stop_mid_step_ends_at_the_last_finished_step_and_resumes_exactly(tmp_path):
    cfg = tiny_config("grpo.beta=0.04", "eval.every=0")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    control = TrainerControl()
    first = Trainer(cfg, save_dir=tmp_path / "b", control=control)
    stop_at_step_5 = []
    first.listeners.append(
        lambda r: r.get("step") == 4 and r["kind"] == "step" and stop_at_step_5.append(1)
    )
    calls = call_on_forward(first, 10**9, lambda: None)  # counts forwards
    first.model.wte.register_forward_pre_hook(
        lambda *_: control.stop() if stop_at_step_5 and calls[0] > 0 else None
    )
    assert first.run()["reason"] == "stopped"
    records = read_metrics(first.run_dir)
    assert max(r["step"] for r in records if r["kind"] == "step") == 4  # step 5 was cut short
    assert latest_checkpoint(first.run_dir).name.endswith("0000004.pt")

    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert_same_run(resumed, whole)


def test_a_pause_mid_evaluation_holds_there_until_resumed(tmp_path):
    cfg = tiny_config("stages.grpo.steps=0")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    control = TrainerControl()
    trainer = Trainer(cfg, save_dir=tmp_path / "b", control=control)
    calls = call_on_forward(trainer, 3, control.pause)  # the baseline evaluation's 3rd token
    result = {}
    thread = threading.Thread(target=lambda: result.update(trainer.run()))
    thread.start()
    threading.Event().wait(1.0)
    held = calls[0]
    threading.Event().wait(0.5)
    assert calls[0] == held == 3 and thread.is_alive()  # held before the 4th token
    control.resume()
    thread.join(timeout=30)
    assert result["reason"] == "finished"
    assert essentials(steps_of(trainer.run_dir)) == essentials(steps_of(whole.run_dir))


def test_a_non_finite_loss_skips_the_update_and_keeps_the_weights(tmp_path):
    trainer = Trainer(tiny_config("stages.warmup.steps=0"), save_dir=tmp_path)
    real = trainer.task.token_logprobs

    def overflowing(model, rollout, temperature):  # as an fp16 overflow would
        logp, entropy = real(model, rollout, temperature)
        return logp * float("nan"), entropy

    trainer.task.token_logprobs = overflowing
    before = {n: p.detach().clone() for n, p in trainer.model.named_parameters()}
    trainer.run()
    for name, p in trainer.model.named_parameters():
        assert torch.equal(p, before[name]), name
    records = read_metrics(trainer.run_dir)
    steps = [r for r in records if r["kind"] == "step"]
    assert steps[-1]["optim/skipped"] == 3
    warnings = [r for r in records if r["kind"] == "log" and r["level"] == "warning"]
    assert len(warnings) == 3 and "not finite" in warnings[0]["message"]


def test_the_curriculum_unlocks_a_level_when_the_grpo_reward_reaches_its_threshold(tmp_path):
    cfg = tiny_config(
        "curriculum.enabled=true",
        "curriculum.start_level=0",
        "curriculum.threshold=-1.0",  # any reward reaches it
        "curriculum.window=2",
    )
    trainer = Trainer(cfg, save_dir=tmp_path)
    assert trainer.task.num_levels > 1
    trainer.run()
    records = read_metrics(trainer.run_dir)
    levels = [
        r["curriculum/level"] for r in records if r["kind"] == "step" and r["stage"] == "grpo"
    ]
    assert levels == [0, 1, 1]  # a full window of two GRPO rewards; the warm-up's count for none
    unlocked = [
        r["message"] for r in records if r["kind"] == "log" and "curriculum" in r["message"]
    ]
    assert unlocked == ["curriculum: level 1 unlocked"]


def test_warmup_stops_early_at_the_target_metric(tmp_path):
    cfg = tiny_config("stages.warmup.steps=50", "stages.warmup.stop_at=0.0", "eval.every=2")
    trainer = Trainer(cfg, save_dir=tmp_path)
    trainer.run()
    ends = [
        r for r in read_metrics(trainer.run_dir) if r["kind"] == "stage" and r["event"] == "end"
    ]
    assert ends[0]["step"] == 2 and "reached accuracy" in ends[0]["reason"]


def test_a_trained_run_loads_back_for_eval(tmp_path):
    trainer = Trainer(tiny_config(), save_dir=tmp_path)
    trainer.run()
    cfg, task, model = load_trained(trainer.run_dir)
    for (name, a), (_, b) in zip(
        trainer.model.named_parameters(), model.named_parameters(), strict=True
    ):
        assert torch.equal(a, b), name
    assert "accuracy" in task.evaluate(model, split="test", limit=4)


def test_resuming_a_folder_that_is_not_a_run_is_a_clear_error(tmp_path):
    with pytest.raises(RunError, match="not a run folder"):
        Trainer(tiny_config(), resume_from=tmp_path)


def test_reference_model_follows_the_policy_when_synced(tmp_path):
    cfg = tiny_config("stages.warmup.steps=0", "grpo.beta=0.04", "grpo.ref_sync_steps=1")
    trainer = Trainer(cfg, save_dir=tmp_path)
    trainer.run()
    for (name, a), (_, b) in zip(
        trainer.model.named_parameters(), trainer.ref_model.named_parameters(), strict=True
    ):
        assert torch.equal(a, b), name


def test_without_sync_the_reference_stays_where_grpo_started(tmp_path):
    cfg = tiny_config("stages.warmup.steps=0", "grpo.beta=0.04")
    trainer = Trainer(cfg, save_dir=tmp_path)
    start = {n: p.detach().clone() for n, p in trainer.model.named_parameters()}
    trainer.run()
    for name, p in trainer.ref_model.named_parameters():
        assert torch.equal(p, start[name]), name
