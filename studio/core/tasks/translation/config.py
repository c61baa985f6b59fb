"""The translation task's settings (`task:` in a preset) and its error type.

Kept apart from the task so that the data, decoding and task modules can all name them
without importing each other. See translation.py for what the task does with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from studio.core.config.fields import TaskSection, param, shown
from studio.core.messages import say
from studio.core.tasks.base import TaskError
from studio.core.tasks.chrf import CHRF_BETA_MAX

DEMO_LANGS = ("zh", "en")  # the languages of the built-in demo corpus


class TranslationError(TaskError):
    """The translation task cannot run as configured; the message says how to fix it."""


@dataclass
class TranslationConfig(TaskSection):
    """Translate sentences; rewards from sacrebleu (chrF, BLEU) on the detokenized output."""

    NAME: ClassVar[str] = "translation"
    # a run folder's config.yaml from before one-language text took either language
    RENAMED: ClassVar[dict[str, str]] = {"monolingual_path": "text_path"}

    source_lang: str = param("zh", "Language translated from (the demo corpus has zh and en)")
    target_lang: str = param("en", "Language translated into")
    source_column: int | None = param(
        None,
        "Column of the source sentences in your file, counted from 0 (empty: the column "
        "written in source_lang, found by its script, header or language)",
        min=0,
    )
    target_column: int | None = param(
        None,
        "Column of the target sentences in your file, counted from 0 (empty: found like "
        "the source's)",
        min=0,
    )
    fit_to_data: bool = param(
        True,
        "When your file replaces the demo corpus, fit what depends on its size: valid/test "
        "splits and eval size, eval interval, warm-up patience and cap (the demo's stop_at "
        "off), vocabulary sizes, the warm-up's recipe for real text (batches by tokens, "
        "label smoothing, a cosine learning rate) and a time budget; the load report says "
        "what was chosen and why",
    )
    both_directions: bool = param(
        False,
        "One model translates both ways (source_lang->target_lang and back): a <2xx> tag "
        "before each source names the language to write",
    )
    text_path: str | None = param(
        None,
        "A text file of sentences in either language of the pair, one a line, beside the "
        "pairs: each line's language is found as a pair file's columns are, and the load "
        "report counts what each language gave (target-language sentences feed "
        "task.back_translation, source-language ones the round trip of a both-ways model)",
    )
    round_trip_share: float | None = param(
        None,
        "Share of each GRPO batch drawn from text_path's source-language sentences, prompts "
        "without a reference: each sampled translation is translated back by the model's "
        "other direction and scored by chrF against the sentence (reward part round_trip). "
        "Needs both_directions (empty: 0.5 when there are such sentences, else 0)",
        min=0.0,
        max=1.0,
    )
    back_translation: bool = param(
        False,
        "Back-translate text_path's target-language sentences into synthetic pairs (by a "
        "reverse-direction model) and mix them, tagged, into the warm-up. Off unless you "
        "turn it on: within a 25-minute budget, 4,000 pairs of real text with 4,500 sentences "
        "back-translated ended 1-3 test chrF below the pairs alone (the reverse model takes "
        "minutes, and the real pairs get half of each batch); it may pay where steps are many",
    )
    back_translation_steps: int = param(
        4000,
        "Most training steps of the reverse-direction model; it stops sooner once its valid "
        "chrF stops rising",
        positive=True,
        advanced=True,
    )
    back_translation_decoding: Literal["beam", "greedy", "sample"] = param(
        "beam",
        "How the reverse model translates: beam search, greedy, or one sample each (more "
        "varied, noisier sources)",
        advanced=True,
    )
    back_translation_share: float = param(
        0.5,
        "Most of each warm-up batch that is back-translated pairs; the rest are real",
        min=0.0,
        max=1.0,
    )
    back_translation_weight: float = param(
        1.0,
        "Loss weight of a back-translated pair against a real pair's 1",
        min=0.0,
        max=1.0,
        advanced=True,
    )
    suggestions: str | None = param(
        None,
        "A run folder whose suggestions.tsv to add to the training pairs: the corrections "
        "clients sent to `grpo-studio serve --suggestions` (empty: none)",
    )
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
        max=CHRF_BETA_MAX,
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
    label_smoothing: float = param(
        0.0,
        "Warm-up loss: share of each target token's probability spread over the whole "
        "vocabulary, so the model is never taught to be certain (0: plain cross-entropy)",
        min=0.0,
        max=0.5,
    )
    beam_length_penalty: float = param(
        1.0,
        "Beam search ranks by log-prob / length ** this (0: raw log-prob)",
        min=0.0,
        advanced=True,
    )

    def __post_init__(self) -> None:
        if self.source_lang == self.target_lang:
            raise ValueError(
                say(
                    "source_lang and target_lang are both {value}; pick two languages",
                    value=shown(self.source_lang),
                )
            )
        if self.back_translation and not self.text_path:
            raise ValueError(
                say(
                    "task.back_translation needs task.text_path: a file of sentences in "
                    "the target language (or both languages), one a line"
                )
            )
        if self.round_trip_share and not self.text_path:
            raise ValueError(
                say(
                    "task.round_trip_share needs task.text_path: a file of sentences in the "
                    "source language (or both languages), one a line"
                )
            )
        if self.shared_tokenizer and self.source_tokenizer != self.target_tokenizer:
            raise ValueError(
                say(
                    "shared_tokenizer needs source_tokenizer and target_tokenizer of the same "
                    "kind, got {source} and {target}",
                    source=repr(self.source_tokenizer),
                    target=repr(self.target_tokenizer),
                )
            )
