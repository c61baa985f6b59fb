"""Sentence pairs for translation, read from the user's files, and their split.

Formats read (UTF-8, with or without a byte-order mark, any line ends):
- TSV or CSV with two or more columns (a Tatoeba/Anki export, whose third column is an
  attribution, works as is; so does its .txt). The delimiter is a tab for .tsv/.tab/.txt;
  for .csv it is sniffed by counting candidates (, ; tab |) in the first lines. CSV
  quoting is the csv module's; TSV cells are taken literally (quotes are text).
- Two aligned plain-text files, one sentence per line (train.zh + train.en, or
  corpus.src + corpus.tgt; also train.zh.txt + train.en.txt): give either file, or a
  folder holding exactly one such pair. Columns are the two sides in alphabetical order
  of their suffix (src/source before tgt/target), named by it (`LoadReport.columns`).
- JSON Lines with "source"/"target", "src"/"tgt" or language-code keys ("zh"/"en"), or
  Hugging Face's {"translation": {"en": ..., "zh": ...}}; a .json file may also hold one
  array of such objects.

Which column is the source and which the target is matched to the task's languages
(by name, script or language identification: studio.core.data.columns), never assumed
from the order; columns that are neither (an attribution) are ignored and reported.

Every line is decoded on its own, so one bad line costs that line only. Lines are
skipped (and counted, with their 1-based numbers, in a LoadReport) when empty, too long,
undecodable, of the wrong column count, bad JSON or missing fields; repeated pairs are
dropped. Everything else that can go wrong raises DataError with what and how to fix it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from studio.core.data.columns import (
    SAMPLE_ROWS,
    ColumnChoice,
    ColumnRequest,
    choose_columns,
    is_header,
    profile_columns,
)
from studio.core.data.load_report import LINE_LIMIT, DataError, LoadReport
from studio.core.data.pair_files import resolve, rows
from studio.core.messages import Message, say

FIRST_PAIRS = 5  # pairs the report keeps to show, as the model will see them


def load_pairs(
    path: str | Path,
    *,
    max_length: int | None = None,
    columns: ColumnRequest | None = None,
) -> tuple[list[tuple[str, str]], LoadReport]:
    """Read (source, target) pairs from a file or folder; skip bad lines and report them.

    `columns` names the task's languages (and the columns, if the user set them): the
    loader matches the file's columns to them (studio.core.data.columns). `max_length`
    is in characters, on either side. Raises DataError when nothing usable is found, or
    the columns cannot be matched, naming the problem and the fix.
    """
    if max_length is not None and max_length <= 0:
        raise DataError(
            say("max_length={n}: must be a positive number of characters", n=max_length)
        )
    columns = columns or ColumnRequest()
    p = Path(path).expanduser()
    files = resolve(p)
    report = LoadReport(path=str(p))
    numbered = list(rows(files, report))
    if numbered and len(files) == 1 and not report.columns and is_header(numbered[0][1]):
        report.columns = [c.strip() for c in numbered[0][1]]
        report.notes.append(say("line {number} read as a header", number=numbered[0][0]))
        numbered = numbered[1:]
    sample = [cells for _, cells in numbered[:SAMPLE_ROWS]]
    report.profiles = profile_columns(sample, report.columns)
    if len(report.profiles) < 2:  # one column: every row is skipped, and the hint says why
        choice = ColumnChoice(0, 1, say("the first two columns"))
    else:
        choice = choose_columns(report.profiles, columns, str(p))
    report.source_column, report.target_column = choice.source, choice.target
    report.source_lang, report.target_lang = columns.source_lang or "", columns.target_lang or ""
    report.matched_by = choice.matched_by
    pairs = _keep(numbered, report, max_length, choice.source, choice.target)
    if not pairs:
        raise DataError(
            say(
                "{path}: no usable sentence pair ({summary}); {hint}",
                path=p,
                summary=report.summary(),
                hint=_hint(report),
            )
        )
    report.first_pairs = pairs[:FIRST_PAIRS]
    return pairs, report


def _keep(
    rows: Iterable[tuple[int, list[str]]],
    report: LoadReport,
    max_length: int | None,
    source_column: int,
    target_column: int,
) -> list[tuple[str, str]]:
    need = max(source_column, target_column) + 1
    pairs: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for number, cells in rows:
        if not any(c.strip() for c in cells):
            report.skip("empty", number)
            continue
        if len(cells) < need:
            report.skip("wrong column count", number)
            continue
        pair = (_clean(cells[source_column]), _clean(cells[target_column]))
        if not pair[0] or not pair[1]:
            report.skip("empty", number)
        elif max_length is not None and max(len(pair[0]), len(pair[1])) > max_length:
            report.skip("too long", number)
        elif pair in seen:
            report.skip("duplicate", number)
        else:
            seen.add(pair)
            pairs.append(pair)
            report.kept_lines.append(number)
    report.kept = len(pairs)
    return pairs


def _clean(cell: str) -> str:
    # A quoted CSV cell may span lines; a sentence pair is one line of text each side.
    return " ".join(cell.split()) if ("\n" in cell or "\r" in cell) else cell.strip()


def _hint(report: LoadReport) -> Message:
    if not report.skipped:
        return say("the file is empty: add one sentence pair per line")
    worst = max(report.skipped, key=lambda r: len(report.skipped[r]))
    if worst == "undecodable" and report.encoding:
        return say(
            "the file looks like {encoding} text, not UTF-8: re-save it as UTF-8",
            encoding=report.encoding,
        )
    if worst == "line too long":
        return say(
            "a line is one sentence pair, and the limit is {limit} characters a line: check "
            "that the file is a table of pairs, one a line",
            limit=f"{LINE_LIMIT:,}",
        )
    return _HINTS.get(worst, say("add sentence pairs with text on both sides"))


# the fix for the reason most lines were skipped for
_HINTS = {
    "undecodable": say("the file is not UTF-8 (GBK or Big5, perhaps?): save it as UTF-8"),
    "wrong column count": say(
        "each line needs a source and a target, separated by a tab (TSV) or a comma (CSV); "
        "check task.source_column and task.target_column"
    ),
    "too long": say("raise data.max_length, or use shorter sentences"),
    "bad JSON": say("each line of a JSONL file must be one JSON object"),
    "missing fields": say(
        'give each JSON object "source" and "target" (or "src"/"tgt", or two language codes '
        'such as "zh" and "en") with text values'
    ),
    "malformed": say("check the CSV quoting (a quote that opens a cell must close it)"),
    "unclosed quote": say("check the CSV quoting (a quote that opens a cell must close it)"),
}


# ---- the split


def split_pairs(
    pairs: list[tuple[str, str]], *, valid_fraction: float, test_fraction: float, seed: int
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    """Train, valid and test lists: disjoint, deterministic for a seed, in input order.

    Pairs that share a source sentence stay on one side, so no held-out source was seen
    in training. Valid and test get at least one pair each (when their fraction is above
    0) once there are three or more distinct sources.
    """
    for name, f in (("valid_fraction", valid_fraction), ("test_fraction", test_fraction)):
        if not 0.0 <= f < 1.0:
            raise DataError(
                say(
                    "{name}={value}: must be at least 0 and below 1 (e.g. 0.05)", name=name, value=f
                )
            )
    if valid_fraction + test_fraction >= 1.0:
        raise DataError(
            say(
                "valid_fraction + test_fraction = {sum}: leaves nothing to train on; keep the "
                "sum below 1",
                sum=f"{valid_fraction + test_fraction:g}",
            )
        )
    groups: dict[str, list[int]] = {}
    for i, (source, _) in enumerate(pairs):
        groups.setdefault(source, []).append(i)
    order = list(groups)
    random.Random(seed).shuffle(order)
    wanted = [_share(len(pairs), f, len(order)) for f in (valid_fraction, test_fraction)]
    held: list[list[int]] = [[], []]
    left = len(order)
    for side in (0, 1):
        while len(held[side]) < wanted[side] and left > 1:  # keep one group to train on
            left -= 1
            held[side] += groups[order[left]]
    taken = set(held[0]) | set(held[1])
    train = [p for i, p in enumerate(pairs) if i not in taken]
    valid, test = ([pairs[i] for i in sorted(h)] for h in held)
    return train, valid, test


def _share(n: int, fraction: float, groups: int) -> int:
    k = round(n * fraction)
    return 1 if fraction > 0 and k == 0 and groups >= 3 else k
