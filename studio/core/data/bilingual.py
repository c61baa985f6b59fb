"""Sentence pairs for translation, read from the user's files, and their split.

Formats read (UTF-8, with or without a byte-order mark, any line ends):
- TSV or CSV with two or more columns (a Tatoeba/Anki export, whose third column is an
  attribution, works as is; so does its .txt). The delimiter is a tab for .tsv/.tab/.txt;
  for .csv it is sniffed by counting candidates (, ; tab |) in the first lines. CSV
  quoting is the csv module's; TSV cells are taken literally (quotes are text).
- Two aligned plain-text files, one sentence per line (train.zh + train.en, or
  corpus.src + corpus.tgt; also train.zh.txt + train.en.txt): give either file, or a
  folder holding exactly one such pair. Columns are the two sides in alphabetical order
  of their suffix (src/source before tgt/target); `LoadReport.columns` names them.
- JSON Lines with "source"/"target", "src"/"tgt" or language-code keys ("zh"/"en"), or
  Hugging Face's {"translation": {"en": ..., "zh": ...}}; a .json file may also hold one
  array of such objects.

Every line is decoded on its own, so one bad line costs that line only. Lines are
skipped (and counted, with their 1-based numbers, in a LoadReport) when empty, too long,
undecodable, of the wrong column count, bad JSON or missing fields; repeated pairs are
dropped. Everything else that can go wrong raises DataError with what and how to fix it.
"""

from __future__ import annotations

import codecs
import csv
import json
import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

TABLE_SUFFIXES = {".tsv": "\t", ".tab": "\t", ".csv": ",", ".txt": "\t"}
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")
SIDE_ORDER = ("source", "src", "target", "tgt")  # aligned sides that say which comes first


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Suffixes that look like language codes but name other kinds of file.
NOT_LANGUAGE = _words(
    "txt md py js rs go sh pdf doc xls ods odt ppt zip gz bz2 xz tar rar 7z png jpg gif bmp "
    "svg exe dll so bin pt pth ckpt onnx db log ini cfg yml xml htm css tex rst c h cpp hpp "
    "ts mp3 mp4 wav ogg"
)
_LANGUAGE = re.compile(r"^[a-z]{2,3}([-_][a-z0-9]{2,8})?$", re.IGNORECASE)
# First-row cells that mark a header rather than a sentence pair.
HEADER_WORDS = _words(
    "source target src tgt text sentence translation input output en eng english zh cmn "
    "zho chinese zh-cn zh-tw zh_cn zh_tw fr fra french de deu german es spa spanish ja jpn "
    "japanese ko kor korean ru rus russian"
)
READABLE = "a .tsv/.csv/.jsonl file or two aligned text files such as train.zh + train.en"
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


def _read_lines(path: Path) -> list[tuple[int, str | None]]:
    """(1-based line number, text or None when the line is not valid UTF-8)."""
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise DataError(f"{path}: cannot be read ({err.strerror}); check its permissions") from None
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # Windows Notepad's "Unicode": readable, so read it rather than refuse it.
        try:
            texts: list[str | None] = list(re.split(r"\r\n|\r|\n", raw.decode("utf-16")))
        except UnicodeDecodeError:
            raise DataError(f"{path}: is not valid UTF-16 text; save it as UTF-8") from None
    else:
        if b"\x00" in raw[:4096]:
            raise DataError(
                f"{path}: looks like a binary file (a spreadsheet or an archive?); "
                f"export the sentence pairs as {READABLE}"
            )
        raw = raw.removeprefix(codecs.BOM_UTF8)
        texts = [_decode(line) for line in raw.splitlines()]  # splits \n, \r\n and \r
    while texts and texts[-1] is not None and not texts[-1].strip():
        texts.pop()  # blank lines at the end of a file are not data
    return list(enumerate(texts, start=1))


def _decode(line: bytes) -> str | None:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _sniff_delimiter(lines: list[tuple[int, str | None]], default: str) -> str:
    """The candidate found in the most of the first 50 lines; the default on a tie."""
    sample = [text for _, text in lines[:50] if text]
    counts = {d: sum(d in text for text in sample) for d in ("\t", ",", ";", "|")}
    best = max(counts, key=lambda d: (counts[d], d == default))
    return best if counts[best] > counts.get(default, 0) else default


# ---- rows of cells from each format


def _table_rows(
    lines: list[tuple[int, str | None]], delimiter: str, quoted: bool, report: LoadReport
) -> Iterator[tuple[int, list[str]]]:
    consumed: list[int] = []  # line numbers handed to the csv reader, to date each row

    def feed() -> Iterator[str]:
        for number, text in lines:
            if text is None:
                report.skip("undecodable", number)
                continue
            consumed.append(number)
            yield text + "\n"

    quoting = csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE
    reader = csv.reader(feed(), delimiter=delimiter, quoting=quoting)
    while True:
        start = len(consumed)
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            report.skip("malformed", consumed[min(start, len(consumed) - 1)] if consumed else 1)
            continue
        yield consumed[start], cells


def _json_rows(lines: list[tuple[int, str | None]], report: LoadReport) -> Iterator[tuple]:
    keys: list[str] | None = None
    for number, text in lines:
        if text is None:
            report.skip("undecodable", number)
            continue
        if not text.strip():
            yield number, []
            continue
        try:
            item = json.loads(text)
        except json.JSONDecodeError:
            report.skip("bad JSON", number)
            continue
        cells, keys = _json_cells(item, keys, report)
        if cells is None:
            report.skip("missing fields", number)
        else:
            yield number, cells


def _json_cells(item: object, keys: list[str] | None, report: LoadReport) -> tuple:
    """Cells of one JSON item, and the keys fixed by the first object that had usable ones."""
    if isinstance(item, list):
        return (item if all(isinstance(c, str) for c in item) else None), keys
    if not isinstance(item, dict):
        return None, keys
    if isinstance(item.get("translation"), dict):
        item = item["translation"]
    lowered = {str(k).lower(): v for k, v in item.items()}
    if keys is None:
        keys = _json_keys(lowered)
        if keys is None:
            return None, None
        report.columns = list(keys)
    cells = [lowered.get(k) for k in keys]
    return (cells if all(isinstance(c, str) for c in cells) else None), keys


def _json_keys(item: dict[str, object]) -> list[str] | None:
    for pair in (("source", "target"), ("src", "tgt")):
        if all(isinstance(item.get(k), str) for k in pair):
            return list(pair)
    codes = [k for k, v in item.items() if isinstance(v, str) and _LANGUAGE.match(k)]
    return codes if len(codes) == 2 else None


def _json_array(lines: list[tuple[int, str | None]]) -> list | None:
    """The items of a .json file that holds one array, else None (read it as JSON Lines)."""
    first = next((t for _, t in lines if t is not None and t.strip()), "")
    if not first.lstrip().startswith("[") or any(t is None for _, t in lines):
        return None
    try:
        data = json.loads("\n".join(t for _, t in lines))
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, list) else None


def _aligned_rows(a: Path, b: Path, report: LoadReport) -> Iterator[tuple[int, list[str]]]:
    left, right = _read_lines(a), _read_lines(b)
    if len(left) != len(right):
        raise DataError(
            f"{a} has {len(left):,} lines but {b} has {len(right):,}; aligned files must "
            "hold one sentence per line, line for line: find the line where they drift apart"
        )
    for (number, x), (_, y) in zip(left, right, strict=True):
        if x is None or y is None:
            report.skip("undecodable", number)
        else:
            yield number, [x, y]


# ---- finding what a path names


def _aligned_side(p: Path) -> tuple[str, str] | None:
    """(stem, side) of a name like train.zh, train.en.txt or corpus.src; else None."""
    parts = p.name.split(".")
    if parts[-1].lower() == "txt":
        parts = parts[:-1]
    if len(parts) < 2 or not parts[0]:
        return None
    side = parts[-1]
    if side.lower() in SIDE_ORDER or (_LANGUAGE.match(side) and side.lower() not in NOT_LANGUAGE):
        return ".".join(parts[:-1]), side
    return None


def _side_key(p: Path) -> tuple[int, str]:
    side = (_aligned_side(p) or ("", ""))[1].lower()
    return (SIDE_ORDER.index(side) // 2 if side in SIDE_ORDER else 0), side


def _partners(p: Path) -> list[Path]:
    stem, side = _aligned_side(p) or ("", "")
    return sorted(
        f
        for f in p.parent.iterdir()
        if f.is_file() and f != p and (s := _aligned_side(f)) and s[0] == stem and s[1] != side
    )


def _from_folder(folder: Path) -> list[Path]:
    files = sorted(f for f in folder.iterdir() if f.is_file() and not f.name.startswith("."))
    tables = [f for f in files if f.suffix.lower() in (*JSON_SUFFIXES, ".tsv", ".tab", ".csv")]
    groups: dict[str, list[Path]] = {}
    for f in files:
        side = _aligned_side(f)
        if side:
            groups.setdefault(side[0], []).append(f)
    pairs = [g for g in groups.values() if len(g) == 2]
    if len(pairs) == 1 and not tables:
        return pairs[0]
    if not pairs and len(tables) == 1:
        return tables
    found = [t.name for t in tables] + [" + ".join(f.name for f in g) for g in pairs]
    if not found:
        raise DataError(
            f"{folder}: holds no sentence pairs that can be read; put {READABLE} in it, "
            "or give the file itself"
        )
    raise DataError(
        f"{folder}: holds several candidates ({', '.join(found)}); give the path of the one to use"
    )


def _resolve(p: Path) -> list[Path]:
    """The file, or the two aligned files, that a path names."""
    if not p.exists():
        raise DataError(
            f"{p}: no such file or folder; check the path, or leave data.path empty to use "
            "the built-in demo corpus"
        )
    if p.is_dir():
        return _from_folder(p)
    suffix = p.suffix.lower()
    if suffix in JSON_SUFFIXES or suffix in (".tsv", ".tab", ".csv"):
        return [p]
    if _aligned_side(p):
        partners = _partners(p)
        if len(partners) == 1:
            return [p, partners[0]]
        if partners:
            names = ", ".join(f.name for f in partners)
            raise DataError(
                f"{p}: has several partner files ({names}); move the two files of the pair "
                "to use into a folder of their own"
            )
        if suffix != ".txt":
            stem = _aligned_side(p)[0]
            raise DataError(
                f"{p}: an aligned text file needs its partner beside it (e.g. {stem}.en "
                f"next to {stem}.zh, with the same number of lines); none found in {p.parent}"
            )
    if suffix == ".txt":
        return [p]
    raise DataError(f'{p}: unsupported file type "{suffix or "no extension"}"; use {READABLE}')


# ---- the loader


def load_pairs(
    path: str | Path,
    *,
    max_length: int | None = None,
    source_column: int = 0,
    target_column: int = 1,
) -> tuple[list[tuple[str, str]], LoadReport]:
    """Read (source, target) pairs from a file or folder; skip bad lines and report them.

    `max_length` is in characters, on either side. Raises DataError when nothing usable
    is found, naming the problem and the fix.
    """
    if source_column < 0 or target_column < 0 or source_column == target_column:
        raise DataError(
            f"source_column={source_column}, target_column={target_column}: the columns "
            "must be two different numbers, counted from 0"
        )
    if max_length is not None and max_length <= 0:
        raise DataError(f"max_length={max_length}: must be a positive number of characters")
    p = Path(path).expanduser()
    files = _resolve(p)
    report = LoadReport(path=str(p))
    pairs = _keep(_rows(files, report), report, max_length, source_column, target_column)
    if not pairs:
        raise DataError(f"{p}: no usable sentence pair ({report.summary()}); {_hint(report)}")
    return pairs, report


def _rows(files: list[Path], report: LoadReport) -> Iterable[tuple[int, list[str]]]:
    if len(files) == 2:
        a, b = sorted(files, key=_side_key)
        report.columns = [_aligned_side(a)[1], _aligned_side(b)[1]]
        return _aligned_rows(a, b, report)
    f = files[0]
    lines = _read_lines(f)
    suffix = f.suffix.lower()
    if suffix in JSON_SUFFIXES:
        items = _json_array(lines) if suffix == ".json" else None
        if items is not None:
            report.notes.append("line numbers are positions in the JSON array")
            text = [(i, json.dumps(item)) for i, item in enumerate(items, start=1)]
            return _json_rows(text, report)
        return _json_rows(lines, report)
    default = TABLE_SUFFIXES[suffix]
    # Only a .csv is sniffed: a .txt of sentences has commas in it that are not delimiters.
    delimiter = _sniff_delimiter(lines, default) if suffix == ".csv" else default
    return _table_rows(lines, delimiter, quoted=suffix == ".csv", report=report)


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
    first = True
    for number, cells in rows:
        if first and _is_header(cells, source_column, target_column):
            report.columns = [c.strip() for c in cells]
            report.notes.append(f"line {number} read as a header")
            first = False
            continue
        first = False
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
    report.kept = len(pairs)
    return pairs


def _clean(cell: str) -> str:
    # A quoted CSV cell may span lines; a sentence pair is one line of text each side.
    return " ".join(cell.split()) if ("\n" in cell or "\r" in cell) else cell.strip()


def _is_header(cells: list[str], source_column: int, target_column: int) -> bool:
    if len(cells) <= max(source_column, target_column):
        return False
    return all(cells[i].strip().lower() in HEADER_WORDS for i in (source_column, target_column))


def _hint(report: LoadReport) -> str:
    if not report.skipped:
        return "the file is empty: add one sentence pair per line"
    worst = max(report.skipped, key=lambda r: len(report.skipped[r]))
    return {
        "undecodable": "the file is not UTF-8 (GBK or Big5, perhaps?): save it as UTF-8",
        "wrong column count": "each line needs a source and a target, separated by a tab "
        "(TSV) or a comma (CSV); check source_column and target_column",
        "too long": "raise data.max_length, or use shorter sentences",
        "bad JSON": "each line of a JSONL file must be one JSON object",
        "missing fields": 'give each JSON object "source" and "target" (or "src"/"tgt", or '
        'two language codes such as "zh" and "en") with text values',
        "malformed": "check the CSV quoting (a quote that opens a cell must close it)",
    }.get(worst, "add sentence pairs with text on both sides")


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
            raise DataError(f"{name}={f}: must be at least 0 and below 1 (e.g. 0.05)")
    if valid_fraction + test_fraction >= 1.0:
        raise DataError(
            f"valid_fraction + test_fraction = {valid_fraction + test_fraction:g}: leaves "
            "nothing to train on; keep the sum below 1"
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
