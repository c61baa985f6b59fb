"""The translation task's data, made ready once when the task is built.

Pairs are loaded (the user's file, pairs given directly, or the demo corpus), split into
train/valid/test, read both ways for a both-ways run, and the tokenizers are trained on
the training side only. Then a pair of the user's file with a sentence longer than
data.max_length tokens (of the tokenizer that reads or writes it; tags not counted) is
left out of its split, counted in the load report as "too long" with its line number:
the limit is in tokens because that is what the model's length and memory are in, and a
character count would treat English (about four characters a BPE token) and Chinese (one
a token) unequally. When the user's file replaces the demo corpus and
`task.fit_to_data` is on, the held-out shares, the vocabulary sizes and the trainer's
data-dependent settings are fitted to its size (data_fit.py), except those the user gave
(`user`, dotted path -> value), which are kept; the load report records every choice with
its reason, and every setting kept as the user set it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from studio.core.data.bilingual import split_pairs
from studio.core.data.load_report import LoadReport
from studio.core.data.text_tokenizers import TextTokenizer
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.data import (
    fit_tokenizers,
    fitted_vocab_sizes,
    origin_report,
    task_pairs,
)
from studio.core.tasks.translation.data_fit import (
    MIN_PAIRS,
    DataFit,
    held_out_shares,
    trainer_settings,
)
from studio.core.tasks.translation.directions import both_ways

Pair = tuple[str, str]


@dataclass
class PreparedData:
    """The splits, what the model trains on, the tokenizers and the load report."""

    splits: dict[str, list[Pair]]  # "train", "valid", "test": (source, target) pairs
    train_pairs: list[Pair]  # the training pairs, or each both ways, tagged
    source_tok: TextTokenizer
    target_tok: TextTokenizer
    report: LoadReport


def prepare_data(
    cfg: TranslationConfig, data: Any, pairs: list[Pair] | None, user: Mapping[str, Any]
) -> PreparedData:
    """Load (unless `pairs` are given), split, fit and tokenize, as described above."""
    if pairs is None:
        pairs, report = task_pairs(cfg, data)
    else:
        report = origin_report("Sentence pairs given directly", cfg, pairs)
    # the user's file replaces the demo corpus: fit what depends on its size to it
    fit = DataFit(user) if cfg.fit_to_data and data.path and len(pairs) >= MIN_PAIRS else None
    shares = (data.valid_fraction, data.test_fraction)
    if fit:
        shares = held_out_shares(fit, len(pairs), shares)
    train, valid, test = split_pairs(
        pairs, valid_fraction=shares[0], test_fraction=shares[1], seed=data.split_seed
    )
    if not train:
        raise TranslationError(
            f"no training pairs left after the split ({len(pairs)} pairs in all); give more "
            "data or lower data.valid_fraction and data.test_fraction"
        )
    sizes = fitted_vocab_sizes(fit, cfg, read_as(cfg, train)) if fit else None
    source_tok, target_tok = fit_tokenizers(cfg, read_as(cfg, train), sizes)
    splits = {"train": train, "valid": valid, "test": test}
    if report.kept_lines:  # the user's file (the demo corpus and given pairs are kept whole)
        line_of = dict(zip(pairs, report.kept_lines))  # a file's pairs are distinct
        drop_too_long(cfg, splits, report, data.max_length, (source_tok, target_tok), line_of)
        if not splits["train"]:
            raise TranslationError(
                f"every training pair is longer than data.max_length {data.max_length} "
                "tokens; raise data.max_length (and model.max_len), or use shorter sentences"
            )
    report.split = {name: len(split) for name, split in splits.items()}
    if fit:
        lengths = [
            (len(source_tok.encode(s)) + 1, len(target_tok.encode(t)) + 1)  # + EOS, + BOS
            for s, t in read_as(cfg, splits["train"])
        ]
        trainer_settings(fit, len(splits["valid"]), lengths)
        report.fitted, report.kept_as_set = fit.notes, fit.kept
        report.propose(fit.proposals, fit.user)
    train_pairs = read_as(cfg, splits["train"])
    return PreparedData(splits, train_pairs, source_tok, target_tok, report)


def read_as(cfg: TranslationConfig, pairs: list[Pair]) -> list[Pair]:
    """What the warm-up and GRPO draw from: the pairs, or each pair both ways, tagged."""
    return both_ways(pairs, cfg.source_lang, cfg.target_lang) if cfg.both_directions else pairs


def drop_too_long(
    cfg: TranslationConfig,
    splits: dict[str, list[Pair]],
    report: LoadReport,
    max_length: int,
    toks: tuple[TextTokenizer, TextTokenizer],
    line_of: dict[Pair, int],
) -> None:
    """Leave out of each split the pairs with a sentence over `max_length` tokens, as the
    source tokenizer reads it or the target tokenizer writes it (both ways, for a both-ways
    run); count each in `report` as "too long", by its line (`line_of`)."""
    source_tok, target_tok = toks

    def tokens(pair: Pair) -> int:
        s, t = pair
        n = max(len(source_tok.encode(s)), len(target_tok.encode(t)))
        if cfg.both_directions:  # each side is also read, and written, the other way
            n = max(n, len(source_tok.encode(t)), len(target_tok.encode(s)))
        return n

    dropped: list[Pair] = []
    for name, split in splits.items():
        long = {p for p in split if tokens(p) > max_length}
        if long:
            splits[name] = [p for p in split if p not in long]
            dropped += long
    if not dropped:
        return
    for line in sorted(line_of[p] for p in dropped):
        report.skip("too long", line)
    report.kept -= len(dropped)
    gone = set(dropped)
    report.first_pairs = [p for p in report.first_pairs if p not in gone]
