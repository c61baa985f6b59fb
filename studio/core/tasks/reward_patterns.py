"""A reward check's regular expression, matched with a time limit: never a freeze.

A pattern comes from a preset someone handed over, and some patterns take exponential
time on some texts ("(a|aa)+$" on a long run of a's). Patterns are therefore matched by
the `regex` package with a time limit (PATTERN_SECONDS, tried PATTERN_TRIES times, so a
pause of a busy machine is not taken for the pattern's fault); a completion that runs
past it raises SlowPattern, which studio.core.tasks.reward_checks turns into its
PatternTimeout naming the check. Before that, parsing a check tries its pattern on a few
texts made to trip such patterns (`pattern_problem`): long runs of the characters it
names (letters, digits, punctuation), then one that breaks the match.

Compiling is not free either: a counted repeat ({n}) is written out n times, so counts
nested in counts multiply, and "((a{1000}){1000}){1000}" asks for 10^9 copies (23 GB in
16 s before the process was killed). `repeat_size` reads the pattern's counts without
compiling it, and a pattern whose repeats expand past MAX_REPEAT_SIZE, or one longer than
MAX_PATTERN_CHARS, is refused before it is compiled, wherever it comes from (a preset, a
run's config.yaml, the Reward lab): all of them parse checks here.
"""

from __future__ import annotations

import re
import time

import regex

from studio.core.messages import say

# one match's time limit, in seconds: a sane pattern takes microseconds on a completion;
# regex checks the clock now and then, so a timed-out match returns after about 3x this
PATTERN_SECONDS = 0.05
PATTERN_TRIES = 2
# a run this long takes an exponential pattern years and a cubic one ("(a+)+$" in regex)
# seconds, past the limit however fast the machine; a sane pattern takes microseconds
PROBE_LENGTH = 1000

# copies of the pattern's parts once counted repeats are written out: at this bound a
# pattern compiles in a blink; nested counts beyond it exhaust the memory
MAX_REPEAT_SIZE = 100_000
MAX_PATTERN_CHARS = 1000  # a check's pattern is a line, not a document
_COUNT = re.compile(r"\{(\d*)(?:,(\d*))?\}")
_HUGE = 10**12  # a count of more digits than this reads as this (no int of 4,000 digits)
_SYNTAX = set("()[]{}|*+?^$.\\")  # what a pattern's characters mean rather than match
TERMINATORS = ("!", " !", "\n!")  # what ends a probe's run: "$" and \S and . each fail on one

# patterns tried and found quick: checks are parsed again at each edit in the window (the
# Reward lab, the Settings form), so a pattern is tried once, not at every keystroke
_QUICK_PATTERNS: set[str] = set()


class SlowPattern(Exception):
    """A pattern ran past its time limit on `text`, every try."""

    def __init__(self, text: str) -> None:
        super().__init__(say("the pattern timed out on a text of {n} characters", n=len(text)))
        self.text = text


def _named(pattern: str) -> list[str]:
    """The characters a pattern matches literally: letters, digits and punctuation,
    escaped or not ("-" in "(-|-)+$", "." in "(\\.|\\.)+$"), not its syntax or classes."""
    named: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            escaped = pattern[i + 1]
            if not escaped.isalnum():
                named.append(escaped)
            i += 2
            continue
        if ch not in _SYNTAX and not ch.isspace():
            named.append(ch)
        i += 1
    return list(dict.fromkeys(named))


def probe_texts(pattern: str) -> list[str]:
    """Texts that trip a pattern which backtracks without end: a long run of one
    character it names (or a letter, a digit, a space), then a character that ends the
    match (TERMINATORS), or a run of two of them."""
    chars = list(dict.fromkeys([*_named(pattern)[:8], "a", "1", " "]))
    texts = [c * PROBE_LENGTH + end for c in chars for end in TERMINATORS]
    texts += [(c + " ") * (PROBE_LENGTH // 2) + "!" for c in chars[:2]]
    return texts


def _skip_escape(pattern: str, i: int) -> int:
    """The index after the escape at `i` (\\p{Greek} and \\N{...} with their braces)."""
    if pattern[i + 1 : i + 2] in ("p", "P", "N", "x") and pattern[i + 2 : i + 3] == "{":
        end = pattern.find("}", i + 3)
        return len(pattern) if end < 0 else end + 1
    return i + 2


def _skip_class(pattern: str, i: int) -> int:
    """The index after the character class opening at `i` ("[^]a-z]" included)."""
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":
        j += 1  # a ] first in a class is itself
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _count(found: re.Match[str]) -> int:
    """The largest count a {m}, {m,} or {m,n} writes (the compiler may write out either)."""
    digits = [g for g in found.groups() if g]
    return max(_HUGE if len(d) > 12 else int(d) for d in digits)


def repeat_size(pattern: str) -> int:
    """How many copies of its parts `pattern` holds once its counted repeats are written
    out, read without compiling it: a count multiplies what it repeats, so counts nested
    in counts multiply ("(a{1000}){1000}" is a million), and parts side by side add."""
    frames = [[0, 0]]  # per open group: [its size so far, the size of its last part]
    i = 0
    while i < len(pattern):
        ch, part = pattern[i], 1
        found = _COUNT.match(pattern, i) if ch == "{" else None
        if found is not None and any(found.groups()):
            size, last = frames[-1]
            count = _count(found)
            frames[-1] = [min(_HUGE, size + last * (count - 1)), min(_HUGE, last * count)]
            i = found.end()
            continue
        if ch == "(":
            frames.append([0, 0])
            i += 1
            continue
        if ch == ")" and len(frames) > 1:
            part = max(1, frames.pop()[0])
            i += 1
        elif ch == "\\":
            i = _skip_escape(pattern, i)
        elif ch == "[":
            i = _skip_class(pattern, i)
        else:
            i += 1
        size, _ = frames[-1]
        frames[-1] = [min(_HUGE, size + part), part]
    return min(_HUGE, sum(size for size, _ in frames))


def size_problem(value: str) -> str:
    """What makes `value` too large to compile ("" when nothing), in words that follow
    "option <name> " in the check's error."""
    if len(value) > MAX_PATTERN_CHARS:
        return say(
            "is {n} characters long, more than a check's pattern needs (at most {most}); "
            "shorten it, or list the answers in a one_of check",
            n=f"{len(value):,}",
            most=f"{MAX_PATTERN_CHARS:,}",
        )
    size = repeat_size(value)
    if size <= MAX_REPEAT_SIZE:
        return ""
    return say(
        "{pattern} repeats its parts {size} times once its counts are written out (counts "
        "nested in counts multiply: (a{{1000}}){{1000}} is a million), more than the "
        "{most} a pattern may; it was not compiled. Lower the counts, or write + or * for "
        "a run of any length",
        pattern=repr(value[:60]),
        size=f"{size:,}" if size < _HUGE else say("more than a trillion"),
        most=f"{MAX_REPEAT_SIZE:,}",
    )


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
    too_large = size_problem(value)
    if too_large:
        return too_large  # before compiling: the compiler would write out every copy
    try:
        compiled = regex.compile(value)  # as the check matches it
    except (regex.error, OverflowError, ValueError) as err:
        return say(
            "is not a valid regular expression ({reason}); fix the pattern (a literal ( [ . * + "
            "? needs a backslash before it)",
            reason=str(err),
        )
    if value in _QUICK_PATTERNS:
        return ""
    slow = next((t for t in probe_texts(value) if timed_out(compiled, t)), None)
    if slow is None:
        _QUICK_PATTERNS.add(value)
        return ""
    return say(
        "{pattern} takes over {seconds} s on a text of {n} characters ({text}…): it backtracks "
        "without end; rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+",
        pattern=repr(value),
        seconds=f"{PATTERN_SECONDS:g}",
        n=len(slow),
        text=repr(slow[:8]),
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
