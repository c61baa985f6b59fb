"""The translation warm-up's recipe: batches by token count (pairs of like length, little
padding) and label smoothing, on pairs written for these tests."""

import math
import random
from collections import Counter

import torch

from studio.core.catalogue import load_config
from studio.core.config.sections import DataConfig
from studio.core.models.tiny_transformer import TinyTransformerConfig
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks.base import Example
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.task import TranslationTask, padded_length
from studio.core.training.loop.trainer import Trainer

TINY = dict(
    d_model=32, n_heads=2, n_encoder_layers=1, n_decoder_layers=1, d_ff=64, max_len=96, dropout=0.0
)
WORDS = ["red", "cat", "sits", "on", "a", "warm", "mat", "today", "and", "sleeps"]


def pairs(n: int, seed: int = 0) -> list[tuple[str, str]]:
    """Made-up pairs of 1 to 12 words whose source is the target reversed, in capitals."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = [rng.choice(WORDS) for _ in range(1 + i % 12)]
        out.append((" ".join(reversed(words)).upper() + f" {i}", " ".join(words)))
    return out


def make_task(n: int = 300, **cfg) -> TranslationTask:
    data = DataConfig(valid_fraction=0.05, test_fraction=0.05, split_seed=1)
    section = TranslationConfig(
        source_lang="xx", target_lang="en", source_tokenizer="char", target_tokenizer="char", **cfg
    )
    task = TranslationTask(section, data, seed=0, pairs=pairs(n))
    task.build_model(TinyTransformerConfig(**TINY))
    return task


def lengths(task: TranslationTask, e: Example) -> tuple[int, int]:
    return len(task.encode_source(e.prompt)) + 1, len(task.encode_target(e.reference)) + 1


def test_token_batches_fill_the_budget_with_pairs_of_like_length():
    task = make_task()
    rng = random.Random(0)
    sizes, waste_ours, waste_random = [], 0.0, 0.0
    for _ in range(200):
        batch = task.sample_tokens(400, rng, task.num_levels - 1)
        rows = [(*lengths(task, e), e) for e in batch]
        padded = len(rows) * padded_length(rows)
        assert padded <= 400 or len(rows) == 1
        sizes.append(len(rows))
        waste_ours += 1 - sum(s + t for s, t, _ in rows) / padded
        drawn = task.sample(len(rows), rng, task.num_levels - 1)
        plain = [(*lengths(task, e), e) for e in drawn]
        waste_random += 1 - sum(s + t for s, t, _ in plain) / (len(plain) * padded_length(plain))
    assert min(sizes) < max(sizes)  # short pairs come more to a batch than long ones
    assert waste_ours / 200 < 0.1 < waste_random / 200  # padding: a few % against a third


def test_token_batches_reach_every_pair_about_as_often():
    task = make_task()
    rng = random.Random(1)
    seen: Counter[str] = Counter()
    for _ in range(3000):
        seen.update(e.prompt for e in task.sample_tokens(300, rng, task.num_levels - 1))
    counts = [seen[e.prompt] for e in task.train_examples]
    assert min(counts) > 0
    mean = sum(counts) / len(counts)
    # the shortest and the longest pairs, at the ends of the order, are not left out
    assert min(counts) > 0.3 * mean and max(counts) < 3 * mean


def test_token_batches_are_drawn_from_the_rng_alone():
    task = make_task()
    first = [e.prompt for e in task.sample_tokens(300, random.Random(7), 2)]
    again = [e.prompt for e in make_task().sample_tokens(300, random.Random(7), 2)]
    assert first == again


def test_label_smoothing_spreads_the_target_probability():
    task = make_task(label_smoothing=0.1)
    plain = make_task()
    model = task.build_model(TinyTransformerConfig(**TINY))
    plain.build_model(TinyTransformerConfig(**TINY))
    batch = [Example(s, t) for s, t in pairs(4)]
    smoothed = task.supervised_logits(model, batch)
    unsmoothed = plain.supervised_logits(model, batch)
    assert torch.equal(smoothed.logits, unsmoothed.logits)
    # by hand: (1 - eps) * NLL + eps * the mean NLL over the vocabulary, at each target
    logp = smoothed.logits.float().log_softmax(-1)
    mask = smoothed.mask
    nll = -logp.gather(-1, smoothed.targets.clamp(min=0)[..., None])[..., 0]
    spread = -logp.mean(-1)
    expected = ((0.9 * nll + 0.1 * spread) * mask).sum() / mask.sum()
    assert math.isclose(smoothed.cross_entropy().item(), expected.item(), rel_tol=1e-5)
    assert smoothed.cross_entropy().item() != unsmoothed.cross_entropy().item()
    # the likelihood the curriculum and the evaluation read is not smoothed
    assert torch.equal(smoothed.token_nll(), unsmoothed.token_nll())


def test_the_trainer_draws_token_batches_in_the_warmup(tmp_path):
    data = tmp_path / "pairs.tsv"
    data.write_text("".join(f"{t}\t{s}\n" for s, t in pairs(300)), encoding="utf-8")
    cfg = load_config(
        "tiny_transformer",
        [
            f"data.path={data}",
            "task.source_lang=xx",
            "task.target_lang=en",
            "task.source_column=1",
            "task.target_column=0",
            "task.fit_to_data=false",
            "task.target_tokenizer=char",
            *[f"model.{k}={v}" for k, v in TINY.items()],
            "stages.warmup.steps=6",
            "stages.warmup.batch_tokens=300",
            "stages.warmup.stop_at=null",
            "stages.grpo.steps=0",
            "eval.every=0",
            "eval.size=4",
            "run.checkpoint_every=0",
        ],
    )
    trainer = Trainer(cfg, save_dir=tmp_path / "runs")
    drawn: list[int] = []
    sample_tokens = trainer.task.sample_tokens

    def counted(tokens, rng, level):
        batch = sample_tokens(tokens, rng, level)
        drawn.append(len(batch))
        return batch

    trainer.task.sample_tokens = counted  # type: ignore[method-assign]
    trainer.run()
    steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
    assert len(drawn) == len(steps) == 6
    assert len(set(drawn)) > 1  # as many pairs as the lengths allow, not batch_size
