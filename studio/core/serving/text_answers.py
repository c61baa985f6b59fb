"""One text of a request answered: its language found when the client asks for "auto",
the way that translates it chosen, then plain text or the text of HTML translated
sentence by sentence through the model's queue, with the n-best alternatives asked for.

Both of the server's endpoints answer through `answer_text`: LibreTranslate's /translate
(each item of q) and the studio's own /studio/translate. `Service` is what they answer
with: the runs, their queue, the limits and the server's own decoding; `asked_decoding`
reads the beams a request asks for within those limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from studio.core.config.decoding import GREEDY_DECODING, BeamsRefused, Decoding
from studio.core.messages import say
from studio.core.serving.html_text import translate_html
from studio.core.serving.live_translation import LiveUpdate, ModelTurn, SourceIssues
from studio.core.serving.request_fields import ApiError, ServeLimits, bounded_number
from studio.core.serving.sentence_queue import SentenceQueue
from studio.core.serving.served_runs import ServedRuns, Way, open_runs
from studio.core.serving.suggestion_box import SuggestionBox


@dataclass
class Service:
    """What the server answers with."""

    runs: ServedRuns
    queue: SentenceQueue
    limits: ServeLimits = field(default_factory=ServeLimits)
    decoding: Decoding = GREEDY_DECODING  # the server's own (--beam), when a request names none
    suggestions: SuggestionBox | None = None  # where /suggest keeps them; None: refused


def open_service(
    run_dirs: Sequence[Path],
    *,
    onnx: bool | None = False,
    threads: int = 1,
    limits: ServeLimits | None = None,
    decoding: Decoding = GREEDY_DECODING,
    suggestions: bool = False,
) -> Service:
    """The runs of `run_dirs` opened (open_runs) behind one model queue: what the command
    line and the window serve; `suggestions`: keep what clients send to /suggest."""
    limits = limits or ServeLimits()
    runs = open_runs(run_dirs, onnx=onnx, threads=threads)
    box = SuggestionBox() if suggestions else None
    return Service(runs, SentenceQueue(limits.max_waiting), limits, decoding, box)


def asked_decoding(beam: Any, alternatives: int, service: Service) -> Decoding:
    """The decoding for a request's "beam" (None: the server's) and the number of
    alternatives it wants, which need a beam each besides the best: 400 past --max-beam."""
    decoding = service.decoding
    if beam is not None:
        beams = bounded_number(beam, "beam", 0, service.limits.max_beam, "--max-beam")
        try:
            decoding = Decoding.asked(beams)
        except BeamsRefused:  # within --max-beam, so one beam: say it in the request's words
            raise ApiError(
                400, say('"beam" must be 0 (greedy) or 2 beams or more, got {n}', n=beams)
            ) from None
    if alternatives:  # greedy decoding's one beam is fewer than any alternatives need
        decoding = Decoding.beam(max(decoding.beams, alternatives + 1))
    return decoding


@dataclass(frozen=True)
class Asked:
    """How a request asks for its texts (every number already within the server's bounds)."""

    target: str
    source: str | None = None  # None: "auto", found from each text
    html: bool = False  # the texts are HTML fragments: translate their text, keep the markup
    decoding: Decoding = GREEDY_DECODING
    alternatives: int = 0  # other translations wanted (beam search's next best)


@dataclass
class TextAnswer:
    text: str
    source: str  # the language translated from (found, when asked for "auto")
    confidence: float  # 0..1 that `source` is right (1 when the client named it)
    alternatives: list[str] = field(default_factory=list)
    sentences: int = 0  # sentences translated, repeats counted
    from_cache: int = 0  # of them, taken from the cache
    issues: SourceIssues = field(default_factory=SourceIssues)
    engine: str = ""  # "" when no model was needed (a text already in the target language)
    run: str = ""  # the run that translated it


def answer_text(runs: ServedRuns, text: str, asked: Asked, turn: ModelTurn) -> TextAnswer:
    """`text` translated as `asked`, each sentence the cache lacks run through `turn`.

    A ServingError names a pair no run covers. A text whose language is the target
    already (named so, or found so) comes back as it was."""
    source, confidence = asked.source, 1.0
    if source is None:
        source, confidence = runs.detect(text, asked.target)[0]
    if source == asked.target:
        return TextAnswer(text, source, confidence)
    way = runs.way(source, asked.target)
    if asked.html:  # no alternatives: a fragment's runs of text are translated apart
        updates: list[LiveUpdate] = []
        plain = replace(asked, alternatives=0)

        def translate(part: str) -> str:
            updates.append(_update(way, part, plain, turn))
            return updates[-1].text

        translated = translate_html(text, translate)
        return _answer(way, translated, source, confidence, updates, [])
    update = _update(way, text, asked, turn)
    alternatives = update.alternatives(asked.alternatives)
    return _answer(way, update.text, source, confidence, [update], alternatives)


def _update(way: Way, text: str, asked: Asked, turn: ModelTurn) -> LiveUpdate:
    return way.run.translator.translate_text(
        text,
        asked.decoding,
        write_lang=way.write_lang,
        alternatives=asked.alternatives,
        turn=turn,
    )


def _answer(
    way: Way,
    text: str,
    source: str,
    confidence: float,
    updates: list[LiveUpdate],
    alternatives: list[str],
) -> TextAnswer:
    issues = [u.issues for u in updates]
    return TextAnswer(
        text=text,
        source=source,
        confidence=confidence,
        alternatives=alternatives,
        sentences=sum(len(u.sentences) for u in updates),
        from_cache=sum(u.from_cache for u in updates),
        issues=SourceIssues(
            too_long=sum(i.too_long for i in issues),
            unknown=sum(i.unknown for i in issues),
            limit=max((i.limit for i in issues), default=0),
        ),
        engine=way.run.translator.backend.name,
        run=way.run.name,
    )
