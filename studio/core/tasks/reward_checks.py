"""Rewards built from checks: a list of {kind, weight, options} stored in a preset as data.

Each check scores one completion from 0 to 1 against what the task knows of its prompt
(the acceptable answers, when the data has them) and becomes one named reward part, so
the trainer records `reward/<name>/mean` for it and the reward chart draws it apart from
the others; the reward GRPO learns from is the weighted sum. The kinds, their options and
their scorers are declared once in studio.core.tasks.reward_kinds (KINDS); this module
reads that registry to parse a check and to turn it into a reward.

A completion the length limit cut off scores 0 on every check (a user's function gets
the rollout, truncated flags included, and decides for itself).

`parse_checks` validates a preset's list and says what is wrong in one line naming the
check (task.rewards[2]) and the fix; `check_rewards` turns checks into the trainer's
RewardFunctions.

A pattern of a regex or format check is matched with a time limit
(studio.core.tasks.reward_patterns): a completion that runs past it stops the scoring
with PatternTimeout, which names the check, counts the completions scored, timed out and
left, and says how to rewrite the pattern. Training then ends with that message instead
of hanging, and the Reward lab shows it on the check. A pattern that trips the probes
made to catch such patterns is refused with the preset, before any run begins.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from studio.core.tasks.base import RewardFunction, Rollout
from studio.core.tasks.reward_kinds import KINDS, Kind, Option, Score
from studio.core.tasks.reward_patterns import PATTERN_SECONDS, SlowPattern, pattern_problem

FIELD = "task.rewards"
KEYS = ("kind", "weight", "options", "name")  # what a check may hold


@dataclass(frozen=True)
class Check:
    """A validated check: its kind, weight, options (defaults filled in) and the name its
    reward part is recorded under."""

    kind: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""

    @property
    def spec(self) -> Kind:
        """Its kind's declaration in the registry."""
        return KINDS[self.kind]

    @property
    def needs_answers(self) -> bool:
        return self.spec.needs_answers

    def to_dict(self) -> dict[str, Any]:
        """As a preset stores it: the options that differ from their defaults."""
        declared = self.spec.options
        options = {k: v for k, v in self.options.items() if v != declared[k].default}
        return {"kind": self.kind, "weight": self.weight, "options": options}


class CheckError(ValueError):
    """A check of a preset is wrong; the message names it (task.rewards[i]) and the fix."""


class PatternTimeout(CheckError):
    """A regex or format check's pattern ran past its time limit on a completion."""

    def __init__(self, check: Check, text: str, index: int = 0, total: int = 1) -> None:
        self.check, self.text, self.index, self.total = check, text, index, total
        shown = text if len(text) <= 30 else text[:30] + "…"
        counted = (
            f"completion {index + 1} of {total} timed out ({index} scored before it, "
            f"{total - index - 1} left unscored)"
            if total > 1
            else "it timed out"
        )
        super().__init__(
            f"{FIELD}: check {check.name} ({check.kind}): the pattern "
            f"{check.options['pattern']!r} took over {PATTERN_SECONDS:g} s on a completion "
            f"of {len(text)} characters ({shown!r}); {counted}. It backtracks without end on "
            "such text: rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+"
        )


# ---- an option's value, read by its declared type


class _Refused(Exception):
    """An option's value refused: the words that follow "option <name> " in the error."""


def _must(what: str, value: Any, fix: str = "") -> _Refused:
    return _Refused(f"must be {what}, got {value!r}" + (f"; {fix}" if fix else ""))


def _bool(value: Any, option: Option) -> bool:
    if not isinstance(value, bool):
        raise _must("true or false", value)
    return value


def _bounded(value: Any, option: Option, noun: str) -> float:
    """A number within the option's bounds (NaN and infinities outside them)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _must(noun, value)
    if option.max is not None and not value <= option.max:  # NaN too
        fix = f"give a number from {option.min:g} to {option.max:g}"
        if option.default is not None:
            fix += f" (the default is {option.default:g})"
        raise _must(f"at most {option.max:g}", value, fix)
    if not math.isfinite(value) or value < option.min:
        raise _must(f"a number of at least {option.min:g}", value)
    return float(value)


def _number(value: Any, option: Option) -> float:
    return _bounded(value, option, "a number")


def _integer(value: Any, option: Option) -> int:
    number = _bounded(value, option, "a whole number")
    if not number.is_integer():
        raise _must("a whole number", value)
    return int(number)


def _choice(value: Any, option: Option) -> str:
    if value not in option.choices:
        raise _must("one of " + ", ".join(option.choices), value)
    return str(value)


def _texts(value: Any, option: Option) -> list[str]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
        raise _must("a list of texts", value)
    return list(values)


def _text(value: Any, option: Option) -> str:
    if not isinstance(value, str) or not value:
        raise _must("a non-empty text", value)
    return value


def _pattern(value: Any, option: Option) -> str:
    problem = pattern_problem(_text(value, option))
    if problem:
        raise _Refused(problem)
    return str(value)


READERS: dict[str, Callable[[Any, Option], Any]] = {
    "bool": _bool,
    "number": _number,
    "integer": _integer,
    "choice": _choice,
    "texts": _texts,
    "text": _text,
    "pattern": _pattern,
}


def _options(where: str, kind: Kind, given: Any) -> dict[str, Any]:
    """A check's options read by their kinds' declarations, defaults filled in."""
    if not isinstance(given, dict):
        raise CheckError(f"{where}: options must be a mapping like {{ignore_case: true}}")
    for name in given:
        if name not in kind.options:
            takes = ", ".join(kind.options) or "none"
            raise CheckError(f"{where}: unknown option {name!r}; {kind.name} takes {takes}")
    options: dict[str, Any] = {}
    for name, option in kind.options.items():
        if given.get(name) is None:
            if option.required:
                raise CheckError(f"{where}: needs option {name} ({option.type})")
            options[name] = option.default
            continue
        try:
            options[name] = READERS[option.type](given[name], option)
        except _Refused as refused:
            raise CheckError(f"{where}: option {name} {refused}") from None
    problem = kind.problem(options)
    if problem:
        raise CheckError(f"{where}: {problem}")
    return options


def _kind(raw: Any, where: str) -> Kind:
    """The kind a raw check names, once its keys are known ones."""
    if not isinstance(raw, dict):
        raise CheckError(
            f"{where}: must be a mapping like {{kind: exact, weight: 1.0}}, got {raw!r}"
        )
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise CheckError(
            f"{where}: unknown key {unknown[0]!r}; a check has kind, weight, options and name"
        )
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CheckError(f"{where}: kind must be one of {', '.join(KINDS)}, got {kind!r}")
    return KINDS[kind]


def parse_check(raw: Any, index: int) -> Check:
    """One check of task.rewards, validated, its options' defaults filled in."""
    kind = _kind(raw, f"{FIELD}[{index}]")
    where = f"{FIELD}[{index}] ({kind.name})"
    weight = raw.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not math.isfinite(weight):
        raise CheckError(f"{where}: weight must be a number, got {weight!r}")
    options = _options(where, kind, raw.get("options") or {})
    name = raw.get("name") or kind.name
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise CheckError(
            f"{where}: name must be lower-case letters, digits and _ (it names the reward "
            f"part in the charts), got {name!r}"
        )
    return Check(kind.name, float(weight), options, name)


def parse_checks(raw: Any) -> list[Check]:
    """task.rewards validated: at least one check, names made unique (exact, exact_2...),
    at most one function check (the one user_reward names)."""
    if not isinstance(raw, list) or not raw:
        raise CheckError(
            f"{FIELD}: must be a list of at least one check, e.g. [{{kind: exact, weight: 1.0}}]"
        )
    checks: list[Check] = []
    taken: set[str] = set()
    for i, item in enumerate(raw):
        check = parse_check(item, i)
        name, n = check.name, 1
        while name in taken:
            n += 1
            name = f"{check.name}_{n}"
        taken.add(name)
        checks.append(Check(check.kind, check.weight, check.options, name))
    functions = [c.options["function"] for c in checks if c.kind == "function"]
    if len(set(functions)) > 1:
        raise CheckError(f"{FIELD}: name one function of your own at most, got {functions}")
    if all(c.weight == 0 for c in checks):
        raise CheckError(f"{FIELD}: every weight is 0, so every completion scores the same; "
                         "give one check a weight above 0")  # fmt: skip
    return checks


# ---- scoring


def scorer(check: Check) -> Score:
    """score(completion, answers) -> 0..1, built once from the check's kind and options;
    for every kind that scores a completion at a time (all but the user's function)."""
    build = check.spec.score
    if build is None:
        raise ValueError(f"no per-completion score for {check.kind}")
    score = build(check.options)

    def named(completion: str, answers: Sequence[str]) -> float:
        try:
            return score(completion, answers)
        except SlowPattern as slow:  # said with the check's name and pattern
            raise PatternTimeout(check, slow.text) from None

    return named


def answers_of(rollout: Rollout) -> list[Sequence[str]]:
    """Each row's acceptable answers: the task's "answers" info, else its one reference."""
    given = rollout.info.get("answers")
    if given is not None:
        return list(given)
    return [() if r is None else (str(r),) for r in rollout.info["references"]]


def check_reward(check: Check) -> RewardFunction:
    """The check as a named reward part of the trainer, weighted."""
    whole = check.spec.whole
    if whole is not None:
        return RewardFunction(check.name, whole(check.options), check.weight)
    score = scorer(check)

    def fn(rollout: Rollout) -> list[float]:
        # A completion cut off by the length limit gave no answer: scored 0, or the policy
        # learns to run on past a lenient check ("1962-07-17-..." passes "exact, punctuation
        # around ignored") while the held-out answers never end.
        cut = rollout.truncated.tolist()
        rows = list(zip(rollout.completions, answers_of(rollout), cut, strict=True))
        out: list[float] = []
        for i, (c, a, stopped) in enumerate(rows):
            try:
                out.append(0.0 if stopped else score(c, a))
            except PatternTimeout as late:  # counted: where it stopped, of how many
                raise PatternTimeout(check, late.text, i, len(rows)) from None
        return out

    return RewardFunction(check.name, fn, check.weight)


def check_rewards(checks: Sequence[Check]) -> list[RewardFunction]:
    return [check_reward(c) for c in checks]


def score_parts(
    checks: Sequence[Check], completions: Sequence[str], answers: Sequence[Sequence[str]]
) -> dict[str, list[float]]:
    """Each check's scores of `completions` (checks that score a completion at a time):
    what the trainer records as the reward parts, for code that scores outside a rollout."""
    scorers = {c.name: scorer(c) for c in checks if c.spec.score is not None}
    return {
        name: [score(text, a) for text, a in zip(completions, answers)]
        for name, score in scorers.items()
    }
