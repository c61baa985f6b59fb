"""The kinds of reward check, each declared once: the registry every user of a kind reads.

A reward check ({kind, weight, options} in a preset's task.rewards) scores one completion
from 0 to 1. Its kind is one `Kind` here: its name, its options (type, default, bounds,
label and help), its scorer, and its label and one-line description for people. Parsing
and checking a check (reward_checks.py), the window's Reward lab (its kind picker, option
editors, labels and tooltips) and the Chinese catalogue (studio/app/i18n/sources.py) read
KINDS; none keeps a table of its own. docs/architecture.md, "Add a reward check", gives
the steps to add one.

The kinds:

- exact: the completion is one of the prompt's answers (options: ignore_case, and
  ignore_punctuation: spaces and punctuation around the text do not count);
- one_of: the completion is one of the answers listed in the check itself (for prompts
  without answers in the data, e.g. "yes" or "no");
- number: the first number in the completion is within `tolerance` of the answer's
  (`relative`: tolerance as a share of the answer);
- contains: the completion holds `text`; regex: `pattern` matches somewhere in it;
- format: the whole completion (spaces around it aside) matches `pattern`;
- similarity: how close the completion is to the nearest answer: chrF (the studio's one,
  studio.core.tasks.chrf, with the check's own `beta`) or edit (1 - Levenshtein distance /
  the longer length);
- length: the completion has between `min` and `max` characters;
- function: the user's own Python, "module:function" taking (prompts, completions,
  references), run only once the user allowed its file (studio.core.tasks.user_reward);
  it scores the whole rollout at once.

The people's words (labels, descriptions, help) are English here; the window shows them
translated under CONTEXT, and a kind's name (its checks' reward part in the charts) under
PARTS_CONTEXT.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

import numpy as np
import regex

from studio.core.messages import say
from studio.core.tasks.base import RewardFn
from studio.core.tasks.chrf import CHRF_BETA, CHRF_BETA_MAX, sentence_chrf
from studio.core.tasks.reward_patterns import matches
from studio.core.tasks.user_reward import user_reward_function

CONTEXT = "RewardLab"  # the window translates the words below in this context
PARTS_CONTEXT = "RewardParts"  # and a kind's name, which names its reward part, in this one

OptionType = Literal["bool", "number", "integer", "text", "pattern", "texts", "choice"]
Score = Callable[[str, Sequence[str]], float]  # score(completion, answers) -> 0..1
Options = Mapping[str, Any]  # a check's options, validated, defaults filled in


@dataclass(frozen=True)
class Option:
    """One option of a kind: its type, its default (None with `required`: the check must
    give it; None without: "none", e.g. no upper limit), the bounds of a number or whole
    number (inclusive), the choices of a choice, and its label and help for people. Each
    type has its reader (reward_checks.READERS) and its editor in the window's lab."""

    type: OptionType
    default: Any = None
    label: str = ""
    help: str = ""
    required: bool = False
    choices: tuple[str, ...] = ()
    min: float = 0.0
    max: float | None = None


def _no_problem(options: Options) -> str:
    del options
    return ""


@dataclass(frozen=True)
class Kind:
    """A kind of reward check. `score` builds the per-completion scorer from a check's
    options; a kind that scores a whole rollout at once (the user's function) gives
    `whole` instead. `problem` says what is wrong across its options ("" when nothing)."""

    name: str  # what a preset writes as `kind:`; a check's reward part unless it is named
    label: str  # for people: the Reward lab's picker and the check's title
    description: str  # one line for people: what scores 1 (the picker's tooltip)
    options: Mapping[str, Option]
    score: Callable[[Options], Score] | None = None
    whole: Callable[[Options], RewardFn] | None = None
    needs_answers: bool = False  # scored against the prompt's answers: the data needs them
    problem: Callable[[Options], str] = _no_problem

    def __post_init__(self) -> None:
        if (self.score is None) == (self.whole is None):
            raise ValueError(f"kind {self.name}: give score or whole, one of the two")


# ---- what the scorers measure


def _is_edge(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch).startswith(("P", "S"))


def normalise(text: str, *, ignore_case: bool, ignore_punctuation: bool) -> str:
    """`text` without surrounding spaces (and punctuation or symbols), case-folded if asked."""
    out = text.strip()
    if ignore_punctuation:
        start, end = 0, len(out)
        while start < end and _is_edge(out[start]):
            start += 1
        while end > start and _is_edge(out[end - 1]):
            end -= 1
        out = out[start:end]
    return out.casefold() if ignore_case else out


_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")


def first_number(text: str) -> float | None:
    """The first number written in `text` (thousands separators "," and "_" read through)."""
    found = _NUMBER.search(re.sub(r"(?<=\d)[,_](?=\d{3}\b)", "", text))
    return float(found.group()) if found else None


def edit_similarity(a: str, b: str) -> float:
    """1 - Levenshtein distance / the longer length (1 for two empty strings).

    The distance table is filled a row at a time with numpy: a row's deletions and
    substitutions come from the row above in one step, and its insertions, each cell
    from its left neighbour plus one, are a running minimum of (cell - column) plus the
    column. Cell by cell in Python two texts of 2,000 characters took 1.6 s, on the
    window's thread when the Reward lab scored as one typed."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    codes = np.array([ord(c) for c in b], dtype=np.int64)
    columns = np.arange(len(b) + 1, dtype=np.int64)
    previous = columns.copy()
    for i, ca in enumerate(a, start=1):
        current = np.empty_like(previous)
        current[0] = i
        # deletion (from above) or substitution (from above-left, free when equal)
        current[1:] = np.minimum(previous[1:] + 1, previous[:-1] + (codes != ord(ca)))
        # insertion: current[j] = min over k <= j of current[k] + (j - k)
        current = np.minimum.accumulate(current - columns) + columns
        previous = current
    return 1.0 - int(previous[-1]) / max(len(a), len(b))


# ---- the scorers, one a kind: each takes a check's options and gives score(c, answers)


def _normaliser(o: Options) -> Callable[[str], str]:
    return partial(
        normalise, ignore_case=o["ignore_case"], ignore_punctuation=o["ignore_punctuation"]
    )


def _exact(o: Options) -> Score:
    norm = _normaliser(o)
    return lambda c, answers: float(norm(c) in {norm(a) for a in answers})


def _one_of(o: Options) -> Score:
    norm = _normaliser(o)
    listed = {norm(a) for a in o["answers"]}
    return lambda c, _: float(norm(c) in listed)


def _number(o: Options) -> Score:
    def score(c: str, answers: Sequence[str]) -> float:
        got = first_number(c)
        if got is None:
            return 0.0
        wanted = [w for w in map(first_number, answers) if w is not None]
        room = [o["tolerance"] * (abs(w) if o["relative"] else 1.0) for w in wanted]
        return float(any(abs(got - w) <= r for w, r in zip(wanted, room)))

    return score


def _contains(o: Options) -> Score:
    if o["ignore_case"]:
        text = o["text"].casefold()
        return lambda c, _: float(text in c.casefold())
    return lambda c, _: float(o["text"] in c)


def _regex(o: Options) -> Score:
    pattern = regex.compile(o["pattern"])
    return lambda c, _: float(matches(pattern, c, whole=False))


def _format(o: Options) -> Score:
    pattern = regex.compile(o["pattern"])
    return lambda c, _: float(matches(pattern, c.strip(), whole=True))


def _similarity(o: Options) -> Score:
    if o["metric"] == "edit":
        return lambda c, answers: max((edit_similarity(c, a) for a in answers), default=0.0)
    return partial(sentence_chrf, beta=o["beta"])  # to the nearest answer, 0 with none


def _length(o: Options) -> Score:
    lo, hi = o["min"], o["max"]
    return lambda c, _: float(lo <= len(c.strip()) and (hi is None or len(c.strip()) <= hi))


def _length_problem(o: Options) -> str:
    if o["max"] is not None and o["max"] < o["min"]:
        return say("option max {high} is below min {low}", high=o["max"], low=o["min"])
    return ""


def _function(o: Options) -> RewardFn:
    return user_reward_function(o["function"]).fn


# ---- the registry

_IGNORE_CASE = Option("bool", False, "Ignore case", "Upper and lower case count as the same")
_IGNORE_PUNCTUATION = Option(
    "bool",
    True,
    "Ignore punctuation at the ends",
    "Spaces, punctuation and symbols before and after the text do not count",
)
_PATTERN = Option(
    "pattern",
    required=True,
    label="Pattern (regular expression)",
    help="A regular expression in Python's syntax, matched with a time limit",
)

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "exact",
            "Exact answer",
            "1 when the completion is one of the prompt's answers, else 0",
            {"ignore_case": _IGNORE_CASE, "ignore_punctuation": _IGNORE_PUNCTUATION},
            score=_exact,
            needs_answers=True,
        ),
        Kind(
            "one_of",
            "One of these answers",
            "1 when the completion is one of the answers listed here, for any prompt",
            {
                "answers": Option(
                    "texts",
                    required=True,
                    label="Answers (separated by |)",
                    help="The answers that score 1, whatever the prompt (e.g. yes | no)",
                ),
                "ignore_case": _IGNORE_CASE,
                "ignore_punctuation": _IGNORE_PUNCTUATION,
            },
            score=_one_of,
        ),
        Kind(
            "number",
            "A number within a tolerance",
            "1 when the first number in the completion is within the tolerance of the answer's",
            {
                "tolerance": Option(
                    "number", 0.0, "Tolerance", "How far from the answer's number still scores 1"
                ),
                "relative": Option(
                    "bool",
                    False,
                    "Tolerance as a share of the answer",
                    "The tolerance is a share of the answer's number: 0.05 is within 5%",
                ),
            },
            score=_number,
            needs_answers=True,
        ),
        Kind(
            "contains",
            "Contains a text",
            "1 when the completion holds the text somewhere",
            {
                "text": Option("text", required=True, label="Text", help="The text to look for"),
                "ignore_case": _IGNORE_CASE,
            },
            score=_contains,
        ),
        Kind(
            "regex",
            "Matches a pattern somewhere",
            "1 when the pattern matches somewhere in the completion",
            {"pattern": _PATTERN},
            score=_regex,
        ),
        Kind(
            "format",
            "Whole text has a format",
            "1 when the whole completion, spaces around it aside, matches the pattern",
            {"pattern": _PATTERN},
            score=_format,
        ),
        Kind(
            "similarity",
            "Similar to the answer",
            "From 0 to 1, how close the completion is to the nearest answer",
            {
                "metric": Option(
                    "choice",
                    "chrf",
                    "Measure",
                    "chrf: shared character n-grams (chrF); edit: 1 - edits / the longer length",
                    choices=("chrf", "edit"),
                ),
                "beta": Option(
                    "number",
                    CHRF_BETA,
                    "chrF beta (weight of recall)",
                    "How much more recall counts than precision in chrF: 1 as much, 2 twice",
                    max=CHRF_BETA_MAX,
                ),
            },
            score=_similarity,
            needs_answers=True,
        ),
        Kind(
            "length",
            "Length within a range",
            "1 when the completion has between the fewest and the most characters",
            {
                "min": Option("integer", 0, "Fewest characters", "The shortest that scores 1"),
                "max": Option(
                    "integer", None, "Most characters", "The longest that scores 1 (none: any)"
                ),
            },
            score=_length,
            problem=_length_problem,
        ),
        Kind(
            "function",
            "My own function (Python)",
            "Your Python function scores the completions; it runs only once you allow it",
            {
                "function": Option(
                    "text",
                    required=True,
                    label="Function (module:function)",
                    help="Takes (prompts, completions, references), gives one score each",
                ),
            },
            whole=_function,
        ),
    )
}
