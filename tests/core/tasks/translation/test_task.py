"""Translation task: rewards on hand-made strings, batching, warm-up loss, GRPO log-probs,
tokenizer state, decoding, and the error messages a user sees."""

import random

import pytest
import torch

from studio.core.config.decoding import Decoding
from studio.core.config.fields import ConfigError, from_dict
from studio.core.config.sections import DataConfig
from studio.core.models.tiny_transformer import TinyTransformerConfig
from studio.core.tasks.base import Example, Rollout, Sampling
from studio.core.tasks.chrf import sentence_chrf
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.data import IGNORE, source_noise
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.rewards import (
    build_reward_functions,
    corpus_metrics,
    is_degenerate,
    length_score,
    longest_repeat,
)
from studio.core.tasks.translation.task import TranslationTask

# Written for these tests: short zh -> en pairs, sources of 2 to 5 characters.
PAIRS = [
    ("我喜欢猫", "I like cats"),
    ("他喝茶", "He drinks tea"),
    ("我们去学校", "We go to school"),
    ("今天很冷", "It is cold today"),
    ("她在看书", "She is reading"),
    ("狗在跑", "The dog runs"),
    ("你好", "Hello"),
    ("谢谢你", "Thank you"),
    ("我饿了", "I am hungry"),
    ("天气很好", "The weather is nice"),
    ("他很高", "He is tall"),
    ("这是我的书", "This is my book"),
]
TINY = dict(
    d_model=32, n_heads=2, n_encoder_layers=1, n_decoder_layers=1, d_ff=64, max_len=24, dropout=0.0
)


def make_task(pairs=PAIRS, valid=0.2, test=0.2, **cfg) -> TranslationTask:
    data = DataConfig(valid_fraction=valid, test_fraction=test, split_seed=5)
    base = dict(target_tokenizer="char")
    base.update(cfg)
    return TranslationTask(TranslationConfig(**base), data, seed=0, pairs=pairs)


def rollout_of(completions: list[str], references: list[str], group: int) -> Rollout:
    examples = [Example(prompt="", reference=r) for r in references]
    n = len(completions)
    return Rollout(
        examples,
        group,
        torch.zeros(n, 1, dtype=torch.long),
        torch.ones(n, 1),
        torch.zeros(n, 1),
        torch.zeros(n, dtype=torch.bool),
        completions,
    )


def overfit(task: TranslationTask, steps: int, pairs=None):
    torch.manual_seed(0)
    model = task.build_model(TinyTransformerConfig(**TINY))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    examples = [Example(prompt=s, reference=t) for s, t in (pairs or task.splits["train"])]
    losses = []
    for _ in range(steps):
        loss = task.supervised_loss(model, examples)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model.eval(), losses


# ---- rewards


def test_chrf_reward_identical_is_one_empty_is_zero():
    (chrf,) = build_reward_functions("chrf", lang="en")
    ref = "the cat sat on the mat"
    scores = chrf.fn(rollout_of([ref, "", "   ", "a dog"], [ref], group=4))
    assert scores[0] == pytest.approx(1.0)
    assert scores[1] == scores[2] == 0.0
    assert 0.0 < scores[3] < 0.5


def test_group_rows_are_scored_against_their_own_reference():
    (chrf,) = build_reward_functions("chrf", lang="en")
    scores = chrf.fn(
        rollout_of(
            ["red apple", "red apple", "blue sky", "blue sky"], ["red apple", "blue sky"], group=2
        )
    )
    assert scores == pytest.approx([1.0, 1.0, 1.0, 1.0])


def test_repetition_guard_zeroes_looping_outputs():
    assert longest_repeat(["a", "b", "a", "b", "a", "b", "c"]) == 3
    assert longest_repeat([]) == 0
    assert is_degenerate("the cat the cat the cat the cat", lang="en")
    assert not is_degenerate("the cat the cat the cat the cat", lang="en", repeat_limit=5)
    assert not is_degenerate("the cat sat on the mat", lang="en")
    assert is_degenerate("好好好好", lang="zh") and not is_degenerate("好好学习", lang="zh")
    assert is_degenerate("dent" * 8 + " her", lang="en")  # a subword loop inside one word
    assert not is_degenerate("It cost 10000 dollars in Mississippi", lang="en")
    (chrf,) = build_reward_functions("chrf", lang="en")
    loop = "the cat the cat the cat the cat the cat"
    assert sentence_chrf(loop, ["the cat"]) > 0.2  # chrF alone would pay for it
    assert chrf.fn(rollout_of([loop], ["the cat"], 1)) == [0.0]


def test_length_neutral_default_reward_does_not_favour_a_longer_wrong_output():
    ref = "the cat sat on the mat"
    short_right = "the cat sat"
    long_wrong = "the cat sat at the hat on a mat of a cat that sat"
    # sacrebleu's default beta=2 pays for the extra length ...
    assert sentence_chrf(long_wrong, [ref], beta=2) > sentence_chrf(short_right, [ref], beta=2)
    # ... the task's default reward does not
    rewards = TranslationTask.reward_functions(make_task())
    assert [r.name for r in rewards] == ["chrf"]
    short, long = rewards[0].fn(rollout_of([short_right, long_wrong], [ref], group=2))
    assert short > long


def test_mix_and_length_rewards():
    mix = build_reward_functions("mix", lang="en", mix_weight=0.3, length_penalty=0.5)
    assert [(r.name, r.weight) for r in mix] == [("chrf", 0.3), ("bleu", 0.7), ("length", 0.5)]
    bleu, length = mix[1], mix[2]
    ro = rollout_of(["the cat sat on the mat", "the cat"], ["the cat sat on the mat"], 2)
    assert bleu.fn(ro)[0] == pytest.approx(1.0)
    assert length.fn(ro) == pytest.approx([1.0, 2 / 6])
    assert length_score("a b c d", "a b") == 0.0  # twice as long
    assert length_score("我爱你们", "我爱你", lang="zh") == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="chrf, bleu or mix"):
        build_reward_functions("rouge", lang="en")


def test_corpus_metrics_and_length_ratio():
    hyps = ["the cat sat on the mat", "a dog ran"]
    m = corpus_metrics(hyps, ["the cat sat on the mat", "a dog ran in the park"], lang="en")
    assert m["length_ratio"] == pytest.approx(9 / 12)
    assert 0 < m["bleu"] < 100 and 0 < m["chrf"] < 100
    perfect = corpus_metrics(["我们今天去学校"], ["我们今天去学校"], lang="zh")
    assert perfect["bleu"] == pytest.approx(100.0) and perfect["chrf"] == pytest.approx(100.0)


# ---- data and batches


def test_split_tokenizers_and_curriculum_levels():
    task = make_task()
    sizes = {k: len(v) for k, v in task.splits.items()}
    assert sizes == {"train": 8, "valid": 2, "test": 2}
    assert "train 8, valid 2, test 2" in task.report()
    held_out = {s for s, _ in task.splits["valid"] + task.splits["test"]}
    train_chars = {c for s, _ in task.splits["train"] for c in s}
    unseen = {c for s in held_out for c in s} - train_chars
    for ch in unseen:  # tokenizers saw the training split only
        assert task.source_tok.encode(ch) == [task.source_tok.unk_id]
    levels = {e.difficulty for e in task.train_examples}
    assert levels <= {0, 1, 2} and 0 in levels
    easy = task.sample(50, random.Random(0), max_level=0)
    shortest = min(len(e.prompt) for e in task.train_examples)
    longest_easy = max(len(e.prompt) for e in task.train_examples if e.difficulty == 0)
    assert all(e.difficulty == 0 for e in easy) and shortest <= longest_easy
    hard_allowed = task.sample(200, random.Random(0), max_level=2)
    assert {e.difficulty for e in hard_allowed} == levels


def test_source_and_target_batches():
    task = make_task()
    src, mask = task.sources_batch(["你好", "我喜欢猫猫猫猫猫"], max_len=5)
    eos, pad = task.source_tok.eos_id, task.source_tok.pad_id
    assert src.shape == (2, 5)
    assert src[0, 2] == eos and (src[0, 3:] == pad).all()
    assert mask.tolist() == [[True] * 3 + [False] * 2, [True] * 5]
    assert src[1, 4] == eos  # a long source is cut to max_len, EOS kept
    tgt_in, labels = task.targets_batch(["He", "Hello"], max_len=24)
    tok = task.target_tok
    assert tgt_in[0].tolist() == [tok.bos_id, *tok.encode("He"), tok.pad_id, tok.pad_id, tok.pad_id]
    assert labels[0].tolist() == [*tok.encode("He"), tok.eos_id, IGNORE, IGNORE, IGNORE]
    assert labels[1, -1] == tok.eos_id


def test_supervised_count_is_the_labels_the_warmup_loss_averages_over():
    task = make_task()
    assert task.supervised_count([Example("你好", "Hello")]) is None  # before build_model
    task.build_model(TinyTransformerConfig(**{**TINY, "max_len": 6}))
    examples = [Example(s, t) for s, t in PAIRS[:4]]  # targets longer than 5 tokens are cut
    _, labels = task.targets_batch([e.reference for e in examples], max_len=6)
    assert task.supervised_count(examples) == int((labels != IGNORE).sum())
    assert (labels != IGNORE).sum(1).max() == 6  # the cut took effect


def test_source_noise_drops_and_swaps_but_never_adds():
    ids = list(range(10, 30))
    assert source_noise(ids, 0.0) == ids
    torch.manual_seed(0)
    noisy = source_noise(ids, 0.5)
    assert noisy != ids and len(noisy) <= len(ids) and set(noisy) <= set(ids)


# ---- training signals


def test_supervised_loss_decreases_on_tiny_pairs():
    task = make_task()
    _, losses = overfit(task, steps=30)
    assert losses[-1] < 0.3 * losses[0]


def test_token_logprobs_agree_with_rollout_logp_at_temperature_one():
    task = make_task()
    torch.manual_seed(0)
    model = task.build_model(TinyTransformerConfig(**TINY)).eval()
    examples = task.train_examples[:3]
    torch.manual_seed(1)
    ro = task.rollout(model, examples, 4, Sampling(temperature=1.0, max_new_tokens=12))
    assert ro.actions.shape[0] == 12 and len(ro.completions) == 12
    logp, entropy = task.token_logprobs(model, ro, temperature=1.0)
    m = ro.mask.bool()
    torch.testing.assert_close(logp[m], ro.logp[m], atol=1e-5, rtol=1e-5)
    assert logp.requires_grad and (entropy[m] > 0).all()
    # completions are the detokenized actions
    row = ro.actions[0].tolist()
    assert ro.completions[0] == task.detokenize(row)


def test_grouped_token_logprobs_equal_per_row_encoding_with_the_same_gradients():
    """token_logprobs encodes each source once for its G samples; the log-probs, entropies
    and every gradient must match a rollout whose sources are repeated per row (G = 1)."""
    task = make_task()
    examples = task.train_examples[:3]  # sources of different lengths: padding in the batch
    torch.manual_seed(0)
    model = task.build_model(TinyTransformerConfig(**TINY))
    torch.manual_seed(1)
    grouped = task.rollout(model, examples, 4, Sampling(temperature=1.2, max_new_tokens=10))
    assert grouped.context["src"].shape[0] == 3  # the rollout keeps one row per source
    assert not grouped.context["src_mask"].all()
    per_row = Rollout(
        [e for e in examples for _ in range(4)],
        1,
        grouped.actions,
        grouped.mask,
        grouped.logp,
        grouped.truncated,
        grouped.completions,
        context={k: v.repeat_interleave(4, 0) for k, v in grouped.context.items()},  # (N, S)
    )
    results = []
    for rollout in (grouped, per_row):
        model.zero_grad()
        logp, entropy = task.token_logprobs(model, rollout, temperature=0.7)
        m = rollout.mask
        ((logp * m).sum() + 0.1 * (entropy * m).sum()).backward()
        grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}
        results.append((logp.detach(), entropy.detach(), grads))
    (logp_g, ent_g, grads_g), (logp_r, ent_r, grads_r) = results
    torch.testing.assert_close(logp_g, logp_r)
    torch.testing.assert_close(ent_g, ent_r)
    assert grads_g.keys() == grads_r.keys() and "src_embed.weight" in grads_g
    for name in grads_r:
        torch.testing.assert_close(grads_g[name], grads_r[name], atol=1e-5, rtol=1e-4)


def test_state_dict_round_trip_reproduces_encodings():
    task = make_task(target_tokenizer="bpe", vocab_size=60)
    other = make_task(
        pairs=[("一二三", "one two three"), ("四五", "four five"), ("六七八", "six seven eight")],
        valid=0.0,
        test=0.0,
        target_tokenizer="bpe",
        vocab_size=60,
    )
    sentence_zh, sentence_en = "我们喜欢茶", "We like tea today"
    assert other.encode_source(sentence_zh) != task.encode_source(sentence_zh)
    other.load_state_dict(task.state_dict())
    assert other.encode_source(sentence_zh) == task.encode_source(sentence_zh)
    assert other.encode_target(sentence_en) == task.encode_target(sentence_en)
    model = other.build_model(TinyTransformerConfig(**TINY))
    assert model.tgt_vocab == task.target_tok.vocab_size
    with pytest.raises(TranslationError, match="lacks target_tokenizer"):
        other.load_state_dict({"source_tokenizer": task.source_tok.to_dict()})


def test_overfit_model_translates_training_pairs_greedy_and_beam():
    task = make_task(valid=0.0, test=0.0)
    pairs = PAIRS[:6]
    model, _ = overfit(task, steps=80, pairs=pairs)
    sources = [s for s, _ in pairs]
    want = [t for _, t in pairs]
    assert translate(model, task, sources) == want
    assert translate(model, task, sources, Decoding.beam(3)) == want
    with pytest.raises(ValueError, match="'greedy' or 'beam'"):  # no other decoding to ask
        translate(model, task, sources, Decoding("sample"))  # type: ignore[arg-type]


def test_evaluate_reports_chrf_bleu_and_length_ratio():
    task = make_task()
    model, _ = overfit(task, steps=5)
    model.train()
    metrics = task.evaluate(model, split="test", limit=1)
    assert set(metrics) == {"chrf", "bleu", "length_ratio", "examples"}
    assert metrics["examples"] == 1.0 and 0 <= metrics["chrf"] <= 100
    assert model.training  # evaluation restores the caller's mode


# ---- errors a user can meet


def test_errors_name_the_problem_and_the_fix():
    with pytest.raises(ConfigError, match="pick two languages"):
        from_dict(TranslationConfig, {"source_lang": "en", "target_lang": "en"}, "task")
    with pytest.raises(ConfigError, match="same kind"):
        from_dict(
            TranslationConfig,
            {"shared_tokenizer": True, "source_tokenizer": "char", "target_tokenizer": "bpe"},
            "task",
        )
    data = DataConfig()
    with pytest.raises(TranslationError, match="demo corpus holds zh and en"):
        TranslationTask(TranslationConfig(source_lang="fr", target_lang="en"), data, seed=0)
    task = make_task(valid=0.0, test=0.2)
    with pytest.raises(TranslationError, match="data.valid_fraction above 0"):
        task.evaluate(torch.nn.Linear(1, 1))
    with pytest.raises(TranslationError, match="task.shared_tokenizer: true"):
        task.build_model(TinyTransformerConfig(**TINY, shared_vocab=True))


def test_shared_tokenizer_builds_a_shared_vocab_model():
    task = make_task(shared_tokenizer=True, source_tokenizer="char", target_tokenizer="char")
    assert task.source_tok is task.target_tok
    model = task.build_model(TinyTransformerConfig(**TINY, shared_vocab=True))
    assert model.src_embed is model.tgt_embed
    restored = make_task()
    restored.load_state_dict(task.state_dict())
    assert restored.source_tok is restored.target_tok


def test_preset_builds_on_the_demo_corpus_in_either_direction():
    from studio.core.catalogue import load_config
    from studio.core.tasks import build_task

    cfg = load_config("tiny_transformer", ["task.demo_size=300"])
    assert (cfg.model.d_model, cfg.model.n_encoder_layers, cfg.model.n_decoder_layers) == (
        128,
        4,
        4,
    )
    task = build_task(cfg)
    assert "demo corpus: 300 pairs, zh->en" in task.report()
    zh, en = task.splits["train"][0]
    assert not zh.isascii() and en.isascii()
    model = task.build_model(cfg.model)
    assert 1e6 < sum(p.numel() for p in model.parameters()) < 4e6
    back = build_task(
        load_config(
            "tiny_transformer", ["task.demo_size=300", "task.source_lang=en", "task.target_lang=zh"]
        )
    )
    every = {p for split in task.splits.values() for p in split}
    assert {(t, s) for split in back.splits.values() for s, t in split} == every
