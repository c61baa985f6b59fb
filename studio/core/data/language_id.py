"""Which of two same-script languages a column is written in (en or fr?), by py3langid;
and which of a few languages a short text is written in (a server's "auto" source).

Script alone cannot tell English from French. A column, though, is many sentences: its
sampled cells joined make a text long enough for a character n-gram identifier to be
sure, where one short sentence ("Go.") would not be. The identifier is restricted to the
two languages the task names and answers only when it has enough letters and a clear
winner; otherwise the loader asks the user (a header row, or the column settings).

py3langid (a maintained fork of langid.py: 97 languages, its model a 4 MB numpy file
read without pickle) was weighed against lingua-language-detector (about 96 MB),
langdetect (unmaintained since 2021), fastText-based detectors (their models are
downloaded at run time) and pycld2 (a C++ build).

`rank_languages` ranks the languages a server translates from for one text: the text's
script first (Han, Kana, Hangul, Cyrillic... tell most pairs apart at once, from a single
character), then, among candidates written in the same script, py3langid restricted to
them, however short the text: a server must choose, and a short text's guess is still
better than none.

References: Lui and Baldwin 2012, "langid.py: An Off-the-shelf Language Identification
Tool".
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from typing import Any

from studio.core.data.languages import counted_script, script_counts, script_of

MIN_LETTERS = 200  # letters a column needs before the identifier is asked
CONFIDENCE = 0.95  # the winner's probability among the two languages
_LOCK = threading.Lock()  # the identifier is restricted in place: one column at a time


@functools.cache
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


@functools.cache
def known_languages() -> frozenset[str]:
    """The codes the identifier can tell apart (ISO 639-1)."""
    return frozenset(_identifier().labels)


def column_language(text: str, languages: tuple[str, str]) -> str | None:
    """Which of `languages` the text (a column's cells joined) is written in, or None when
    the identifier does not know them, the text is too short, or the answer is unclear."""
    if not set(languages) <= known_languages() or languages[0] == languages[1]:
        return None
    if sum(ch.isalpha() for ch in text) < MIN_LETTERS:
        return None
    ident = _identifier()
    with _LOCK:  # the window's data check and a training run may ask at once
        ident.set_languages(list(languages))
        try:
            best, probability = ident.classify(text)
        finally:
            ident.set_languages(None)
    return best if probability >= CONFIDENCE else None


def rank_languages(text: str, languages: Sequence[str]) -> list[tuple[str, float]]:
    """`languages` (codes) ranked by how likely `text` is written in each, best first,
    each with a confidence 0..1: the share of the text's letters in the language's script,
    split among same-script languages by the identifier. A text without letters gives
    every language 0, in the order given."""
    counts = script_counts(text)
    total = sum(counts.values())
    if not total:
        return [(lang, 0.0) for lang in languages]
    main = counted_script(counts)
    shares = {}
    for lang in languages:
        script = script_of(lang)
        if script == "Kana" and main == "Kana":  # Japanese writes Han among its Kana
            shares[lang] = (counts["Kana"] + counts["Han"]) / total
        else:
            shares[lang] = counts[script] / total if script else 0.0
    best = max(shares.values())
    tied = [lang for lang in languages if shares[lang] == best and best > 0]
    if len(tied) > 1 and set(tied) <= known_languages():
        ident = _identifier()
        with _LOCK:
            ident.set_languages(tied)
            try:
                ranked = ident.rank(text)
            finally:
                ident.set_languages(None)
        for lang, probability in ranked:
            shares[lang] = best * float(probability)
    return sorted(((lang, shares[lang]) for lang in languages), key=lambda x: -x[1])
