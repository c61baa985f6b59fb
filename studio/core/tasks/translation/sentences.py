"""Cutting text into the sentences a translation model was trained on, and joining their
translations back into lines.

The model translates one sentence at a time, so a paragraph typed in the playground, a
line of a file or a request to the server is cut at sentence ends first: after 。！？…
(Chinese and Japanese write no space after them) and after . ! ? followed by a space or
the end of the line (so "3.5" stays whole). Closing quotes and brackets stay with the
sentence they close. Lines are kept: a text of N lines translates to N lines, an empty
line to an empty line.
"""

from __future__ import annotations

TERMINATORS = frozenset("。！？!?.…")
WIDE_TERMINATORS = frozenset("。！？…")  # end a sentence even with no space after
CLOSERS = frozenset("\"'”’）)]」』》")
NO_SPACE_LANGS = frozenset({"zh", "ja"})  # written without spaces between sentences


def split_sentences(line: str) -> list[str]:
    """The sentences of one line, each without surrounding whitespace, in order."""
    sentences: list[str] = []
    start, i, n = 0, 0, len(line)
    while i < n:
        if line[i] not in TERMINATORS:
            i += 1
            continue
        end, wide = i, False
        while end < n and (line[end] in TERMINATORS or line[end] in CLOSERS):
            wide = wide or line[end] in WIDE_TERMINATORS
            end += 1
        if wide or end == n or line[end].isspace():
            sentence = line[start:end].strip()
            if sentence:
                sentences.append(sentence)
            start = end
        i = end
    rest = line[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences


def split_lines(text: str) -> list[list[str]]:
    """The sentences of each line of `text` (an empty list for an empty line)."""
    return [split_sentences(line) for line in text.splitlines() or [""]]


def sentence_joiner(lang: str) -> str:
    """What stands between two translated sentences on one line in `lang`."""
    return "" if lang.split("-")[0].lower() in NO_SPACE_LANGS else " "
