"""The realistic-text corpus behaves like real text, and the user's file gets settings
fitted to its size (splits, eval size, patience, warm-up cap, vocabularies), reported."""

import math
from collections import Counter

import pytest

from studio.core.catalogue import load_config
from studio.core.config.fit import Proposal
from studio.core.data.languages import text_script
from studio.core.data.load_report import LoadReport
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
from studio.core.tasks import build_task
from studio.core.training.loop.trainer import Trainer


@pytest.fixture(scope="module")
def corpus():
    return realistic_pairs(6000, seed=3)


def test_the_corpus_is_long_tailed_varied_and_has_several_translations(corpus):
    assert realistic_pairs(50, seed=3) == corpus[:50]  # deterministic for a seed
    assert len(corpus) == 6000
    words = Counter(w for _, en in corpus for w in en.lower().split())
    singletons = sum(1 for n in words.values() if n == 1)
    assert singletons > 0.3 * len(words)  # most words are rare...
    assert words.most_common(1)[0][1] > 0.1 * len(corpus)  # ...and a few are everywhere
    lengths = sorted(len(en.split()) for _, en in corpus)
    assert lengths[len(lengths) // 10] <= 4 and lengths[-len(lengths) // 10] >= 11
    sources = Counter(zh for zh, _ in corpus)
    assert 0.1 < sum(1 for n in sources.values() if n > 1) / len(sources) < 0.4
    assert {text_script(zh) for zh, _ in corpus[:100]} == {"Han"}
    assert {text_script(en) for _, en in corpus[:100]} == {"Latin"}


def own_data_config(tmp_path, pairs, *overrides):
    path = write_tatoeba_file(tmp_path / "cmn.txt", pairs)
    return load_config("tiny_transformer", [f"data.path={path}", *overrides])


def test_a_users_file_gets_settings_fitted_to_its_size(tmp_path, corpus):
    cfg = own_data_config(tmp_path, corpus, f"run.save_dir={tmp_path / 'runs'}")
    assert cfg.stages.warmup.stop_at == 60 and cfg.eval.size == 200  # the demo's values
    trainer = Trainer(cfg)
    report = trainer.task.load_report()
    kept = report.kept
    assert report.split["valid"] == report.split["test"] == 500  # 5% is 300: raised to 500
    assert cfg.eval.size == 500 and cfg.eval.every == 500
    assert cfg.stages.warmup.stop_at is None and cfg.stages.warmup.patience == 4
    assert cfg.stages.warmup.min_gain == 0.5  # a rise within a valid split's noise is none
    # the recipe for real text
    warmup = cfg.stages.warmup
    assert warmup.batch_tokens == 800 and warmup.lr_schedule == "cosine"
    assert warmup.lr == 1e-3 and warmup.lr_warmup_steps == 400
    assert cfg.task.label_smoothing == 0.1 and cfg.run.time_budget == "25 min"
    # the weights at the best evaluation and the patience's after it, averaged (kept
    # only if better: the trainer's check)
    assert warmup.average_last == 5
    assert "stages.warmup.average_last 5: " in report.text()
    # GRPO's reward holds the translation's length to the reference's
    assert cfg.task.length_penalty == 0.2 and cfg.task.reward == "chrf"
    assert "task.length_penalty 0.2: " in report.text()
    # ...and its chrF weighs recall as the test's does (sacrebleu's beta 2)
    assert cfg.task.chrf_beta == 2.0 and "task.chrf_beta 2: " in report.text()
    # the test split, decoded once at the end, by a beam search; the valid split greedily
    assert cfg.eval.test_decoding == "beam" and cfg.eval.decoding == "greedy"
    assert "eval.test_decoding beam: " in report.text()
    # 5,000 training pairs keep the preset's dropout, no weight decay and GRPO's steps: a
    # time budget's warm-up passes over them often enough to learn them by heart without it
    assert cfg.model.dropout == 0.1 and "model.dropout" not in report.settings
    assert cfg.training.weight_decay == 0.0 and cfg.stages.grpo.lr == 1e-4
    # GRPO's temperature: the preset's, lowered at GRPO's start if the policy is unsure
    assert cfg.grpo.temperature == 1.0 and cfg.grpo.unsure_temperature == 0.7
    assert "grpo.unsure_temperature 0.7: " in report.text()
    assert not {"training.weight_decay", "stages.grpo.lr", "grpo.temperature"} & set(
        report.settings
    )
    # with the time budget: a warm-up that fills what GRPO's fifth leaves of it, its cap
    # 100 passes over the training pairs in batches of 800 tokens, never under the
    # preset's 3,000 plus the patience's 4 evaluations of 500 steps
    task = trainer.task
    tokens = sum(
        len(task.source_tok.encode(s)) + len(task.target_tok.encode(t)) + 2
        for s, t in task.splits["train"]
    )
    per_batch = 800 / (tokens / report.split["train"])
    cap = max(5000, math.ceil(100 * report.split["train"] / per_batch))
    assert report.settings["stages.warmup.steps"] == cap
    assert cfg.run.time_budget == "25 min" and warmup.fills_budget
    assert cfg.stages.grpo.budget_share == 0.2
    assert "stages.warmup.fills_budget on: " in report.text()
    assert "stages.grpo.budget_share 0.2: GRPO takes at most 20% of the budget" in report.text()
    assert "32 pairs drawn at random are" in report.text()  # their padding, measured
    assert kept - 1000 == report.split["train"]
    source_chars = Counter(ch for zh, _ in trainer.task.splits["train"] for ch in zh)
    assert trainer.task.source_tok.vocab_size == 4 + sum(n >= 2 for n in source_chars.values())
    text = report.text()
    assert "chosen for this data (task.fit_to_data):" in text
    assert "stages.warmup.stop_at off" in text and "eval.size 500" in text
    saved = (trainer.start() / "config.yaml").read_text("utf-8")  # the run folder, made
    assert "patience: 4" in saved and "min_gain: 0.5" in saved  # what the run uses


def test_a_large_file_trains_with_weight_decay_not_dropout_unless_the_user_set_it(tmp_path):
    pairs = realistic_pairs(11_200, seed=4)  # 10,080 training pairs
    cfg = own_data_config(tmp_path, pairs)
    report = build_task(cfg).load_report()
    assert report.split["train"] >= 10_000
    assert report.settings["model.dropout"] == 0.0
    assert "model.dropout 0: " in report.text()
    report.apply_settings(cfg)
    assert cfg.model.dropout == 0.0
    # weight decay instead (the preset has none), and GRPO's steps smaller than its 1e-4
    assert cfg.training.weight_decay == 0.3 and "training.weight_decay 0.3: " in report.text()
    assert cfg.stages.grpo.lr == 3e-5 and "stages.grpo.lr 3e-05: " in report.text()
    mine = own_data_config(tmp_path, pairs, "model.dropout=0.2")
    report = build_task(mine).load_report()
    report.apply_settings(mine)
    assert mine.model.dropout == 0.2 and "model.dropout" not in report.settings
    assert "model.dropout: kept at 0.2, you set it; the fit would choose 0" in report.text()


def test_the_reward_the_user_chose_is_kept(tmp_path, corpus):
    cfg = own_data_config(tmp_path, corpus, "task.chrf_beta=1")
    report = build_task(cfg).load_report()
    report.apply_settings(cfg)
    assert cfg.task.chrf_beta == 1.0 and "task.chrf_beta" not in report.settings
    assert "task.chrf_beta: kept at 1, you set it; the fit would choose 2" in report.text()


def test_fitting_can_be_turned_off_and_skips_small_files(tmp_path, corpus):
    cfg = own_data_config(tmp_path, corpus, "task.fit_to_data=false")
    task = build_task(cfg)
    assert task.load_report().fitted == [] and task.load_report().settings == {}
    assert task.load_report().split["valid"] == round(0.05 * task.load_report().kept)
    small = build_task(own_data_config(tmp_path, corpus[:400]))
    assert small.load_report().settings == {}  # a toy file keeps the preset's values
    demo = build_task(load_config("tiny_transformer", ["task.demo_size=300"]))
    assert demo.load_report().settings == {}


def test_fitted_settings_leave_a_skipped_stage_skipped():
    cfg = load_config("tiny_transformer", ["stages.warmup.steps=0"])
    fitted = [Proposal("stages.warmup.steps", 5000, ""), Proposal("eval.size", 700, "")]
    report = LoadReport(path="x", proposals=fitted)
    report.apply_settings(cfg)
    assert cfg.stages.warmup.steps == 0 and cfg.eval.size == 700


def test_a_temperature_the_user_set_is_the_one_grpo_samples_at(tmp_path, corpus):
    cfg = own_data_config(tmp_path, corpus, "grpo.temperature=0.9")
    report = build_task(cfg).load_report()
    report.apply_settings(cfg)
    assert cfg.grpo.temperature == 0.9 and cfg.grpo.unsure_temperature is None
    assert "grpo.unsure_temperature" not in report.text()


def test_without_a_time_budget_the_warm_up_is_capped_at_30_passes(tmp_path, corpus):
    fitted = build_task(own_data_config(tmp_path, corpus)).load_report().settings
    cfg = own_data_config(tmp_path, corpus, "run.time_budget=")
    report = build_task(cfg).load_report()
    report.apply_settings(cfg)
    # nothing to fill: the cap in passes ends the warm-up if the patience does not
    assert not cfg.stages.warmup.fills_budget and cfg.stages.grpo.budget_share == 0.0
    # 30 passes here are under the least cap, 5,000 steps; with the budget, 100 passes
    assert fitted["stages.warmup.steps"] > 10_000 > 5000 == report.settings["stages.warmup.steps"]
    assert "at most 30 passes over the training pairs" in report.text()
    assert "fills_budget" not in report.text() and "run.time_budget: kept at" in report.text()
