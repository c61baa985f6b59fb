"""The text of an HTML fragment translated with its markup kept: LibreTranslate's
format "html", in which Mastodon sends every post.

The standard library's html.parser cuts the fragment into markup and runs of text. Each
run of text between two tags is translated on its own, its surrounding whitespace kept
and its characters escaped again; every tag, comment, declaration and attribute is
copied exactly as written (the parser's positions give the source span of each). Text
that is not prose is left as it is: inside script, style, code, pre and textarea, inside
an element marked translate="no" or class="notranslate" (the conventions of HTML and of
web translators), and any run without a letter.

References: the HTML Living Standard, "The translate attribute"; Python's html.parser.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser

KEPT_ELEMENTS = frozenset({"script", "style", "code", "pre", "textarea", "kbd", "samp"})
# elements with no end tag: they open nothing
VOID_ELEMENTS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr"}
)


@dataclass(frozen=True)
class Piece:
    raw: str  # as written in the fragment
    text: str | None  # the text to translate (entities read), None: copy `raw`


def _kept(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    values = dict(attrs)
    classes = (values.get("class") or "").split()
    return tag in KEPT_ELEMENTS or values.get("translate") == "no" or "notranslate" in classes


class _Cutter(HTMLParser):
    """Records where each piece of the fragment starts, and whether it is text to translate."""

    def __init__(self, fragment: str) -> None:
        super().__init__(convert_charrefs=True)
        self.line_starts = [0] + [i + 1 for i, ch in enumerate(fragment) if ch == "\n"]
        self.starts: list[tuple[int, str | None]] = []  # (offset, text or None)
        self.open: list[tuple[str, bool]] = []  # (tag, its text kept), innermost last

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def _markup(self) -> None:
        self.starts.append((self._offset(), None))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._markup()
        if tag not in VOID_ELEMENTS:
            self.open.append((tag, _kept(tag, attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._markup()

    def handle_endtag(self, tag: str) -> None:
        self._markup()
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]  # closes what it contains too, as browsers do
                break

    def handle_data(self, data: str) -> None:
        kept = any(k for _, k in self.open)
        self.starts.append((self._offset(), None if kept else data))

    def handle_comment(self, data: str) -> None:
        self._markup()

    def handle_decl(self, decl: str) -> None:
        self._markup()

    def handle_pi(self, data: str) -> None:
        self._markup()

    def unknown_decl(self, data: str) -> None:
        self._markup()


def pieces(fragment: str) -> list[Piece]:
    """The fragment as markup and text, in order; their `raw` parts join to the fragment."""
    cutter = _Cutter(fragment)
    cutter.feed(fragment)
    cutter.close()
    if not cutter.starts:
        return [Piece(fragment, None)]
    ends = [start for start, _ in cutter.starts[1:]] + [len(fragment)]
    out: list[Piece] = []
    for (start, text), end in zip(cutter.starts, ends, strict=True):
        raw = fragment[start:end]
        if out and text is not None and out[-1].text is not None:  # one run of text
            out[-1] = Piece(out[-1].raw + raw, out[-1].text + text)
        else:
            out.append(Piece(raw, text))
    if cutter.starts[0][0] > 0:  # nothing the parser reported before it
        out.insert(0, Piece(fragment[: cutter.starts[0][0]], None))
    return out


def translate_html(fragment: str, translate: Callable[[str], str]) -> str:
    """The fragment with each run of prose replaced by translate(its text), escaped."""
    out = []
    for piece in pieces(fragment):
        text = piece.text
        if text is None or not any(ch.isalpha() for ch in text):
            out.append(piece.raw)
            continue
        core = text.strip()
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()) :]
        out.append(lead + html.escape(translate(core), quote=False) + trail)
    return "".join(out)
