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

from studio.core.messages import Message, say
from studio.core.tasks.base import RewardFunction, Rollout
from studio.core.tasks.reward_kinds import KINDS, Kind, Option, Score
from studio.core.tasks.reward_patterns import PATTERN_SECONDS, SlowPattern, pattern_problem

FIELD = "task.rewards"
KEYS = ("kind", "weight", "options", "name")  # what a check may hold
# Rewards are compared within each group, so weights count only against one another; far
# larger ones overflow the weighted sum (1e308 made every step NaN).
MAX_WEIGHT = 1000.0
# Each check is recorded at every step: 1,000 of them added 236 KB a step to metrics.jsonl.
MAX_CHECKS = 16


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
        if total > 1:
            counted = say(
                "completion {n} of {total} timed out ({before} scored before it, {left} left "
                "unscored)",
                n=index + 1,
                total=total,
                before=index,
                left=total - index - 1,
            )
        else:
            counted = say("it timed out")
        super().__init__(
            say(
                "task.rewards: check {name} ({kind}): the pattern {pattern} took over {seconds} "
                "s on a completion of {n} characters ({text}); {counted}. It backtracks without "
                "end on such text: rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ "
                "as a+",
                name=check.name,
                kind=check.kind,
                pattern=repr(check.options["pattern"]),
                seconds=f"{PATTERN_SECONDS:g}",
                n=len(text),
                text=repr(shown),
                counted=counted,
            )
        )


# ---- an option's value, read by its declared type


class _Refused(Exception):
    """An option's value refused: the words that follow "option <name> " in the error."""


def _must(what: Message, value: Any, fix: str = "") -> _Refused:
    if fix:
        return _Refused(
            say("must be {what}, got {value}; {fix}", what=what, value=repr(value), fix=fix)
        )
    return _Refused(say("must be {what}, got {value}", what=what, value=repr(value)))


def _bool(value: Any, option: Option) -> bool:
    if not isinstance(value, bool):
        raise _must(say("true or false"), value)
    return value


def as_number(value: Any) -> Any:
    """`value`, or the number a text writes: YAML 1.1 reads 1e-3 (no dot) as a string."""
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def _bounded(value: Any, option: Option, noun: Message) -> float:
    """A number within the option's bounds (NaN and infinities outside them)."""
    value = as_number(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _must(noun, value)
    if option.max is not None and not value <= option.max:  # NaN too
        low, high = f"{option.min:g}", f"{option.max:g}"
        if option.default is not None:
            fix = say(
                "give a number from {low} to {high} (the default is {default})",
                low=low,
                high=high,
                default=f"{option.default:g}",
            )
        else:
            fix = say("give a number from {low} to {high}", low=low, high=high)
        raise _must(say("at most {high}", high=high), value, fix)
    if not math.isfinite(value) or value < option.min:
        raise _must(say("a number of at least {low}", low=f"{option.min:g}"), value)
    return float(value)


def _number(value: Any, option: Option) -> float:
    return _bounded(value, option, say("a number"))


def _integer(value: Any, option: Option) -> int:
    number = _bounded(value, option, say("a whole number"))
    if not number.is_integer():
        raise _must(say("a whole number"), value)
    return int(number)


def _choice(value: Any, option: Option) -> str:
    if value not in option.choices:
        raise _must(say("one of {choices}", choices=", ".join(option.choices)), value)
    return str(value)


def _texts(value: Any, option: Option) -> list[str]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
        raise _must(say("a list of texts"), value)
    return list(values)


def _text(value: Any, option: Option) -> str:
    if not isinstance(value, str) or not value:
        raise _must(say("a non-empty text"), value)
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
        raise CheckError(
            say("{where}: options must be a mapping like {{ignore_case: true}}", where=where)
        )
    for name in given:
        if name not in kind.options:
            raise CheckError(
                say(
                    "{where}: unknown option {name}; {kind} takes {takes}",
                    where=where,
                    name=repr(name),
                    kind=kind.name,
                    takes=", ".join(kind.options) or say("none"),
                )
            )
    options: dict[str, Any] = {}
    for name, option in kind.options.items():
        if given.get(name) is None:
            if option.required:
                raise CheckError(
                    say(
                        "{where}: needs option {name} ({type})",
                        where=where,
                        name=name,
                        type=option.type,
                    )
                )
            options[name] = option.default
            continue
        try:
            options[name] = READERS[option.type](given[name], option)
        except _Refused as refused:
            raise CheckError(
                say(
                    "{where}: option {name} {problem}",
                    where=where,
                    name=name,
                    problem=refused.args[0],
                )
            ) from None
    problem = kind.problem(options)
    if problem:
        raise CheckError(say("{where}: {problem}", where=where, problem=problem))
    return options


def _kind(raw: Any, where: str) -> Kind:
    """The kind a raw check names, once its keys are known ones."""
    if not isinstance(raw, dict):
        raise CheckError(
            say(
                "{where}: must be a mapping like {{kind: exact, weight: 1.0}}, got {value}",
                where=where,
                value=repr(raw),
            )
        )
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise CheckError(
            say(
                "{where}: unknown key {key}; a check has kind, weight, options and name",
                where=where,
                key=repr(unknown[0]),
            )
        )
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CheckError(
            say(
                "{where}: kind must be one of {kinds}, got {value}",
                where=where,
                kinds=", ".join(KINDS),
                value=repr(kind),
            )
        )
    return KINDS[kind]


def _weight(raw: Any, where: str) -> float:
    """A check's weight: a finite number from -MAX_WEIGHT to MAX_WEIGHT."""
    weight = as_number(raw)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or math.isnan(weight):
        raise CheckError(
            say("{where}: weight must be a number, got {value}", where=where, value=repr(raw))
        )
    if not abs(weight) <= MAX_WEIGHT:
        raise CheckError(weight_too_large(where, weight))
    return float(weight)


def weight_too_large(where: str, weight: float) -> Message:
    """A weight past ±MAX_WEIGHT: rewards are compared within a group, so only the
    weights' ratios count, and such sums overflow."""
    return say(
        "{where}: weight {value} is past the most a weight may be, {most} either way; rewards "
        "are compared within each group, so only the weights' ratios count: give e.g. 1 "
        "and 0.5",
        where=where,
        value=f"{weight:g}",
        most=f"{MAX_WEIGHT:,g}",
    )


def lone_negative(weights: dict[str, float], where: str) -> Message | None:
    """Why weights that are all 0 or below, one of them negative, cannot train: the run
    would learn to fail the checks. A negative weight is a penalty only beside a positive
    one."""
    if any(w > 0 for w in weights.values()) or not any(w < 0 for w in weights.values()):
        return None
    names = ", ".join(f"{name} {w:g}" for name, w in weights.items() if w < 0)
    return say(
        "{where}: no weight is above 0 and {names} is below, so the run would learn to fail "
        "that check; give the check you want passed a positive weight (a negative weight "
        "is a penalty beside a positive one)",
        where=where,
        names=names,
    )


def parse_check(raw: Any, index: int) -> Check:
    """One check of task.rewards, validated, its options' defaults filled in."""
    kind = _kind(raw, f"{FIELD}[{index}]")
    where = f"{FIELD}[{index}] ({kind.name})"
    weight = _weight(raw.get("weight", 1.0), where)
    options = _options(where, kind, raw.get("options") or {})
    name = raw.get("name") or kind.name
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise CheckError(
            say(
                "{where}: name must be lower-case letters, digits and _ (it names the reward "
                "part in the charts), got {value}",
                where=where,
                value=repr(name),
            )
        )
    return Check(kind.name, float(weight), options, name)


def parse_checks(raw: Any) -> list[Check]:
    """task.rewards validated: at least one check, names made unique (exact, exact_2...),
    at most one function check (the one user_reward names)."""
    if not isinstance(raw, list) or not raw:
        raise CheckError(
            say(
                "task.rewards: must be a list of at least one check, e.g. [{{kind: exact, "
                "weight: 1.0}}]"
            )
        )
    if len(raw) > MAX_CHECKS:
        raise CheckError(
            say(
                "task.rewards: {n} checks, more than the {most} a reward may have (each is "
                "charted and recorded at every step); keep the {most} that matter, or "
                "score the rest in one function check",
                n=f"{len(raw):,}",
                most=MAX_CHECKS,
            )
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
        raise CheckError(
            say(
                "task.rewards: name one function of your own at most, got {functions}",
                functions=functions,
            )
        )
    lone = lone_negative({c.name: c.weight for c in checks}, FIELD)
    if lone is not None:
        raise CheckError(lone)
    if all(c.weight == 0 for c in checks):
        raise CheckError(
            say(
                "task.rewards: every weight is 0, so every completion scores the same; give "
                "one check a weight above 0"
            )
        )
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
