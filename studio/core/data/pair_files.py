"""Reading sentence-pair files: lines, their format, and what a path names.

A path may name a TSV/CSV/JSONL/JSON file, one of two aligned text files (train.zh +
train.en), or a folder holding one of those; `resolve` finds the file(s) and `rows`
turns them into numbered rows of cells, skipping (and reporting) what cannot be read.
See studio.core.data.bilingual for the formats in full.
"""

from __future__ import annotations

import codecs
import csv
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal

from studio.core.data import encodings
from studio.core.data.load_report import LINE_LIMIT, MAX_ROW_LINES, DataError, LoadReport
from studio.core.files import RunError, read_within_memory
from studio.core.messages import Message, say

TABLE_SUFFIXES = {".tsv": "\t", ".tab": "\t", ".csv": ",", ".txt": "\t"}
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")
SIDE_ORDER = ("source", "src", "target", "tgt")  # aligned sides that say which comes first


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Suffixes that look like language codes but name other kinds of file.
NOT_LANGUAGE = word_set(
    "txt md py js rs go sh pdf doc xls ods odt ppt zip gz bz2 xz tar rar 7z png jpg gif bmp "
    "svg exe dll so bin pt pth ckpt onnx db log ini cfg yml xml htm css tex rst c h cpp hpp "
    "ts mp3 mp4 wav ogg"
)
_LANGUAGE = re.compile(r"^[a-z]{2,3}([-_][a-z0-9]{2,8})?$", re.IGNORECASE)
READABLE = say("a .tsv/.csv/.jsonl file or two aligned text files such as train.zh + train.en")
# A TSV/CSV line over LINE_LIMIT characters (the csv module's field limit) is no sentence
# pair: it is skipped as too long before the csv reader would call it bad quoting.
BOM = "\ufeff"
# a file read whole, then split into lines of str: each byte becomes several (a str's
# header and its list entry per short line, up to four bytes a character)
LINE_GROWTH = 8
SMALLER = say("keep a part of it (the first lines) or load it on a machine with more memory")


def _read_lines(path: Path, report: LoadReport) -> list[tuple[int, str | None]]:
    """(1-based line number, text or None when the line is not valid UTF-8). A
    byte-order mark inside the file (files joined together) is removed and noted: it is
    no character of the text, and would become one of the vocabulary."""
    try:
        raw = read_within_memory(path, LINE_GROWTH, SMALLER)
    except RunError as err:  # larger than memory can take, or not a plain file (a pipe)
        raise DataError(str(err)) from None
    except OSError as err:
        raise DataError(
            say(
                "{path}: cannot be read ({reason}); check its permissions",
                path=path,
                reason=err.strerror,
            )
        ) from None
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        texts = _utf16_lines(raw, path)
    else:
        texts = _utf8_lines(raw, path, report)
    marked = [n for n, text in enumerate(texts, start=1) if text is not None and BOM in text]
    for n in marked:
        texts[n - 1] = (texts[n - 1] or "").replace(BOM, "")
    if marked:
        report.boms(path.name, marked)
    while texts and texts[-1] is not None and not texts[-1].strip():
        texts.pop()  # blank lines at the end of a file are not data
    return list(enumerate(texts, start=1))


def _utf16_lines(raw: bytes, path: Path) -> list[str | None]:
    """The lines of a UTF-16 file with its byte-order mark: Windows Notepad's "Unicode" is
    readable, so it is read rather than refused."""
    try:
        return list(re.split(r"\r\n|\r|\n", raw.decode("utf-16")))
    except UnicodeDecodeError:
        raise DataError(
            say("{path}: is not valid UTF-16 text; save it as UTF-8", path=path)
        ) from None


def _utf8_lines(raw: bytes, path: Path, report: LoadReport) -> list[str | None]:
    """The lines of a UTF-8 file (None for one that does not decode; the report guesses
    their encoding); DataError for a binary file or UTF-16 without its mark."""
    if b"\x00" in raw[:4096]:
        utf16 = encodings.utf16_without_bom(raw[:4096])
        if utf16:
            raise DataError(
                say(
                    "{path}: looks like {encoding} text without a byte-order mark, not UTF-8; "
                    "re-save it as UTF-8",
                    path=path,
                    encoding=utf16,
                )
            )
        raise DataError(
            say(
                "{path}: looks like a binary file (a spreadsheet or an archive?); export the "
                "sentence pairs as {readable}",
                path=path,
                readable=READABLE,
            )
        )
    raw = raw.removeprefix(codecs.BOM_UTF8)
    lines = raw.splitlines()  # splits \n, \r\n and \r
    texts = [_decode(line) for line in lines]
    bad = [line for line, text in zip(lines, texts, strict=True) if text is None]
    if bad and not report.encoding:
        report.encoding = encodings.guess(bad)
    return texts


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


def _usable_lines(lines: list[tuple[int, str | None]], report: LoadReport) -> list[tuple[int, str]]:
    """The lines a table reader can take: each undecodable one, and each past LINE_LIMIT
    characters, counted as skipped."""
    usable = []
    for number, text in lines:
        if text is None:
            report.skip("undecodable", number)
        elif len(text) > LINE_LIMIT:
            report.skip("line too long", number)
        else:
            usable.append((number, text))
    return usable


def _ends_in_quote(text: str, delimiter: str) -> bool:
    """Whether `text` ends inside a quoted cell, read as the csv module reads it: a quote
    opens a cell only at the cell's start, and "" inside one is a quote."""
    inside, start, i = False, True, 0
    while i < len(text):
        ch = text[i]
        if inside:
            if ch == '"' and text[i + 1 : i + 2] == '"':
                i += 1  # a quote written twice: one quote, still inside
            elif ch == '"':
                inside = False
            start = False
        elif ch == '"' and start:
            inside, start = True, False
        else:
            start = ch in (delimiter, "\n")
        i += 1
    return inside


def table_rows(
    lines: list[tuple[int, str | None]], delimiter: str, quoted: bool, report: LoadReport
) -> Iterator[tuple[int, list[str]]]:
    """(first line number, cells) of each row of a TSV or CSV. A quoted CSV cell may hold
    line breaks, as the format allows (an answer of two lines): its row is read across
    them, up to MAX_ROW_LINES lines, and the report notes it. A quote that does not close
    within that is counted as skipped on its line, and reading goes on from the next: the
    rest of the file is not swallowed into one cell."""
    usable = _usable_lines(lines, report)
    quoting: Literal[0, 1, 2, 3] = csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE
    spanned: list[int] = []
    i = 0
    while i < len(usable):
        number, text = usable[i]
        last = i
        while quoted and _ends_in_quote(text, delimiter) and last + 1 < len(usable):
            if last + 1 - i >= MAX_ROW_LINES:
                break
            last += 1
            text += "\n" + usable[last][1]
        if quoted and _ends_in_quote(text, delimiter):
            report.skip("unclosed quote", number)
            i += 1
            continue
        try:
            cells = next(csv.reader([text + "\n"], delimiter=delimiter, quoting=quoting), [])
        except csv.Error:  # a row of several lines past the csv module's field limit
            report.skip("line too long", number)
            i = last + 1
            continue
        if last > i:
            spanned.append(number)
        i = last + 1
        yield number, cells
    if spanned:
        report.notes.append(spanned_note(spanned))


def spanned_note(numbers: list[int]) -> Message:
    """Rows read across several lines (a quoted cell with line breaks), where they start."""
    shown = ", ".join(str(n) for n in numbers[:5]) + (", ..." if len(numbers) > 5 else "")
    if len(numbers) == 1:
        return say(
            "1 row spans several lines (a quoted cell with line breaks), read as one row "
            "(line {lines})",
            lines=shown,
        )
    return say(
        "{n} rows span several lines (quoted cells with line breaks), each read as one row "
        "(lines {lines})",
        n=f"{len(numbers):,}",
        lines=shown,
    )


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
        except (json.JSONDecodeError, RecursionError):  # nested past Python's stack
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
    fields = item["translation"] if isinstance(item.get("translation"), dict) else item
    lowered = {str(k).lower(): v for k, v in fields.items()}
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
        data = json.loads("\n".join(t or "" for _, t in lines))
    except (json.JSONDecodeError, RecursionError):  # nested past Python's stack
        return None
    return data if isinstance(data, list) else None


def _aligned_rows(a: Path, b: Path, report: LoadReport) -> Iterator[tuple[int, list[str]]]:
    left, right = _read_lines(a, report), _read_lines(b, report)
    if len(left) != len(right):
        raise DataError(
            say(
                "{a} has {n} lines but {b} has {m}; aligned files must hold one sentence per "
                "line, line for line: find the line where they drift apart",
                a=a,
                n=f"{len(left):,}",
                b=b,
                m=f"{len(right):,}",
            )
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
            say(
                "{path}: holds no sentence pairs that can be read; put {readable} in it, or "
                "give the file itself",
                path=folder,
                readable=READABLE,
            )
        )
    raise DataError(
        say(
            "{path}: holds several candidates ({names}); give the path of the one to use",
            path=folder,
            names=", ".join(found),
        )
    )


def resolve(p: Path) -> list[Path]:
    """The file, or the two aligned files, that a path names."""
    if not p.exists():
        raise DataError(
            say(
                "{path}: no such file or folder; check the path, or leave data.path empty to "
                "use the built-in demo corpus",
                path=p,
            )
        )
    if p.is_dir():
        return _from_folder(p)
    suffix = p.suffix.lower()
    if suffix in JSON_SUFFIXES or suffix in (".tsv", ".tab", ".csv"):
        return [p]
    aligned = _aligned_side(p)
    if aligned:
        partners = _partners(p)
        if len(partners) == 1:
            return [p, partners[0]]
        if partners:
            names = ", ".join(f.name for f in partners)
            raise DataError(
                say(
                    "{path}: has several partner files ({names}); move the two files of the "
                    "pair to use into a folder of their own",
                    path=p,
                    names=names,
                )
            )
        if suffix != ".txt":
            raise DataError(
                say(
                    "{path}: an aligned text file needs its partner beside it (e.g. {stem}.en "
                    "next to {stem}.zh, with the same number of lines); none found in {folder}",
                    path=p,
                    stem=aligned[0],
                    folder=p.parent,
                )
            )
    if suffix == ".txt":
        return [p]
    raise DataError(
        say(
            '{path}: unsupported file type "{suffix}"; use {readable}',
            path=p,
            suffix=suffix or say("no extension"),
            readable=READABLE,
        )
    )


# ---- the loader


def rows(files: list[Path], report: LoadReport) -> Iterable[tuple[int, list[str]]]:
    if len(files) == 2:
        a, b = sorted(files, key=_side_key)
        report.columns = [(_aligned_side(f) or ("", ""))[1] for f in (a, b)]
        return _aligned_rows(a, b, report)
    f = files[0]
    lines = _read_lines(f, report)
    suffix = f.suffix.lower()
    if suffix in JSON_SUFFIXES:
        items = _json_array(lines) if suffix == ".json" else None
        if items is not None:
            report.notes.append(say("line numbers are positions in the JSON array"))
            text: list[tuple[int, str | None]] = [
                (i, json.dumps(item)) for i, item in enumerate(items, start=1)
            ]
            return _json_rows(text, report)
        return _json_rows(lines, report)
    default = TABLE_SUFFIXES[suffix]
    # Only a .csv is sniffed: a .txt of sentences has commas in it that are not delimiters.
    delimiter = _sniff_delimiter(lines, default) if suffix == ".csv" else default
    return table_rows(lines, delimiter, quoted=suffix == ".csv", report=report)
