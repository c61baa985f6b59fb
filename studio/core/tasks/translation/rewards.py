"""Rewards and corpus metrics for translation, computed with sacrebleu on detokenized text.

Sentence rewards are scaled to 0..1 (sacrebleu reports 0..100); corpus metrics keep
sacrebleu's 0..100 scale, the one papers report. chrF is the studio's one
(studio.core.tasks.chrf), given the task's recall weight. Why task.chrf_beta defaults to
1: chrF's standard beta=2 weights recall twice as much as precision, and GRPO on it
learned to write longer, not better. beta=1 treats precision and recall alike; a
chrF+BLEU mix and a length reward are the other guards. A user's own text is fitted
beta=2 with the length reward (task.fit_to_data): sampled at a lower temperature, GRPO's
translations of real text grew shorter at beta=1, not longer.

A guard gives 0 to empty outputs and to outputs stuck in a loop (one n-gram repeated
many times in a row), so the policy cannot farm partial credit from either.

References: Popović 2015, "chrF: character n-gram F-score for automatic MT evaluation";
Papineni et al. 2002, "BLEU"; Post 2018, "A Call for Clarity in Reporting BLEU Scores"
(sacrebleu); Lin and Och 2004 (smoothed sentence BLEU; sacrebleu's effective order).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sacrebleu.metrics import BLEU

from studio.core.grpo import DOES_NOT_APPLY
from studio.core.tasks.base import Example, RewardFunction, Rollout
from studio.core.tasks.chrf import CHRF_BETA, corpus_chrf, sentence_chrf

# Languages written without spaces between words: lengths and repeats count characters.
UNSPACED_LANGS = frozenset({"zh", "ja"})


def text_units(text: str, lang: str) -> list[str]:
    """Words for spaced languages, characters (spaces dropped) for zh and ja."""
    if lang in UNSPACED_LANGS:
        return [c for c in text if not c.isspace()]
    return text.split()


def longest_repeat(units: list[str], max_n: int = 4) -> int:
    """Most times any n-gram (n <= max_n) occurs back to back: 'a b a b a b' -> 3.

    One pass per n: k back-to-back copies of an n-gram make a run of (k-1)*n positions
    where units[i] == units[i-n], so the count is run // n + 1 (linear, not quadratic:
    looping outputs are long).
    """
    best = 1 if units else 0
    for n in range(1, max_n + 1):
        run = 0
        for i in range(n, len(units)):
            run = run + 1 if units[i] == units[i - n] else 0
            best = max(best, run // n + 1)
    return best


def is_degenerate(text: str, *, lang: str, repeat_limit: int = 4) -> bool:
    """True for an empty output, or one where some n-gram of words (characters for zh/ja)
    repeats repeat_limit or more times in a row, or some character n-gram does twice that
    often (a subword loop inside one "word": 'dentdentdent...'). repeat_limit 0: only empty
    outputs count."""
    units = text_units(text, lang)
    if not units:
        return True
    if repeat_limit <= 0:
        return False
    if longest_repeat(units) >= repeat_limit:
        return True
    # twice the limit for characters: '10000' or 'Hmmm' are words, 'dent' x 8 is a loop
    chars = [c for c in text if not c.isspace()]
    return lang not in UNSPACED_LANGS and longest_repeat(chars) >= 2 * repeat_limit


@lru_cache(maxsize=8)
def _bleu(tokenize: str, sentence: bool) -> BLEU:
    # effective_order drops n-gram orders longer than the sentence: without it a short but
    # correct sentence scores 0
    return BLEU(tokenize=tokenize, effective_order=sentence)


def bleu_tokenizer(lang: str) -> str:
    """sacrebleu's tokenizer for a target language ('zh' splits Chinese characters)."""
    return {"zh": "zh", "ja": "char"}.get(lang, "13a")


def sentence_bleu(hyp: str, ref: str, *, lang: str = "en") -> float:
    """Sentence BLEU with effective order, in 0..1."""
    return _bleu(bleu_tokenizer(lang), True).sentence_score(hyp, [ref]).score / 100.0


def length_score(hyp: str, ref: str, *, lang: str = "en") -> float:
    """1 when the output is as long as the reference, falling linearly to 0 at zero or twice
    its length (counted in words, or characters for zh/ja)."""
    h, r = len(text_units(hyp, lang)), len(text_units(ref, lang))
    if r == 0:
        return 1.0 if h == 0 else 0.0
    return max(0.0, 1.0 - abs(h / r - 1.0))


def corpus_metrics(hyps: list[str], refs: list[str], *, lang: str = "en") -> dict[str, float]:
    """Corpus BLEU and chrF (0..100, sacrebleu's standard settings: chrF beta=2), and the
    length ratio output/reference (BLEU's token counts)."""
    if len(hyps) != len(refs):
        raise ValueError(f"{len(hyps)} outputs for {len(refs)} references; they must pair up")
    if not hyps:
        raise ValueError("no sentences to score; the evaluation split is empty")
    bleu = _bleu(bleu_tokenizer(lang), False).corpus_score(hyps, [refs])
    ratio = bleu.sys_len / bleu.ref_len if bleu.ref_len else 0.0
    return {"chrf": corpus_chrf(hyps, refs), "bleu": bleu.score, "length_ratio": ratio}


def _guarded(score, *, lang_of, repeat_limit: int):
    """A rollout reward from a (hyp, ref, lang) score; degenerate outputs get 0; the
    samples of a prompt without a reference (the round trip's, round_trip.py) are not
    this reward's to score (DOES_NOT_APPLY). Each completion is judged in the language
    its example asks for (lang_of)."""

    def reward(rollout: Rollout) -> list[float]:
        g = rollout.group_size
        out = []
        for i, hyp in enumerate(rollout.completions):
            example = rollout.examples[i // g]  # group i shares example i's reference
            if example.reference is None:
                out.append(DOES_NOT_APPLY)
                continue
            lang = lang_of(example)
            degenerate = is_degenerate(hyp, lang=lang, repeat_limit=repeat_limit)
            out.append(0.0 if degenerate else score(hyp, example.reference, lang))
        return out

    return reward


def build_reward_functions(
    kind: str,
    *,
    lang: str,
    lang_of: Callable[[Example], str] | None = None,
    chrf_beta: float = CHRF_BETA,
    mix_weight: float = 0.5,
    length_penalty: float = 0.0,
    repeat_limit: int = 4,
) -> list[RewardFunction]:
    """The translation rewards: 'chrf' (sentence chrF with recall weight `chrf_beta`, the
    task's task.chrf_beta), 'bleu', or 'mix' (chrF weighted mix_weight, BLEU 1 - mix_weight),
    plus a 'length' reward weighted length_penalty when it is above 0.

    BLEU's tokenizer, the length count and the repeat guard follow the language of each
    output: lang_of(example), or `lang` for every example when it is None (a model that
    writes one language)."""
    if kind not in ("chrf", "bleu", "mix"):
        raise ValueError(f"task.reward: must be chrf, bleu or mix, got {kind!r}")
    by_lang = lang_of or (lambda _: lang)

    def guarded(score: Callable[[str, str, str], float]) -> Callable[[Rollout], list[float]]:
        return _guarded(score, lang_of=by_lang, repeat_limit=repeat_limit)

    chrf = RewardFunction(
        "chrf", guarded(lambda h, r, _: sentence_chrf(h, [r], beta=chrf_beta)), 1.0
    )
    bleu = RewardFunction("bleu", guarded(lambda h, r, la: sentence_bleu(h, r, lang=la)))
    if kind == "chrf":
        out = [chrf]
    elif kind == "bleu":
        out = [bleu]
    else:
        chrf.weight, bleu.weight = mix_weight, 1.0 - mix_weight
        out = [chrf, bleu]
    if length_penalty > 0:
        length = guarded(lambda h, r, la: length_score(h, r, lang=la))
        out.append(RewardFunction("length", length, length_penalty))
    return out
