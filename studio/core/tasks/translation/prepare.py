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
its reason, and every setting kept as the user set it. The pairs of `task.suggestions`
(corrections clients sent to the server: suggestions.py) join the training split only,
after the split, so the held-out pairs are those of the data alone; they are left out
when too long as the file's are, and counted in their own line of the load report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from studio.core.data.bilingual import split_pairs
from studio.core.data.columns import ColumnsUnclear
from studio.core.data.languages import normalized_language
from studio.core.data.load_report import DataError, LoadReport
from studio.core.data.text_tokenizers import TextTokenizer
from studio.core.messages import say
from studio.core.models.pretrained.translator_tokenizer import SideTokenizer, TranslatorTokens
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
from studio.core.tasks.translation.suggestions import suggested_pairs

Pair = tuple[str, str]
Tokenizer = TextTokenizer | SideTokenizer  # fitted to the pairs, or a translator's own
# where a pair of a file came from, to count it when it is left out: its report and line
Lines = dict[tuple[str, str], tuple[LoadReport, int]]


@dataclass
class PreparedData:
    """The splits, what the model trains on, the tokenizers and the load report."""

    splits: dict[str, list[Pair]]  # "train", "valid", "test": (source, target) pairs
    train_pairs: list[Pair]  # the training pairs, or each both ways, tagged
    source_tok: Tokenizer
    target_tok: Tokenizer
    report: LoadReport
    fit: DataFit | None  # what was fitted to the file (None: the preset's settings kept)


def prepare_data(
    cfg: TranslationConfig,
    data: Any,
    pairs: list[Pair] | None,
    user: Mapping[str, Any],
    tokens: TranslatorTokens | None = None,
) -> PreparedData:
    """Load (unless `pairs` are given), split, fit and tokenize, as described above;
    `tokens`: a translator's own tokenizers, used instead of fitted ones."""
    if tokens is not None:
        check_pair(cfg, tokens)
    if pairs is None:
        pairs, report = _load(cfg, data, tokens)
    else:
        report = origin_report(say("Sentence pairs given directly"), cfg, pairs)
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
            say(
                "no training pairs left after the split ({n} pairs in all); give more data or "
                "lower data.valid_fraction and data.test_fraction",
                n=len(pairs),
            )
        )
    # a file's pairs are distinct; the demo corpus and given pairs are kept whole
    line_of: Lines = {p: (report, n) for p, n in zip(pairs, report.kept_lines)}
    if cfg.suggestions:
        suggested, report.added = suggested_pairs(cfg, set(pairs))
        train = train + suggested
        line_of.update({p: (report.added, n) for p, n in zip(suggested, report.added.kept_lines)})
    source_tok, target_tok = _tokenizers(cfg, read_as(cfg, train), fit, tokens, report)
    splits = {"train": train, "valid": valid, "test": test}
    if line_of:
        drop_too_long(cfg, splits, data.max_length, (source_tok, target_tok), line_of)
        if not splits["train"]:
            raise TranslationError(
                say(
                    "every training pair is longer than data.max_length {n} tokens; raise "
                    "data.max_length (and model.max_len), or use shorter sentences",
                    n=data.max_length,
                )
            )
    report.split = {name: len(split) for name, split in splits.items()}
    if fit:
        lengths = [
            (len(source_tok.encode(s)) + 1, len(target_tok.encode(t)) + 1)  # + EOS, + BOS
            for s, t in read_as(cfg, splits["train"])
        ]
        trainer_settings(fit, len(splits["valid"]), lengths, pretrained=tokens is not None)
        report.fitted, report.kept_as_set = fit.notes, fit.kept
        report.propose(fit.proposals, fit.user)
    train_pairs = read_as(cfg, splits["train"])
    return PreparedData(splits, train_pairs, source_tok, target_tok, report, fit)


def _tokenizers(
    cfg: TranslationConfig,
    train: list[Pair],
    fit: DataFit | None,
    tokens: TranslatorTokens | None,
    report: LoadReport,
) -> tuple[Tokenizer, Tokenizer]:
    """The translator's own tokenizers (said in the report), or tokenizers fitted to the
    training pairs (of sizes fitted to them too, when `fit`)."""
    if tokens is not None:
        report.tokens = say(
            "tokens: the model's own tokenizers ({name}: {source} source and {target} target "
            "tokens), not fitted to this data; task.vocab_size and the tokenizer settings "
            "are not used",
            name=tokens.name,
            source=f"{tokens.source.vocab_size:,}",
            target=f"{tokens.target.vocab_size:,}",
        )
        return tokens.source, tokens.target
    sizes = fitted_vocab_sizes(fit, cfg, train) if fit else None
    return fit_tokenizers(cfg, train, sizes)


def check_pair(cfg: TranslationConfig, tokens: TranslatorTokens) -> None:
    """TranslationError when the translator's pair (as its folder names it) is not the
    task's languages, naming both and the two ways out."""
    if tokens.languages is None:
        return
    model = tuple(normalized_language(lang) for lang in tokens.languages)
    task = (normalized_language(cfg.source_lang), normalized_language(cfg.target_lang))
    if model == task:
        return
    raise TranslationError(
        say(
            "task.source_lang and task.target_lang: {name} translates {model}, not {task}; set "
            "task.source_lang: {source} and task.target_lang: {target} and give pairs in those "
            "languages, or choose a translator from {task_source} to {task_target}",
            name=tokens.name,
            model="->".join(model),
            task="->".join(task),
            source=model[0],
            target=model[1],
            task_source=task[0],
            task_target=task[1],
        )
    )


def _load(
    cfg: TranslationConfig, data: Any, tokens: TranslatorTokens | None
) -> tuple[list[Pair], LoadReport]:
    """`task_pairs`; a file a translator of the user's cannot read (not in its pair) is
    refused naming the model's pair before what the file holds."""
    try:
        return task_pairs(cfg, data)
    except ColumnsUnclear:
        raise  # the window asks which column is which: its columns are the task's languages
    except DataError as err:
        if tokens is None or tokens.languages is None:
            raise
        raise DataError(
            say(
                "{name} translates {pair}: {problem}",
                name=tokens.name,
                pair="->".join(tokens.languages),
                problem=str(err),
            )
        ) from None


def read_as(cfg: TranslationConfig, pairs: list[Pair]) -> list[Pair]:
    """What the warm-up and GRPO draw from: the pairs, or each pair both ways, tagged."""
    return both_ways(pairs, cfg.source_lang, cfg.target_lang) if cfg.both_directions else pairs


def drop_too_long(
    cfg: TranslationConfig,
    splits: dict[str, list[Pair]],
    max_length: int,
    toks: tuple[Tokenizer, Tokenizer],
    line_of: Lines,
) -> None:
    """Leave out of each split the pairs of a file (`line_of`) with a sentence over
    `max_length` tokens, as the source tokenizer reads it or the target tokenizer writes it
    (both ways, for a both-ways run); count each in its file's report as "too long", by its
    line."""
    source_tok, target_tok = toks

    def tokens(pair: Pair) -> int:
        s, t = pair
        n = max(len(source_tok.encode(s)), len(target_tok.encode(t)))
        if cfg.both_directions:  # each side is also read, and written, the other way
            n = max(n, len(source_tok.encode(t)), len(target_tok.encode(s)))
        return n

    dropped: list[Pair] = []
    for name, split in splits.items():
        long = {p for p in split if p in line_of and tokens(p) > max_length}
        if long:
            splits[name] = [p for p in split if p not in long]
            dropped += long
    gone = set(dropped)
    for pair in sorted(dropped, key=lambda p: line_of[p][1]):
        report, line = line_of[pair]
        report.skip("too long", line)
        report.kept -= 1
    for report in {id(r): r for r, _ in line_of.values()}.values():
        report.first_pairs = [p for p in report.first_pairs if p not in gone]
