"""What text in one language is used for, fitted to the user's pairs (task.fit_to_data).

A file of sentences beside the pairs (`task.text_path`, one_language.py) can feed two
methods: its target-language sentences back-translation (back_translation.py), its
source-language sentences the round trip (round_trip.py). Whether each pays within the
time a user gives a run was measured on a Tatoeba Chinese-English export: 4,000 pairs,
4,500 Chinese and 4,500 English sentences beside them, 25 minutes on one CPU thread
(benchmarks/RESULTS.md, "Few pairs and text in one language"). Neither paid:

- back-translation: its reverse model took 5 of the 25 minutes and the synthetic half of
  each warm-up batch slowed the real pairs' learning as much again; the warm-up ended at
  3,500-3,900 steps where the pairs alone ran 6,500-7,000, and test chrF ended 1-3 lower
  (`BACK_TRANSLATION_LOSS`). The fit leaves it off, and says why;
- the round trip needs one model translating both ways (`task.both_directions`), which
  the fit does not choose: from the same pairs a both-ways model translated the wanted
  direction 7 chrF worse (`BOTH_WAYS_LOSS`), and the round trip did not win it back.

So the sentences are counted and reported as not used, each with the setting that uses
them. When the user turns back-translation on, its reverse model's steps are capped for
the file's size (`reverse_steps_proposal`): uncapped, it trained 12 of the 25 minutes.
Every choice is a proposal to the one settings fit, so a setting the user gave is kept
and said ("task.back_translation: kept at true, you set it; the fit would choose false").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studio.core.config.fit import Proposal, set_path
from studio.core.data.languages import language_label
from studio.core.messages import Message, say

if TYPE_CHECKING:
    from studio.core.tasks.translation.config import TranslationConfig
    from studio.core.tasks.translation.data_fit import DataFit
    from studio.core.tasks.translation.one_language import OneLanguageText

# test chrF below the pairs alone, in the reading behind each choice (two seeds, one)
BACK_TRANSLATION_LOSS = "1-3"
BOTH_WAYS_LOSS = 7
# The reverse model's most steps per training pair: about 15 passes in batches of like
# length, where a warm-up on such a file reaches 85% of its best valid chrF; the rest of
# its rise is not worth the warm-up's minutes it would take (at most 4,000 steps, at least
# 1,000).
REVERSE_STEPS_PER_PAIR = 0.6
REVERSE_STEPS = (1000, 4000)


def fit_text_use(fit: DataFit, cfg: TranslationConfig, n_train: int, text: OneLanguageText) -> None:
    """Whether the text's target-language sentences are back-translated (`n_train`
    training pairs beside them) within the run's time budget (the fit's, unless the user
    cleared it: then the preset's off stands, unmeasured), and for how many steps the
    reverse model may train when they are; the choices set on `cfg` (the run's task
    section), their reasons noted in `fit`. A setting the user gave is kept."""
    budget = fit.has_time_budget()
    proposals = back_translation_proposals(cfg, n_train, len(text.target)) if budget else []
    _apply(cfg, fit.choose(proposals))
    if text.target and cfg.back_translation:  # the user's
        _apply(cfg, fit.choose([reverse_steps_proposal(n_train)]))


def _apply(cfg: TranslationConfig, chosen: dict[str, object]) -> None:
    for path, value in chosen.items():
        set_path(cfg, path.removeprefix("task."), value)


def back_translation_proposals(
    cfg: TranslationConfig, n_train: int, sentences: int
) -> list[Proposal]:
    """task.back_translation off, with its reason; none without such sentences."""
    if not sentences:
        return []
    why = say(
        "task.back_translation off: back-translating the {n} {target} sentences would take "
        "minutes of the warm-up's budget from the {pairs} real pairs; measured on 4,000 "
        "pairs and 4,500 such sentences in 25 minutes it ended {loss} test chrF below the "
        "pairs alone. Turn it on to try it where the warm-up has time to spare",
        n=f"{sentences:,}",
        target=language_label(cfg.target_lang),
        pairs=f"{n_train:,}",
        loss=BACK_TRANSLATION_LOSS,
    )
    return [Proposal("task.back_translation", False, why)]


def reverse_steps_proposal(n_train: int) -> Proposal:
    """The reverse model's step cap for `n_train` training pairs, and why."""
    low, high = REVERSE_STEPS
    steps = min(high, max(low, int(round(REVERSE_STEPS_PER_PAIR * n_train, -2))))
    why = say(
        "task.back_translation_steps {n}: the reverse model trains about 15 passes over the "
        "pairs at most; what it would gain after them is not worth the warm-up's minutes",
        n=f"{steps:,}",
    )
    return Proposal("task.back_translation_steps", steps, why)


def round_trip_left_off(cfg: TranslationConfig, sentences: int) -> Message:
    """The load report's line when the fit leaves the round trip's sentences unused: one
    direction, which the fit does not make two, and why."""
    return say(
        "the {n} {source} sentences are not used: the round trip (translated and translated "
        "back) needs a model translating both ways, which the fit does not choose: from a "
        "few thousand pairs such a model translated {source} to {target} {loss} chrF worse "
        "in the same budget, more than the round trip won back; set task.both_directions: "
        "true to use them as GRPO prompts all the same",
        n=f"{sentences:,}",
        source=language_label(cfg.source_lang),
        target=language_label(cfg.target_lang),
        loss=BOTH_WAYS_LOSS,
    )
