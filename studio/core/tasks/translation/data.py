"""Sentence pairs made ready for the Tiny-Transformer: loading, tokenizers, curriculum
levels, source noise and padded batches.

Plain functions the translation task calls; none holds state. Pairs come from the
user's file (studio.core.data.bilingual) or the built-in zh/en demo corpus, either
direction. Tokenizers are trained on the training split only. Curriculum levels bucket
the training sources by length (characters) into equal shares.

References: Edunov et al. 2018, "Understanding Back-Translation at Scale" (source noise:
word dropout and swaps of neighbours).
"""

from __future__ import annotations

import bisect
from typing import Any

import torch

from studio.core.config.fit import Proposal
from studio.core.data.bilingual import FIRST_PAIRS, load_pairs
from studio.core.data.columns import ColumnRequest
from studio.core.data.load_report import LoadReport
from studio.core.data.text_tokenizers import TextTokenizer, split_tags, train_tokenizer
from studio.core.messages import say
from studio.core.tasks.base import Example, token_nll
from studio.core.tasks.translation.back_translation import BT_TAG
from studio.core.tasks.translation.config import DEMO_LANGS, TranslationConfig, TranslationError
from studio.core.tasks.translation.data_fit import DataFit, vocab_size
from studio.core.tasks.translation.directions import direction_tokens

IGNORE = -100  # label value cross_entropy skips (target padding)


def task_pairs(cfg: TranslationConfig, data: Any) -> tuple[list[tuple[str, str]], LoadReport]:
    """(source, target) pairs from data.path, or from the demo corpus when there is none,
    and the report of what loading did."""
    if data.path:
        request = ColumnRequest(
            source_lang=cfg.source_lang,
            target_lang=cfg.target_lang,
            source_column=cfg.source_column,
            target_column=cfg.target_column,
        )
        # data.max_length counts tokens: prepare.py applies it once the tokenizers exist
        return load_pairs(data.path, columns=request)
    if {cfg.source_lang, cfg.target_lang} != set(DEMO_LANGS):
        raise TranslationError(
            say(
                "the built-in demo corpus holds zh and en, not {source}->{target}; set "
                "task.source_lang/target_lang to zh and en (either way round) or give your own "
                "pairs in data.path",
                source=cfg.source_lang,
                target=cfg.target_lang,
            )
        )
    from studio.core.data.demo_corpus import demo_pairs  # loaded only when used

    pairs = demo_pairs(cfg.demo_size or None)
    if cfg.source_lang == "en":
        pairs = [(en, zh) for zh, en in pairs]
    return pairs, origin_report(say("Built-in demo corpus"), cfg, pairs)


def origin_report(origin: str, cfg: TranslationConfig, pairs: list[tuple[str, str]]) -> LoadReport:
    """The load report of pairs that come from no file (the demo corpus, pairs given)."""
    return LoadReport(
        path="",
        origin=origin,
        kept=len(pairs),
        source_lang=cfg.source_lang,
        target_lang=cfg.target_lang,
        first_pairs=pairs[:FIRST_PAIRS],
    )


def source_tags(cfg: TranslationConfig) -> list[str]:
    """The tags a source may begin with, each one token of the source tokenizer: the
    direction tags of a both-ways run, and back-translation's wherever there is text it
    may translate (the fit decides whether it does once the text is read: text_fit.py)."""
    return direction_tokens(cfg) + ([BT_TAG] if cfg.back_translation or cfg.text_path else [])


def fit_tokenizers(
    cfg: TranslationConfig,
    train: list[tuple[str, str]],
    sizes: tuple[int, int] | None = None,
) -> tuple[TextTokenizer, TextTokenizer]:
    """Source and target tokenizers trained on the training pairs, of `sizes` (source,
    target; default cfg.vocab_size each); one object for both sides when
    cfg.shared_tokenizer (of the source's size). The source side knows source_tags(cfg)."""
    sources, targets = [s for s, _ in train], [t for _, t in train]
    source_size, target_size = sizes or (cfg.vocab_size, cfg.vocab_size)
    tags = source_tags(cfg)
    if cfg.shared_tokenizer:
        tok = train_tokenizer(
            sources + targets, kind=cfg.source_tokenizer, vocab_size=source_size, tags=tags
        )
        return tok, tok
    return (
        train_tokenizer(sources, kind=cfg.source_tokenizer, vocab_size=source_size, tags=tags),
        train_tokenizer(targets, kind=cfg.target_tokenizer, vocab_size=target_size),
    )


def fitted_vocab_sizes(
    fit: DataFit, cfg: TranslationConfig, train: list[tuple[str, str]]
) -> tuple[int, int] | None:
    """Tokenizer sizes chosen from the training pairs (task.fit_to_data), with reasons
    noted in `fit`; None when the user gave task.vocab_size, which is then kept."""
    tags = tuple(source_tags(cfg))
    sources, targets = [split_tags(s, tags)[1] for s, _ in train], [t for _, t in train]
    if cfg.shared_tokenizer:
        size, why = vocab_size(cfg.source_tokenizer, sources + targets)
        sizes = (size, size)
        notes = [say("shared vocabulary {n}: {why}", n=f"{size:,}", why=why)]
    else:
        source, why_source = vocab_size(cfg.source_tokenizer, sources)
        target, why_target = vocab_size(cfg.target_tokenizer, targets)
        sizes = (source, target)
        notes = [
            say(
                "source vocabulary {n} ({kind}): {why}",
                n=f"{source:,}",
                kind=cfg.source_tokenizer,
                why=why_source,
            ),
            say(
                "target vocabulary {n} ({kind}): {why}",
                n=f"{target:,}",
                kind=cfg.target_tokenizer,
                why=why_target,
            ),
        ]
    source, target = sizes
    if source != target:
        would = say(
            "the fit would choose {source} for the source, {target} for the target",
            source=f"{source:,}",
            target=f"{target:,}",
        )
    else:
        would = say("the fit would choose {value}", value=f"{source:,}")
    if not fit.choose([Proposal("task.vocab_size", source, "", would)]):
        return None  # the user's, kept
    fit.notes += notes
    return sizes


def length_levels(
    train: list[tuple[str, str]], levels: int
) -> tuple[list[Example], list[list[Example]]]:
    """Training examples with difficulty = length bucket of the source (levels equal
    shares, 0 the shortest), and pools[L]: the examples of level <= L."""
    lengths = sorted(len(s) for s, _ in train)
    cuts = [lengths[len(lengths) * k // levels] for k in range(1, levels)]
    examples = [
        Example(prompt=s, reference=t, difficulty=bisect.bisect_left(cuts, len(s)), display=s)
        for s, t in train
    ]
    # the shortest source is always in level 0, so no pool is empty
    pools = [[e for e in examples if e.difficulty <= level] for level in range(levels)]
    return examples, pools


def source_noise(ids: list[int], prob: float) -> list[int]:
    """Swap neighbouring tokens with chance prob/2 each, then drop tokens with chance prob/2.

    Random draws come from torch's default generator (seeded by the trainer).
    """
    if prob <= 0 or not ids:
        return list(ids)
    out = list(ids)
    swap_u = torch.rand(len(out)).tolist()
    i = 0
    while i < len(out) - 1:
        if swap_u[i] < prob / 2:
            out[i], out[i + 1] = out[i + 1], out[i]
            i += 2  # a swapped token is not swapped again
        else:
            i += 1
    drop_u = torch.rand(len(out)).tolist()
    return [tok for tok, u in zip(out, drop_u) if u >= prob / 2]


def pad_sources(rows: list[list[int]], pad_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Token rows (none empty) -> ids (B, S) right-padded with pad_id, and mask (B, S)
    True at real tokens."""
    width = max(len(r) for r in rows)
    src = torch.full((len(rows), width), pad_id, dtype=torch.long)
    mask = torch.zeros(len(rows), width, dtype=torch.bool)
    for i, r in enumerate(rows):
        src[i, : len(r)] = torch.tensor(r)
        mask[i, : len(r)] = True
    return src, mask


def teacher_forcing(
    rows: list[list[int]], *, bos_id: int, eos_id: int, pad_id: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Target rows -> decoder input [BOS] + ids (B, T) padded with pad_id, and labels
    ids + [EOS] (B, T) padded with IGNORE; T is the longest row plus one."""
    width = max(len(r) for r in rows) + 1
    tgt_in = torch.full((len(rows), width), pad_id, dtype=torch.long)
    labels = torch.full((len(rows), width), IGNORE, dtype=torch.long)
    for i, r in enumerate(rows):
        tgt_in[i, : len(r) + 1] = torch.tensor([bos_id, *r])
        labels[i, : len(r) + 1] = torch.tensor([*r, eos_id])
    return tgt_in, labels


def example_cross_entropy(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    """Mean cross-entropy of each row's labelled tokens: (B,) from logits (B, T, V)."""
    return token_nll(logits, labels).sum(dim=1) / (labels != IGNORE).sum(dim=1)
