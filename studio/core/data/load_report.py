"""Why a data file was refused (DataError) and what loading it kept and skipped (LoadReport)."""

from __future__ import annotations

from dataclasses import dataclass, field

# How each skip reason reads in a summary: "3 empty", "2 with a wrong column count"...
_PHRASES = {
    "wrong column count": "with a wrong column count",
    "missing fields": "without source/target fields",
    "malformed": "with malformed CSV quoting",
}


class DataError(ValueError):
    """A data file cannot be used; the message names the file, the problem and the fix."""


@dataclass
class LoadReport:
    """What loading a file kept and skipped, with the 1-based line numbers of each skip."""

    path: str
    kept: int = 0
    skipped: dict[str, list[int]] = field(default_factory=dict)  # reason -> line numbers
    columns: list[str] = field(default_factory=list)  # names of the columns, when known
    notes: list[str] = field(default_factory=list)  # e.g. "line 1 read as a header"

    def skip(self, reason: str, line: int) -> None:
        self.skipped.setdefault(reason, []).append(line)

    def count(self, reason: str) -> int:
        return len(self.skipped.get(reason, ()))

    @property
    def total_skipped(self) -> int:
        return sum(len(lines) for lines in self.skipped.values())

    def summary(self, max_lines: int = 5) -> str:
        """One line, e.g. "kept 1,204 pairs; skipped 3 empty (lines 4, 9, 17); dropped ..."."""
        parts = [f"kept {self.kept:,} pair{'' if self.kept == 1 else 's'}"]
        skips = [
            f"{len(lines):,} {_PHRASES.get(reason, reason)} ({_lines(lines, max_lines)})"
            for reason, lines in self.skipped.items()
            if reason != "duplicate" and lines
        ]
        if skips:
            parts.append("skipped " + ", ".join(skips))
        dups = self.skipped.get("duplicate", [])
        if dups:
            word = "duplicate" if len(dups) == 1 else "duplicates"
            parts.append(f"dropped {len(dups):,} {word} ({_lines(dups, max_lines)})")
        return "; ".join(parts + self.notes)


def _lines(numbers: list[int], max_lines: int) -> str:
    shown = ", ".join(str(n) for n in numbers[:max_lines])
    more = ", ..." if len(numbers) > max_lines else ""
    return f"line{'' if len(numbers) == 1 else 's'} {shown}{more}"


# ---- reading lines
