"""chrF, the studio's one: sacrebleu's character n-gram F-score (Popović 2015).

Every score that says chrF reads it here: the translation task's reward (with its
task.chrf_beta), a similarity reward check (with its own beta option), the own-text task's
held-out chrF and the corpus chrF a translation evaluation reports. It is sacrebleu's
chrF with its standard settings (character n-grams of 1 to 6, whitespace left out, no word
n-grams, precision and recall averaged over the orders both sides have), so a figure here
reads as the papers' do. One default recall weight, sacrebleu's: a caller that wants
another passes its own.

sacrebleu's F-score takes any positive beta, not only the whole numbers its type hint
names (tests/core/tasks/test_chrf.py checks a fractional one against hand-counted
n-grams).

References: Popović 2015, "chrF: character n-gram F-score for automatic MT evaluation";
Post 2018, "A Call for Clarity in Reporting BLEU Scores" (sacrebleu).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from sacrebleu.metrics import CHRF

# sacrebleu's standard recall weight (recall counts twice as much as precision)
CHRF_BETA = float(CHRF.BETA)
# past 10 the F-score is recall alone to within a point, and a huge beta overflows sacrebleu
CHRF_BETA_MAX = 10.0


@lru_cache(maxsize=8)
def _metric(beta: float) -> CHRF:
    # one object per weight: a GRPO step scores hundreds of completions with the same one
    return CHRF(beta=beta)  # type: ignore[arg-type]  # hinted int; its formula takes a float


def sentence_chrf(hypothesis: str, references: Sequence[str], *, beta: float = CHRF_BETA) -> float:
    """Sentence chrF of `hypothesis` against the nearest of `references` (sacrebleu's
    several references: the best-scoring one's), from 0 to 1; 0 with no reference, or
    when a side has no characters. `beta` weighs recall against precision, 0 to
    CHRF_BETA_MAX."""
    if not references:
        return 0.0
    # sacrebleu counts the hypothesis' n-grams once for all the references
    return _metric(float(beta)).sentence_score(hypothesis, references).score / 100.0


def corpus_chrf(hypotheses: list[str], references: list[str]) -> float:
    """Corpus chrF at the standard weight, from 0 to 100: the scale papers report."""
    return _metric(CHRF_BETA).corpus_score(hypotheses, [references]).score
