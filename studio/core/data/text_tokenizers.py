"""Text tokenizers for translation: one character per token, or BPE.

Both kinds share four special tokens at fixed ids: PAD 0, BOS 1, EOS 2, UNK 3. A
character tokenizer suits Chinese (every character is a token, no segmentation needed);
BPE, trained with Hugging Face `tokenizers`, suits English or a joint vocabulary. BPE
splits text at spaces and punctuation with the Metaspace scheme (a space becomes "▁" at
the start of the next word, as in SentencePiece), so decoding restores the spacing
exactly; case is kept as written.

A tokenizer is saved as a JSON-able dict (`to_dict`) with a run and in ONNX metadata,
and rebuilt with `TextTokenizer.from_dict`.

References: Sennrich et al. 2016, "Neural Machine Translation of Rare Words with Subword
Units" (BPE); Kudo & Richardson 2018, "SentencePiece" (the "▁" word-boundary marker).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

SPECIALS = ("<pad>", "<bos>", "<eos>", "<unk>")
PAD_ID, BOS_ID, EOS_ID, UNK_ID = 0, 1, 2, 3
KINDS = ("char", "bpe")
FORMAT = 1  # version of to_dict's layout


class TokenizerError(ValueError):
    """A tokenizer cannot be trained or rebuilt; the message says what to change."""


class TextTokenizer:
    """Text <-> ids, by characters (`kind="char"`) or by BPE pieces (`kind="bpe"`).

    Build one with `train_tokenizer` or `TextTokenizer.from_dict`.
    """

    pad_id = PAD_ID
    bos_id = BOS_ID
    eos_id = EOS_ID
    unk_id = UNK_ID

    def __init__(self, kind: str, *, chars: list[str] | None = None, bpe: Tokenizer | None = None):
        if kind == "char" and chars is not None:
            self._itos = [*SPECIALS, *chars]
            self._stoi = {ch: i for i, ch in enumerate(self._itos) if i >= len(SPECIALS)}
        elif kind == "bpe" and bpe is not None:
            self._bpe = bpe
            self._itos = [bpe.id_to_token(i) for i in range(bpe.get_vocab_size())]
        else:
            raise TokenizerError(f'kind "{kind}": expected one of {", ".join(KINDS)}')
        self.kind = kind
        self.vocab_size = len(self._itos)

    def __len__(self) -> int:
        return self.vocab_size

    def __repr__(self) -> str:
        return f"TextTokenizer(kind={self.kind!r}, vocab_size={self.vocab_size})"

    def encode(self, text: str) -> list[int]:
        """Token ids of `text`, without BOS or EOS; unknown characters become UNK."""
        if self.kind == "char":
            return [self._stoi.get(ch, UNK_ID) for ch in text]
        return self._bpe.encode(text, add_special_tokens=False).ids

    def decode(self, ids: list[int]) -> str:
        """Text of `ids`, leaving out the special tokens (PAD, BOS, EOS, UNK)."""
        ids = [int(i) for i in ids]
        bad = [i for i in ids if not 0 <= i < self.vocab_size]
        if bad:
            raise TokenizerError(
                f"id {bad[0]} is outside this tokenizer's vocabulary of {self.vocab_size}; "
                "was the model built with a different tokenizer?"
            )
        if self.kind == "char":
            return "".join(self._itos[i] for i in ids if i >= len(SPECIALS))
        return self._bpe.decode(ids, skip_special_tokens=True)

    def tokens(self, ids: list[int]) -> list[str]:
        """Each id's token string, specials included (for display)."""
        return [self._itos[int(i)] for i in ids]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able description that `from_dict` turns back into the same tokenizer."""
        out: dict[str, Any] = {"format": FORMAT, "kind": self.kind, "specials": list(SPECIALS)}
        if self.kind == "char":
            out["chars"] = self._itos[len(SPECIALS) :]
        else:
            out["bpe"] = json.loads(self._bpe.to_str())
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TextTokenizer:
        """Rebuild a tokenizer saved by `to_dict`."""
        if not isinstance(d, dict):
            raise TokenizerError(f"a saved tokenizer is a mapping, got {type(d).__name__}")
        kind = d.get("kind")
        if kind not in KINDS:
            raise TokenizerError(
                f'saved tokenizer: kind "{kind}" is not one of {", ".join(KINDS)}; '
                "the file is damaged or from another program"
            )
        if d.get("format") != FORMAT or list(d.get("specials", ())) != list(SPECIALS):
            raise TokenizerError(
                f"saved tokenizer: format {d.get('format')} with specials {d.get('specials')} "
                f"is not this version's (format {FORMAT}, {list(SPECIALS)}); retrain it"
            )
        if kind == "char":
            chars = d.get("chars")
            if not isinstance(chars, list) or not all(
                isinstance(c, str) and len(c) == 1 for c in chars
            ):
                raise TokenizerError("saved char tokenizer: 'chars' must be a list of characters")
            return cls("char", chars=chars)
        try:
            bpe = Tokenizer.from_str(json.dumps(d.get("bpe")))
        except Exception as err:  # the library raises a bare Exception on bad JSON
            raise TokenizerError(
                f"saved BPE tokenizer cannot be read ({err}); retrain it"
            ) from None
        if [bpe.token_to_id(s) for s in SPECIALS] != [PAD_ID, BOS_ID, EOS_ID, UNK_ID]:
            raise TokenizerError(
                "saved BPE tokenizer: special tokens are not at ids 0-3; retrain it"
            )
        return cls("bpe", bpe=bpe)


def train_tokenizer(
    texts: list[str], *, kind: str, vocab_size: int = 2000, min_frequency: int = 1
) -> TextTokenizer:
    """Learn a tokenizer from `texts` (the training split only, so held-out data stays unseen).

    `vocab_size` counts the four special tokens. For "char" it is a ceiling: the most
    frequent characters are kept (ties by code point), the rest become UNK. For "bpe" it
    is the target size; a small corpus may give fewer. Characters (char) or merges (bpe)
    seen fewer than `min_frequency` times are left out.
    """
    if kind not in KINDS:
        raise TokenizerError(f'kind "{kind}": expected one of {", ".join(KINDS)}')
    if vocab_size <= len(SPECIALS):
        raise TokenizerError(
            f"vocab_size={vocab_size}: must exceed the {len(SPECIALS)} special tokens (e.g. 2000)"
        )
    if min_frequency < 1:
        raise TokenizerError(f"min_frequency={min_frequency}: must be at least 1")
    texts = [t for t in texts if isinstance(t, str) and t]
    if not texts:
        raise TokenizerError("no text to train a tokenizer on: give at least one non-empty string")
    if kind == "char":
        counts = Counter(ch for t in texts for ch in t)
        common = sorted(
            (ch for ch, n in counts.items() if n >= min_frequency), key=lambda c: (-counts[c], c)
        )
        return TextTokenizer("char", chars=common[: vocab_size - len(SPECIALS)])
    bpe = Tokenizer(models.BPE(unk_token=SPECIALS[UNK_ID]))
    bpe.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.Metaspace(), pre_tokenizers.Punctuation()]
    )
    bpe.decoder = decoders.Metaspace()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=min_frequency,
        special_tokens=list(SPECIALS),  # in this order, so they take ids 0-3
        show_progress=False,
    )
    bpe.train_from_iterator(texts, trainer)
    return TextTokenizer("bpe", bpe=bpe)
