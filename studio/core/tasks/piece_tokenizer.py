"""BPE pieces for the text tasks: the translation task's BPE (data/text_tokenizers.py)
behind the interface a decoder's text task uses (char_tokenizer.CharTokenizer's).

Ids are the translation tokenizer's: PAD 0, BOS 1, EOS 2, UNK 3, then the pieces. No
prompt starts with BOS (as own_text's characters), so `bos` is False; `decode` stops at
the first EOS, as the character tokenizer does. A character the training text never had
reads as UNK instead of being refused: a playground prompt may hold one.

`spelled` names the side read letter by letter, each character its own piece of the same
vocabulary ("prompts" or "answers"; "" for neither): the fit reads a one-word prompt by
its letters beside answers of BPE pieces, or the reverse. As every text tokenizer here,
`encode` reads a prompt when `bos` (its default) and what the model writes otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studio.core.data.text_tokenizers import (
    SPECIALS,
    TextTokenizer,
    TokenizerError,
    train_tokenizer,
)
from studio.core.messages import say
from studio.core.tasks.base import TaskError

SPACE = "▁"  # Metaspace's word-start mark, shown as a space in the window
SPELLED = ("", "prompts", "answers")  # the side read letter by letter, if any


class PieceTokenizer:
    """Text <-> BPE piece ids, with the CharTokenizer interface the text tasks rely on."""

    kind = "bpe"
    bos = False
    bos_id = None

    def __init__(self, pieces: TextTokenizer, *, spelled: str = "") -> None:
        if pieces.kind != "bpe" or pieces.tags:
            raise TaskError(say("a text task's BPE tokenizer is BPE pieces without tags"))
        if spelled not in SPELLED:
            raise TaskError(
                say(
                    "the saved tokenizer: spelled {value} is not one of {kinds}",
                    value=repr(spelled),
                    kinds=", ".join(map(repr, SPELLED)),
                )
            )
        self._pieces = pieces
        self.spelled = spelled
        self.pad_id, self.eos_id, self.unk_id = pieces.pad_id, pieces.eos_id, pieces.unk_id
        self.specials = list(SPECIALS)

    @classmethod
    def train(
        cls, texts: list[str], *, vocab_size: int, alphabet: str, spelled: str = ""
    ) -> PieceTokenizer:
        """BPE learned from `texts` (the training split), every character of `alphabet`
        kept as a piece of its own; the `spelled` side read letter by letter."""
        try:
            pieces = train_tokenizer(texts, kind="bpe", vocab_size=vocab_size, alphabet=alphabet)
            return cls(pieces, spelled=spelled)
        except TokenizerError as err:
            raise TaskError(str(err)) from None

    @property
    def vocab_size(self) -> int:
        return self._pieces.vocab_size

    def __repr__(self) -> str:
        spelled = f", spelled={self.spelled!r}" if self.spelled else ""
        return f"PieceTokenizer(vocab_size={self.vocab_size}{spelled})"

    def encode(self, text: str, *, bos: bool = True, eos: bool = False) -> list[int]:
        """Piece ids of `text`, a prompt's when `bos` (no BOS is put in front: there is
        none), else an answer's; EOS last if asked. The spelled side letter by letter."""
        side = "prompts" if bos else "answers"
        ids = self._pieces.spell(text) if self.spelled == side else self._pieces.encode(text)
        return [*ids, self.eos_id] if eos else ids

    def decode(self, ids: Sequence[int]) -> str:
        """Text up to the first EOS; PAD, BOS and UNK leave no text."""
        row = [int(i) for i in ids]
        if self.eos_id in row:
            row = row[: row.index(self.eos_id)]
        return self._pieces.decode(row)

    def piece(self, token: int) -> str:
        """One token as it reads in the window: its text, a word start as a space."""
        return self._pieces.tokens([token])[0].replace(SPACE, " ")

    def files(self) -> dict[str, bytes]:
        """Files an export writes beside its graphs: none, the metadata holds the tokens."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        state = self._pieces.to_dict()  # kind "bpe": what tells it from characters
        return {**state, "spelled": self.spelled} if self.spelled else state

    @classmethod
    def from_dict(cls, state: dict[str, Any]) -> PieceTokenizer:
        try:
            return cls(TextTokenizer.from_dict(state), spelled=state.get("spelled", ""))
        except TokenizerError as err:
            raise TaskError(say("the saved tokenizer: {problem}", problem=str(err))) from None


def is_pieces(state: Any) -> bool:
    """Whether a saved text task tokenizer is BPE pieces (the character one has no kind)."""
    return isinstance(state, dict) and state.get("kind") == "bpe"
