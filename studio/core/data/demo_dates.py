"""The own-text task's built-in demo: dates written out, to be put in ISO form.

"3 March 2021" -> "2021-03-03", "March 3, 2021" -> "2021-03-03": made here from a seeded
random generator, so the preset trains before the user gives a file of their own.
"""

from __future__ import annotations

import random

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def demo_dates(n: int = 3000, seed: int = 0) -> list[tuple[str, str]]:
    """n distinct (written date, ISO date) pairs, in a fixed order for a seed."""
    rng = random.Random(f"demo-dates-{seed}")
    seen: dict[str, str] = {}
    while len(seen) < n:
        year, month, day = rng.randint(1950, 2049), rng.randint(1, 12), rng.randint(1, 28)
        name = MONTHS[month - 1]
        written = f"{day} {name} {year}" if rng.random() < 0.5 else f"{name} {day}, {year}"
        seen.setdefault(written, f"{year:04d}-{month:02d}-{day:02d}")
    return list(seen.items())
