"""Which encoding a text file that is not UTF-8 seems to be in, to say so.

The studio reads UTF-8 (and UTF-16 with a byte-order mark). A file saved in another
encoding is text all the same, and the fix is to re-save it as UTF-8; naming the
encoding it seems to be in tells the user which setting of their editor to change, where
"not UTF-8" or "a binary file" leaves them guessing. The guesses are deliberately few:

- UTF-16 without a byte-order mark (Windows tools that write "Unicode"): zero bytes in
  every other position, which would otherwise look like a binary file;
- GBK or Big5, the Chinese encodings older Windows editors save in: the lines decode as
  GB18030 (a superset of GBK) or Big5, mostly into Han characters;
- Latin-1 (Windows-1252), the Western European one: anything else whose non-ASCII
  bytes read as letters there.
"""

from __future__ import annotations

from collections.abc import Sequence

CHINESE = "GBK or Big5 (Chinese)"
LATIN = "Latin-1 (Windows-1252)"


def utf16_without_bom(head: bytes) -> str:
    """ "UTF-16LE"/"UTF-16BE" when `head` (a file's first bytes) reads as text in it,
    else ""."""
    head = head[: len(head) // 2 * 2]
    for name, codec in (("UTF-16LE", "utf-16-le"), ("UTF-16BE", "utf-16-be")):
        try:
            text = head.decode(codec)
        except UnicodeDecodeError:
            continue
        if text and _texty(text) and any(c in text for c in "\n\t,"):
            return name
    return ""


def _texty(text: str) -> bool:
    """Whether nearly all of `text` is printable characters and line ends."""
    good = sum(c.isprintable() or c in "\r\n\t" for c in text)
    return good >= 0.97 * len(text)


def guess(lines: Sequence[bytes]) -> str:
    """The encoding lines that are not UTF-8 seem to be in (see the module), or ""."""
    sample = list(lines[:200])
    for codec in ("gb18030", "big5"):
        chinese = _decoded(sample, codec)
        if chinese is not None:
            wide = [c for c in chinese if ord(c) > 127]
            if wide and sum(map(_chinese, wide)) >= 0.7 * len(wide):
                return CHINESE
    western = _decoded(sample, "cp1252")
    if western is not None:
        wide = [c for c in western if ord(c) > 127]
        if wide and sum(c.isalpha() for c in wide) >= 0.8 * len(wide):
            return LATIN
    return ""


def _chinese(c: str) -> bool:
    """A Han character, CJK punctuation (。) or a full-width form (，)."""
    return "\u3400" <= c <= "\u9fff" or "\u3000" <= c <= "\u303f" or "\uff00" <= c <= "\uffef"


def _decoded(lines: list[bytes], codec: str) -> str | None:
    try:
        return "".join(line.decode(codec) for line in lines)
    except UnicodeDecodeError:
        return None
