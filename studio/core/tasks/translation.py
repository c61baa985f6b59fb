"""Translation as a GRPO task: a Tiny-Transformer learns to translate sentence pairs.

The task loads pairs (the user's file or the built-in zh/en demo corpus, either
direction), splits them into train/valid/test, trains source and target tokenizers on
the training split only, and carries those tokenizers in its state so a run can be
reloaded. Warm-up is teacher-forced cross-entropy (with optional source noise); GRPO
samples G translations per source (the encoder runs once per source) and scores the
detokenized text with sacrebleu (see translation_rewards.py). Evaluation decodes
greedily or with beam search and reports corpus chrF (headline), BLEU and the
output/reference length ratio, since a reward that pays for length shows up there first.

Curriculum levels bucket the training sources by length (characters) into equal shares.

References: Wu et al. 2016 (GNMT; source noise as in Edunov et al. 2018, "Understanding
Back-Translation at Scale": word dropout and swaps); DESIGN.md, "Translation".
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import torch
import torch.nn.functional as F
from torch import nn

from studio.core.configtools import param
from studio.core.data.bilingual import load_pairs, split_pairs
from studio.core.data.text_tokenizers import TextTokenizer, train_tokenizer
from studio.core.models.tiny_transformer import TinyTransformer, TinyTransformerConfig
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    Task,
    TaskError,
    model_device,
    unwrap,
)
from studio.core.tasks.translation_rewards import build_reward_functions, corpus_metrics

DEMO_LANGS = ("zh", "en")
IGNORE = -100  # label value cross_entropy skips (target padding)


class TranslationError(TaskError):
    """The translation task cannot run as configured; the message says how to fix it."""


@dataclass
class TranslationConfig:
    """Translate sentences; rewards from sacrebleu (chrF, BLEU) on the detokenized output."""

    NAME: ClassVar[str] = "translation"

    source_lang: str = param("zh", "Language translated from (the demo corpus has zh and en)")
    target_lang: str = param("en", "Language translated into")
    source_column: int = param(0, "Column of the source sentence in the user's file", min=0)
    target_column: int = param(1, "Column of the target sentence in the user's file", min=0)
    demo_size: int = param(0, "Demo-corpus pairs used when there is no data file (0: all)", min=0)
    source_tokenizer: Literal["char", "bpe"] = param("char", "Source tokens: characters or BPE")
    target_tokenizer: Literal["char", "bpe"] = param("bpe", "Target tokens: characters or BPE")
    vocab_size: int = param(
        2000, "Vocabulary size: BPE's target, a char tokenizer's ceiling", min=16
    )
    shared_tokenizer: bool = param(
        False, "One tokenizer trained on both sides (needed by model.shared_vocab)"
    )
    reward: Literal["chrf", "bleu", "mix"] = param(
        "chrf", "Sentence reward: chrF, BLEU, or a weighted mix of the two"
    )
    chrf_beta: float = param(
        1.0,
        "chrF's recall weight; 1 is length-neutral, sacrebleu's 2 pays for longer output",
        positive=True,
    )
    mix_weight: float = param(
        0.5, "Weight of chrF in the mix (BLEU gets the rest)", min=0.0, max=1.0
    )
    length_penalty: float = param(
        0.0, "Weight of a reward for matching the reference length (0: off)", min=0.0
    )
    repeat_limit: int = param(
        4,
        "Outputs with an n-gram repeated this many times in a row get reward 0 (0: off)",
        min=0,
    )
    noise_prob: float = param(
        0.1,
        "Warm-up source noise (when data.augment): chance each token is dropped or swapped",
        min=0.0,
        max=0.5,
    )
    num_levels: int = param(3, "Curriculum levels by source length (1: none)", positive=True)
    beam_length_penalty: float = param(
        1.0,
        "Beam search ranks by log-prob / length ** this (0: raw log-prob)",
        min=0.0,
        advanced=True,
    )

    def __post_init__(self) -> None:
        if self.source_lang == self.target_lang:
            raise ValueError(
                f"source_lang and target_lang are both {self.source_lang!r}; pick two languages"
            )
        if self.shared_tokenizer and self.source_tokenizer != self.target_tokenizer:
            raise ValueError(
                "shared_tokenizer needs source_tokenizer and target_tokenizer of the same kind, "
                f"got {self.source_tokenizer!r} and {self.target_tokenizer!r}"
            )


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


@contextmanager
def eval_mode(model: nn.Module) -> Iterator[nn.Module]:
    """The unwrapped model in eval mode (no dropout, no latent noise), restored afterwards."""
    inner = unwrap(model)
    was_training = inner.training
    inner.eval()
    try:
        yield inner
    finally:
        inner.train(was_training)


class TranslationTask(Task):
    """Sentence-pair translation for the Tiny-Transformer."""

    NAME: ClassVar[str] = "translation"
    ARCHITECTURES: ClassVar[tuple[str, ...]] = ("tiny-transformer",)
    EVAL_METRIC: ClassVar[str] = "chrf"

    def __init__(
        self,
        cfg: TranslationConfig,
        data: Any,
        *,
        seed: int,
        pairs: list[tuple[str, str]] | None = None,
    ) -> None:
        """`pairs` (source, target) replaces data.path and the demo corpus (tests, scripts)."""
        super().__init__(cfg, data, seed=seed)
        self._report = ""
        if pairs is None:
            pairs = self._load()
        else:
            self._report = f"{len(pairs)} sentence pairs given directly"
        train, valid, test = split_pairs(
            pairs,
            valid_fraction=data.valid_fraction,
            test_fraction=data.test_fraction,
            seed=data.split_seed,
        )
        if not train:
            raise TranslationError(
                f"no training pairs left after the split ({len(pairs)} pairs in all); give more "
                "data or lower data.valid_fraction and data.test_fraction"
            )
        self.splits = {"train": train, "valid": valid, "test": test}
        self._report += f"; split train {len(train)}, valid {len(valid)}, test {len(test)}"
        self._fit_tokenizers(train)
        self._build_levels(train)

    # ---- data

    def _load(self) -> list[tuple[str, str]]:
        cfg, path = self.cfg, self.data.path
        if path:
            pairs, report = load_pairs(
                path,
                max_length=self.data.max_length,
                source_column=cfg.source_column,
                target_column=cfg.target_column,
            )
            self._report = report.summary()
            return pairs
        if {cfg.source_lang, cfg.target_lang} != set(DEMO_LANGS):
            raise TranslationError(
                f"the built-in demo corpus holds zh and en, not {cfg.source_lang}->"
                f"{cfg.target_lang}; set task.source_lang/target_lang to zh and en (either "
                "way round) or give your own pairs in data.path"
            )
        from studio.core.data.demo_corpus import demo_pairs  # loaded only when used

        pairs = demo_pairs(cfg.demo_size or None)
        if cfg.source_lang == "en":
            pairs = [(en, zh) for zh, en in pairs]
        self._report = (
            f"Built-in demo corpus: {len(pairs)} pairs, {cfg.source_lang}->{cfg.target_lang}"
        )
        return pairs

    def _fit_tokenizers(self, train: list[tuple[str, str]]) -> None:
        cfg = self.cfg
        sources, targets = [s for s, _ in train], [t for _, t in train]
        if cfg.shared_tokenizer:
            tok = train_tokenizer(
                sources + targets, kind=cfg.source_tokenizer, vocab_size=cfg.vocab_size
            )
            self._set_tokenizers(tok, tok)
        else:
            self._set_tokenizers(
                train_tokenizer(sources, kind=cfg.source_tokenizer, vocab_size=cfg.vocab_size),
                train_tokenizer(targets, kind=cfg.target_tokenizer, vocab_size=cfg.vocab_size),
            )

    def _set_tokenizers(self, source: TextTokenizer, target: TextTokenizer) -> None:
        self.source_tok, self.target_tok = source, target
        self._src_ids: dict[str, list[int]] = {}  # encode caches: the same sentences recur
        self._tgt_ids: dict[str, list[int]] = {}

    def _build_levels(self, train: list[tuple[str, str]]) -> None:
        """Bucket sources by length into num_levels equal shares; level 0 the shortest."""
        lengths = sorted(len(s) for s, _ in train)
        levels = self.cfg.num_levels
        cuts = [lengths[len(lengths) * k // levels] for k in range(1, levels)]
        self.train_examples = [
            Example(prompt=s, reference=t, difficulty=bisect.bisect_left(cuts, len(s)), display=s)
            for s, t in train
        ]
        # pools[L]: examples of level <= L (the shortest source is always in level 0)
        self._pools = [
            [e for e in self.train_examples if e.difficulty <= level] for level in range(levels)
        ]

    @property
    def num_levels(self) -> int:
        return self.cfg.num_levels

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        pool = self._pools[max(0, min(max_level, len(self._pools) - 1))]
        return [rng.choice(pool) for _ in range(n)]

    def report(self) -> str:
        return self._report

    # ---- encoding

    def encode_source(self, text: str) -> list[int]:
        ids = self._src_ids.get(text)
        if ids is None:
            ids = self._src_ids[text] = self.source_tok.encode(text)
        return ids

    def encode_target(self, text: str) -> list[int]:
        ids = self._tgt_ids.get(text)
        if ids is None:
            ids = self._tgt_ids[text] = self.target_tok.encode(text)
        return ids

    def sources_batch(
        self,
        texts: list[str],
        max_len: int,
        *,
        noise: float = 0.0,
        device: torch.device | str = "cpu",
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Source ids (B, S), right-padded, each ending in EOS, and mask (B, S) True at real
        tokens. Sources longer than max_len are cut."""
        rows = [source_noise(self.encode_source(t), noise)[: max_len - 1] for t in texts]
        rows = [[*r, self.source_tok.eos_id] for r in rows]  # never empty: EOS is a token
        width = max(len(r) for r in rows)
        src = torch.full((len(rows), width), self.source_tok.pad_id, dtype=torch.long)
        mask = torch.zeros(len(rows), width, dtype=torch.bool)
        for i, r in enumerate(rows):
            src[i, : len(r)] = torch.tensor(r)
            mask[i, : len(r)] = True
        return src.to(device), mask.to(device)

    def targets_batch(
        self, texts: list[str], max_len: int, *, device: torch.device | str = "cpu"
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Teacher-forcing input [BOS] + ids (B, T) and labels ids + [EOS] (B, T), padding
        labelled IGNORE. Targets longer than max_len - 1 tokens are cut."""
        tok = self.target_tok
        rows = [self.encode_target(t)[: max_len - 1] for t in texts]
        width = max(len(r) for r in rows) + 1
        tgt_in = torch.full((len(rows), width), tok.pad_id, dtype=torch.long)
        labels = torch.full((len(rows), width), IGNORE, dtype=torch.long)
        for i, r in enumerate(rows):
            tgt_in[i, : len(r) + 1] = torch.tensor([tok.bos_id, *r])
            labels[i, : len(r) + 1] = torch.tensor([*r, tok.eos_id])
        return tgt_in.to(device), labels.to(device)

    def detokenize(self, ids: list[int]) -> str:
        """Text of generated ids: stops at EOS, drops BOS and padding."""
        tok = self.target_tok
        kept = []
        for i in ids:
            if i == tok.eos_id:
                break
            if i not in (tok.pad_id, tok.bos_id):
                kept.append(i)
        return tok.decode(kept)

    # ---- the model

    def build_model(self, model_cfg: Any) -> nn.Module:
        if not isinstance(model_cfg, TinyTransformerConfig):
            raise TranslationError(
                f"the translation task trains a tiny-transformer, got {type(model_cfg).__name__};"
                " set model.arch: tiny-transformer"
            )
        if model_cfg.shared_vocab and self.source_tok is not self.target_tok:
            raise TranslationError(
                "model.shared_vocab: true needs one tokenizer for both languages; set "
                "task.shared_tokenizer: true (and the same source/target tokenizer kind)"
            )
        return TinyTransformer(
            model_cfg,
            self.source_tok.vocab_size,
            self.target_tok.vocab_size,
            pad_id=self.target_tok.pad_id,
        )

    # ---- supervised warm-up

    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        max_len, device = unwrap(model).cfg.max_len, model_device(model)
        noise = self.cfg.noise_prob if self.data.augment else 0.0
        src, src_mask = self.sources_batch(
            [e.prompt for e in examples], max_len, noise=noise, device=device
        )
        tgt_in, labels = self.targets_batch([e.reference for e in examples], max_len, device=device)
        logits = model(src, src_mask, tgt_in)  # (B, T, V)
        return F.cross_entropy(logits.flatten(0, 1).float(), labels.flatten(), ignore_index=IGNORE)

    # ---- GRPO

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        tok = self.target_tok
        with torch.no_grad(), eval_mode(model) as inner:
            src, src_mask = self.sources_batch(
                [e.prompt for e in examples], inner.cfg.max_len, device=model_device(inner)
            )  # (P, S)
            gen = inner.generate(
                src,
                src_mask,
                num_samples=group_size,
                max_new_tokens=sampling.max_new_tokens,
                temperature=sampling.temperature,
                top_k=sampling.top_k,
                top_p=sampling.top_p,
                bos_id=tok.bos_id,
                eos_id=tok.eos_id,
            )  # (N, T)
        completions = [self.detokenize(row) for row in gen.tokens.tolist()]
        return Rollout(
            examples=examples,
            group_size=group_size,
            actions=gen.tokens,
            mask=gen.mask.float(),
            logp=gen.logp,
            truncated=~gen.finished,
            completions=completions,
            context={"src": src, "src_mask": src_mask},
        )

    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        g, device = rollout.group_size, model_device(model)
        src = rollout.context["src"].to(device).repeat_interleave(g, 0)  # (N, S)
        src_mask = rollout.context["src_mask"].to(device).repeat_interleave(g, 0)
        actions = rollout.actions.to(device)  # (N, T)
        bos = torch.full_like(actions[:, :1], self.target_tok.bos_id)
        tgt_in = torch.cat([bos, actions[:, :-1]], dim=1)  # what the sampler saw at each step
        logits = model(src, src_mask, tgt_in).float() / temperature  # (N, T, V)
        logp_all = logits.log_softmax(dim=-1)
        logp = logp_all.gather(-1, actions[..., None]).squeeze(-1)  # (N, T)
        entropy = -(logp_all.exp() * logp_all).sum(dim=-1)  # (N, T)
        return logp, entropy

    def reward_functions(self) -> list[RewardFunction]:
        cfg = self.cfg
        return build_reward_functions(
            cfg.reward,
            lang=cfg.target_lang,
            chrf_beta=cfg.chrf_beta,
            mix_weight=cfg.mix_weight,
            length_penalty=cfg.length_penalty,
            repeat_limit=cfg.repeat_limit,
        )

    # ---- evaluation

    def evaluate(
        self,
        model: nn.Module,
        *,
        split: str = "valid",
        limit: int = 200,
        decoding: str = "greedy",
        beam_size: int = 4,
    ) -> dict[str, float]:
        """Corpus chrF (headline), BLEU (both 0..100) and length_ratio on `split`."""
        if split not in ("valid", "test"):
            raise TranslationError(f"split must be 'valid' or 'test', got {split!r}")
        pairs = self.splits[split][:limit]
        if not pairs:
            raise TranslationError(
                f"the {split} split is empty; set data.{split}_fraction above 0 to evaluate"
            )
        hyps = translate(model, self, [s for s, _ in pairs], decoding=decoding, beam_size=beam_size)
        metrics = corpus_metrics(hyps, [t for _, t in pairs], lang=self.cfg.target_lang)
        metrics["examples"] = float(len(pairs))
        return metrics

    # ---- state: the tokenizers, so a saved run decodes the same way

    def state_dict(self) -> dict[str, Any]:
        return {
            "source_tokenizer": self.source_tok.to_dict(),
            "target_tokenizer": self.target_tok.to_dict(),
            "shared_tokenizer": self.source_tok is self.target_tok,
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        missing = [k for k in ("source_tokenizer", "target_tokenizer") if k not in state]
        if missing:
            raise TranslationError(
                f"task state lacks {', '.join(missing)}; it was not saved by the translation "
                "task (check the run folder)"
            )
        source = TextTokenizer.from_dict(state["source_tokenizer"])
        target = (
            source
            if state.get("shared_tokenizer")
            else TextTokenizer.from_dict(state["target_tokenizer"])
        )
        self._set_tokenizers(source, target)


def translate(
    model: nn.Module,
    task: TranslationTask,
    sentences: list[str],
    decoding: str = "greedy",
    beam_size: int = 4,
    batch_size: int = 64,
) -> list[str]:
    """Translate sentences with greedy decoding or beam search; one output per sentence."""
    if decoding not in ("greedy", "beam"):
        raise TranslationError(f"decoding must be 'greedy' or 'beam', got {decoding!r}")
    tok = task.target_tok
    out: list[str] = []
    with torch.no_grad(), eval_mode(model) as inner:
        max_len, device = inner.cfg.max_len, model_device(inner)
        for start in range(0, len(sentences), batch_size):
            src, src_mask = task.sources_batch(
                sentences[start : start + batch_size], max_len, device=device
            )
            if decoding == "greedy":
                gen = inner.generate(
                    src,
                    src_mask,
                    max_new_tokens=max_len,
                    greedy=True,
                    bos_id=tok.bos_id,
                    eos_id=tok.eos_id,
                )
                rows = gen.tokens.tolist()
            else:
                rows = inner.beam_search(
                    src,
                    src_mask,
                    beam_size,
                    max_len,
                    tok.bos_id,
                    tok.eos_id,
                    task.cfg.beam_length_penalty,
                )
            out += [task.detokenize(r) for r in rows]
    return out
