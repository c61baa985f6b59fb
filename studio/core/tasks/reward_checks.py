"""Rewards built from checks: a list of {kind, weight, options} stored in a preset as data.

Each check scores one completion from 0 to 1 against what the task knows of its prompt
(the acceptable answers, when the data has them) and becomes one named reward part, so
the trainer records `reward/<name>/mean` for it and the reward chart draws it apart from
the others; the reward GRPO learns from is the weighted sum. The kinds:

- exact: the completion is one of the prompt's answers (options: ignore_case, and
  ignore_punctuation: spaces and punctuation around the text do not count);
- one_of: the completion is one of the answers listed in the check itself (for prompts
  without answers in the data, e.g. "yes" or "no");
- number: the first number in the completion is within `tolerance` of the answer's
  (`relative`: tolerance as a share of the answer);
- contains: the completion holds `text`; regex: `pattern` matches somewhere in it;
- format: the whole completion (spaces around it aside) matches `pattern`;
- similarity: how close the completion is to the nearest answer: chrF (character n-gram
  F-score, Popović 2015; sacrebleu's when installed, else the same formula here) or
  edit (1 - Levenshtein distance / the longer length);
- length: the completion has between `min` and `max` characters;
- function: the user's own Python, "module:function" taking (prompts, completions,
  references), run only once the user allowed its file (studio.core.tasks.user_reward).

A completion the length limit cut off scores 0 on every check (a user's function gets
the rollout, truncated flags included, and decides for itself).

`parse_checks` validates a preset's list and says what is wrong in one line naming the
check (task.rewards[2]) and the fix; `check_rewards` turns checks into the trainer's
RewardFunctions.

A pattern comes from a preset someone handed over, and some patterns take exponential
time on some texts ("(a|aa)+$" on a long run of a's). Patterns are therefore matched by
the `regex` package with a time limit (PATTERN_SECONDS, tried PATTERN_TRIES times, so a
pause of a busy machine is not taken for the pattern's fault); a completion that runs
past it stops the scoring with PatternTimeout, which names the check, counts the
completions scored, timed out and left, and says how to rewrite the pattern. Training
then ends with that message instead of hanging, and the Reward lab shows it on the check.
Before that, parsing a check tries its pattern on a few texts made to trip such patterns
(long runs of the characters it names, then one that breaks the match): a pattern that
runs past the limit on one is refused with the preset, before any run begins.
"""

from __future__ import annotations

import math
import re
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import regex

from studio.core.tasks.base import RewardFunction, Rollout
from studio.core.tasks.user_reward import user_reward_function

FIELD = "task.rewards"
CHRF_ORDER = 6  # character n-grams of 1..6, as sacrebleu's chrF
# one match's time limit, in seconds: a sane pattern takes microseconds on a completion;
# regex checks the clock now and then, so a timed-out match returns after about 3x this
PATTERN_SECONDS = 0.05
PATTERN_TRIES = 2


@dataclass(frozen=True)
class Option:
    """One option of a kind: its type ("bool", "number", "integer", "text", "pattern",
    "texts", "choice"), its default (None with required: the check must give it)."""

    type: str
    default: Any = None
    required: bool = False
    choices: tuple[str, ...] = ()


_CASE = Option("bool", False)
_PUNCT = Option("bool", True)

KINDS: dict[str, dict[str, Option]] = {
    "exact": {"ignore_case": _CASE, "ignore_punctuation": _PUNCT},
    "one_of": {"answers": Option("texts", required=True), "ignore_case": _CASE,
               "ignore_punctuation": _PUNCT},
    "number": {"tolerance": Option("number", 0.0), "relative": Option("bool", False)},
    "contains": {"text": Option("text", required=True), "ignore_case": _CASE},
    "regex": {"pattern": Option("pattern", required=True)},
    "format": {"pattern": Option("pattern", required=True)},
    "similarity": {"metric": Option("choice", "chrf", choices=("chrf", "edit")),
                   "beta": Option("number", 2.0)},
    "length": {"min": Option("integer", 0), "max": Option("integer", None)},
    "function": {"function": Option("text", required=True)},
}  # fmt: skip
NEEDS_ANSWERS = frozenset({"exact", "number", "similarity"})


@dataclass(frozen=True)
class Check:
    """A validated check: its kind, weight, options (defaults filled in) and the name its
    reward part is recorded under."""

    kind: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""

    @property
    def needs_answers(self) -> bool:
        return self.kind in NEEDS_ANSWERS

    def to_dict(self) -> dict[str, Any]:
        """As a preset stores it: the options that differ from their defaults."""
        spec = KINDS[self.kind]
        options = {k: v for k, v in self.options.items() if v != spec[k].default}
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


def _option(where: str, name: str, spec: Option, value: Any) -> Any:
    def bad(what: str) -> CheckError:
        return CheckError(f"{where}: option {name} must be {what}, got {value!r}")

    if spec.type == "bool":
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if spec.type in ("number", "integer"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad("a number" if spec.type == "number" else "a whole number")
        if spec.type == "integer" and not float(value).is_integer():
            raise bad("a whole number")
        if not math.isfinite(value) or value < 0:
            raise bad("a number of at least 0")
        return int(value) if spec.type == "integer" else float(value)
    if spec.type == "choice":
        if value not in spec.choices:
            raise bad("one of " + ", ".join(spec.choices))
        return value
    if spec.type == "texts":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise bad("a list of texts")
        return list(value)
    if not isinstance(value, str) or not value:
        raise bad("a non-empty text")
    if spec.type == "pattern":
        try:
            compiled = regex.compile(value)  # as the check matches it
        except (regex.error, OverflowError, ValueError) as err:
            raise CheckError(
                f"{where}: option {name} is not a valid regular expression ({err}); fix the "
                "pattern (a literal ( [ . * + ? needs a backslash before it)"
            ) from None
        slow = None
        if value not in _QUICK_PATTERNS:
            slow = next((t for t in probe_texts(value) if timed_out(compiled, t)), None)
        if slow is None:
            _QUICK_PATTERNS.add(value)
        else:
            raise CheckError(
                f"{where}: option {name} {value!r} takes over {PATTERN_SECONDS:g} s on a text "
                f"of {len(slow)} characters ({slow[:8]!r}…): it backtracks without end; "
                "rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+"
            )
    return value


# patterns tried and found quick: checks are parsed again at each edit in the window (the
# Reward lab, the Settings form), so a pattern is tried once, not at every keystroke
_QUICK_PATTERNS: set[str] = set()

# a run this long takes an exponential pattern years and a cubic one ("(a+)+$" in regex)
# seconds, past the limit however fast the machine (at 200 characters a quiet one ends it
# inside 0.05 s, and it would pass); a sane pattern takes microseconds.
PROBE_LENGTH = 1000


def probe_texts(pattern: str) -> list[str]:
    """Texts that trip a pattern which backtracks without end: a long run of one
    character it names (or a letter, a digit, a space), then a character that ends the
    match, or a run of two of them."""
    named = [c for c in dict.fromkeys(pattern) if c.isalnum()][:6]
    chars = list(dict.fromkeys([*named, "a", "1", " "]))
    texts = [c * PROBE_LENGTH + "!" for c in chars]
    texts += [(c + " ") * (PROBE_LENGTH // 2) + "!" for c in chars[:2]]
    return texts


def timed_out(pattern: regex.Pattern[str], text: str) -> bool:
    """Whether searching `text` runs past the limit, PATTERN_TRIES times over (by the
    clock too: regex looks at it only now and then, so a search may end late but whole)."""
    for _try in range(PATTERN_TRIES):
        started = time.perf_counter()
        try:
            pattern.search(text, timeout=PATTERN_SECONDS)
        except TimeoutError:
            continue
        if time.perf_counter() - started <= PATTERN_SECONDS:
            return False
    return True


def parse_check(raw: Any, index: int) -> Check:
    """One check of task.rewards, validated, its options' defaults filled in."""
    where = f"{FIELD}[{index}]"
    if not isinstance(raw, dict):
        raise CheckError(
            f"{where}: must be a mapping like {{kind: exact, weight: 1.0}}, got {raw!r}"
        )
    unknown = sorted(set(raw) - {"kind", "weight", "options", "name"})
    if unknown:
        raise CheckError(
            f"{where}: unknown key {unknown[0]!r}; a check has kind, weight, options and name"
        )
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CheckError(f"{where}: kind must be one of {', '.join(KINDS)}, got {kind!r}")
    where = f"{where} ({kind})"
    weight = raw.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not math.isfinite(weight):
        raise CheckError(f"{where}: weight must be a number, got {weight!r}")
    given = raw.get("options") or {}
    if not isinstance(given, dict):
        raise CheckError(f"{where}: options must be a mapping like {{ignore_case: true}}")
    spec = KINDS[kind]
    for name in given:
        if name not in spec:
            takes = ", ".join(spec) or "none"
            raise CheckError(f"{where}: unknown option {name!r}; {kind} takes {takes}")
    options: dict[str, Any] = {}
    for name, option in spec.items():
        if name in given and given[name] is not None:
            options[name] = _option(where, name, option, given[name])
        elif option.required:
            raise CheckError(f"{where}: needs option {name} ({option.type})")
        else:
            options[name] = option.default
    if kind == "length" and options["max"] is not None and options["max"] < options["min"]:
        raise CheckError(f"{where}: option max {options['max']} is below min {options['min']}")
    name = raw.get("name") or kind
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise CheckError(
            f"{where}: name must be lower-case letters, digits and _ (it names the reward "
            f"part in the charts), got {name!r}"
        )
    return Check(kind, float(weight), options, name)


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


# ---- scoring one completion


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


def chrf(hypothesis: str, reference: str, beta: float = 2.0) -> float:
    """Sentence chrF from 0 to 1: character n-grams of 1..6 (whitespace removed), precision
    and recall averaged over the orders both have, then their F-beta (Popović 2015), computed as
    sacrebleu's sentence chrF (word order 0) computes it."""
    hyp, ref = "".join(hypothesis.split()), "".join(reference.split())
    precisions: list[float] = []
    recalls: list[float] = []
    for n in range(1, CHRF_ORDER + 1):
        got = Counter(hyp[i : i + n] for i in range(len(hyp) - n + 1))
        want = Counter(ref[i : i + n] for i in range(len(ref) - n + 1))
        if not got or not want:
            continue
        match = sum((got & want).values())
        precisions.append(match / sum(got.values()))
        recalls.append(match / sum(want.values()))
    if not precisions:  # no order with n-grams on both sides (an empty side)
        return 0.0
    # averaged over the orders both sides have (sacrebleu's effective order)
    p, r = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
    if p + r == 0:
        return 0.0
    b2 = beta * beta
    return (1 + b2) * p * r / (b2 * p + r)


def _sacrebleu_chrf(beta: float) -> Callable[[str, str], float] | None:
    try:
        from sacrebleu.metrics import CHRF
    except ImportError:  # the formula above stands in
        return None
    metric = CHRF(beta=int(beta)) if float(beta).is_integer() else None
    if metric is None:
        return None
    return lambda h, r: metric.sentence_score(h, [r]).score / 100.0


def edit_similarity(a: str, b: str) -> float:
    """1 - Levenshtein distance / the longer length (1 for two empty strings)."""
    if not a and not b:
        return 1.0
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return 1.0 - previous[-1] / max(len(a), len(b))


def scorer(check: Check) -> Callable[[str, Sequence[str]], float]:
    """score(completion, answers) -> 0..1 for every kind but function (which scores a
    whole rollout at once)."""
    o = check.options
    kind = check.kind
    if kind in ("exact", "one_of"):
        norm = lambda t: normalise(  # noqa: E731
            t, ignore_case=o["ignore_case"], ignore_punctuation=o["ignore_punctuation"]
        )
        fixed = [norm(a) for a in o["answers"]] if kind == "one_of" else None

        def exact(c: str, answers: Sequence[str]) -> float:
            wanted = fixed if fixed is not None else [norm(a) for a in answers]
            return float(norm(c) in wanted)

        return exact
    if kind == "number":

        def number(c: str, answers: Sequence[str]) -> float:
            got = first_number(c)
            if got is None:
                return 0.0
            for a in answers:
                want = first_number(a)
                if want is None:
                    continue
                room = o["tolerance"] * (abs(want) if o["relative"] else 1.0)
                if abs(got - want) <= room:
                    return 1.0
            return 0.0

        return number
    if kind == "contains":
        text = o["text"].casefold() if o["ignore_case"] else o["text"]
        return lambda c, _: float(text in (c.casefold() if o["ignore_case"] else c))
    if kind in ("regex", "format"):
        pattern = regex.compile(o["pattern"])
        whole = kind == "format"

        def matches(c: str, _: Sequence[str]) -> float:
            text = c.strip() if whole else c
            for _try in range(PATTERN_TRIES):
                try:
                    if whole:
                        return float(pattern.fullmatch(text, timeout=PATTERN_SECONDS) is not None)
                    return float(pattern.search(text, timeout=PATTERN_SECONDS) is not None)
                except TimeoutError:
                    continue
            raise PatternTimeout(check, text)

        return matches
    if kind == "similarity":
        if o["metric"] == "edit":
            measure: Callable[[str, str], float] = edit_similarity
        else:
            beta = o["beta"]
            measure = _sacrebleu_chrf(beta) or (lambda h, r: chrf(h, r, beta))
        return lambda c, answers: max((measure(c, a) for a in answers), default=0.0)
    if kind == "length":
        lo, hi = o["min"], o["max"]
        return lambda c, _: float(lo <= len(c.strip()) and (hi is None or len(c.strip()) <= hi))
    raise ValueError(f"no per-completion score for {kind}")


def answers_of(rollout: Rollout) -> list[Sequence[str]]:
    """Each row's acceptable answers: the task's "answers" info, else its one reference."""
    given = rollout.info.get("answers")
    if given is not None:
        return list(given)
    return [() if r is None else (str(r),) for r in rollout.info["references"]]


def check_reward(check: Check) -> RewardFunction:
    """The check as a named reward part of the trainer, weighted."""
    if check.kind == "function":
        user = user_reward_function(check.options["function"])
        return RewardFunction(check.name, user.fn, check.weight)
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
    """Each check's scores of `completions` (no function checks): what the trainer records
    as the reward parts, for code that scores outside a rollout."""
    return {
        c.name: [scorer(c)(text, a) for text, a in zip(completions, answers)]
        for c in checks
        if c.kind != "function"
    }
