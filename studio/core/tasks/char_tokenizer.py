"""A character tokenizer for the text tasks: one token per character of a fixed alphabet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studio.core.messages import say
from studio.core.tasks.base import TaskError


class CharTokenizer:
    """One token per character of a fixed alphabet, plus PAD, EOS and an optional BOS.

    Ids: PAD 0, EOS 1, BOS 2 when present, then the characters in the given order.
    """

    PAD, EOS, BOS = "<pad>", "<eos>", "<bos>"

    def __init__(self, chars: str, *, bos: bool = False) -> None:
        if not chars:
            raise TaskError(
                say("the tokenizer's alphabet is empty; give it at least one character")
            )
        dupes = sorted({c for c in chars if chars.count(c) > 1})
        if dupes:
            raise TaskError(
                say(
                    "the tokenizer's alphabet repeats {chars}; list each character once",
                    chars=repr("".join(dupes)),
                )
            )
        self.chars = chars
        self.bos = bos
        self.specials = [self.PAD, self.EOS] + ([self.BOS] if bos else [])
        self.pad_id, self.eos_id = 0, 1
        self.bos_id = 2 if bos else None
        self._ids = {c: i + len(self.specials) for i, c in enumerate(chars)}

    @property
    def vocab_size(self) -> int:
        return len(self.specials) + len(self.chars)

    def encode(self, text: str, *, bos: bool = True, eos: bool = False) -> list[int]:
        """Token ids of `text`: BOS first if asked and the tokenizer has one, EOS last if
        asked. Prompts take BOS, completions take EOS."""
        try:
            ids = [self._ids[c] for c in text]
        except KeyError as err:
            raise TaskError(
                say(
                    "character {char} in {text} is not in the vocabulary {chars}; remove it "
                    "from the input or add it to the alphabet",
                    char=repr(err.args[0]),
                    text=repr(text),
                    chars=repr(self.chars),
                )
            ) from None
        if bos and self.bos_id is not None:
            ids.insert(0, self.bos_id)
        if eos:
            ids.append(self.eos_id)
        return ids

    def decode(self, ids: Sequence[int]) -> str:
        """Text up to the first EOS. A stray PAD or BOS reads as its name, so it is seen."""
        out = []
        n = len(self.specials)
        for i in ids:
            i = int(i)
            if i == self.eos_id:
                break
            out.append(self.chars[i - n] if i >= n else self.specials[i])
        return "".join(out)

    def piece(self, token: int) -> str:
        """One token as it reads: its character, or a special's name ("<eos>")."""
        n = len(self.specials)
        return self.chars[token - n] if token >= n else self.specials[token]

    def files(self) -> dict[str, bytes]:
        """Files an export writes beside its graphs: none, the metadata holds the tokens."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {"chars": self.chars, "bos": self.bos}

    @classmethod
    def from_dict(cls, state: dict[str, Any]) -> CharTokenizer:
        if not isinstance(state, dict) or "chars" not in state:
            raise TaskError(
                say(
                    "a saved tokenizer must be a mapping with 'chars'; the checkpoint is "
                    "damaged or from another task"
                )
            )
        return cls(str(state["chars"]), bos=bool(state.get("bos", False)))
