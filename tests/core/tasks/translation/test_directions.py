"""Both directions in one model: every pair teaches both ways, tagged with the language
to write, and evaluation scores each direction."""

import random
from types import SimpleNamespace

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.decoding import GREEDY_DECODING
from studio.core.data.demo_corpus import demo_pairs
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import snippet_module
from studio.core.runs.loading import load_trained
from studio.core.tasks import build_task
from studio.core.tasks.base import Example
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.directions import both_ways, direction_tag, tagged
from studio.core.tasks.translation.rewards import is_degenerate, sentence_bleu
from tests.helpers import TINY_TRANSFORMER, TRANSLATION, make_run

TINY = [*TINY_TRANSFORMER, "task.demo_size=300", "task.both_directions=true"]


def test_each_pair_teaches_both_ways_with_the_target_language_tagged():
    assert both_ways([("猫", "cat")], "zh", "en") == [("<2en> 猫", "cat"), ("<2zh> cat", "猫")]
    task = build_task(load_config("tiny_transformer", TINY))
    train = task.splits["train"]
    assert len(task.train_examples) == 2 * len(train)
    prompts = {e.prompt for e in task.train_examples}
    zh, en = train[0]
    assert direction_tag("en") + zh in prompts and direction_tag("zh") + en in prompts
    # one source tokenizer reads both languages, one target tokenizer writes both
    unk = task.source_tok.unk_id
    assert unk not in task.encode_source(en) and unk not in task.encode_source(zh)
    assert task.detokenize(task.encode_target(zh)) == zh


def test_evaluation_scores_each_direction_and_reports_their_mean():
    cfg = load_config("tiny_transformer", TINY)
    task = build_task(cfg)
    torch.manual_seed(0)
    model = task.build_model(cfg.model).eval()
    ways = task.evaluate_directions(model, split="valid", limit=8, decoding=GREEDY_DECODING)
    assert list(ways) == ["zh->en", "en->zh"]
    mean = task.evaluate(model, split="valid", limit=8)
    assert mean["chrf"] == (ways["zh->en"]["chrf"] + ways["en->zh"]["chrf"]) / 2
    assert mean["examples"] == 16


def test_rewards_judge_each_output_in_the_language_it_is_written_in():
    cfg = load_config("tiny_transformer", [*TINY, "task.reward=mix"])
    task = build_task(cfg)
    into_en = Example(prompt=tagged("我喜欢猫", "en"), reference="I like cats")
    into_zh = Example(prompt=tagged("I like cats", "zh"), reference="我喜欢狗")
    rollout = SimpleNamespace(
        examples=[into_en, into_zh, into_zh],
        group_size=1,
        completions=["I like dogs", "我喜欢猫", "好好好好好"],
    )
    chrf, bleu = (r.fn(rollout) for r in task.reward_functions())
    # zh: BLEU counts characters, so "我喜欢猫" shares three of four with "我喜欢狗"
    assert bleu[1] > 0.3 and bleu[1] == pytest.approx(
        sentence_bleu("我喜欢猫", "我喜欢狗", lang="zh")
    )
    assert sentence_bleu("我喜欢猫", "我喜欢狗", lang="en") == 0.0  # one "word" under 13a
    assert chrf[0] > 0 and bleu[0] > 0
    # the repeat guard counts characters in Chinese: a character five times is a loop
    assert chrf[2] == 0.0 and bleu[2] == 0.0
    assert not is_degenerate("好好好好好", lang="en")  # one word, in English's rules


def test_back_translated_pairs_of_a_both_ways_run_carry_the_direction_tag_too(tmp_path):
    pairs = demo_pairs(300)
    data = tmp_path / "pairs.tsv"
    data.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs[:100]), encoding="utf-8")
    mono = tmp_path / "mono.en"
    mono.write_text("".join(f"{en}\n" for _, en in pairs[100:130]), encoding="utf-8")
    cfg = load_config(
        "tiny_transformer",
        [
            *TINY,
            f"data.path={data}",
            "task.back_translation=true",
            f"task.text_path={mono}",
            "task.back_translation_steps=10",
            "task.back_translation_decoding=greedy",
        ],
    )
    task = build_task(cfg)
    assert task.source_tok.tags == ("<2en>", "<2zh>", "<bt>")
    task.build_model(cfg.model)
    task.begin_stage("warmup")
    drawn = task.sample(200, random.Random(0), task.num_levels - 1)
    synthetic = [e for e in drawn if "<bt>" in task.source_tags(e.prompt)]
    assert synthetic and all(e.prompt.startswith("<2en> <bt> ") for e in synthetic)
    assert task.source_tags(synthetic[0].prompt) == ["<2en>", "<bt>"]
    ids = task.encode_source(synthetic[0].prompt)
    assert task.source_tok.tokens(ids[:2]) == ["<2en>", "<bt>"]  # two tokens, not ten characters


def test_a_both_ways_export_translates_either_direction(tmp_path):
    run = make_run(tmp_path, "tiny_transformer", [*TRANSLATION, "task.both_directions=true"], 0.5)
    result = export_run(run, seed=0)
    assert result.verification.passed and result.verification.tokenizers_agree
    _, task, model = load_trained(run)
    runner = snippet_module("tiny-transformer").TranslatorOnnx(result.folder)
    assert runner.meta["task"]["both_directions"] is True
    assert runner.source_tok.tags == ["<2en>", "<2zh>"]
    zh = [s for s, _ in task.splits["valid"][:6]]
    en = [t for _, t in task.splits["valid"][:6]]
    # the exported encoder reads the tag tokens as the model does, either way
    assert runner.translate(zh) == translate(model, task, [tagged(s, "en") for s in zh])
    assert runner.translate(en, "zh") == translate(model, task, [tagged(s, "zh") for s in en])
