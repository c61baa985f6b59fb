"""The live translator's caches and sentence splitting: hand-made inputs, no model."""

import threading

import numpy as np
import pytest

from studio.core.tasks.translation.cache import CountedLru, TranslationCache
from studio.core.tasks.translation.sentences import (
    sentence_joiner,
    split_lines,
    split_sentences,
)

# ---- the LRU cache


def test_the_least_recently_used_entry_goes_first():
    cache = CountedLru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # a is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and "a" in cache and "c" in cache
    assert len(cache) == 2


def test_hits_and_misses_are_counted():
    cache = CountedLru(4)
    assert cache.stats().hit_rate is None  # no look-up yet
    cache.put("a", "x")
    assert cache.get("a") == "x"
    assert cache.get("a") == "x"
    assert cache.get("b") is None
    stats = cache.stats()
    assert (stats.hits, stats.misses, stats.lookups, stats.entries) == (2, 1, 3, 1)
    assert stats.hit_rate == pytest.approx(2 / 3)
    assert "a" in cache  # a membership test is not a look-up
    assert cache.stats().lookups == 3


def test_an_empty_translation_is_a_hit_not_a_miss():
    cache = CountedLru(2)
    cache.put("。", "")
    assert cache.get("。") == ""
    assert cache.stats().hits == 1


def test_a_cache_bounded_by_bytes_evicts_by_size_and_skips_what_cannot_fit():
    cache = CountedLru(100, getsizeof=lambda a: a.nbytes)
    cache.put("a", np.zeros(10))  # 80 bytes
    cache.put("b", np.zeros(2))  # 16 bytes
    assert len(cache) == 2
    cache.put("c", np.zeros(5))  # 40 bytes: a (the oldest) goes
    assert "a" not in cache and "b" in cache and "c" in cache
    cache.put("huge", np.zeros(20))  # 160 bytes > the whole cache: not kept, nothing lost
    assert "huge" not in cache and len(cache) == 2


def test_resizing_keeps_the_most_recent_entries():
    cache = CountedLru(4)
    for key in "abcd":
        cache.put(key, key.upper())
    cache.get("a")  # order, oldest first: b c d a
    cache.resize(2)
    assert cache.maxsize == 2
    assert [k for k in "abcd" if k in cache] == ["a", "d"]
    cache.resize(10)
    cache.put("e", "E")
    assert [k for k in "abcde" if k in cache] == ["a", "d", "e"]
    with pytest.raises(ValueError, match="at least 1"):
        cache.resize(0)


def test_counts_stay_exact_under_threads():
    cache = CountedLru(50)

    def work(offset: int) -> None:
        for i in range(500):
            key = (offset + i) % 80
            if cache.get(key) is None:
                cache.put(key, i)

    threads = [threading.Thread(target=work, args=(k * 7,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stats = cache.stats()
    assert stats.lookups == 2000 and stats.entries == 50


def test_translation_cache_resizes_sentences_and_clears_both():
    cache = TranslationCache(sentences=3, encoder_bytes=1000)
    for s in "abcd":
        cache.translations.put(("greedy", s), s)
        cache.encoded.put(s, np.zeros(4))
    assert len(cache.translations) == 3 and len(cache.encoded) == 4
    cache.resize(1)
    assert len(cache.translations) == 1 and ("greedy", "d") in cache.translations
    cache.translations.get(("greedy", "d"))
    cache.clear()
    assert len(cache.translations) == len(cache.encoded) == 0
    assert cache.translations.stats().lookups == 0


# ---- sentences


@pytest.mark.parametrize(
    ("line", "sentences"),
    [
        ("我喜欢猫。你呢？好！", ["我喜欢猫。", "你呢？", "好！"]),
        ("我喜欢猫。你", ["我喜欢猫。", "你"]),  # the sentence being typed
        ("It costs 3.5 yuan. Fine!  Go?", ["It costs 3.5 yuan.", "Fine!", "Go?"]),
        ("他说：“好。”然后走了。", ["他说：“好。”", "然后走了。"]),
        ('She said "yes." Then left', ['She said "yes."', "Then left"]),
        ("真的吗？！是的……", ["真的吗？！", "是的……"]),
        ("   ", []),
        ("no end", ["no end"]),
    ],
)
def test_a_line_is_cut_at_sentence_ends(line, sentences):
    assert split_sentences(line) == sentences


def test_lines_are_kept_and_empty_lines_stay_empty():
    assert split_lines("一。二。\n\n三") == [["一。", "二。"], [], ["三"]]
    assert split_lines("") == [[]]


def test_sentences_join_without_spaces_only_in_chinese_and_japanese():
    assert sentence_joiner("en") == " "
    assert sentence_joiner("zh") == sentence_joiner("ja") == sentence_joiner("zh-Hans") == ""
