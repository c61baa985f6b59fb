"""The round trip: source-language sentences alone as GRPO prompts, scored by the way back.

GRPO needs no reference translation to learn: a both-ways model (`task.both_directions`)
translates a sentence s of `task.text_path` into the target language, and its other
direction translates each sampled translation t back, greedily, with the same weights; the
reward part `ROUND_TRIP` is chrF of that way back against s, on the scale and with the
recall weight (`task.chrf_beta`) of the task's chrF reward. A translation that keeps the
meaning comes back close to s; one that drops or invents words does not. A sample the
repeat guard calls degenerate (empty, or stuck in a loop) gets 0, as the reference
rewards give it.

Such prompts carry only this part (the reference rewards do not apply to them:
grpo.DOES_NOT_APPLY, 0 in the total, left out of the part's mean), and the pairs' prompts
only theirs; `task.round_trip_share` of each GRPO batch
is drawn from the sentences (0.5 by default when there are any and the model translates
both ways), in a fixed count per batch as back-translated pairs are in the warm-up
(back_translation.mixed_draw), from the trainer's seeded generator, so a resumed run
draws what a run never stopped would.

The way back is part of the rollout (`way_back`, kept in `Rollout.info["way_back"]`): it
runs in eval mode under no_grad right after the sampling, all of a micro-batch's samples
in one batch, and the step's samples record keeps it, so the samples view and the
Explain step show each translation with its way back.

References: He et al. 2016, "Dual Learning for Machine Translation" (the round trip's
reconstruction as a reward without references); Popović 2015 (chrF).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from torch import nn

from studio.core.data.languages import language_label
from studio.core.data.load_report import DataError
from studio.core.grpo import DOES_NOT_APPLY
from studio.core.messages import Message, say
from studio.core.tasks.base import Example, RewardFunction, Rollout
from studio.core.tasks.chrf import sentence_chrf
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.data import length_levels
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.directions import tagged
from studio.core.tasks.translation.rewards import is_degenerate

if TYPE_CHECKING:
    from studio.core.tasks.translation.task import TranslationTask

ROUND_TRIP = "round_trip"  # the reward part's name (charts, samples, grpo.reward_weights)
DEFAULT_SHARE = 0.5  # of each GRPO batch, when the user sets none: the pairs keep half


@dataclass
class RoundTripPrompt(Example):
    """A GRPO prompt without a reference: `sentence`, tagged to be written in the target
    language; the way back should recover `sentence`."""

    sentence: str = ""


def round_trip_pools(cfg: TranslationConfig, sentences: list[str]) -> list[list[Example]]:
    """The sentences as prompts, by curriculum level (pools[L]: level <= L, by length as
    the pairs' are)."""
    rows = [(tagged(s, cfg.target_lang), s) for s in sentences]
    _, pools = length_levels(rows, cfg.num_levels)
    return [
        [
            RoundTripPrompt(
                prompt=e.prompt, difficulty=e.difficulty, display=e.display, sentence=e.reference
            )
            for e in pool
        ]
        for pool in pools
    ]


def round_trip_share(cfg: TranslationConfig, sentences: int) -> float:
    """The share of each GRPO batch drawn from the sentences: the user's
    task.round_trip_share, else DEFAULT_SHARE when the model translates both ways and
    there are sentences, else 0."""
    if cfg.round_trip_share is not None:
        return cfg.round_trip_share
    return DEFAULT_SHARE if cfg.both_directions and sentences else 0.0


def way_back(model: nn.Module, task: TranslationTask, rollout: Rollout) -> list[str | None]:
    """Each sample of a round-trip prompt translated back into the source language by the
    model's other direction (greedy, eval mode, no_grad: `translate`), the micro-batch's
    in one batch; None for the samples of a pair's prompt."""
    g = rollout.group_size
    rows = [
        i
        for i in range(rollout.num_sequences)
        if isinstance(rollout.examples[i // g], RoundTripPrompt)
    ]
    source_lang = task.cfg.source_lang
    back = translate(
        model,
        task,
        [tagged(rollout.completions[i], source_lang) for i in rows],
        batch_size=max(1, len(rows)),
    )
    out: list[str | None] = [None] * rollout.num_sequences
    for i, text in zip(rows, back):
        out[i] = text
    return out


def round_trip_reward(cfg: TranslationConfig, weight: float = 1.0) -> RewardFunction:
    """The reward part ROUND_TRIP: chrF (task.chrf_beta, 0..1) of each sample's way back
    against its prompt's sentence; 0 for a degenerate sample; a pair's prompt is not this
    part's to score (DOES_NOT_APPLY)."""

    def reward(rollout: Rollout) -> list[float]:
        backs = rollout.info.get("way_back")
        g, lang, out = rollout.group_size, cfg.target_lang, []
        for i, hyp in enumerate(rollout.completions):
            example = rollout.examples[i // g]
            back = backs[i] if backs is not None else None
            if not isinstance(example, RoundTripPrompt):
                out.append(DOES_NOT_APPLY)
            elif back is None or is_degenerate(hyp, lang=lang, repeat_limit=cfg.repeat_limit):
                out.append(0.0)
            else:
                out.append(sentence_chrf(back, [example.sentence], beta=cfg.chrf_beta))
        return out

    return RewardFunction(ROUND_TRIP, reward, weight)


def round_trip_report(
    cfg: TranslationConfig, path: str, sentences: int, has_target: bool
) -> list[Message]:
    """The load report's line on the `sentences` source-language sentences of the file
    at `path`: GRPO prompts of the round trip and their share, or why they are not used.
    Refused in one line with the fix: a file of source-language sentences alone (not
    `has_target`) for a model that translates one way, a share the user set that cannot
    be drawn (one way, or no sentence)."""
    source = language_label(cfg.source_lang)
    n = f"{sentences:,}"
    if not sentences:
        if cfg.round_trip_share:
            raise DataError(
                say(
                    "task.round_trip_share: {path} holds no {source} sentence to translate "
                    "and back; give sentences in {source}, or clear task.round_trip_share",
                    path=path,
                    source=source,
                )
            )
        return []
    if not cfg.both_directions:
        needs = say(
            "the {n} {source} sentences are not used: the round trip (translated and "
            "translated back) needs task.both_directions: true, one model translating both "
            "ways; set it to use them as GRPO prompts",
            n=n,
            source=source,
        )
        if cfg.round_trip_share or not has_target:
            raise DataError(say("{path}: {needs}", path=path, needs=needs))
        return [needs]
    share = round_trip_share(cfg, sentences)
    if share == 0:
        return [
            say(
                "the {n} {source} sentences are not used: task.round_trip_share is 0",
                n=n,
                source=source,
            )
        ]
    values = {"n": n, "source": source, "share": f"{share:.0%}", "part": ROUND_TRIP}
    if cfg.round_trip_share is None:
        line = say(
            "round trip: the {n} {source} sentences are GRPO prompts without a reference, "
            "{share} of each GRPO batch (task.round_trip_share, the default when there are "
            "such sentences); each sampled translation is translated back by the model's "
            "other direction, and chrF of the way back against the sentence is the reward "
            "part {part}",
            **values,
        )
    else:
        line = say(
            "round trip: the {n} {source} sentences are GRPO prompts without a reference, "
            "{share} of each GRPO batch (task.round_trip_share, as set); each sampled "
            "translation is translated back by the model's other direction, and chrF of the "
            "way back against the sentence is the reward part {part}",
            **values,
        )
    return [line]
