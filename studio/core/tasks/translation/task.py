"""Translation as a GRPO task: an encoder-decoder learns to translate sentence pairs.

It trains any model of the kind "encoder-decoder" (studio.core.models.encoder_decoder): the
Tiny-Transformer made from scratch, or a translator of the user's (a Marian model from a
folder on this computer), which brings its own tokenizers and its language pair.

The task loads pairs (the user's file or the built-in zh/en demo corpus, either
direction), splits them into train/valid/test, trains source and target tokenizers on
the training split only (unless the model brings its own), and carries those tokenizers
in its state so a run can be reloaded. Warm-up is teacher-forced cross-entropy (with
optional source noise); GRPO samples G translations per source and scores the
detokenized text with sacrebleu. Both the sampler and the update's log-probs (policy
and reference model) run the encoder once per source and share it with the source's G
translations. Evaluation decodes greedily or with beam search and reports corpus chrF
(headline), BLEU and the output/reference length ratio, since a reward that pays for
length shows up there first.

The parts live beside it: config.py (settings, TranslationError), prepare.py (loading,
splits, fitted settings, tokenizers), data.py (pairs, tokenizers, curriculum levels,
noise, batches), rewards.py (chrF/BLEU rewards, corpus metrics), decoding.py
(`translate`), directions.py (both ways in one model), back_translation.py (synthetic
pairs from target sentences alone), one_language.py (a file of sentences in either
language beside the pairs), round_trip.py (its source-language sentences as GRPO prompts
scored by translating back).

References: Wu et al. 2016 (GNMT), for the length-normalised beam search.
"""

from __future__ import annotations

import bisect
import itertools
import random
from typing import Any, ClassVar

import torch
from torch import nn

from studio.core.config.decoding import BEAM, GREEDY, GREEDY_DECODING, Decoding, Method
from studio.core.config.fields import ModelSection
from studio.core.config.sections import DataConfig, StudioConfig
from studio.core.data.languages import language_label
from studio.core.data.load_report import LoadReport
from studio.core.data.text_tokenizers import TextTokenizer, split_tags
from studio.core.messages import say
from studio.core.models import arch_spec
from studio.core.models.pretrained.translator_tokenizer import TranslatorTokens
from studio.core.models.sampling import token_logprobs_and_entropy
from studio.core.models.tiny_transformer import TinyTransformerConfig
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    SupervisedLogits,
    Task,
    UserSettings,
    check_split,
    empty_split,
    model_device,
)
from studio.core.tasks.probing import next_token_positions
from studio.core.tasks.translation.back_translation import (
    BackTranslated,
    back_translate,
    loss_weights,
    mixed_draw,
    synthetic_share,
)
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.data import (
    IGNORE,
    example_cross_entropy,
    length_levels,
    pad_sources,
    source_noise,
    teacher_forcing,
)
from studio.core.tasks.translation.decoding import eval_mode, translate, translator
from studio.core.tasks.translation.directions import held_out_ways, tagged, written_lang
from studio.core.tasks.translation.one_language import OneLanguageText, read_text, text_report
from studio.core.tasks.translation.prepare import Tokenizer, prepare_data
from studio.core.tasks.translation.rewards import build_reward_functions, corpus_metrics
from studio.core.tasks.translation.round_trip import (
    round_trip_pools,
    round_trip_reward,
    round_trip_share,
    way_back,
)
from studio.core.tasks.translation.text_fit import fit_text_use

PROBE_WORDS = 8  # reference tokens the policy probe follows


Sized = tuple[int, int, Example]  # source tokens, target tokens, the pair
ByLength = tuple[list[Sized], list[int]]  # sorted by length; the running sums of lengths


class TranslationTask(Task[TranslationConfig]):
    """Sentence-pair translation for an encoder-decoder."""

    NAME: ClassVar[str] = "translation"
    CONFIG = TranslationConfig
    MODEL_KIND = "encoder-decoder"
    EVAL_METRIC: ClassVar[str] = "chrf"
    EXPORT_ADAPTER: ClassVar[str] = "studio.core.export.adapters:TranslationAdapter"
    DATA_FIELDS: ClassVar[tuple[str, ...]] = (
        "path",
        "max_length",
        "augment",
        "valid_fraction",
        "test_fraction",
        "split_seed",
        "max_unusable",
    )
    SAMPLE_NOUN: ClassVar[str] = "translation"
    DECODINGS: ClassVar[tuple[Method, ...]] = (GREEDY, BEAM)
    VOCABULARY_FIELDS: ClassVar[tuple[str, ...]] = (
        "source_lang",
        "target_lang",
        "both_directions",
        "source_tokenizer",
        "target_tokenizer",
        "vocab_size",
        "shared_tokenizer",
    )

    def __init__(
        self,
        cfg: TranslationConfig,
        data: DataConfig,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        pairs: list[tuple[str, str]] | None = None,
        model: ModelSection | None = None,
    ) -> None:
        """`pairs` (source, target) replaces data.path and the demo corpus (tests, scripts)."""
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        # a translator of the user's brings its tokenizers and its pair (ArchSpec.tokenizer)
        bring = arch_spec(model.ARCH).tokenizer if model is not None else None
        self.model_tokens: TranslatorTokens | None = bring(model) if bring is not None else None
        if self.model_tokens is not None:
            refuse_for_pretrained(cfg, self.model_tokens)
        prepared = prepare_data(cfg, data, pairs, self.user_settings, self.model_tokens)
        self.splits = prepared.splits
        self._report = prepared.report
        self._fit = prepared.fit
        self._train_pairs = prepared.train_pairs
        self._set_tokenizers(prepared.source_tok, prepared.target_tok)
        self._max_len: int | None = None  # the model's, once build_model has seen it
        self.train_examples, self._pools = length_levels(self._train_pairs, cfg.num_levels)
        # build_model's; back-translation builds alike
        self.model_config: ModelSection | None = None
        self.text: OneLanguageText | None = None  # task.text_path's sentences, by language
        self._to_back_translate: list[str] = []
        self.synthetic: list[tuple[str, str]] | None = None  # back-translated pairs
        self.back_translated: BackTranslated | None = None  # how they were made, this session
        self._synthetic_pools: list[list[Example]] = []  # drawn from in the warm-up only
        self._round_trip_pools: list[list[Example]] = []  # GRPO prompts without references
        self.round_trip_share = 0.0  # of each GRPO batch, drawn from _round_trip_pools
        self._stage = ""  # the stage begun last (begin_stage)
        self._by_length: list[ByLength] | None = None  # sample_tokens's, per level
        if cfg.text_path:
            self._read_text(cfg.text_path, data.max_length)

    def _read_text(self, path: str, max_length: int) -> None:
        """task.text_path's sentences sorted by language, said in the load report; the
        target-language ones are back-translated when task.back_translation is on (set by
        the fit to a user's file, text_fit.py, unless the user set it), the
        source-language ones are GRPO's round-trip prompts (round_trip.py)."""
        cfg = self.cfg
        lengths = {
            cfg.source_lang: lambda s: len(self.source_tok.encode(s)),
            cfg.target_lang: lambda s: len(self.target_tok.encode(s)),
        }
        self.text = read_text(path, (cfg.source_lang, cfg.target_lang), max_length, lengths)
        if self._fit is not None:
            fit_text_use(self._fit, cfg, len(self.splits["train"]), self.text)
        self._report.one_language = text_report(cfg, self.text, fitted=self._fit is not None)
        if cfg.back_translation:
            self._to_back_translate = self.text.target
        share = round_trip_share(cfg, len(self.text.source))
        if share > 0 and cfg.both_directions and self.text.source:
            self.round_trip_share = share
            self._round_trip_pools = round_trip_pools(cfg, self.text.source)

    def _set_tokenizers(self, source: Tokenizer, target: Tokenizer) -> None:
        self.source_tok, self.target_tok = source, target
        self._src_ids: dict[str, list[int]] = {}  # encode caches: the same sentences recur
        self._tgt_ids: dict[str, list[int]] = {}

    # ---- examples

    @property
    def num_levels(self) -> int:
        return self.cfg.num_levels

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        level = max(0, min(max_level, len(self._pools) - 1))
        pool = self._pools[level]
        if self._synthetic_pools:  # the warm-up, with back-translated pairs
            synthetic = self._synthetic_pools[min(level, len(self._synthetic_pools) - 1)]
            share = synthetic_share(self.cfg.back_translation_share, len(pool), len(synthetic))
            return mixed_draw(n, pool, synthetic, share, rng)
        if self._stage == "grpo" and self._round_trip_pools:
            sentences = self._round_trip_pools[min(level, len(self._round_trip_pools) - 1)]
            return mixed_draw(n, pool, sentences, self.round_trip_share, rng)
        return [rng.choice(pool) for _ in range(n)]

    def sample_tokens(
        self, tokens: int, rng: random.Random, max_level: int
    ) -> list[Example] | None:
        """Pairs of like length (sorted by target, then source tokens) around one drawn at
        random, as many as fill `tokens` padded source and target positions: a random
        batch of 32 Tatoeba pairs is about half padding. None with back-translated pairs or
        round-trip prompts, whose share of each batch `sample` keeps."""
        if self._synthetic_pools or (self._stage == "grpo" and self._round_trip_pools):
            return None
        level = max(0, min(max_level, len(self._pools) - 1))
        if self._by_length is None:
            self._by_length = [self._sorted_by_length(pool) for pool in self._pools]
        pool, ends = self._by_length[level]
        # an anchor drawn in proportion to its length: a short one brings more pairs along,
        # so every pair is drawn about as often as with batches of one size
        anchor = bisect.bisect_right(ends, rng.random() * ends[-1])
        src, tgt, _ = pool[anchor]
        k = max(1, min(len(pool), tokens // (src + tgt)))
        start = min(max(0, anchor - rng.randrange(k)), len(pool) - k)
        batch = pool[start : start + k]
        # the longest source of the window may be longer than the anchor's: fewer pairs
        while len(batch) > 1 and len(batch) * padded_length(batch) > tokens:
            batch = batch[:-1] if batch[-1] is not pool[anchor] else batch[1:]
        return [example for _, _, example in batch]

    def _sorted_by_length(self, pool: list[Example]) -> ByLength:
        """(source tokens, target tokens, example) sorted by target then source length,
        ties in an order fixed by the task's seed; and the running sums of their lengths."""
        cut = self._max_len or 1 << 30
        order = random.Random(self.seed)
        keyed = []
        for e in pool:
            src = min(len(self.encode_source(e.prompt)) + 1, cut)  # + EOS
            tgt = min(len(self.encode_target(e.reference)) + 1, cut)  # + BOS / EOS
            keyed.append(((tgt, src, order.random()), src, tgt, e))
        keyed.sort(key=lambda row: row[0])
        rows = [(src, tgt, e) for _, src, tgt, e in keyed]
        return rows, list(itertools.accumulate(src + tgt for src, tgt, _ in rows))

    def begin_stage(self, name: str) -> None:
        """The warm-up draws from the real and the back-translated pairs (made now, the
        first time; at most task.back_translation_share of each batch), GRPO from the real
        ones and the round trip's sentences (task.round_trip_share of each batch)."""
        self._stage = name
        self._synthetic_pools = []
        if name != "warmup" or not self._to_back_translate:
            return
        if self.synthetic is None:
            self.back_translated = back_translate(self, self._to_back_translate)
            self.synthetic = self.back_translated.pairs
            self._report.one_language.append(self.back_translated.summary())
        pairs = self.synthetic
        if self.cfg.both_directions:  # they teach the forward direction
            pairs = [(tagged(s, self.cfg.target_lang), t) for s, t in pairs]
        if pairs:
            self._synthetic_pools = length_levels(pairs, self.cfg.num_levels)[1]

    def preparing(self, name: str) -> str | None:
        if name != "warmup" or not self._to_back_translate or self.synthetic is not None:
            return None
        return say(
            "back-translation: a reverse model trains on the pairs (at most {steps} steps), "
            "then translates the {n} {target} sentences; the warm-up's first step comes after",
            steps=f"{self.cfg.back_translation_steps:,}",
            n=f"{len(self._to_back_translate):,}",
            target=language_label(self.cfg.target_lang),
        )

    def prepared(self, name: str) -> str | None:
        if name != "warmup" or self.back_translated is None:
            return None
        return self.back_translated.summary()

    def check_settings(self, cfg: StudioConfig) -> None:
        """The perplexity curriculum draws from the real pairs it scored, so the warm-up
        would leave out the back-translated ones: refused rather than dropped in silence."""
        ccfg = cfg.curriculum
        if ccfg.enabled and ccfg.difficulty == "perplexity" and self.cfg.back_translation:
            raise TranslationError(
                say(
                    "curriculum.difficulty: perplexity draws the warm-up from the real pairs it "
                    "scored, which would leave out the back-translated ones "
                    "(task.back_translation); turn one of them off"
                )
            )

    def report(self) -> str:
        return self._report.text()

    def load_report(self) -> LoadReport:
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
        eos = self.source_tok.eos_id
        # never empty: EOS is a token
        rows = [[*source_noise(self.encode_source(t), noise)[: max_len - 1], eos] for t in texts]
        src, mask = pad_sources(rows, self.source_tok.pad_id)
        return src.to(device), mask.to(device)

    def targets_batch(
        self, texts: list[str], max_len: int, *, device: torch.device | str = "cpu"
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Teacher-forcing input [BOS] + ids (B, T) and labels ids + [EOS] (B, T), padding
        labelled IGNORE. Targets longer than max_len - 1 tokens are cut."""
        tok = self.target_tok
        rows = [self.encode_target(t)[: max_len - 1] for t in texts]
        tgt_in, labels = teacher_forcing(
            rows, bos_id=tok.bos_id, eos_id=tok.eos_id, pad_id=tok.pad_id
        )
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

    def build_model(self, model_cfg: ModelSection) -> nn.Module:
        """The encoder-decoder of `model_cfg` for this task's tokenizers (the Tiny-Transformer
        sized to them; a translator of the user's, whose tokenizers they are)."""
        spec = self.model_spec(model_cfg)
        if (
            isinstance(model_cfg, TinyTransformerConfig)
            and model_cfg.shared_vocab
            and self.source_tok is not self.target_tok
        ):
            raise TranslationError(
                say(
                    "model.shared_vocab: true needs one tokenizer for both languages; set "
                    "task.shared_tokenizer: true (and the same source/target tokenizer kind)"
                )
            )
        self._max_len = model_cfg.shape().max_len  # supervised_count cuts targets as the loss does
        self.model_config = model_cfg
        return spec.model(
            model_cfg,
            self.source_tok.vocab_size,
            self.target_tok.vocab_size,
            pad_id=self.target_tok.pad_id,
        )

    # ---- supervised warm-up

    def supervised_count(self, examples: list[Example]) -> int | None:
        """Labels that are not IGNORE: each target's tokens, cut to max_len - 1, plus EOS."""
        if self._max_len is None:
            return None  # no model built yet: not counted
        cut = self._max_len - 1
        return sum(min(len(self.encode_target(e.reference)), cut) + 1 for e in examples)

    def answer_length(self, example: Example) -> int | None:
        if example.reference is None:  # a round trip's prompt: no answer to measure
            return None
        return len(self.encode_target(example.reference)) + 1

    def supervised_logits(
        self, model: nn.Module, examples: list[Example], teacher: nn.Module | None = None
    ) -> SupervisedLogits:
        """Teacher-forced logits (B, T, V) of the references, EOS included, each row
        weighted as loss_weights says (back-translated pairs); the teacher reads the same
        noised sources."""
        max_len, device = translator(model).cfg.max_len, model_device(model)
        noise = self.cfg.noise_prob if self.data.augment else 0.0
        src, src_mask = self.sources_batch(
            [e.prompt for e in examples], max_len, noise=noise, device=device
        )
        tgt_in, labels = self.targets_batch([e.reference for e in examples], max_len, device=device)
        logits = model(src, src_mask, tgt_in)  # (B, T, V)
        taught = None
        if teacher is not None:
            with torch.no_grad():
                taught = teacher(src, src_mask, tgt_in)  # (B, T, V)
        mask = labels != IGNORE  # (B, T)
        rows = loss_weights(
            [self.source_tags(e.prompt) for e in examples], self.cfg.back_translation_weight
        )
        weights = mask.float()
        if rows is not None:
            weights = weights * torch.tensor(rows, device=device)[:, None]
        return SupervisedLogits(logits, labels, mask, weights, taught, self.cfg.label_smoothing)

    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        return self.supervised_logits(model, examples).cross_entropy()

    @torch.no_grad()
    def greedy_answers(self, model: nn.Module, examples: list[Example]) -> list[str]:
        return translate(model, self, [e.prompt for e in examples])

    def example_losses(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        max_len, device = translator(model).cfg.max_len, model_device(model)
        src, src_mask = self.sources_batch([e.prompt for e in examples], max_len, device=device)
        tgt_in, labels = self.targets_batch([e.reference for e in examples], max_len, device=device)
        return example_cross_entropy(model(src, src_mask, tgt_in), labels)  # (B,)

    def training_pool(self, limit: int, rng: random.Random) -> list[Example]:
        if len(self.train_examples) <= limit:
            return list(self.train_examples)
        return rng.sample(self.train_examples, limit)

    def source_tags(self, source: str) -> list[str]:
        """The tags a source begins with ("<2en>", "<bt>"), as the source tokenizer reads them."""
        return split_tags(source, self.source_tok.tags)[0]

    # ---- GRPO

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        tok = self.target_tok
        with torch.no_grad(), eval_mode(model) as inner:
            src, src_mask = self.sources_batch(
                [e.prompt for e in examples], inner.cfg.max_len, device=model_device(model)
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
        out = Rollout(
            examples=examples,
            group_size=group_size,
            actions=gen.tokens,
            mask=gen.mask,
            logp=gen.logp,
            truncated=~gen.finished,
            completions=completions,
            context={"src": src, "src_mask": src_mask},  # (P, S): one row per source
        )
        if self._round_trip_pools:  # each sample of a sentence translated back (greedy)
            out.info["way_back"] = way_back(model, self, out)
        return out

    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Log-probs and entropies (N, T) of the sampled tokens. The P sources are encoded
        once and shared by their G translations (group_size), for the policy and the
        reference model alike; the result equals encoding every row (a test checks)."""
        # a LoRA model's reference holds no weights of its own: the policy's device
        first = next(model.parameters(), None)
        device = first.device if first is not None else rollout.actions.device
        src = rollout.context["src"].to(device)  # (P, S)
        src_mask = rollout.context["src_mask"].to(device)
        actions = rollout.actions.to(device)  # (N, T)
        bos = torch.full_like(actions[:, :1], self.target_tok.bos_id)
        tgt_in = torch.cat([bos, actions[:, :-1]], dim=1)  # what the sampler saw at each step
        logits = model(src, src_mask, tgt_in, group_size=rollout.group_size)  # (N, T, V)
        return token_logprobs_and_entropy(logits, actions, temperature)  # (N, T) each

    def reward_functions(self) -> list[RewardFunction]:
        """The reference rewards (rewards.py), and the round trip's part when GRPO draws
        source-language sentences (round_trip.py)."""
        cfg = self.cfg
        functions = build_reward_functions(
            cfg.reward,
            lang=cfg.target_lang,
            # a both-ways model writes the language its source's tag asks for
            lang_of=lambda e: written_lang(self.source_tags(e.prompt), cfg.target_lang),
            chrf_beta=cfg.chrf_beta,
            mix_weight=cfg.mix_weight,
            length_penalty=cfg.length_penalty,
            repeat_limit=cfg.repeat_limit,
        )
        if self._round_trip_pools:
            functions.append(round_trip_reward(cfg))
        return functions

    # ---- evaluation

    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """Corpus chrF (headline), BLEU (both 0..100) and length_ratio on `split`; for a
        both-ways model, their means over the two directions."""
        per_direction = self.evaluate_directions(model, split=split, limit=limit, decoding=decoding)
        if len(per_direction) == 1:
            return next(iter(per_direction.values()))
        metrics = {
            k: sum(m[k] for m in per_direction.values()) / len(per_direction)
            for k in ("chrf", "bleu", "length_ratio")
        }
        metrics["examples"] = sum(m["examples"] for m in per_direction.values())
        return metrics

    def evaluate_directions(
        self, model: nn.Module, *, split: str, limit: int, decoding: Decoding = GREEDY_DECODING
    ) -> dict[str, dict[str, float]]:
        """`evaluate`'s metrics for each direction the model translates ("zh->en": ...)."""
        check_split(split)
        pairs = self.splits[split][:limit]
        if not pairs:
            raise TranslationError(empty_split(split))
        out = {}
        for way in held_out_ways(pairs, self.cfg):
            hyps = translate(model, self, way.sources, decoding)
            metrics = corpus_metrics(hyps, way.references, lang=way.target_lang)
            metrics["examples"] = float(len(pairs))
            out[way.name] = metrics
        return out

    # ---- state: the tokenizers, so a saved run decodes the same way

    def state_dict(self) -> dict[str, Any]:
        return {
            "source_tokenizer": self.source_tok.to_dict(),
            "target_tokenizer": self.target_tok.to_dict(),
            "shared_tokenizer": self.source_tok is self.target_tok,
            "synthetic": [list(p) for p in self.synthetic] if self.synthetic else None,
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        if state.get("synthetic"):  # a resumed run reuses its back-translated pairs
            self.synthetic = [(s, t) for s, t in state["synthetic"]]
        if self.model_tokens is not None:
            return  # a translator's own tokenizers come with the model, not the checkpoint
        missing = [k for k in ("source_tokenizer", "target_tokenizer") if k not in state]
        if missing:
            raise TranslationError(
                say(
                    "task state lacks {keys}; it was not saved by the translation task (check "
                    "the run folder)",
                    keys=", ".join(missing),
                )
            )
        source = TextTokenizer.from_dict(state["source_tokenizer"])
        target = (
            source
            if state.get("shared_tokenizer")
            else TextTokenizer.from_dict(state["target_tokenizer"])
        )
        self._set_tokenizers(source, target)

    def tokenizer_files(self) -> dict[str, bytes]:
        """Files an export writes beside its graphs: a translator's own tokenizers (its
        sentencepiece models and vocabularies); none for tokenizers the task fitted, which
        the export's metadata holds."""
        return self.model_tokens.files() if self.model_tokens is not None else {}

    # ---- what the window shows of the policy

    def piece(self, token: int) -> str:
        """One target token as the tokenizer has it ("▁the": a word's start; "<eos>")."""
        return self.target_tok.tokens([token])[0]

    def action_pieces(self, rollout: Rollout, row: int) -> list[str]:
        steps = int(rollout.mask[row].sum())
        return self.target_tok.tokens(rollout.actions[row, :steps].tolist())

    @torch.no_grad()
    def probe(self, model: nn.Module) -> dict[str, Any] | None:
        """A "next_tokens" snapshot (tasks/probing.py) of the first held-out pair: along its
        first PROBE_WORDS reference tokens, the likeliest next words (None: no held-out
        pairs)."""
        pairs = self.splits["valid"][:1] or self.splits["test"][:1]
        if not pairs:
            return None
        way = held_out_ways(pairs, self.cfg)[0]
        inner = translator(model)
        device = model_device(model)
        src, src_mask = self.sources_batch(way.sources, inner.cfg.max_len, device=device)
        tok = self.target_tok
        targets = [*self.encode_target(way.references[0]), tok.eos_id][:PROBE_WORDS]
        tgt_in = torch.tensor([[tok.bos_id, *targets[:-1]]], device=device)
        logits = model(src, src_mask, tgt_in)[0]  # (T, V)
        positions, p_answer = next_token_positions(logits, targets, self.piece)
        prompt = {
            "prompt": way.sources[0],
            "reference": way.references[0],
            "positions": positions,
            "p_answer": p_answer,
        }
        return {"kind": "next_tokens", "prompts": [prompt]}


def refuse_for_pretrained(cfg: TranslationConfig, tokens: TranslatorTokens) -> None:
    """What a translator of the user's cannot do: translate both ways (it knows no <2xx>
    tags and writes one language), or back-translate (which trains a reverse model of the
    forward model's architecture, another translator it does not have)."""
    for setting, on in (
        ("task.both_directions", cfg.both_directions),
        ("task.back_translation", cfg.back_translation),
    ):
        if on:
            raise TranslationError(
                say(
                    "{setting}: {name} translates one way, as it was trained; set {setting}: "
                    "false, or train the Tiny-Transformer (model.arch: tiny-transformer)",
                    setting=setting,
                    name=tokens.name,
                )
            )


def padded_length(batch: list[Sized]) -> int:
    """Positions one row of a batch takes once padded: its longest source and target."""
    return max(src for src, _, _ in batch) + max(tgt for _, tgt, _ in batch)
