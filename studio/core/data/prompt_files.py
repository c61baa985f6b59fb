"""Reading the user's own prompts, with or without answers, in the layouts people have.

A file holds one prompt a line (or a JSON object a line), in one of these layouts:

- TSV or CSV: the prompt, then its answer (two columns; a header line such as
  "prompt<TAB>answer" is recognised and skipped; further columns are ignored);
- JSON Lines (or a .json array): objects with a prompt key and an answer key, matched
  case-insensitively among the usual names (prompt/completion, input/output,
  question/answer, instruction/response, source/target); an answer may be a list;
- `prompt->answer` or `prompt => answer` lines, several acceptable answers separated by
  commas (as in codespell's dictionary: "aache->cache, ache," with a trailing comma);
- prompts alone: a text file with none of those separators, a single-column table, or
  JSON objects with a prompt key only. Then there are no answers to learn from or check.

A prompt that appears on several lines keeps one entry: all the answers given for it
become its acceptable answers (the report says on which lines this happened); a line
that repeats a prompt and an answer already read is dropped as a duplicate. Lines that
cannot be used are counted by reason with their line numbers in the LoadReport, the same
report translation's sentence-pair loader writes: not UTF-8, bad JSON, no prompt field,
an empty prompt, a missing answer column, an empty answer, too long.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from studio.core.data.load_report import DataError, LoadReport
from studio.core.data.pair_files import _read_lines, table_rows
from studio.core.messages import Message, say

PROMPT_KEYS = ("prompt", "input", "question", "instruction", "source", "query", "text")
ANSWER_KEYS = (
    "completion",
    "output",
    "answer",
    "response",
    "target",
    "answers",
    "completions",
    "outputs",
    "responses",
)
ARROWS = ("=>", "->")
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")
READABLE = say(
    "a .tsv/.csv file (prompt, answer), a .jsonl file with prompt and answer keys, "
    "a text file of 'prompt -> answer' lines, or a text file of prompts alone"
)
FIRST_ITEMS = 5  # shown in the report


@dataclass(frozen=True)
class PromptItem:
    """One prompt, its acceptable answers (none for a file of prompts alone) and the line
    it was first read from."""

    prompt: str
    answers: tuple[str, ...]
    line: int


@dataclass
class PromptFile:
    """What a file gave: its items in file order, whether it has answers, the layout it
    was read as, and the load report."""

    items: list[PromptItem]
    has_answers: bool
    layout: str
    report: LoadReport


def _layout(path: Path, lines: list[tuple[int, str | None]]) -> str:
    """'json', 'csv', 'tsv', 'arrow =>', 'arrow ->' or 'prompts', from the suffix and
    what most of the first lines hold."""
    suffix = path.suffix.lower()
    if suffix in JSON_SUFFIXES:
        return "json"
    sample = [t for _, t in lines[:200] if t and t.strip()]
    if not sample:
        return "csv" if suffix == ".csv" else "tsv"
    if suffix == ".csv":
        return "csv"
    tabs = sum("\t" in t for t in sample)
    arrows = {a: sum(a in t for t in sample) for a in ARROWS}
    best = max(ARROWS, key=lambda a: arrows[a])
    if suffix in (".tsv", ".tab") or tabs * 2 >= len(sample):
        return "tsv" if tabs else ("arrow " + best if arrows[best] * 2 >= len(sample) else "tsv")
    if arrows[best] * 2 >= len(sample):
        return "arrow " + best
    return "prompts"


def _clean(text: str) -> str:
    return text.strip()


def _text_lines(
    lines: list[tuple[int, str | None]], report: LoadReport
) -> Iterator[tuple[int, str]]:
    """The lines with text; each undecodable one counted as skipped, blank ones passed over."""
    for number, text in lines:
        if text is None:
            report.skip("undecodable", number)
        elif text.strip():
            yield number, text


def _arrow_rows(
    lines: list[tuple[int, str | None]], arrow: str, report: LoadReport
) -> Iterator[tuple[int, str | None, list[str] | None]]:
    """(line, prompt, answers or None when the line has no arrow)."""
    for number, text in _text_lines(lines, report):
        if arrow not in text:
            yield number, _clean(text), None
            continue
        left, right = text.split(arrow, 1)
        # several answers are comma-separated; a trailing comma adds none
        yield number, _clean(left), [a for a in (_clean(p) for p in right.split(",")) if a]


def _prompt_rows(
    lines: list[tuple[int, str | None]],
) -> Iterator[tuple[int, str | None, list[str] | None]]:
    """A file of prompts alone: every non-blank line (None: not UTF-8)."""
    for number, text in lines:
        if text is None or text.strip():
            yield number, None if text is None else _clean(text), None


def _is_header(cells: list[str]) -> bool:
    names = {c.strip().lower() for c in cells}
    return bool(names & set(PROMPT_KEYS + ANSWER_KEYS))


def _cells(
    lines: list[tuple[int, str | None]], delimiter: str, report: LoadReport
) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) of each row with text: a CSV is read as the format defines it (a
    quoted answer may span lines: pair_files.table_rows), a TSV a line at a time."""
    if delimiter == ",":
        for number, cells in table_rows(lines, ",", quoted=True, report=report):
            if any(c.strip() for c in cells):
                yield number, cells
        return
    for number, text in _text_lines(lines, report):
        yield number, text.split(delimiter)


def _table_rows(
    lines: list[tuple[int, str | None]], delimiter: str, report: LoadReport
) -> Iterator[tuple[int, str | None, list[str] | None]]:
    first = True
    for number, cells in _cells(lines, delimiter, report):
        if first:
            first = False
            if _is_header(cells):
                report.notes.append(say("line {number} read as a header", number=number))
                report.columns = [c.strip() for c in cells[:2]]
                continue
        if len(cells) > 2 and "columns beyond the second ignored" not in report.notes:
            report.notes.append(say("columns beyond the second ignored"))
        answer = _clean(cells[1]) if len(cells) > 1 else None
        yield number, _clean(cells[0]), (None if answer is None else [answer] if answer else [])


def _text_of(value: object) -> str | None:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return str(value)
    return None


def _json_rows(
    lines: list[tuple[int, str | None]], report: LoadReport
) -> Iterator[tuple[int, str | None, list[str] | None]]:
    for number, text in _text_lines(lines, report):
        try:
            item = json.loads(text)
        except json.JSONDecodeError:
            report.skip("bad JSON", number)
            continue
        if not isinstance(item, dict):
            report.skip("bad JSON", number)
            continue
        fields = {str(k).lower(): v for k, v in item.items()}
        pkey = next((k for k in PROMPT_KEYS if k in fields), None)
        prompt = _text_of(fields[pkey]) if pkey else None
        if prompt is None:
            report.skip("without a prompt field", number)
            continue
        akey = next((k for k in ANSWER_KEYS if k in fields), None)
        if not report.columns and akey:
            report.columns = [pkey or "", akey]
        if akey is None:
            yield number, prompt, None
            continue
        value = fields[akey]
        values = value if isinstance(value, list) else [value]
        answers = [_text_of(v) for v in values]
        yield number, prompt, [a for a in answers if a]


def _json_lines(lines: list[tuple[int, str | None]], report: LoadReport) -> list:
    """A .json file holding one array, as numbered JSON lines (positions in the array);
    any other file unchanged."""
    first = next((t for _, t in lines if t is not None and t.strip()), "")
    if not first.lstrip().startswith("[") or any(t is None for _, t in lines):
        return lines
    try:
        data = json.loads("\n".join(t or "" for _, t in lines))
    except json.JSONDecodeError:
        return lines
    if not isinstance(data, list):
        return lines
    report.notes.append(say("line numbers are positions in the JSON array"))
    return [(i, json.dumps(item)) for i, item in enumerate(data, start=1)]


def read_prompts(
    path: str | Path, *, max_prompt_chars: int | None = None, max_answer_chars: int | None = None
) -> PromptFile:
    """The prompts (and answers) of `path`, as described above. A DataError names the file
    and the fix when nothing in it can be used."""
    p = Path(path).expanduser()
    if not p.exists():
        raise DataError(
            say("{path}: no such file or folder; give the path of your prompts file", path=path)
        )
    if p.is_dir():
        raise DataError(
            say(
                "{path}: is a folder; give the path of one file ({readable})",
                path=path,
                readable=READABLE,
            )
        )
    report = LoadReport(path=str(path), noun="prompt")
    lines = _read_lines(p, report)
    layout = _layout(p, lines)
    if layout == "json":
        rows = _json_rows(_json_lines(lines, report), report)
    elif layout.startswith("arrow"):
        rows = _arrow_rows(lines, layout.split()[1], report)
    elif layout == "prompts":
        rows = _prompt_rows(lines)
    else:
        rows = _table_rows(lines, "," if layout == "csv" else "\t", report)
    read = list(_undecoded(rows, lines, report, layout))
    has_answers = any(a is not None for _, _, a in read)
    items = _gather(read, has_answers, report, max_prompt_chars, max_answer_chars)
    if not items:
        readable = any(t and t.strip() for _, t in lines)
        raise DataError(
            say(
                "{path}: no usable prompt; {hint}",
                path=path,
                hint=_hint(report, layout if readable else ""),
            )
        )
    report.kept = len(items)
    report.kept_lines = [i.line for i in items]
    report.first_pairs = [(i.prompt, ", ".join(i.answers)) for i in items[:FIRST_ITEMS]]
    report.notes.insert(0, say("read as {layout}", layout=_LAYOUT_WORDS[layout]))
    if not has_answers:
        report.notes.append(say("no answers: rewards that need one are refused, no warm-up"))
    return PromptFile(items, has_answers, layout, report)


_LAYOUT_WORDS = {
    "json": say("JSON lines"),
    "csv": say("CSV (prompt, answer)"),
    "tsv": say("tab-separated (prompt, answer)"),
    "arrow ->": say("'prompt -> answer' lines"),
    "arrow =>": say("'prompt => answer' lines"),
    "prompts": say("prompts alone, one a line"),
}


def _undecoded(
    rows: Iterator[tuple[int, str | None, list[str] | None]],
    lines: list[tuple[int, str | None]],
    report: LoadReport,
    layout: str,
) -> Iterator[tuple[int, str, list[str] | None]]:
    """The rows with text; a file of prompts alone reports its undecodable lines here."""
    for number, prompt, answers in rows:
        if prompt is None:
            report.skip("undecodable", number)
            continue
        yield number, prompt, answers


def _gather(
    read: list[tuple[int, str, list[str] | None]],
    has_answers: bool,
    report: LoadReport,
    max_prompt_chars: int | None,
    max_answer_chars: int | None,
) -> list[PromptItem]:
    """One item per distinct prompt, the answers of its lines merged, skips counted."""
    answers_of: dict[str, list[str]] = {}
    first_line: dict[str, int] = {}
    merged: list[int] = []
    for number, prompt, answers in read:
        if not prompt:
            report.skip("with an empty prompt", number)
            continue
        if has_answers and answers is None:
            report.skip("without an answer", number)
            continue
        if has_answers and not answers:
            report.skip("with an empty answer", number)
            continue
        got = answers or []
        if (max_prompt_chars is not None and len(prompt) > max_prompt_chars) or (
            max_answer_chars is not None and any(len(a) > max_answer_chars for a in got)
        ):
            report.skip("too long", number)
            continue
        if prompt in answers_of:
            new = [a for a in got if a not in answers_of[prompt]]
            if not new:
                report.skip("duplicate", number)
                continue
            answers_of[prompt] += new
            merged.append(number)
            continue
        answers_of[prompt] = list(dict.fromkeys(got))
        first_line[prompt] = number
    if merged:
        report.notes.append(_merged(merged))
    several = sum(len(a) > 1 for a in answers_of.values())
    if several:
        report.notes.append(say("{n} prompts have several acceptable answers", n=f"{several:,}"))
    return [PromptItem(p, tuple(a), first_line[p]) for p, a in answers_of.items()]


def _merged(numbers: list[int]) -> Message:
    """Lines that repeated a prompt with another answer, merged into its item."""
    n, lines = f"{len(numbers):,}", _few(numbers)
    if len(numbers) > 1:
        return say(
            "{n} lines repeated a prompt with another answer, merged as more acceptable "
            "answers ({lines})",
            n=n,
            lines=lines,
        )
    return say(
        "{n} line repeated a prompt with another answer, merged as more acceptable answers "
        "({lines})",
        n=n,
        lines=lines,
    )


def _few(numbers: list[int], limit: int = 5) -> Message:
    shown = ", ".join(str(n) for n in numbers[:limit])
    if len(numbers) > 1:
        return say("lines {numbers}", numbers=shown + (", ..." if len(numbers) > limit else ""))
    return say("line {number}", number=shown)


def _hint(report: LoadReport, layout: str) -> Message:
    if not report.skipped:
        return say("the file is empty: give {readable}", readable=READABLE)
    worst = max(report.skipped, key=lambda r: len(report.skipped[r]))
    what = report.summary()
    fix = {
        "undecodable": say("the file is not UTF-8: save it as UTF-8"),
        "bad JSON": say("each line of a JSONL file must be one JSON object"),
        "without a prompt field": say(
            "give each JSON object a prompt key ({keys})", keys=", ".join(PROMPT_KEYS[:4])
        ),
        "with an empty prompt": say("every line needs a prompt before its answer"),
        "without an answer": say("give every prompt its answer, or none at all"),
        "with an empty answer": say("give every prompt a non-empty answer"),
        "too long": say("raise task.max_prompt_chars / task.max_answer_chars or shorten them"),
        "duplicate": say("the file repeats one line"),
        "unclosed quote": say("check the CSV quoting (a quote that opens a cell must close it)"),
        "line too long": say("a line holds one prompt and its answer: split the long ones"),
    }[worst]
    if layout:
        return say(
            "{summary}; {fix} (read as {layout})",
            summary=what,
            fix=fix,
            layout=_LAYOUT_WORDS[layout],
        )
    return say("{summary}; {fix}", summary=what, fix=fix)


# ---- the split


def split_items(
    items: list[PromptItem], *, valid_fraction: float, test_fraction: float, seed: int
) -> dict[str, list[PromptItem]]:
    """'train', 'valid' and 'test' items: disjoint (a prompt is one item), fixed by the
    seed, each in file order. Valid and test get at least one item each when their
    fraction is above 0 and at least three items exist; one item always trains."""
    order = list(range(len(items)))
    random.Random(f"own-text-split-{seed}").shuffle(order)
    n = len(items)
    wanted = [
        0 if f <= 0 or n < 3 else max(1, round(f * n)) for f in (valid_fraction, test_fraction)
    ]
    wanted[0] = min(wanted[0], max(0, n - 1))
    wanted[1] = min(wanted[1], max(0, n - 1 - wanted[0]))
    valid = set(order[: wanted[0]])
    test = set(order[wanted[0] : wanted[0] + wanted[1]])
    return {
        "train": [it for i, it in enumerate(items) if i not in valid and i not in test],
        "valid": [it for i, it in enumerate(items) if i in valid],
        "test": [it for i, it in enumerate(items) if i in test],
    }
