"""The translation task's data, made ready once when the task is built.

Pairs are loaded (the user's file, pairs given directly, or the demo corpus), split into
train/valid/test, read both ways for a both-ways run, and the tokenizers are trained on
the training side only. When the user's file replaces the demo corpus and
`task.fit_to_data` is on, the held-out shares, the vocabulary sizes and the trainer's
data-dependent settings are fitted to its size (data_fit.py); the load report records
every choice with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.core.data.bilingual import FIRST_PAIRS, split_pairs
from studio.core.data.load_report import LoadReport
from studio.core.data.text_tokenizers import TextTokenizer
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.data import fit_tokenizers, fitted_vocab_sizes, task_pairs
from studio.core.tasks.translation.data_fit import MIN_PAIRS, held_out_share, trainer_settings
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


def prepare_data(cfg: TranslationConfig, data: Any, pairs: list[Pair] | None) -> PreparedData:
    """Load (unless `pairs` are given), split, fit and tokenize, as described above."""
    if pairs is None:
        pairs, report = task_pairs(cfg, data)
    else:
        report = LoadReport(
            path="",
            origin="Sentence pairs given directly",
            kept=len(pairs),
            source_lang=cfg.source_lang,
            target_lang=cfg.target_lang,
            first_pairs=pairs[:FIRST_PAIRS],
        )
    # the user's file replaces the demo corpus: fit what depends on its size to it
    fit = cfg.fit_to_data and bool(data.path) and len(pairs) >= MIN_PAIRS
    shares, notes = (data.valid_fraction, data.test_fraction), []
    if fit:
        share, why = held_out_share(len(pairs))
        shares = (share, share)
        notes.append(f"valid and test splits of {round(share * len(pairs)):,}: {why}")
    train, valid, test = split_pairs(
        pairs, valid_fraction=shares[0], test_fraction=shares[1], seed=data.split_seed
    )
    if not train:
        raise TranslationError(
            f"no training pairs left after the split ({len(pairs)} pairs in all); give more "
            "data or lower data.valid_fraction and data.test_fraction"
        )
    report.split = {"train": len(train), "valid": len(valid), "test": len(test)}
    # what the warm-up and GRPO draw from: the pairs, or each pair both ways, tagged
    train_pairs = (
        both_ways(train, cfg.source_lang, cfg.target_lang) if cfg.both_directions else train
    )
    sizes = None
    if fit:
        sizes, vocab_notes = fitted_vocab_sizes(cfg, train_pairs)
        settings, trainer_notes = trainer_settings(len(train), len(valid))
        report.fitted = notes + vocab_notes + trainer_notes
        report.settings = settings
    source_tok, target_tok = fit_tokenizers(cfg, train_pairs, sizes)
    splits = {"train": train, "valid": valid, "test": test}
    return PreparedData(splits, train_pairs, source_tok, target_tok, report)
