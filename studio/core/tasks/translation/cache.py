"""Bounded least-recently-used caches for live translation, with their hit counts.

Retyping a sentence, backspacing to an earlier state of it, or a document that repeats
sentences asks for translations already made. `TranslationCache` keeps finished sentence
translations (bounded by count, the setting a person chooses) and encoder outputs (bounded
by bytes: one holds thousands of floats) keyed by the source text, so that work costs a
dictionary look-up the second time. cachetools' LRUCache does the bookkeeping and the
eviction; `CountedLru` adds a lock (the window reads the counts while a worker thread
translates) and the hit and miss counts the playground and the benchmarks show.

Reference: cachetools (https://cachetools.readthedocs.io), LRUCache.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cachetools import LRUCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

DEFAULT_SENTENCES = 1000  # finished translations kept (a few hundred KB of text)
MAX_SENTENCES = 1_000_000
DEFAULT_ENCODER_BYTES = 64 * 2**20  # encoder outputs kept: a few hundred at preset size


@dataclass(frozen=True)
class CacheStats:
    """How a cache has served its look-ups since it was made (or cleared)."""

    hits: int
    misses: int
    entries: int
    maxsize: int

    @property
    def lookups(self) -> int:
        return self.hits + self.misses

    @property
    def hit_rate(self) -> float | None:
        """Hits per look-up, 0..1; None before the first look-up."""
        return self.hits / self.lookups if self.lookups else None


class CountedLru(Generic[K, V]):
    """A thread-safe LRU cache that counts its hits and misses.

    maxsize bounds the entries, or the sum of getsizeof(value) when that is given. A
    value larger than the whole cache is not kept (and not an error).
    """

    def __init__(self, maxsize: int, getsizeof: Callable[[V], int] | None = None) -> None:
        if maxsize < 1:
            raise ValueError(f"a cache holds at least 1, got maxsize {maxsize}")
        self._getsizeof = getsizeof
        self._store: LRUCache = LRUCache(maxsize, getsizeof=getsizeof)
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: K) -> V | None:
        """The value under `key` (now the most recently used), or None; counted."""
        with self._lock:
            value = self._store.get(key)
            if value is None:
                self.misses += 1
            else:
                self.hits += 1
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            if self._getsizeof is not None and self._getsizeof(value) > self._store.maxsize:
                return  # larger than the whole cache: keeping it would evict everything
            self._store[key] = value

    def __contains__(self, key: K) -> bool:
        """Whether `key` is cached, without counting a look-up or refreshing it."""
        with self._lock:
            return key in self._store

    def __len__(self) -> int:
        return len(self._store)

    @property
    def maxsize(self) -> int:
        return int(self._store.maxsize)

    def resize(self, maxsize: int) -> None:
        """Bound the cache anew, keeping the most recently used entries that fit."""
        if maxsize < 1:
            raise ValueError(f"a cache holds at least 1, got maxsize {maxsize}")
        with self._lock:
            old = self._store
            self._store = LRUCache(maxsize, getsizeof=self._getsizeof)
            while old:
                key, value = old.popitem()  # least recently used first
                if self._getsizeof is None or self._getsizeof(value) <= maxsize:
                    self._store[key] = value  # overflow evicts the oldest kept

    def clear(self) -> None:
        """Forget every entry and the counts (another model answers now)."""
        with self._lock:
            self._store.clear()
            self.hits = self.misses = 0

    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(self.hits, self.misses, len(self._store), int(self._store.maxsize))


class TranslationCache:
    """Finished sentence translations and encoder outputs of one model.

    translations: (decoding, source sentence) -> translation, at most `sentences` of them;
    encoded: source sentence -> the encoder's output (anything with `nbytes`), at most
    `encoder_bytes` in all. One cache serves one model: a different checkpoint or engine
    gets its own.
    """

    def __init__(
        self, sentences: int = DEFAULT_SENTENCES, encoder_bytes: int = DEFAULT_ENCODER_BYTES
    ) -> None:
        self.translations: CountedLru[tuple[str, str], str] = CountedLru(sentences)
        self.encoded: CountedLru[str, Any] = CountedLru(
            encoder_bytes, getsizeof=lambda value: int(value.nbytes)
        )

    def resize(self, sentences: int) -> None:
        self.translations.resize(sentences)

    def clear(self) -> None:
        self.translations.clear()
        self.encoded.clear()
