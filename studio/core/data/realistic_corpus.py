"""A made-up zh->en corpus that behaves like real text, for tuning and benchmarks.

The demo grammar (demo_corpus.py) is far easier than real text: two hundred words, each
with one translation. Real sentence pairs differ in three ways that decide how a small
model learns, and this generator reproduces them without copying any real corpus:

- a long-tailed vocabulary: thousands of content words drawn with Zipf-Mandelbrot
  frequencies, so a few words are everywhere and most are seen a handful of times;
- varied lengths: one to three clauses, with optional numbers, adjectives, places,
  times, negation, questions and relative clauses;
- several translations of one sentence: most content words have two or three English
  renderings, and a quarter of the sources come with a second translation.

The words are invented: Chinese-like words are pairs of real Han characters chosen at
random (no meaning), English-like words are built from syllables, so neither language
leaks from a real corpus. The grammar keeps the two languages' word orders apart: in
Chinese, time and place come before the verb, numbers take measure words, relative
clauses come before the noun with 的; in English, time and place come last, verbs agree
and take tense, relative clauses follow the noun with "that".

`realistic_pairs(n, seed)` gives (Chinese, English) pairs; `write_tatoeba_file` lays them
out as the common Tatoeba/Anki export (English, Chinese, attribution).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from pathlib import Path

ZIPF_EXPONENT = 1.1
ZIPF_SHIFT = 2.7  # Mandelbrot's shift: the head of the distribution is flatter than 1/rank
SECOND_TRANSLATION = 0.25  # share of sources with a second, differently worded translation
_ONSETS = [
    "b",
    "c",
    "d",
    "f",
    "g",
    "h",
    "j",
    "k",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "t",
    "v",
    "w",
    "z",
    "br",
    "cl",
    "dr",
    "fl",
    "gr",
    "pl",
    "pr",
    "st",
    "tr",
    "sh",
    "ch",
    "th",
]
_VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ai", "ea", "ou"]
_CODAS = ["", "", "", "", "n", "r", "l", "s", "t", "m", "nd", "rk"]
_MEASURES = ["个", "只", "本", "条", "张", "辆", "件", "把", "棵", "位"]


@dataclass(frozen=True)
class Word:
    zh: str
    en: tuple[str, ...]  # English renderings, the first the commonest


class _Lexicon:
    """Invented content words of each class, with Zipf-Mandelbrot weights."""

    def __init__(self, rng: random.Random, sizes: dict[str, int]) -> None:
        self._rng = rng
        han = list(range(0x4E00, 0x9FA6))
        rng.shuffle(han)
        self._han = iter(han)
        self._used_en: set[str] = set()
        self.words = {kind: [self._word(i) for i in range(n)] for kind, n in sizes.items()}
        self.weights = {
            kind: list(
                itertools.accumulate(1 / (r + ZIPF_SHIFT) ** ZIPF_EXPONENT for r in range(n))
            )
            for kind, n in sizes.items()
        }
        self.measure = {w.zh: rng.choice(_MEASURES) for w in self.words["noun"]}

    def _english(self, syllables: int) -> str:
        for attempt in itertools.count():
            parts = [
                self._rng.choice(_ONSETS) + self._rng.choice(_VOWELS) + self._rng.choice(_CODAS)
                for _ in range(syllables + attempt // 20)  # short words run out: go longer
            ]
            word = "".join(parts)
            if word not in self._used_en and len(word) > 2:
                self._used_en.add(word)
                return word
        raise AssertionError("unreachable")

    def _word(self, rank: int) -> Word:
        zh = "".join(chr(next(self._han)) for _ in range(1 if rank < 40 else 2))
        syllables = 1 if rank < 300 else self._rng.choice((1, 2, 2))  # frequent words are short
        renderings = self._rng.choices((1, 2, 3), weights=(0.35, 0.45, 0.2))[0]
        return Word(zh, tuple(self._english(syllables) for _ in range(renderings)))

    def draw(self, kind: str) -> Word:
        return self._rng.choices(self.words[kind], cum_weights=self.weights[kind])[0]


# Closed-class words: real ones, few and frequent, as in any language.
_PRONOUNS = [
    ("我", "I", "1s"),
    ("你", "you", "2"),
    ("他", "he", "3s"),
    ("她", "she", "3s"),
    ("我们", "we", "p"),
    ("他们", "they", "p"),
]
_NUMBERS = [("两", "two"), ("三", "three"), ("四", "four"), ("五", "five"), ("几", "some")]
_TIMES = [
    ("昨天", "yesterday", "past"),
    ("上周", "last week", "past"),
    ("明天", "tomorrow", "future"),
    ("以后", "later", "future"),
    ("今天", "today", "present"),
    ("现在", "now", "present"),
]
_PLACES = [("里", "in"), ("上", "on"), ("旁边", "next to"), ("前面", "in front of")]
_LINKS = [("，而且", "and"), ("，但是", "but"), ("，因为", "because"), ("，所以", "so")]


def _render(word: Word, rng: random.Random, variant: int) -> str:
    """One English rendering: the commonest most of the time, another for a variant."""
    if variant and len(word.en) > 1:
        return rng.choice(word.en[1:])
    return word.en[0] if rng.random() < 0.8 else rng.choice(word.en)


class _Sentence:
    """Draws one clause structure and renders it in both languages (the English twice
    over for a second translation: same structure, other word choices)."""

    def __init__(self, lex: _Lexicon, rng: random.Random) -> None:
        self.lex, self.rng = lex, rng

    def noun_phrase(self) -> dict:
        r = self.rng
        return {
            "noun": self.lex.draw("noun"),
            "number": r.choice(_NUMBERS) if r.random() < 0.2 else None,
            "adj": self.lex.draw("adj") if r.random() < 0.2 else None,
            "rel": self.lex.draw("verb") if r.random() < 0.06 else None,  # 的-clause
        }

    def clause(self) -> dict:
        r = self.rng
        subject = r.choice(_PRONOUNS) if r.random() < 0.55 else self.noun_phrase()
        kind = "adj" if r.random() < 0.25 else "verb"
        return {
            "subject": subject,
            "kind": kind,
            "verb": self.lex.draw("verb"),
            "adj": self.lex.draw("adj"),
            "object": self.noun_phrase() if kind == "verb" and r.random() < 0.8 else None,
            "time": r.choice(_TIMES) if r.random() < 0.35 else None,
            "place": (r.choice(_PLACES), self.noun_phrase()) if r.random() < 0.18 else None,
            "negative": r.random() < 0.15,
        }

    def structure(self) -> dict:
        r = self.rng
        count = r.choices((1, 2, 3), weights=(0.8, 0.17, 0.03))[0]
        return {
            "clauses": [self.clause() for _ in range(count)],
            "links": [r.choice(_LINKS) for _ in range(count - 1)],
            "question": count == 1 and r.random() < 0.15,
        }

    # ---- Chinese

    def np_zh(self, np: dict) -> str:
        rel = np["rel"].zh + "的" if np["rel"] else ""
        number = np["number"][0] + self.lex.measure[np["noun"].zh] if np["number"] else ""
        adj = np["adj"].zh + "的" if np["adj"] else ""
        return number + rel + adj + np["noun"].zh

    def clause_zh(self, c: dict) -> str:
        subject = c["subject"][0] if isinstance(c["subject"], tuple) else self.np_zh(c["subject"])
        time = c["time"][0] if c["time"] else ""
        tense = c["time"][2] if c["time"] else "present"
        place = ""
        if c["place"]:
            (zh_at, _), np = c["place"]
            place = "在" + self.np_zh(np) + zh_at
        if c["kind"] == "adj":
            neg = "不" if c["negative"] else "很"
            return subject + time + place + neg + c["adj"].zh
        neg = ("没" if tense == "past" else "不") if c["negative"] else ""
        will = "会" if tense == "future" else ""
        done = "了" if tense == "past" and not c["negative"] else ""
        obj = self.np_zh(c["object"]) if c["object"] else ""
        return subject + time + neg + will + place + c["verb"].zh + done + obj

    def zh(self, s: dict) -> str:
        text = self.clause_zh(s["clauses"][0])
        for link, c in zip(s["links"], s["clauses"][1:]):
            text += link[0] + self.clause_zh(c)
        return text + ("吗？" if s["question"] else "。")

    # ---- English

    def np_en(self, np: dict, v: int, subject: bool = False) -> tuple[str, str]:
        """(text, agreement): 3s for one thing, p for several."""
        noun = _render(np["noun"], self.rng, v)
        plural = np["number"] is not None
        if plural:
            noun += "es" if noun.endswith(("s", "x", "sh", "ch")) else "s"
        adj = _render(np["adj"], self.rng, v) + " " if np["adj"] else ""
        head = np["number"][1] + " " if plural else "the "
        rel = (
            " that " + _render(np["rel"], self.rng, v) + ("" if plural else "s")
            if np["rel"]
            else ""
        )
        text = head + adj + noun + rel
        return (text.capitalize() if subject else text), ("p" if plural else "3s")

    def clause_en(self, c: dict, v: int, first: bool, question: bool) -> str:
        subject, agr = self.subject_en(c["subject"], v, first)
        tense = c["time"][2] if c["time"] else "present"
        tail = []
        if c["place"]:
            (_, en_at), np = c["place"]
            tail.append(en_at + " " + self.np_en(np, v)[0])
        if c["time"]:
            tail.append(c["time"][1])
        if c["kind"] == "adj":
            be = _be(tense, agr)
            middle = [be + (" not" if c["negative"] else ""), _render(c["adj"], self.rng, v)]
            if question:
                return " ".join([be.split()[0].capitalize(), subject.lower(), *middle[1:], *tail])
            return " ".join([subject, *middle, *tail])
        verb = _render(c["verb"], self.rng, v)
        obj = [self.np_en(c["object"], v)[0]] if c["object"] else []
        does = {"past": "did", "future": "will"}.get(tense, "does" if agr == "3s" else "do")
        if question:
            asked = subject if subject == "I" else subject.lower()
            return " ".join([does.capitalize(), asked, verb, *obj, *tail])
        return " ".join([subject, *_verb_words(verb, tense, agr, does, c["negative"]), *obj, *tail])

    def subject_en(self, subject: tuple | dict, v: int, first: bool) -> tuple[str, str]:
        """(text, agreement) of a clause's subject: a pronoun (capitalised when it opens
        the sentence) or a noun phrase."""
        if not isinstance(subject, tuple):
            return self.np_en(subject, v, subject=first)
        text, agr = subject[1], subject[2]
        return (text.capitalize() if first and text != "I" else text), agr

    def en(self, s: dict, v: int) -> str:
        clauses = s["clauses"]
        text = self.clause_en(clauses[0], v, True, s["question"])
        for link, c in zip(s["links"], clauses[1:]):
            text += ", " + link[1] + " " + self.clause_en(c, v, False, False)
        return text + ("?" if s["question"] else ".")


def _be(tense: str, agr: str) -> str:
    """ "to be" in the tense, agreeing with the subject (1s, 3s, p)."""
    if tense == "past":
        return "was" if agr in ("1s", "3s") else "were"
    if tense == "future":
        return "will be"
    return {"1s": "am", "3s": "is"}.get(agr, "are")


def _verb_words(verb: str, tense: str, agr: str, does: str, negative: bool) -> list[str]:
    """The verb of a statement in its tense ("did not walk", "walked", "will walk", "walks")."""
    if negative:
        return [does + " not", verb]
    if tense == "past":
        return [verb + ("d" if verb.endswith("e") else "ed")]
    if tense == "future":
        return ["will", verb]
    return [verb + ("s" if agr == "3s" else "")]


def realistic_pairs(n: int, seed: int = 0) -> list[tuple[str, str]]:
    """About `n` (Chinese, English) pairs: distinct sources, some with two translations."""
    rng = random.Random(seed)
    lex = _Lexicon(rng, {"noun": 4000, "verb": 1200, "adj": 800})
    gen = _Sentence(lex, rng)
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(pairs) < n:
        s = gen.structure()
        zh = gen.zh(s)
        if zh in seen:
            continue
        seen.add(zh)
        pairs.append((zh, gen.en(s, 0)))
        if rng.random() < SECOND_TRANSLATION and len(pairs) < n:
            other = gen.en(s, 1)
            if other != pairs[-1][1]:
                pairs.append((zh, other))
    return pairs


def write_tatoeba_file(path: str | Path, pairs: list[tuple[str, str]]) -> Path:
    """(Chinese, English) pairs as a Tatoeba/Anki export: English, Chinese, attribution."""
    p = Path(path)
    lines = [
        f"{en}\t{zh}\tCC-BY 2.0 (France) Attribution: made up for GRPO Studio #{i} (gen)"
        for i, (zh, en) in enumerate(pairs, start=1)
    ]
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p
