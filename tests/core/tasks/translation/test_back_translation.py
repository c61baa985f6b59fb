"""Back-translation: target sentences alone become tagged synthetic pairs for the warm-up
only, made once by a reverse-direction model, and kept for a resumed run."""

import random

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.decoding import Decoding
from studio.core.config.fields import ConfigError
from studio.core.data.demo_corpus import demo_pairs
from studio.core.tasks import build_task
from studio.core.tasks.base import Example
from studio.core.tasks.translation import back_translation
from studio.core.tasks.translation.back_translation import (
    TAG,
    mixed_draw,
    synthetic_share,
)
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.task import TranslationTask
from tests.helpers import TINY_TRANSFORMER

TINY = [
    *TINY_TRANSFORMER,
    "task.back_translation_steps=20",
    "task.back_translation_decoding=greedy",
]


def bt_config(tmp_path, monolingual):
    # demo pairs of at most 64 characters a side: from them the 20-step reverse model
    # writes a source for every sentence (an empty one would leave its sentence out)
    pairs = [(zh, en) for zh, en in demo_pairs(100) if max(len(zh), len(en)) <= 64]
    data = tmp_path / "pairs.tsv"
    data.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs), encoding="utf-8")
    mono = tmp_path / "mono.en"
    mono.write_text("\n".join(monolingual) + "\n", encoding="utf-8")
    return load_config(
        "tiny_transformer",
        [
            *TINY,
            f"data.path={data}",
            "task.back_translation=true",
            f"task.text_path={mono}",
        ],
    )


def test_synthetic_pairs_join_the_warmup_alone_and_survive_a_resume(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:160]]
    cfg = bt_config(tmp_path, [*english, "", english[0]])  # an empty line and a repeat
    task = build_task(cfg)
    assert "back-translation: the 60 en (English) sentences" in task.report()
    assert "62 lines read; kept 0 in zh (Chinese) and 60 in en (English)" in task.report()
    assert "dropped 1 duplicate (line 62), 1 empty (line 61)" in task.report()
    task.build_model(cfg.model)
    # the minutes before the warm-up's first step are said before and after, for the log
    assert task.preparing("warmup") == (
        "back-translation: a reverse model trains on the pairs (at most 20 steps), then "
        "translates the 60 en (English) sentences; the warm-up's first step comes after"
    )
    assert task.prepared("warmup") is None and task.preparing("grpo") is None
    task.begin_stage("warmup")
    assert task.prepared("warmup").startswith("back-translated 60 sentences; the reverse model")
    synthetic = task.synthetic
    assert len(synthetic) == 60 and [t for _, t in synthetic] == english
    assert all(s.startswith(TAG) for s, _ in synthetic)
    rng = random.Random(0)
    drawn = {e.prompt for e in task.sample(400, rng, task.num_levels - 1)}
    assert any(p.startswith(TAG) for p in drawn) and any(not p.startswith(TAG) for p in drawn)
    task.begin_stage("grpo")
    drawn = {e.prompt for e in task.sample(400, rng, task.num_levels - 1)}
    assert not any(p.startswith(TAG) for p in drawn)  # GRPO learns from real pairs only

    again = build_task(cfg)
    again.load_state_dict(task.state_dict())
    again.build_model(cfg.model)
    assert again.preparing("warmup") is None  # reused, not trained again: nothing to say
    again.begin_stage("warmup")
    assert again.synthetic == synthetic and again.prepared("warmup") is None


def test_back_translation_needs_its_file():
    with pytest.raises(ConfigError, match="needs task.text_path"):
        load_config("tiny_transformer", ["task.back_translation=true"])


def test_at_most_the_share_of_each_warmup_batch_is_synthetic(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:300]]  # 200 sentences for ~90 pairs
    cfg = bt_config(tmp_path, english)
    cfg.task.back_translation_share = 0.25
    task = build_task(cfg)
    task.build_model(cfg.model)
    task.begin_stage("warmup")
    rng = random.Random(0)
    for n in (4, 32):
        for _ in range(5):
            batch = task.sample(n, rng, task.num_levels - 1)
            assert sum(e.prompt.startswith(TAG) for e in batch) == round(n * 0.25)
    # fewer synthetic pairs than the cap allows: drawn in proportion to their number
    assert synthetic_share(0.5, real=90, synthetic=10) == pytest.approx(0.1)
    assert synthetic_share(0.5, real=90, synthetic=900) == 0.5
    assert synthetic_share(0.5, real=90, synthetic=0) == 0.0
    drawn = mixed_draw(10, [Example("a"), Example("b")], [], 0.5, rng)
    assert len(drawn) == 10 and {e.prompt for e in drawn} <= {"a", "b"}  # none synthetic


@pytest.mark.parametrize("decoding", ["greedy", "beam", "sample"])
def test_the_reverse_model_translates_each_sentence_by_the_decoding_asked(tmp_path, decoding):
    task = build_task(bt_config(tmp_path, ["We walk home."]))
    torch.manual_seed(0)
    model = task.build_model(load_config("tiny_transformer", TINY).model).eval()
    sentences = [s for s, _ in task.splits["train"][:3]]
    out = back_translation.translate_all(task, model, sentences, decoding)
    assert len(out) == 3 and all(isinstance(s, str) for s in out)
    if decoding != "sample":
        assert out == translate(model, task, sentences, Decoding.named(decoding, 4))


def test_a_synthetic_pair_weighs_what_the_setting_says_in_the_loss(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:140]]
    cfg = bt_config(tmp_path, english)
    task = build_task(cfg)
    torch.manual_seed(0)
    model = task.build_model(cfg.model).eval()
    task.begin_stage("warmup")
    real = [e for e in task.sample(64, random.Random(1), 0) if not e.prompt.startswith(TAG)]
    fake = [e for e in task.sample(64, random.Random(2), 0) if e.prompt.startswith(TAG)]
    batch = [real[0], fake[0]]
    tokens = [task.supervised_count([e]) for e in batch]
    each = [task.supervised_loss(model, [e]).item() for e in batch]  # token means
    full = task.supervised_loss(model, batch).item()
    assert full == pytest.approx((each[0] * tokens[0] + each[1] * tokens[1]) / sum(tokens))
    task.cfg.back_translation_weight = 0.25  # the same tokens, the synthetic ones count less
    weighted = task.supervised_loss(model, batch).item()
    expected = (each[0] * tokens[0] + 0.25 * each[1] * tokens[1]) / sum(tokens)
    assert weighted == pytest.approx(expected, rel=1e-5)
    task.cfg.back_translation_weight = 0.0
    assert task.supervised_loss(model, [fake[0]]).item() == 0.0


def test_the_reverse_model_stops_at_its_plateau_with_its_best_weights(tmp_path, monkeypatch):
    cfg = bt_config(tmp_path, ["We walk home."])
    cfg.task.back_translation_steps = 100
    forward = build_task(cfg)
    forward.build_model(cfg.model)
    monkeypatch.setattr(back_translation, "EVAL_EVERY", 2)
    scores = iter([10.0, 20.0, 15.0, 19.0, 18.0, 30.0])  # best at the 2nd, then 3 worse
    kept = {}

    def evaluate(model, **_):
        chrf = next(scores)
        if chrf == 20.0:
            kept.update({k: v.clone() for k, v in model.state_dict().items()})
        return {"chrf": chrf}

    made_tasks = []
    real_init = TranslationTask.__init__

    def spy_init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made_tasks.append(self)
        monkeypatch.setattr(self, "evaluate", evaluate)

    monkeypatch.setattr(TranslationTask, "__init__", spy_init)
    trained = {}
    real_translate = back_translation.translate_all

    def spy_translate(task, model, sentences, decoding):
        trained.update(model.state_dict())
        return real_translate(task, model, sentences, decoding)

    monkeypatch.setattr(back_translation, "translate_all", spy_translate)
    made = back_translation.back_translate(forward, ["We walk home."])
    assert (made.steps, made.best_step, made.valid_chrf) == (10, 4, 20.0)
    assert all(torch.equal(trained[k], v) for k, v in kept.items())
    reverse = made_tasks[0]
    assert (reverse.cfg.source_lang, reverse.cfg.target_lang) == ("en", "zh")
    assert reverse.splits["valid"] == [(t, s) for s, t in forward.splits["valid"]]
    assert "valid chrF 20.0 at step 4" in made.summary()
