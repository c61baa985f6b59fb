"""The perplexity curriculum: the model's own losses order the examples, stages unlock
cumulative equal shares easiest first, each stage is scored by the model as it is then,
the same seed gives the same curriculum, a resumed run equals an uninterrupted one
across stage boundaries, and settings that cannot work are refused with the fix."""

import copy
import random

import pytest
import torch

from studio import api
from studio.core.catalogue import load_config
from studio.core.config.checks import config_warnings
from studio.core.config.fields import ConfigError
from studio.core.config.sections import CurriculumConfig
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks import build_task
from studio.core.tasks.base import TaskError
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.perplexity_curriculum import (
    PerplexityCurriculum,
    easiest_first,
    score_examples,
)
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT_2, ONE_THREAD, TINY_TRANSFORMER

TINY_GPT = [
    *MICRO_GPT_2,
    ARITHMETIC_LEN,
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.size=8",
    "eval.every=0",
    "run.checkpoint_every=0",
    *ONE_THREAD,
]

PERPLEXITY = [
    "curriculum.enabled=true",
    "curriculum.difficulty=perplexity",
    "curriculum.pool=200",
]

# a 1+1-layer d32 zh->en Tiny-Transformer on 120 demo pairs (about 80 to train on)
TINY_TRANSLATION = [
    *TINY_TRANSFORMER,
    "model.max_len=16",
    "model.dropout=0.0",
    "task.demo_size=120",
    "task.vocab_size=150",
    "data.valid_fraction=0.3",
    "grpo.max_new_tokens=6",
    "training.device=cpu",
]


def gpt_config(*extra):
    return load_config("micro_gpt", [*TINY_GPT, *extra])


def built(cfg):
    torch.manual_seed(0)
    task = build_task(cfg)
    return task, task.build_model(cfg.model)


def fit(task, model, examples, steps, lr=1e-2):
    """Teacher-forced steps on `examples` alone (the task's own warm-up loss)."""
    model.train()
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(steps):
        optimizer.zero_grad()
        task.supervised_loss(model, examples).backward()
        optimizer.step()


@pytest.fixture(scope="module")
def translation():
    cfg = load_config("tiny_transformer", TINY_TRANSLATION)
    return cfg, *built(cfg)


# ---- scoring


def test_an_example_the_model_was_trained_on_scores_easier():
    cfg = gpt_config()
    task, model = built(cfg)
    pool = task.training_pool(60, random.Random(0))
    assert len({e.prompt for e in pool}) == 60  # distinct
    held_out = {e.prompt for split in task.splits().values() for e in split}
    assert not held_out & {e.prompt for e in pool}
    trained = pool[:4]
    fit(task, model, trained, steps=60)
    nll = score_examples(task, model, pool)
    assert sorted(easiest_first(nll)[:4]) == [0, 1, 2, 3]
    assert max(nll[:4]) < min(nll[4:])


@pytest.mark.parametrize("preset", ["micro_gpt", "tiny_transformer"])
def test_example_losses_are_the_terms_of_the_warm_up_loss(preset, translation):
    """Token-weighted, the per-example losses average to supervised_loss: one loss code."""
    if preset == "micro_gpt":
        cfg = gpt_config()
        task, model = built(cfg)
        examples = task.sample(12, random.Random(1), task.num_levels - 1)
    else:
        cfg, task, model = translation
        examples = task.train_examples[:12]
    model.eval()
    with torch.no_grad():
        losses = task.example_losses(model, examples)
        whole = task.supervised_loss(model, examples)
    counts = torch.tensor([task.supervised_count([e]) for e in examples], dtype=torch.float)
    assert losses.shape == (12,)
    assert len(set(losses.tolist())) > 1  # one number per example, not the batch's
    torch.testing.assert_close((losses * counts).sum() / counts.sum(), whole)


FOUR = CurriculumConfig(enabled=True, difficulty="perplexity", stages=4)


def test_stages_unlock_cumulative_equal_shares_easiest_first(translation):
    cfg, task, model = translation
    ppl = PerplexityCurriculum(FOUR, task, seed=0)
    ppl.begin("warmup")
    size = len(task.train_examples)  # the pool is the whole (small) training set
    stages, unlocked = [], []
    for done in (0, 24, 25, 49, 50):  # the warm-up's 100 steps in 4 equal shares
        moved = ppl.pace(done, 100)
        assert moved == (done in (25, 50))
        scoring = ppl.score_if_due(model)
        if scoring is None:
            continue
        assert scoring.scored == size and scoring.unlocked == len(ppl.unlocked())
        assert max(ppl.nll[: scoring.unlocked]) <= min(ppl.nll[scoring.unlocked :])
        unlocked.append({e.prompt for e in ppl.unlocked()})
        stages.append(ppl.stage)
    assert stages == [0, 1, 2]
    # equal shares, each stage holding the one before (the same model scored them all)
    assert [len(u) for u in unlocked] == [size // 4, size // 2, 3 * size // 4]
    assert unlocked[0] < unlocked[1] < unlocked[2]
    assert ppl.pace(75, 100) and ppl.last and ppl.score_if_due(model) is None
    assert ppl.sample(5, random.Random(0)) is None  # the last stage: the task draws


def test_each_stage_is_scored_by_the_model_as_it_is_then(translation):
    cfg, task, shared = translation
    model = copy.deepcopy(shared)  # the fixture's model stays as built
    ppl = PerplexityCurriculum(FOUR, task, seed=0)
    ppl.begin("grpo")
    ppl.score_if_due(model)
    first = [e.prompt for e in ppl.unlocked()]
    order = easiest_first(score_examples(task, model, task.train_examples))
    hardest = [task.train_examples[i] for i in order[-6:]]
    fit(task, model, hardest, steps=40, lr=3e-3)
    assert ppl.unlock_next() and ppl.score_if_due(model) is not None
    second = {e.prompt for e in ppl.unlocked()}
    assert {e.prompt for e in hardest} <= second  # learnt since: now among the easiest half
    assert not {e.prompt for e in hardest} & set(first)
    assert ppl.score_if_due(model) is None  # scored once per stage


def test_the_same_seed_gives_the_same_curriculum_and_another_seed_another():
    cfg = gpt_config(*PERPLEXITY)
    task, model = built(cfg)

    def unlocked(seed):
        ppl = PerplexityCurriculum(cfg.curriculum, task, seed=seed)
        ppl.begin("warmup")
        ppl.score_if_due(model)
        return [e.prompt for e in ppl.sample(30, random.Random(seed))]

    assert unlocked(0) == unlocked(0)
    assert unlocked(0) != unlocked(1)


# ---- in the trainer


def curriculum_keys(records):
    return [
        {k: v for k, v in r.items() if k.startswith("curriculum/") or k in ("step", "loss")}
        for r in records
        if r["kind"] == "step"
    ]


def stage_logs(records):
    """The curriculum's log lines, less the seconds scoring took."""
    return [
        (r["step"], r["message"].split(" (scored in")[0])
        for r in records
        if r["kind"] == "log" and r["message"].startswith("curriculum:")
    ]


RESUMED = [
    *PERPLEXITY,
    "stages.warmup.steps=10",  # stages 1..5 from warm-up steps 1, 3, 5, 7, 9
    "stages.grpo.steps=4",
    "curriculum.window=1",
    "curriculum.threshold=0.0",  # GRPO unlocks the next stage after every step
]


def test_a_resumed_run_equals_an_uninterrupted_one_across_stage_boundaries(tmp_path):
    cfg = gpt_config(*RESUMED)
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()
    records = read_metrics(whole.run_dir)
    stages = [r["curriculum/stage"] for r in records if r["kind"] == "step"]
    assert stages == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 1, 2, 3]
    logs = stage_logs(records)
    assert len(logs) == 10 and "stage 5 of 5: the whole training set" in logs[4][1]
    assert all("curriculum/unlocked_nll" in r for r in records if r.get("curriculum/stage") == 0)

    first = Trainer(cfg, save_dir=tmp_path / "b")
    # stage 1 (0-based) was scored before step 3 and step 4 draws from it: the saved order
    first.run(max_steps=3)
    # GRPO's step 12 unlocked stage 2, to be scored before step 13: by the saved model
    Trainer(cfg, resume_from=first.run_dir).run(max_steps=12)
    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    again = read_metrics(resumed.run_dir)
    assert curriculum_keys(again) == curriculum_keys(records)
    assert stage_logs(again) == logs
    assert resumed.ppl.scored == whole.ppl.scored  # the checkpoint kept the count
    for (name, a), (_, b) in zip(
        whole.model.named_parameters(), resumed.model.named_parameters(), strict=True
    ):
        assert torch.equal(a, b), name


def test_the_level_curriculum_and_no_curriculum_record_no_stage(tmp_path):
    cfg = gpt_config("stages.warmup.steps=1", "stages.grpo.steps=1", "curriculum.enabled=true")
    trainer = Trainer(cfg, save_dir=tmp_path)
    trainer.run()
    assert trainer.ppl is None
    assert not any("curriculum/stage" in r for r in read_metrics(trainer.run_dir))


# ---- settings that cannot work


def test_a_task_without_references_is_refused_with_the_fix():
    with pytest.raises(
        ConfigError,
        match=r"curriculum\.difficulty: perplexity .* gridworld task "
        r"does not score .*arithmetic, strings, translation.*\"level\"",
    ):
        load_config("lite_resnet", PERPLEXITY)


def test_a_pool_smaller_than_the_stages_is_refused():
    with pytest.raises(ConfigError, match=r"curriculum\.pool: 3 examples cannot fill 5 stages"):
        gpt_config(*PERPLEXITY, "curriculum.pool=3")
    with pytest.raises(ConfigError, match=r"curriculum\.stages: must be at least 2"):
        gpt_config(*PERPLEXITY, "curriculum.stages=1")


def test_back_translated_pairs_are_not_dropped_in_silence(tmp_path):
    mono = tmp_path / "mono.txt"
    mono.write_text("I like tea.\nThe cat sleeps.\n", encoding="utf-8")
    cfg = load_config(
        "tiny_transformer",
        [
            *TINY_TRANSLATION,
            *PERPLEXITY,
            "task.back_translation=true",
            f"task.text_path={mono}",
        ],
    )
    with pytest.raises(TaskError, match=r"curriculum\.difficulty: perplexity .*back_translation"):
        Trainer(cfg, save_dir=tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_perplexity_without_the_curriculum_on_is_a_warning():
    cfg = gpt_config("curriculum.difficulty=perplexity")
    assert any("curriculum.enabled is false" in note for note in config_warnings(cfg))


def test_the_api_switch_turns_it_on_and_checks_it():
    cfg = api.load_preset("micro_gpt")
    on = api.enable_curriculum(cfg, difficulty_metric="perplexity", stages=3)
    ccfg = on.curriculum
    assert (ccfg.enabled, ccfg.difficulty, ccfg.stages) == (True, "perplexity", 3)
    assert cfg.curriculum.difficulty == "level"  # the config it was given is unchanged
    with pytest.raises(ValueError, match=r"curriculum\.difficulty: must be one of"):
        api.enable_curriculum(cfg, difficulty_metric="loss")
    with pytest.raises(ValueError, match="gridworld task does not score"):
        api.enable_curriculum(api.load_preset("lite_resnet"), difficulty_metric="perplexity")
