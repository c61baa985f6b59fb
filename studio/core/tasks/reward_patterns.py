"""A reward check's regular expression, matched with a time limit: never a freeze.

A pattern comes from a preset someone handed over, and some patterns take exponential
time on some texts ("(a|aa)+$" on a long run of a's). Patterns are therefore matched by
the `regex` package with a time limit (PATTERN_SECONDS, tried PATTERN_TRIES times, so a
pause of a busy machine is not taken for the pattern's fault); a completion that runs
past it raises SlowPattern, which studio.core.tasks.reward_checks turns into its
PatternTimeout naming the check. Before that, parsing a check tries its pattern on a few
texts made to trip such patterns (`pattern_problem`): long runs of the characters it
names, then one that breaks the match.
"""

from __future__ import annotations

import time

import regex

# one match's time limit, in seconds: a sane pattern takes microseconds on a completion;
# regex checks the clock now and then, so a timed-out match returns after about 3x this
PATTERN_SECONDS = 0.05
PATTERN_TRIES = 2
# a run this long takes an exponential pattern years and a cubic one ("(a+)+$" in regex)
# seconds, past the limit however fast the machine; a sane pattern takes microseconds
PROBE_LENGTH = 1000

# patterns tried and found quick: checks are parsed again at each edit in the window (the
# Reward lab, the Settings form), so a pattern is tried once, not at every keystroke
_QUICK_PATTERNS: set[str] = set()


class SlowPattern(Exception):
    """A pattern ran past its time limit on `text`, every try."""

    def __init__(self, text: str) -> None:
        super().__init__(f"the pattern timed out on a text of {len(text)} characters")
        self.text = text


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


def pattern_problem(value: str) -> str:
    """What is wrong with `value` as a check's pattern, in words that follow "option
    <name> " in the check's error ("" when it compiles and no probe text trips it)."""
    try:
        compiled = regex.compile(value)  # as the check matches it
    except (regex.error, OverflowError, ValueError) as err:
        return (
            f"is not a valid regular expression ({err}); fix the pattern (a literal ( [ . * + ? "
            "needs a backslash before it)"
        )
    if value in _QUICK_PATTERNS:
        return ""
    slow = next((t for t in probe_texts(value) if timed_out(compiled, t)), None)
    if slow is None:
        _QUICK_PATTERNS.add(value)
        return ""
    return (
        f"{value!r} takes over {PATTERN_SECONDS:g} s on a text of {len(slow)} characters "
        f"({slow[:8]!r}…): it backtracks without end; rewrite nested or overlapping repeats, "
        "e.g. (a+)+ or (a|aa)+ as a+"
    )


def matches(pattern: regex.Pattern[str], text: str, *, whole: bool) -> bool:
    """Whether `pattern` matches somewhere in `text` (or all of it, `whole`), within the
    time limit; SlowPattern when every try runs past it."""
    for _try in range(PATTERN_TRIES):
        try:
            if whole:
                return pattern.fullmatch(text, timeout=PATTERN_SECONDS) is not None
            return pattern.search(text, timeout=PATTERN_SECONDS) is not None
        except TimeoutError:
            continue
    raise SlowPattern(text)
