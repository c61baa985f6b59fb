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

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from studio.core.config.fit import Proposal, apply_fit, get_path, latest, settle
from studio.core.data.languages import language_label
from studio.core.messages import Message, joined, say

LINE_LIMIT = 131_072  # the longest line of a table read (pair_files: the csv module's)
MAX_ROW_LINES = 20  # lines one quoted CSV row may span: a cell of a few lines, not a file

Said = Callable[[str, Message], Message]  # (count, lines) -> "3 empty (lines 4, 9, 17)"
# How each skip reason reads in a summary: "3 empty", "2 with a wrong column count"...
_PHRASES: dict[str, Said] = {
    "wrong column count": lambda n, lines: say(
        "{n} with a wrong column count ({lines})", n=n, lines=lines
    ),
    "missing fields": lambda n, lines: say(
        "{n} without source/target fields ({lines})", n=n, lines=lines
    ),
    "malformed": lambda n, lines: say("{n} with malformed CSV quoting ({lines})", n=n, lines=lines),
    "unclosed quote": lambda n, lines: say(
        "{n} opening a quote that does not close within {most} lines ({lines}); read on from "
        "the next line",
        n=n,
        most=MAX_ROW_LINES,
        lines=lines,
    ),
    "line too long": lambda n, lines: say(
        "{n} over {limit} characters, too long for a line ({lines})",
        n=n,
        limit=f"{LINE_LIMIT:,}",
        lines=lines,
    ),
    "empty": lambda n, lines: say("{n} empty ({lines})", n=n, lines=lines),
    "too long": lambda n, lines: say("{n} too long ({lines})", n=n, lines=lines),
    "undecodable": lambda n, lines: say("{n} undecodable ({lines})", n=n, lines=lines),
    "bad JSON": lambda n, lines: say("{n} bad JSON ({lines})", n=n, lines=lines),
    "outside a class folder": lambda n, lines: say(
        "{n} outside a class folder ({lines})", n=n, lines=lines
    ),
    "with an empty answer": lambda n, lines: say(
        "{n} with an empty answer ({lines})", n=n, lines=lines
    ),
    "with an empty prompt": lambda n, lines: say(
        "{n} with an empty prompt ({lines})", n=n, lines=lines
    ),
    "without a prompt field": lambda n, lines: say(
        "{n} without a prompt field ({lines})", n=n, lines=lines
    ),
    "without an answer": lambda n, lines: say("{n} without an answer ({lines})", n=n, lines=lines),
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

    def describe(self) -> Message:
        """'column 1 "Chinese" (Han script, e.g. "我们走回家。")'."""
        if self.kind == "metadata":
            what = say("licence notes, ids or links")
        elif self.kind == "empty":
            what = say("empty")
        elif self.script:
            what = say("{script} script", script=self.script)
        else:
            what = say("no letters")
        example = repr(_short(self.sample))
        if self.name and self.sample:
            return say(
                'column {index} "{name}" ({what}, e.g. {example})',
                index=self.index,
                name=self.name,
                what=what,
                example=example,
            )
        if self.name:
            return say(
                'column {index} "{name}" ({what})', index=self.index, name=self.name, what=what
            )
        if self.sample:
            return say(
                "column {index} ({what}, e.g. {example})",
                index=self.index,
                what=what,
                example=example,
            )
        return say("column {index} ({what})", index=self.index, what=what)

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
    origin: str = ""  # what the pairs are when not a file ("built-in demo corpus"): a message
    profiles: list[ColumnProfile] = field(default_factory=list)
    source_column: int | None = None
    target_column: int | None = None
    source_lang: str = ""
    target_lang: str = ""
    matched_by: str = ""  # how the columns were matched ("by script"): a message
    split: dict[str, int] = field(default_factory=dict)  # train/valid/test sizes
    # what the task chose for the data as it loaded it (splits, vocabularies), and why
    fitted: list[str] = field(default_factory=list)
    # the trainer's settings for the data, each with its reason: made by apply_settings
    proposals: list[Proposal] = field(default_factory=list)
    # settings the fit would have chosen but the user gave: "eval.every: kept at 0, ..."
    kept_as_set: list[str] = field(default_factory=list)
    # a file of one-language sentences beside the pairs: what it gave and what for
    one_language: list[str] = field(default_factory=list)
    tokens: str = ""  # whose tokenizers read the pairs when they are not fitted to them
    first_pairs: list[tuple[str, str]] = field(default_factory=list)  # as the model sees them
    kept_lines: list[int] = field(default_factory=list, repr=False)  # each kept pair's line
    encoding: str = ""  # what lines that are not UTF-8 seem to be in (data.encodings)
    # what reading removed from the text (byte-order marks inside the file): said right
    # after the count kept, before the skips, whose line lists end in ")"
    removed: list[str] = field(default_factory=list)
    noun: str = "pair"  # what one kept item is, in the summary: "pair", or "prompt" (own text)
    # a second file whose pairs were added to the training split (the corrections clients
    # sent to the server: task.suggestions), with what loading it kept and skipped
    added: LoadReport | None = None

    def skip(self, reason: str, line: int) -> None:
        self.skipped.setdefault(reason, []).append(line)

    def boms(self, name: str, lines: list[int]) -> None:
        """Byte-order marks found inside file `name` (files joined together) on `lines`,
        removed: noted, as they were not text."""
        parts = {"n": f"{len(lines):,}", "name": name, "lines": _lines(lines, 5)}
        if len(lines) == 1:
            said = say(
                "removed {n} byte-order mark inside {name} ({lines}): files joined together? "
                "they are not text",
                **parts,
            )
        else:
            said = say(
                "removed {n} byte-order marks inside {name} ({lines}): files joined together? "
                "they are not text",
                **parts,
            )
        self.removed.append(said)

    def count(self, reason: str) -> int:
        return len(self.skipped.get(reason, ()))

    @property
    def total_skipped(self) -> int:
        return sum(len(lines) for lines in self.skipped.values())

    def summary(self, max_lines: int = 5) -> Message:
        """One line, e.g. "kept 1,204 pairs; skipped 3 empty (lines 4, 9, 17); dropped ..."."""
        parts = [_kept(self.kept, self.noun), *self.removed]
        skips = [
            _skipped(reason, len(lines), _lines(lines, max_lines))
            for reason, lines in self.skipped.items()
            if reason != "duplicate" and lines
        ]
        if skips:
            parts.append(say("skipped {skips}", skips=joined(", ", skips)))
        dups = self.skipped.get("duplicate", [])
        if dups:
            n, lines = f"{len(dups):,}", _lines(dups, max_lines)
            if len(dups) == 1:
                parts.append(say("dropped {n} duplicate ({lines})", n=n, lines=lines))
            else:
                parts.append(say("dropped {n} duplicates ({lines})", n=n, lines=lines))
        return joined("; ", parts + self.notes)

    def sides(self) -> list[Message]:
        """One line per side: 'source zh (Chinese): column 1 ... (Han script, e.g. ...)'."""
        lines = []
        for side, column, lang in (
            ("source", self.source_column, self.source_lang),
            ("target", self.target_column, self.target_lang),
        ):
            where: str = ""
            if column is not None and column < len(self.profiles):
                where = self.profiles[column].describe()
            elif column is not None:
                where = say("column {index}", index=column)
            label = language_label(lang) if lang else ""
            lines.append(_side(side, label, where))
        return lines

    def ignored(self) -> list[ColumnProfile]:
        """The file's columns that are neither the source nor the target."""
        taken = (self.source_column, self.target_column)
        return [p for p in self.profiles if p.index not in taken]

    def text(self) -> Message:
        """The whole report, a few lines, as the CLI prints it and the run folder keeps it."""
        return joined("\n", self.lines())

    def lines(self) -> list[str]:
        """The report's lines, each a message."""
        lines: list[str] = [self._first_line()]
        if self.added is not None:
            lines.append(
                say(
                    "added to the training pairs: {path}: {summary}",
                    path=self.added.path,
                    summary=self.added.summary(),
                )
            )
        if self.source_column is not None:
            lines += self.sides()
            lines.append(
                say(
                    "columns matched {how}; counted from 0, as task.source_column and "
                    "task.target_column count",
                    how=self.matched_by,
                )
            )
            lines += [say("ignored {column}", column=p.describe()) for p in self.ignored()]
        if self.split:
            parts = [say("{split} {n}", split=k, n=f"{v:,}") for k, v in self.split.items()]
            lines.append(say("split: {parts}", parts=joined(", ", parts)))
        if self.tokens:
            lines.append(self.tokens)
        lines += self.one_language
        chosen = self.fitted + [p.reason for p in self.proposals if p.reason]
        if chosen or self.kept_as_set:
            lines.append(say("chosen for this data (task.fit_to_data):"))
            lines += [say("  {setting}", setting=line) for line in chosen + self.kept_as_set]
        return lines

    def _first_line(self) -> Message:
        """What was read and how much was kept: a file's summary, or the pairs' origin."""
        if not self.origin:
            return say("{path}: {summary}", path=self.path, summary=self.summary())
        n = f"{self.kept:,}"
        if self.noun == "prompt":
            return say("{origin}: {n} prompts", origin=self.origin, n=n)
        if self.source_lang:
            return say(
                "{origin}: {n} pairs, {source}->{target}",
                origin=self.origin,
                n=n,
                source=self.source_lang,
                target=self.target_lang,
            )
        return say("{origin}: {n} pairs", origin=self.origin, n=n)

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
        out["added"] = self.added.to_dict() if self.added is not None else None
        return out


def _skipped_stage(cfg: Any, path: str) -> bool:
    """Whether `path` is a setting of a stage the config skips (no steps)."""
    parts = path.split(".")
    return parts[0] == "stages" and len(parts) > 2 and get_path(cfg, ".".join(parts[:2])).steps == 0


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(numbers: list[int], max_lines: int) -> Message:
    shown = ", ".join(str(n) for n in numbers[:max_lines])
    more = ", ..." if len(numbers) > max_lines else ""
    if len(numbers) == 1:
        return say("line {number}", number=shown)
    return say("lines {numbers}", numbers=shown + more)


def _kept(n: int, noun: str) -> Message:
    """ "kept 1,204 pairs": how many pairs (or prompts) loading kept."""
    count = f"{n:,}"
    if noun == "prompt":
        return say("kept {n} prompt", n=count) if n == 1 else say("kept {n} prompts", n=count)
    return say("kept {n} pair", n=count) if n == 1 else say("kept {n} pairs", n=count)


def _skipped(reason: str, n: int, lines: Message) -> Message:
    """ "3 empty (lines 4, 9, 17)": the lines skipped for one reason."""
    phrase = _PHRASES.get(reason)
    if phrase is None:
        return say("{n} {reason} ({lines})", n=f"{n:,}", reason=reason, lines=lines)
    return phrase(f"{n:,}", lines)


def _side(side: str, label: str, where: str) -> Message:
    """'source zh (Chinese): column 1 ...': which column is one side of the pairs."""
    if side == "source":
        if where:
            return say("source {language}: {column}", language=label, column=where)
        return say("source {language}", language=label)
    if where:
        return say("target {language}: {column}", language=label, column=where)
    return say("target {language}", language=label)
