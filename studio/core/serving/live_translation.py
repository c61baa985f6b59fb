"""Live translation: a text translated again after every edit, sentence by sentence, with
the work already done taken from a cache.

`LiveTranslator.translate_text` cuts the text into lines and sentences (the translation
task's sentences.py) and looks every sentence up in the translation cache (its cache.py);
only the sentences it has not seen with this decoding go through the model
(translation_backends.py), their encoder output cached as well. While a person types,
that is the one sentence being edited; retyping, backspacing to an earlier state or a
repeated sentence cost a look-up. An update can be stopped between two sentences or two
decoder steps (`stop`), so a newer edit never waits behind an older one.
`translate_lines` does a file: each distinct sentence once, the ones the cache lacks in
batches, every line kept.

A server passes `turn` (the model's queue, sentence_queue.py): each sentence the cache
lacks is then translated in its turn on the model's thread, so requests share the model
sentence by sentence. With `alternatives`, each sentence is decoded by the beam search
asked for and keeps its ranked hypotheses (`SentenceResult.hypotheses`,
`LiveUpdate.alternatives`). The cache keys a translation by its decoding's label
('greedy', 'beam 4'): switching the decoding never serves another decoding's answer.

The playground's live box, `grpo-studio translate --interactive/--file` and
`grpo-studio serve` all translate through this class.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial

from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.messages import Message, say
from studio.core.serving.translation_backends import (
    Backend,
    Cancelled,
    Check,
    never_cancelled,
)
from studio.core.tasks.translation.cache import CacheStats, TranslationCache
from studio.core.tasks.translation.directions import tagged
from studio.core.tasks.translation.sentences import sentence_joiner, split_lines, split_sentences

DEFAULT_BATCH = 64  # sentences per batch of a file
Progress = Callable[[int, int], None]  # (sentences translated so far, sentences to translate)


def counted(n: int) -> Message:
    """'1 sentence', '3 sentences'."""
    return say("{n} sentence", n=n) if n == 1 else say("{n} sentences", n=n)


@dataclass(frozen=True)
class SourceIssues:
    """What the model cannot read as given, counted over distinct sentences."""

    too_long: int = 0  # cut at the model's length limit
    unknown: int = 0  # with characters its vocabulary lacks (read as unknown)
    limit: int = 0  # the longest source it reads, in tokens

    def messages(self) -> list[str]:
        """The counts in words, for the command line and the server."""
        said: list[str] = []
        if self.too_long:
            said.append(
                say(
                    "{sentences} longer than the model's {limit}-token limit: translated from "
                    "the first {limit} tokens",
                    sentences=counted(self.too_long),
                    limit=self.limit,
                )
            )
        if self.unknown:
            said.append(
                say(
                    "{sentences} with characters the model never saw in training: they were "
                    "read as unknown",
                    sentences=counted(self.unknown),
                )
            )
        return said


def source_issues(backend: Backend, sentences: Iterable[str]) -> SourceIssues:
    ids = [backend.source_ids(s) for s in set(sentences)]
    limit = backend.max_len - 1  # the source's EOS takes the last place
    return SourceIssues(
        too_long=sum(len(row) > limit for row in ids),
        unknown=sum(backend.unk_id in row for row in ids),
        limit=limit,
    )


@dataclass(frozen=True)
class SentenceResult:
    source: str
    translation: str
    cached: bool  # came from the cache, not the model
    hypotheses: tuple[str, ...] = ()  # beam search's ranked hypotheses, when asked for


# How a sentence's model work is run: directly (the default), or in its turn on a
# server's model thread (sentence_queue.SentenceQueue.run).
ModelTurn = Callable[[Callable[[], SentenceResult]], SentenceResult]


def direct_turn(work: Callable[[], SentenceResult]) -> SentenceResult:
    return work()


@dataclass(frozen=True)
class LiveUpdate:
    """One translation of a whole text: its lines of sentences, how long it took, and how
    the cache served it."""

    engine: str
    decoding: Decoding
    lines: list[list[SentenceResult]]
    seconds: float
    stats: CacheStats  # the translation cache after this update
    joiner: str  # between two translated sentences of a line
    issues: SourceIssues = field(default_factory=SourceIssues)

    @property
    def sentences(self) -> list[SentenceResult]:
        return [s for line in self.lines for s in line]

    @property
    def text(self) -> str:
        return "\n".join(self.joiner.join(s.translation for s in line) for line in self.lines)

    @property
    def from_cache(self) -> int:
        return sum(s.cached for s in self.sentences)

    @property
    def translated(self) -> int:
        """Sentences the model translated in this update."""
        return len(self.sentences) - self.from_cache

    def alternatives(self, n: int) -> list[str]:
        """Up to n other translations of the whole text, best first: the k-th takes each
        sentence's k-th hypothesis (its best where it has fewer), repeats and the
        translation itself left out. Empty unless the sentences kept their hypotheses."""
        text = self.text
        found: list[str] = []
        depth = max((len(s.hypotheses) for s in self.sentences), default=0)
        for k in range(1, depth):
            other = "\n".join(self.joiner.join(_kth(s, k) for s in line) for line in self.lines)
            if other != text and other not in found:
                found.append(other)
            if len(found) == n:
                break
        return found


def _kth(sentence: SentenceResult, k: int) -> str:
    return sentence.hypotheses[k] if k < len(sentence.hypotheses) else sentence.translation


@dataclass(frozen=True)
class FileResult:
    """A file's translated lines and how much of it the model had to translate."""

    lines: list[str]
    sentences: int  # sentences in the file, repeats counted
    translated: int  # distinct sentences the model translated
    issues: SourceIssues = field(default_factory=SourceIssues)

    @property
    def from_cache(self) -> int:
        return self.sentences - self.translated


def stop_check(stop: threading.Event | None) -> Check:
    """A check that raises Cancelled once `stop` is set."""
    if stop is None:
        return never_cancelled

    def check() -> None:
        if stop.is_set():
            raise Cancelled

    return check


def _check_ranked(decoding: Decoding, ranked: bool) -> None:
    """A ValueError for ranked hypotheses asked of greedy decoding, which has one."""
    if ranked and decoding.greedy:
        raise ValueError("ranked hypotheses (alternatives) come from a beam search; ask for one")


class LiveTranslator:
    """One engine's translations of whole texts, through one cache (safe to call from
    several threads: the cache locks, the engines only read their weights)."""

    def __init__(self, backend: Backend, cache: TranslationCache | None = None) -> None:
        self.backend = backend
        self.cache = cache if cache is not None else TranslationCache()
        self.joiner = sentence_joiner(backend.target_lang)

    def translate_sentence(
        self, sentence: str, decoding: Decoding = GREEDY_DECODING, check: Check | None = None
    ) -> SentenceResult:
        """One sentence, from the cache when it has it."""
        known = self.cached(sentence, decoding)
        if known is not None:
            return known
        return self.translate_uncached(sentence, decoding, check)

    def cached(self, sentence: str, decoding: Decoding) -> SentenceResult | None:
        """The sentence's translation with this decoding when the cache has it (counted)."""
        known = self.cache.translations.get((decoding.label, sentence))
        return None if known is None else SentenceResult(sentence, known, cached=True)

    def translate_uncached(
        self,
        sentence: str,
        decoding: Decoding = GREEDY_DECODING,
        check: Check | None = None,
        ranked: bool = False,
    ) -> SentenceResult:
        """One sentence through the model (its encoder output from the cache when there);
        ranked: by the beam search `decoding` is, keeping every final hypothesis, best
        first."""
        _check_ranked(decoding, ranked)
        check = check or never_cancelled
        check()
        encoded = self.cache.encoded.get(sentence)
        if encoded is None:
            encoded = self.backend.encode(sentence)
            self.cache.encoded.put(sentence, encoded)
        hypotheses: tuple[str, ...] = ()
        if ranked:
            hypotheses = tuple(self.backend.decode_ranked(encoded, decoding.beams, check))
            translation = hypotheses[0]
        else:
            translation = self.backend.decode(encoded, decoding, check)
        self.cache.translations.put((decoding.label, sentence), translation)
        return SentenceResult(sentence, translation, cached=False, hypotheses=hypotheses)

    def translate_text(
        self,
        text: str,
        decoding: Decoding = GREEDY_DECODING,
        stop: threading.Event | None = None,
        write_lang: str | None = None,
        alternatives: int = 0,
        turn: ModelTurn = direct_turn,
    ) -> LiveUpdate:
        """Every line and sentence of `text`; raises Cancelled once `stop` is set.

        write_lang: for a run trained both ways, the language to write; each sentence
        gets that direction's tag (directions.py). None: the run's one direction.
        alternatives > 0: `decoding`, a beam search, keeps each sentence's ranked
        hypotheses, for `LiveUpdate.alternatives`. turn: how the model's work on a sentence
        the cache lacks is run (a server's queue)."""
        _check_ranked(decoding, alternatives > 0)
        check = stop_check(stop)
        joiner = self.joiner if write_lang is None else sentence_joiner(write_lang)
        started = time.perf_counter()
        lines = []
        for line in split_lines(text):
            results = []
            for sentence in line:
                source = sentence if write_lang is None else tagged(sentence, write_lang)
                result = None if alternatives else self.cached(source, decoding)
                if result is None:
                    work = partial(
                        self.translate_uncached, source, decoding, check, alternatives > 0
                    )
                    result = turn(work)
                results.append(
                    SentenceResult(sentence, result.translation, result.cached, result.hypotheses)
                )
            lines.append(results)
        seconds = time.perf_counter() - started
        return LiveUpdate(
            engine=self.backend.name,
            decoding=decoding,
            lines=lines,
            seconds=seconds,
            stats=self.cache.translations.stats(),
            joiner=joiner,
            issues=source_issues(self.backend, (s.source for line in lines for s in line)),
        )

    def translate_lines(
        self,
        lines: list[str],
        decoding: Decoding = GREEDY_DECODING,
        batch_size: int = DEFAULT_BATCH,
        progress: Progress | None = None,
    ) -> FileResult:
        """One output line per input line (empty for empty); each distinct sentence is
        translated once, those the cache lacks in batches of similar length."""
        if batch_size < 1:
            raise ValueError(f"the batch size must be at least 1, got {batch_size}")
        label = decoding.label
        split = [split_sentences(line) for line in lines]
        known: dict[str, str] = {}
        for sentence in dict.fromkeys(s for line in split for s in line):
            found = self.cache.translations.get((label, sentence))
            if found is not None:
                known[sentence] = found
        todo = sorted({s for line in split for s in line} - known.keys(), key=len)
        for start in range(0, len(todo), batch_size):
            chunk = todo[start : start + batch_size]
            for sentence, out in zip(
                chunk, self.backend.translate_batch(chunk, decoding), strict=True
            ):
                known[sentence] = out
                self.cache.translations.put((label, sentence), out)
            if progress is not None:
                progress(start + len(chunk), len(todo))
        return FileResult(
            lines=[self.joiner.join(known[s] for s in line) for line in split],
            sentences=sum(len(line) for line in split),
            translated=len(todo),
            issues=source_issues(self.backend, (s for line in split for s in line)),
        )
