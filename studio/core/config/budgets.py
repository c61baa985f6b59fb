"""The two budgets a run may be given, as settings: a memory size (training.memory_budget)
and a duration (run.time_budget), parsed or refused with the forms they take. Fitting a
run into them is the machine's business (studio.core.machine.memory_budget and
time_budget); what a value may look like is the config's, checked when a preset loads.
"""

from __future__ import annotations

import math
import re

from studio.core.config.fields import ConfigError
from studio.core.messages import say

GIB = 1024**3
MEMORY_SETTING = "training.memory_budget"
_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(gb|gib|g|mb|mib|m)?\s*$", re.IGNORECASE)
MEMORY_HOW = say(
    "write a size such as 4GB, 6 GB or 512MB (a plain number is GB), or free (what the "
    "GPU has free, on the CPU the RAM available), or leave it empty for no budget"
)


TIME_SETTING = "run.time_budget"
TIME_HOW = say(
    "write a duration such as 30 min, 1h, 1h30m or 90s (a plain number is seconds), or "
    "leave it empty for no budget"
)
_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0}
_PART = re.compile(
    r"(\d+(?:\.\d*)?|\.\d+)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)?\s*",
    re.IGNORECASE,
)


def parse_budget(text: str) -> int | str | None:
    """'' -> None (no budget), 'free' -> 'free', '6 GB' -> bytes; ConfigError otherwise."""
    text = text.strip()
    if not text:
        return None
    if text.lower() == "free" or text == "空闲":  # the word the Chinese window's help gives
        return "free"
    found = _SIZE.match(text)
    if found is None:
        raise ConfigError(
            say(
                'training.memory_budget: "{text}" is not a memory size; {how}',
                text=text,
                how=MEMORY_HOW,
            )
        )
    number, unit = float(found.group(1)), (found.group(2) or "gb").lower()
    size = int(number * (GIB if unit.startswith("g") else 1024**2))
    if size <= 0:
        raise ConfigError(
            say(
                'training.memory_budget: "{text}" is no memory at all; {how}',
                text=text,
                how=MEMORY_HOW,
            )
        )
    return size


def parse_time_budget(text: str) -> float | None:
    """'' -> None (no budget); '30 min' -> 1800.0, '1h30m' -> 5400.0, '90' -> 90.0;
    ConfigError naming the setting and the forms otherwise."""
    text = text.strip()
    if not text:
        return None
    seconds, pos = 0.0, 0
    while pos < len(text):
        found = _PART.match(text, pos)
        # "1 30": a bare number only stands alone (seconds)
        bare = found is not None and found.group(2) is None and found.end() < len(text)
        if found is None or found.end() == pos or bare:
            raise ConfigError(
                say('run.time_budget: "{text}" is not a duration; {how}', text=text, how=TIME_HOW)
            )
        number, unit = float(found.group(1)), (found.group(2) or "s").lower()
        seconds += number * _UNITS[unit[0]]
        pos = found.end()
    if not math.isfinite(seconds) or seconds <= 0:
        raise ConfigError(
            say('run.time_budget: "{text}" is no time at all; {how}', text=text, how=TIME_HOW)
        )
    return seconds


# The least budget: the measurement that plans the steps takes seconds of it, and a run
# given less would end before its first step.
MIN_TIME_BUDGET = 30.0


def check_time_budget(text: str) -> float | None:
    """run.time_budget as seconds (None: no budget), ConfigError when it is no duration or
    less than MIN_TIME_BUDGET."""
    seconds = parse_time_budget(text)
    if seconds is not None and seconds < MIN_TIME_BUDGET:
        raise ConfigError(
            say(
                'run.time_budget: "{text}" is less than the least budget, {least} s: measuring '
                "the run's pace before its first step takes seconds of it; give {least} s or "
                "more, or leave it empty for no budget",
                text=text.strip(),
                least=f"{MIN_TIME_BUDGET:g}",
            )
        )
    return seconds
