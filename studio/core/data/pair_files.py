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

from studio.core.data import encodings
from studio.core.data.load_report import LINE_LIMIT, DataError, LoadReport
from studio.core.files import RunError, read_within_memory

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
READABLE = "a .tsv/.csv/.jsonl file or two aligned text files such as train.zh + train.en"
# A TSV/CSV line over LINE_LIMIT characters (the csv module's field limit) is no sentence
# pair: it is skipped as too long before the csv reader would call it bad quoting.
BOM = "\ufeff"
# a file read whole, then split into lines of str: each byte becomes several (a str's
# header and its list entry per short line, up to four bytes a character)
LINE_GROWTH = 8
SMALLER = "keep a part of it (the first lines) or load it on a machine with more memory"


def _read_lines(path: Path, report: LoadReport) -> list[tuple[int, str | None]]:
    """(1-based line number, text or None when the line is not valid UTF-8). A
    byte-order mark inside the file (files joined together) is removed and noted: it is
    no character of the text, and would become one of the vocabulary."""
    try:
        raw = read_within_memory(path, LINE_GROWTH, SMALLER)
    except RunError as err:  # larger than memory can take, or not a plain file (a pipe)
        raise DataError(str(err)) from None
    except OSError as err:
        raise DataError(f"{path}: cannot be read ({err.strerror}); check its permissions") from None
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
        raise DataError(f"{path}: is not valid UTF-16 text; save it as UTF-8") from None


def _utf8_lines(raw: bytes, path: Path, report: LoadReport) -> list[str | None]:
    """The lines of a UTF-8 file (None for one that does not decode; the report guesses
    their encoding); DataError for a binary file or UTF-16 without its mark."""
    if b"\x00" in raw[:4096]:
        utf16 = encodings.utf16_without_bom(raw[:4096])
        if utf16:
            raise DataError(
                f"{path}: looks like {utf16} text without a byte-order mark, not UTF-8; "
                "re-save it as UTF-8"
            )
        raise DataError(
            f"{path}: looks like a binary file (a spreadsheet or an archive?); "
            f"export the sentence pairs as {READABLE}"
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


def _table_rows(
    lines: list[tuple[int, str | None]], delimiter: str, quoted: bool, report: LoadReport
) -> Iterator[tuple[int, list[str]]]:
    consumed: list[int] = []  # line numbers handed to the csv reader, to date each row

    def feed() -> Iterator[str]:
        for number, text in lines:
            if text is None:
                report.skip("undecodable", number)
                continue
            if len(text) > LINE_LIMIT:
                report.skip("line too long", number)
                continue
            consumed.append(number)
            yield text + "\n"

    reader = csv.reader(
        feed(), delimiter=delimiter, quoting=csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE
    )
    while True:
        start = len(consumed)
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:  # lines too long are skipped before: a quote never closed
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


def resolve(p: Path) -> list[Path]:
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
    aligned = _aligned_side(p)
    if aligned:
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
            stem = aligned[0]
            raise DataError(
                f"{p}: an aligned text file needs its partner beside it (e.g. {stem}.en "
                f"next to {stem}.zh, with the same number of lines); none found in {p.parent}"
            )
    if suffix == ".txt":
        return [p]
    raise DataError(f'{p}: unsupported file type "{suffix or "no extension"}"; use {READABLE}')


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
            report.notes.append("line numbers are positions in the JSON array")
            text: list[tuple[int, str | None]] = [
                (i, json.dumps(item)) for i, item in enumerate(items, start=1)
            ]
            return _json_rows(text, report)
        return _json_rows(lines, report)
    default = TABLE_SUFFIXES[suffix]
    # Only a .csv is sniffed: a .txt of sentences has commas in it that are not delimiters.
    delimiter = _sniff_delimiter(lines, default) if suffix == ".csv" else default
    return _table_rows(lines, delimiter, quoted=suffix == ".csv", report=report)
