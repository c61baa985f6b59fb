"""The own-text task's tokenizer, fitted to the user's file: characters or BPE pieces.

Characters are the unit where a model must spell: short answers (a word or two, as a
list of misspellings), a small file (too few words for BPE pieces to be seen often
enough to learn), or text mostly in Han or Kana (a character is already a word-like unit
there). BPE pays on a large file of longer text in a spaced script: the answers a model
writes get several times shorter, so each GRPO rollout takes fewer decoding steps and
each warm-up step sees more text. The rule, in order (the first that holds decides):

1. fewer than BPE_MIN_ITEMS prompts or BPE_MIN_CHARS characters of training text: chars;
2. more than UNSPACED_MAX of the answers' letters (the prompts', for prompts alone) Han
   or Kana: chars;
3. the prompt and the answer each read by what it holds: one whose median is under
   BPE_MIN_WORDS words reads letter by letter (a word read as one or two BPE pieces, a
   pronunciation dictionary's, hides the letters its answer depends on; an answer of a
   word or two is spelled), unless it is a prompt mostly in Han or Kana; both short
   (or prompts alone, short): chars;
4. BPE learned on the training split's other side, of the translation task's size for
   its words plus every character the file uses (held-out text never reads as UNK), the
   short side spelled with those characters' pieces (PieceTokenizer.spelled): chars
   when it shortens that side's text less than BPE_MIN_SAVING times, or when some text
   does not read back exactly from its pieces; BPE otherwise.

benchmarks/RESULTS.md ("own text: characters or BPE") measures the rule on real files.
task.tokenizer "char" or "bpe" overrides it; the load report says which rule decided.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from studio.core.data.prompt_files import PromptItem
from studio.core.data.text_tokenizers import UNSPACED
from studio.core.messages import Message, say
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.piece_tokenizer import PieceTokenizer
from studio.core.tasks.translation.data_fit import vocab_size

BPE_MIN_ITEMS = 2000
BPE_MIN_CHARS = 100_000
UNSPACED_MAX = 0.5
BPE_MIN_WORDS = 4
BPE_MIN_SAVING = 2.0  # characters a piece, on the training answers
SAVING_SAMPLE = 5000  # answers the saving and the read-back are measured on, at most
_UNSPACED = re.compile(UNSPACED)

Tokenizer = CharTokenizer | PieceTokenizer


@dataclass
class TokenizerChoice:
    """The fitted kind ("char" or "bpe"), why, and the BPE it trained if it did."""

    kind: str
    why: str
    pieces: PieceTokenizer | None = None


def _written(items: Sequence[PromptItem]) -> list[str]:
    """What the model writes: the answers, or the prompts when there are none."""
    answers = [a for it in items for a in it.answers]
    return answers if answers else [it.prompt for it in items]


def fit_kind(train: Sequence[PromptItem], alphabet: str, prompt_end: str) -> TokenizerChoice:
    """Characters or BPE for the training items, by the rule above, and why."""
    texts = [t for it in train for t in (it.prompt, *it.answers)]
    size = sum(len(t) for t in texts)
    if len(train) < BPE_MIN_ITEMS or size < BPE_MIN_CHARS:
        return TokenizerChoice(
            "char",
            say(
                "a small file ({n} training prompts, {size} characters; BPE needs {items} and "
                "{chars} to learn its pieces)",
                n=f"{len(train):,}",
                size=f"{size:,}",
                items=f"{BPE_MIN_ITEMS:,}",
                chars=f"{BPE_MIN_CHARS:,}",
            ),
        )
    written = _written(train)
    answers = any(it.answers for it in train)
    one, what = (say("answer"), say("answers")) if answers else (say("prompt"), say("prompts"))
    letters = sum(1 for t in written for c in t if c.isalpha())
    unspaced = sum(1 for t in written for c in t if _UNSPACED.match(c))
    if letters and unspaced / letters > UNSPACED_MAX:
        return TokenizerChoice(
            "char",
            say(
                "{share} of the {what}' letters are Han or Kana, a word-like unit each",
                share=f"{unspaced / letters:.0%}",
                what=what,
            ),
        )
    words = statistics.median(len(t.split()) for t in written)
    short_prompts = _short_prompts(train) if answers else None
    if words < BPE_MIN_WORDS and (not answers or short_prompts is not None):
        return TokenizerChoice("char", _short(what, words))
    if words < BPE_MIN_WORDS:
        return _pieces(train, alphabet, prompt_end, "answers", _short(what, words))
    if short_prompts is not None:
        return _pieces(train, alphabet, prompt_end, "prompts", short_prompts)
    return _pieces(train, alphabet, prompt_end, "", None)


def _pieces(
    train: Sequence[PromptItem],
    alphabet: str,
    prompt_end: str,
    spelled: str,
    short: Message | None,
) -> TokenizerChoice:
    """BPE for the side not `spelled` (`short` says why that one is), when its pieces
    give back every text and shorten it BPE_MIN_SAVING times; characters otherwise."""
    pieces = pieces_for(train, alphabet, prompt_end, spelled)
    on_prompts = spelled == "answers" or not any(it.answers for it in train)
    one, what = (say("prompt"), say("prompts")) if on_prompts else (say("answer"), say("answers"))
    texts = [it.prompt for it in train] if on_prompts else _written(train)
    sample = texts[:SAVING_SAMPLE]
    encoded = [pieces.encode(t, bos=on_prompts) for t in sample]
    lost = next((t for t, ids in zip(sample, encoded) if pieces.decode(ids) != t), None)
    if lost is not None:
        return TokenizerChoice(
            "char",
            say(
                "BPE pieces do not give back every {what} exactly (e.g. {text})",
                what=one,
                text=repr(lost[:40]),
            ),
        )
    saving = sum(len(t) for t in sample) / max(1, sum(len(ids) for ids in encoded))
    if saving < BPE_MIN_SAVING:
        return TokenizerChoice(
            "char",
            say(
                "BPE would shorten the {what} only {saving} times (it pays from {least})",
                what=what,
                saving=f"{saving:.1f}",
                least=f"{BPE_MIN_SAVING:g}",
            ),
        )
    why = say(
        "{n} training prompts of longer text ({what} of {words} words, {saving} characters "
        "a piece)",
        n=f"{len(train):,}",
        what=what,
        words=f"{statistics.median(len(t.split()) for t in texts):g}",
        saving=f"{saving:.1f}",
    )
    if spelled:
        why = say(
            "BPE for the {what}: {why}; the {other} letter by letter: {short}",
            what=what,
            why=why,
            other=say("answers") if on_prompts else say("prompts"),
            short=short,
        )
    return TokenizerChoice("bpe", why, pieces)


def _short_prompts(train: Sequence[PromptItem]) -> Message | None:
    """Why prompts beside answers need characters (a word or two in a spaced script, whose
    letters the answer depends on); None when BPE may read them."""
    prompts = [it.prompt for it in train]
    letters = sum(1 for t in prompts for c in t if c.isalpha())
    unspaced = sum(1 for t in prompts for c in t if _UNSPACED.match(c))
    if letters and unspaced / letters > UNSPACED_MAX:
        return None  # Han or Kana: a piece is a word-like unit, as measured (RESULTS.md)
    words = statistics.median(len(t.split()) for t in prompts)
    if words >= BPE_MIN_WORDS:
        return None
    if words == 1:
        return say(
            "short prompts (a median of {words} word; BPE from {least}): as one or two BPE "
            "pieces a word hides the letters its answer depends on, so the model reads them "
            "letter by letter",
            words=f"{words:g}",
            least=BPE_MIN_WORDS,
        )
    return say(
        "short prompts (a median of {words} words; BPE from {least}): as one or two BPE "
        "pieces a word hides the letters its answer depends on, so the model reads them "
        "letter by letter",
        words=f"{words:g}",
        least=BPE_MIN_WORDS,
    )


def _short(what: Message, words: float) -> Message:
    """Texts too short for BPE: the model spells them."""
    if words == 1:
        return say(
            "short {what} (a median of {words} word; BPE from {least}): the model spells them "
            "letter by letter",
            what=what,
            words=f"{words:g}",
            least=BPE_MIN_WORDS,
        )
    return say(
        "short {what} (a median of {words} words; BPE from {least}): the model spells them "
        "letter by letter",
        what=what,
        words=f"{words:g}",
        least=BPE_MIN_WORDS,
    )


def pieces_for(
    train: Sequence[PromptItem], alphabet: str, prompt_end: str, spelled: str = ""
) -> PieceTokenizer:
    """BPE learned on the training prompts (with their end) and answers, the `spelled`
    side left out (it reads letter by letter): the translation task's size for their
    words, plus a piece for each character of `alphabet` and the prompts' end."""
    texts = [it.prompt + prompt_end for it in train] if spelled != "prompts" else []
    texts += [a for it in train for a in it.answers] if spelled != "answers" else []
    merges, _ = vocab_size("bpe", texts)
    letters = alphabet + prompt_end
    return PieceTokenizer.train(
        texts, vocab_size=4 + len(letters) + merges, alphabet=letters, spelled=spelled
    )
