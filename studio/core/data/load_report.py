"""Why a data file was refused (DataError) and what loading it did (LoadReport).

One report, everywhere: the CLI prints it before training starts, the run folder keeps
it (and metrics.jsonl as a log record), and the window's Data tab shows it. It says how
many pairs were kept; which lines were skipped, by reason, with their line numbers; how
many duplicates were dropped; which column became the source and which the target, in
which language and how that was decided; which columns were ignored; the split sizes;
the settings chosen to fit the data, and those the fit left as the user set them (the
trainer's settings are proposals, made through the one settings fit: config/fit.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from studio.core.config.fit import Proposal, apply_fit, get_path, latest, settle
from studio.core.data.languages import language_label

COLUMN_SETTINGS = "task.source_column and task.target_column"
LINE_LIMIT = 131_072  # the longest line of a table read (pair_files: the csv module's)

# How each skip reason reads in a summary: "3 empty", "2 with a wrong column count"...
_PHRASES = {
    "wrong column count": "with a wrong column count",
    "missing fields": "without source/target fields",
    "malformed": "with malformed CSV quoting",
    "line too long": f"over {LINE_LIMIT:,} characters, too long for a line",
}


class DataError(ValueError):
    """A data file cannot be used; the message names the file, the problem and the fix."""


@dataclass
class ColumnProfile:
    """What one column of a file holds, as the loader judged it from a sample of rows."""

    index: int  # counted from 0, as task.source_column and task.target_column count
    name: str = ""  # its header cell, aligned-file suffix or JSON key; "" when none
    script: str | None = None  # the script most of its letters are in; None: no letters
    kind: str = "text"  # "text", "metadata" (licence notes, ids, URLs) or "empty"
    language: str | None = None  # the language its name gives, if any
    sample: str = ""  # its first non-empty cell
    text: str = field(default="", repr=False)  # its sampled cells joined (text columns)

    def describe(self) -> str:
        """'column 1 "Chinese" (Han script, e.g. "我们走回家。")'."""
        name = f' "{self.name}"' if self.name else ""
        what = {"metadata": "licence notes, ids or links", "empty": "empty"}.get(
            self.kind, f"{self.script} script" if self.script else "no letters"
        )
        example = f", e.g. {_short(self.sample)!r}" if self.sample else ""
        return f"column {self.index}{name} ({what}{example})"

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("text")
        return out


@dataclass
class LoadReport:
    """What loading a file kept and skipped, with the 1-based line numbers of each skip,
    and which columns it took."""

    path: str
    kept: int = 0
    skipped: dict[str, list[int]] = field(default_factory=dict)  # reason -> line numbers
    columns: list[str] = field(default_factory=list)  # names of the columns, when known
    notes: list[str] = field(default_factory=list)  # e.g. "line 1 read as a header"
    origin: str = ""  # what the pairs are when not a file ("built-in demo corpus")
    profiles: list[ColumnProfile] = field(default_factory=list)
    source_column: int | None = None
    target_column: int | None = None
    source_lang: str = ""
    target_lang: str = ""
    matched_by: str = ""  # how the columns were matched ("by script", "named by the file")
    split: dict[str, int] = field(default_factory=dict)  # train/valid/test sizes
    # what the task chose for the data as it loaded it (splits, vocabularies), and why
    fitted: list[str] = field(default_factory=list)
    # the trainer's settings for the data, each with its reason: made by apply_settings
    proposals: list[Proposal] = field(default_factory=list)
    # settings the fit would have chosen but the user gave: "eval.every: kept at 0, ..."
    kept_as_set: list[str] = field(default_factory=list)
    monolingual: str = ""  # what back-translation will add, when it is on
    first_pairs: list[tuple[str, str]] = field(default_factory=list)  # as the model sees them
    kept_lines: list[int] = field(default_factory=list, repr=False)  # each kept pair's line
    encoding: str = ""  # what lines that are not UTF-8 seem to be in (data.encodings)
    # what reading removed from the text (byte-order marks inside the file): said right
    # after the count kept, before the skips, whose line lists end in ")"
    removed: list[str] = field(default_factory=list)
    noun: str = "pair"  # what one kept item is, in the summary ("prompt" for own text)

    def skip(self, reason: str, line: int) -> None:
        self.skipped.setdefault(reason, []).append(line)

    def boms(self, name: str, lines: list[int]) -> None:
        """Byte-order marks found inside file `name` (files joined together) on `lines`,
        removed: noted, as they were not text."""
        marks = "byte-order mark" if len(lines) == 1 else "byte-order marks"
        self.removed.append(
            f"removed {len(lines):,} {marks} inside {name} ({_lines(lines, 5)}): files joined "
            "together? they are not text"
        )

    def count(self, reason: str) -> int:
        return len(self.skipped.get(reason, ()))

    @property
    def total_skipped(self) -> int:
        return sum(len(lines) for lines in self.skipped.values())

    def summary(self, max_lines: int = 5) -> str:
        """One line, e.g. "kept 1,204 pairs; skipped 3 empty (lines 4, 9, 17); dropped ..."."""
        parts = [f"kept {self.kept:,} {self.noun}{'' if self.kept == 1 else 's'}", *self.removed]
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

    def sides(self) -> list[str]:
        """One line per side: 'source zh (Chinese): column 1 ... (Han script, e.g. ...)'."""
        lines = []
        for side, column, lang in (
            ("source", self.source_column, self.source_lang),
            ("target", self.target_column, self.target_lang),
        ):
            where = (
                self.profiles[column].describe()
                if column is not None and column < len(self.profiles)
                else f"column {column}"
                if column is not None
                else ""
            )
            label = language_label(lang) if lang else ""
            lines.append(f"{side} {label}: {where}" if where else f"{side} {label}")
        return lines

    def ignored(self) -> list[ColumnProfile]:
        """The file's columns that are neither the source nor the target."""
        taken = (self.source_column, self.target_column)
        return [p for p in self.profiles if p.index not in taken]

    def text(self) -> str:
        """The whole report, a few lines, as the CLI prints it and the run folder keeps it."""
        if self.origin:
            direction = f", {self.source_lang}->{self.target_lang}" if self.source_lang else ""
            lines = [f"{self.origin}: {self.kept:,} {self.noun}s{direction}"]
        else:
            lines = [f"{self.path}: {self.summary()}"]
        if self.source_column is not None:
            lines += self.sides()
            lines.append(
                f"columns matched {self.matched_by}; counted from 0, as {COLUMN_SETTINGS} count"
            )
            lines += [f"ignored {p.describe()}" for p in self.ignored()]
        if self.split:
            lines.append("split: " + ", ".join(f"{k} {v:,}" for k, v in self.split.items()))
        if self.monolingual:
            lines.append(self.monolingual)
        chosen = self.fitted + [p.reason for p in self.proposals if p.reason]
        if chosen or self.kept_as_set:
            lines.append("chosen for this data (task.fit_to_data):")
            lines += [f"  {line}" for line in chosen + self.kept_as_set]
        return "\n".join(lines)

    @property
    def settings(self) -> dict[str, Any]:
        """The trainer's settings proposed for the data: dotted path -> value."""
        return {p.path: p.value for p in self.proposals}

    def propose(self, proposals: list[Proposal], user: Mapping[str, Any]) -> None:
        """The trainer's settings for the data, settled against the settings the user gave
        to the task (`user`): theirs are kept and said now, the rest are proposed."""
        fit = settle(proposals, user)
        self.proposals += [p for p in latest(proposals) if p.path in fit.settings]
        self.kept_as_set += fit.kept_lines

    def apply_settings(self, cfg: Any, *, resumed: bool = False) -> None:
        """Make the proposals on a StudioConfig through the one settings fit (a setting the
        user gave stays as they set it, and is said; `resumed`: see apply_fit); a stage the
        config skips stays skipped."""
        live = [p for p in self.proposals if not _skipped_stage(cfg, p.path)]
        fit = apply_fit(cfg, live, resumed=resumed)
        self.proposals = [p for p in self.proposals if p.path not in fit.kept]
        self.kept_as_set += fit.kept_lines

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the run folder's log record: the settings chosen as `fitted`
        (their reasons) and `settings` (path -> value)."""
        out = asdict(self)
        out["fitted"] = self.fitted + [p.reason for p in self.proposals if p.reason]
        out["settings"] = self.settings
        out.pop("proposals")
        out["profiles"] = [p.to_dict() for p in self.profiles]
        out["first_pairs"] = [list(p) for p in self.first_pairs]
        out.pop("kept_lines")  # one number per pair: the counts say enough
        return out


def _skipped_stage(cfg: Any, path: str) -> bool:
    """Whether `path` is a setting of a stage the config skips (no steps)."""
    parts = path.split(".")
    return parts[0] == "stages" and len(parts) > 2 and get_path(cfg, ".".join(parts[:2])).steps == 0


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(numbers: list[int], max_lines: int) -> str:
    shown = ", ".join(str(n) for n in numbers[:max_lines])
    more = ", ..." if len(numbers) > max_lines else ""
    return f"line{'' if len(numbers) == 1 else 's'} {shown}{more}"
