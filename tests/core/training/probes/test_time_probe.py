"""How long a run will take: the time budget's parsing, the prediction's parts, the plan
that fits a budget (leaving the user's steps alone), the probe on a real tiny run (no
state left behind), and the trainer ending at the budget."""

import random
import time

import numpy as np
import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.budgets import parse_time_budget
from studio.core.config.fields import ConfigError
from studio.core.machine.time_budget import (
    MIN_STEPS,
    Pace,
    evaluations,
    fit_time_budget,
    format_minutes,
    predict,
)
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks import build_task
from studio.core.training.loop.trainer import TIME_BUDGET_REACHED, Trainer
from studio.core.training.probes import time_probe
from studio.core.training.probes.time_probe import ProbeCancelled, estimate_config, estimate_run
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT, ONE_THREAD, set_args

TINY = [
    *MICRO_GPT,
    ARITHMETIC_LEN,
    "stages.warmup.steps=12",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=6",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.size=8",
    "eval.every=4",
    "run.checkpoint_every=5",
    *ONE_THREAD,
]


def tiny_config(*extra):
    return load_config("micro_gpt", [*TINY, *extra])


# ---- the setting


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("", None),
        ("  ", None),
        ("30 min", 1800.0),
        ("1h", 3600.0),
        ("1h30m", 5400.0),
        ("1h 30 min", 5400.0),
        ("1.5 hours", 5400.0),
        ("90s", 90.0),
        ("90", 90.0),
        ("2.5", 2.5),
    ],
)
def test_a_time_budget_reads_as_seconds(text, seconds):
    assert parse_time_budget(text) == seconds


@pytest.mark.parametrize("text", ["soon", "1 30", "-5min", "inf", "30 lightyears", "1e3", "h"])
def test_a_time_budget_that_is_no_duration_is_refused_naming_the_forms(text):
    with pytest.raises(ConfigError, match=r'run\.time_budget: ".*" is not a duration.*30 min'):
        parse_time_budget(text)


def test_a_budget_of_no_time_is_refused():
    with pytest.raises(ConfigError, match=r'"0 min" is no time at all'):
        parse_time_budget("0 min")


def test_a_config_with_a_bad_budget_is_refused_when_loaded():
    with pytest.raises(ConfigError, match=r"run\.time_budget"):
        load_config("micro_gpt", ["run.time_budget=soon"])
    assert load_config("micro_gpt", ["run.time_budget=90"]).run.time_budget == "90"


def test_a_budget_left_empty_is_none_and_one_too_short_for_a_step_is_refused(tmp_path):
    from studio.core.config.budgets import MIN_TIME_BUDGET

    preset = tmp_path / "empty budget.yaml"
    preset.write_text("run:\n  time_budget:\n", encoding="utf-8")  # YAML's null
    cfg = load_config(str(preset))
    assert cfg.run.time_budget == "" and parse_time_budget(cfg.run.time_budget) is None
    with pytest.raises(ConfigError, match=r'"0\.0000001s" is less than the least budget, 30 s'):
        load_config("micro_gpt", ["run.time_budget=0.0000001s"])
    assert load_config("micro_gpt", [f"run.time_budget={MIN_TIME_BUDGET:g}s"]).run.time_budget


def test_durations_read_as_a_person_reads_them():
    assert format_minutes(40) == "40 s"
    assert format_minutes(150) == "2.5 min"
    assert format_minutes(12 * 60 + 10) == "12 min"
    assert format_minutes(3600 + 5 * 60) == "1 h 05 min"


# ---- the prediction


PACE = Pace(warmup_step=0.1, grpo_step=1.0, evaluation=2.0, checkpoint=0.5, snapshot=0.01)


def test_evaluations_are_counted_as_the_trainer_makes_them():
    # baseline + one at 4 and 8 (not at 12, the last step, which the end covers) + the end
    assert evaluations(12, 4, baseline=True) == 4
    assert evaluations(6, 4, baseline=False) == 2  # at 4, then the end
    assert evaluations(6, 0, baseline=True) == 2  # eval.every 0: the stage's ends only
    assert evaluations(0, 4, baseline=True) == 0


def test_the_prediction_adds_up_steps_at_their_pace_evaluations_and_checkpoints():
    cfg = tiny_config()
    pred = predict(cfg, PACE)
    warm, grpo = pred.stages
    assert (warm.name, warm.steps, grpo.name, grpo.steps) == ("warmup", 12, "grpo", 6)
    assert warm.steps_seconds == pytest.approx(12 * 0.1)
    assert grpo.steps_seconds == pytest.approx(6 * 1.0)
    assert (warm.evaluations, grpo.evaluations) == (4, 2)
    assert pred.checkpoints == 18 // 5 + 2  # every 5 steps, and at each stage's end
    assert pred.snapshots == 18 // 10 + 1  # run.probe_every 10, and one before the first
    parts = (
        warm.seconds + grpo.seconds + pred.checkpoints * 0.5 + pred.snapshots * 0.01 + PACE.start
    )
    assert pred.total == pytest.approx(parts)
    assert not pred.at_most
    assert predict(tiny_config("stages.warmup.patience=2"), PACE).at_most


# ---- fitting a budget


def test_a_budget_shortens_both_stages_to_fit_and_says_what_it_cut():
    cfg = load_config("micro_gpt", ["stages.warmup.steps=1000", "stages.grpo.steps=400"])
    cfg.user_set = []  # as a shipped preset's: the studio's to fit
    before = predict(cfg, PACE).total
    fit = fit_time_budget(cfg, before / 3, PACE)
    assert fit.fits and fit.after <= before / 3 < fit.before
    (w_old, w_new), (g_old, g_new) = fit.changes.values()
    assert (w_old, g_old) == (1000, 400)
    assert MIN_STEPS <= w_new < 1000 and MIN_STEPS <= g_new < 400
    assert w_new / w_old == pytest.approx(g_new / g_old, abs=0.01)  # one common factor
    fit.apply(cfg)
    assert (cfg.stages.warmup.steps, cfg.stages.grpo.steps) == (w_new, g_new)
    text = fit.text()
    assert "does not fit" in text and "stages.warmup.steps: 1,000 ->" in text


def test_a_stage_that_fills_the_budget_gets_the_time_the_others_leave():
    """A data fit's warm-up with a cap (stages.warmup.fills_budget) is shortened alone;
    GRPO keeps its steps, and gives way too only once the warm-up is at its least."""
    cfg = load_config(
        "micro_gpt",
        ["stages.warmup.steps=20000", "stages.grpo.steps=300", "stages.warmup.fills_budget=true"],
    )
    cfg.user_set = []
    grpo_alone = predict(cfg, PACE, {"warmup": MIN_STEPS, "grpo": 300}).total
    fit = fit_time_budget(cfg, grpo_alone + 100.0, PACE)
    assert fit.fits and set(fit.changes) == {"stages.warmup.steps"}
    # the plan, said as one: the cap is not a misfit
    assert fit.text().startswith("time budget 7.2 min: warmup fills what the other stages")
    assert "does not fit" not in fit.text() and "estimate now 7.2 min" in fit.text()
    warmup = fit.changes["stages.warmup.steps"][1]
    assert MIN_STEPS < warmup < 20000 and fit.after == pytest.approx(grpo_alone + 100.0, abs=2.0)
    squeezed = fit_time_budget(cfg, grpo_alone / 2, PACE)  # not even GRPO fits whole
    assert squeezed.changes["stages.warmup.steps"][1] == MIN_STEPS
    assert MIN_STEPS <= squeezed.changes["stages.grpo.steps"][1] < 300


def test_a_stage_with_a_share_of_the_budget_is_shortened_to_it_first():
    """GRPO's share (stages.grpo.budget_share) holds its time to a fifth of the budget; the
    warm-up that fills the budget gets the rest; the user's GRPO steps stay as set."""
    overrides = ["stages.warmup.steps=20000", "stages.grpo.steps=2000"]
    cfg = load_config("micro_gpt", [*overrides, "stages.warmup.fills_budget=true"])
    cfg.stages.grpo.budget_share, cfg.user_set = 0.2, []
    budget = predict(cfg, PACE, {"warmup": 500, "grpo": 2000}).total
    fit = fit_time_budget(cfg, budget, PACE)
    warmup, grpo = (fit.changes[f"stages.{n}.steps"][1] for n in ("warmup", "grpo"))
    stages = {p.name: p for p in predict(cfg, PACE, {"warmup": warmup, "grpo": grpo}).stages}
    assert stages["grpo"].seconds <= 0.2 * budget < predict(cfg, PACE, {"grpo": grpo + 1}).total
    assert warmup > 500 and fit.fits and fit.after == pytest.approx(budget, abs=2.0)
    # no share: the warm-up gives way first, GRPO keeps its 2,000 steps
    cfg.stages.grpo.budget_share = 0.0
    assert "stages.grpo.steps" not in fit_time_budget(cfg, budget, PACE).changes
    # the user's steps: kept, the share notwithstanding
    cfg.stages.grpo.budget_share, cfg.user_set = 0.2, ["stages.grpo.steps"]
    kept = fit_time_budget(cfg, budget, PACE)
    assert "stages.grpo.steps" not in kept.changes
    assert kept.changes["stages.warmup.steps"][1] == pytest.approx(500, abs=2)  # what GRPO leaves


def test_a_budget_the_run_fits_changes_nothing():
    cfg = tiny_config()
    fit = fit_time_budget(cfg, 10 * predict(cfg, PACE).total, PACE)
    assert fit.fits and not fit.changes and "fits; nothing changed" in fit.text()


def test_the_steps_the_user_set_stay_as_set_and_the_report_says_so():
    # stages.warmup.steps is given on the command line: the user's
    cfg = load_config("micro_gpt", ["stages.warmup.steps=1000", "stages.grpo.steps=400"])
    cfg.user_set = ["stages.warmup.steps"]
    fit = fit_time_budget(cfg, 60.0, PACE)
    assert "stages.warmup.steps" not in fit.changes
    assert fit.changes["stages.grpo.steps"][1] == MIN_STEPS  # all it could cut
    assert not fit.fits
    assert "stages.warmup.steps: kept at 1,000, you set it" in fit.text()


def test_a_shipped_presets_steps_are_the_budgets_to_fit():
    cfg = load_config("micro_gpt")
    assert not cfg.user_set
    fit = fit_time_budget(cfg, 60.0, PACE)
    assert set(fit.changes) == {"stages.warmup.steps", "stages.grpo.steps"}


def test_a_shortened_stage_never_keeps_more_lr_warm_up_than_steps():
    cfg = load_config("micro_gpt", ["stages.grpo.lr_warmup_steps=50"])
    cfg.user_set = []
    fit = fit_time_budget(cfg, 30.0, PACE)
    fit.apply(cfg)
    assert cfg.stages.grpo.lr_warmup_steps <= cfg.stages.grpo.steps


# ---- the probe on a real run


def test_the_estimate_of_a_tiny_run_is_within_a_sane_factor_of_its_real_time(tmp_path):
    cfg = tiny_config()
    task = build_task(cfg)
    estimate = estimate_run(cfg, task, torch.device("cpu"), probe_in_run=False)
    pred = estimate.prediction
    assert [s.steps for s in pred.stages] == [12, 6]
    assert estimate.seconds == pytest.approx(
        sum(s.steps * s.seconds_per_step + s.eval_seconds for s in pred.stages)
        + pred.checkpoints * pred.checkpoint_seconds
        + pred.snapshots * pred.snapshot_seconds
        + pred.start_seconds
    )
    assert all(s.seconds_per_step > 0 for s in pred.stages) and pred.stages[0].evaluations == 4
    started = time.perf_counter()
    Trainer(cfg, save_dir=tmp_path).run()
    real = time.perf_counter() - started
    # generous: a shared machine's load moves both; the point is the same order of size
    assert real / 20 < estimate.seconds < real * 20
    assert "on this machine" in estimate.line()


def test_the_probe_leaves_no_state_behind(tmp_path):
    cfg = tiny_config()
    task = build_task(cfg)
    random.seed(5)
    np.random.seed(5)
    torch.manual_seed(5)
    threads = torch.get_num_threads()
    before = (random.random(), np.random.rand(), torch.rand(1).item())
    random.seed(5)
    np.random.seed(5)
    torch.manual_seed(5)
    estimate_run(cfg, task, torch.device("cpu"))
    after = (random.random(), np.random.rand(), torch.rand(1).item())
    assert before == after
    assert torch.get_num_threads() == threads
    assert list(tmp_path.iterdir()) == []


def test_a_run_with_a_budget_it_fits_trains_on_the_same_numbers_as_one_without(tmp_path):
    plain = Trainer(tiny_config(), save_dir=tmp_path / "a")
    plain.run()
    timed = Trainer(tiny_config("run.time_budget=1h"), save_dir=tmp_path / "b")
    assert timed.time_estimate is not None and not timed.time_estimate.fit.changes
    timed.run()
    for p, q in zip(plain.model.parameters(), timed.model.parameters(), strict=True):
        assert torch.equal(p, q)


def test_a_cancelled_probe_stops_between_steps():
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(ProbeCancelled):
        estimate_config(tiny_config(), cancelled)


def test_the_probe_is_bounded_by_its_steps(monkeypatch):
    monkeypatch.setattr(time_probe, "PROBE_STEPS", {"warmup": 2, "grpo": 2})
    cfg = tiny_config("stages.warmup.steps=1000")
    estimate = estimate_config(cfg)
    assert estimate.prediction.stages[0].steps == 1000
    assert "warm-up" in estimate.report() and "measured in" in estimate.report()


# ---- the trainer at the budget


def test_the_trainer_ends_the_run_cleanly_when_the_budget_runs_out(tmp_path):
    cfg = tiny_config("run.time_budget=1h")
    trainer = Trainer(cfg, save_dir=tmp_path)

    def at_step_3(record):  # as if the hour had passed after the third step
        if record.get("kind") == "step" and record["step"] == 3:
            trainer._clock = time.perf_counter() - 3601

    trainer.listeners.append(at_step_3)
    final = trainer.run()
    assert (final["reason"], final["step"]) == (TIME_BUDGET_REACHED, 3)
    records = read_metrics(trainer.run_dir)
    ends = [r for r in records if r["kind"] == "stage" and r.get("event") == "end"]
    assert [(r["stage"], r["reason"]) for r in ends] == [("warmup", TIME_BUDGET_REACHED)]
    assert not any(r["kind"] == "stage" and r["stage"] == "grpo" for r in records)
    fitted = [r for r in records if "time_fit" in r]
    assert fitted and fitted[0]["time_fit"]["budget_s"] == 3600
    assert (trainer.run_dir / "checkpoints").is_dir()


def test_a_warm_up_that_fills_the_budget_is_planned_again_from_its_own_pace(tmp_path, monkeypatch):
    """The measurement before the first step read a machine 50x slower than the steps
    turn out (another run starting beside it): the fit planned a short warm-up; at its
    first evaluation it is planned again from its own pace, up to its cap, once."""
    slow = Pace(warmup_step=1.0, grpo_step=1.0, evaluation=0.5, checkpoint=0.01)
    monkeypatch.setattr(time_probe, "measure_pace", lambda *a, **k: (slow, 0.1))
    cfg = tiny_config("stages.warmup.steps=60", "stages.warmup.fills_budget=true")
    cfg.run.time_budget, cfg.user_set = "40s", []  # the cap and the budget: the fit's
    trainer = Trainer(cfg, save_dir=tmp_path)
    planned = cfg.stages.warmup.steps
    assert MIN_STEPS <= planned < 30  # the fit's plan at the slow pace
    trainer.run()
    records = read_metrics(trainer.run_dir)
    warmup = [r for r in records if r["kind"] == "step" and r["stage"] == "warmup"]
    assert len(warmup) == 60  # the cap: at the real pace all of it fits
    logs = [r["message"] for r in records if r["kind"] == "log"]
    replanned = [m for m in logs if "planned again from its own pace" in m]
    assert len(replanned) == 1 and f"{planned} -> 60 steps" in replanned[0]
    assert "steps: 60" in (trainer.run_dir / "config.yaml").read_text("utf-8")


# ---- the command line


def test_train_estimate_prints_the_estimate_and_writes_nothing(tmp_path, capsys):
    from studio.cli.main import main

    code = main(
        [
            "train",
            "--config",
            "micro_gpt",
            "--save_dir",
            str(tmp_path),
            "--estimate",
            *set_args(TINY),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("estimate: about ") and "on this machine" in out
    assert "warm-up: 12 steps x" in out and "GRPO: 6 steps x" in out
    assert list(tmp_path.iterdir()) == []


def test_the_estimate_counts_the_evaluation_of_an_average():
    assert evaluations(1000, 500, baseline=True, averaged=True) == 4  # 0, 500, 1000, average
    assert evaluations(1000, 500, baseline=True) == 3
    assert evaluations(400, 500, baseline=True, averaged=True) == 2  # nothing to average


def test_the_probes_samples_are_as_long_as_a_warmed_up_models_answers():
    cfg = load_config("tiny_transformer", ["task.demo_size=300"])
    task = build_task(cfg)
    batches = [task.sample(4, random.Random(i), task.num_levels - 1) for i in range(2)]
    longest = max(len(task.encode_target(e.reference)) + 1 for b in batches for e in b)
    assert longest < cfg.grpo.max_new_tokens
    assert time_probe.written_lengths(cfg, task, batches).max_new_tokens == longest
    # no warm-up first: the untrained model's samples are the run's
    cfg.stages.warmup.steps = 0
    assert time_probe.written_lengths(cfg, task, batches) == cfg.grpo
