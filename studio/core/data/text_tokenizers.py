"""Text tokenizers for translation: one character per token, or BPE.

Both kinds share four special tokens at fixed ids: PAD 0, BOS 1, EOS 2, UNK 3. A
character tokenizer suits Chinese (every character is a token, no segmentation needed);
BPE, trained with Hugging Face `tokenizers`, suits English or a joint vocabulary. BPE
splits text at spaces and punctuation with the Metaspace scheme (a space becomes "▁" at
the start of the next word, as in SentencePiece), so decoding restores the spacing
exactly; case is kept as written. BPE also keeps every Han and Kana character a piece
of its own (`UNSPACED`): text written without spaces would otherwise be one "word"
per sentence, and BPE would learn whole phrases as single pieces that a small model
can neither spell nor recombine.

Either kind may carry tags (`tags`): whole tokens such as "<2en>" or "<bt>" that a
source begins with (one space after each), each given one id after the vocabulary, so a
model reads a direction or a data origin as one token, never as the characters "<", "2",
"e", "n", ">".

A tokenizer is saved as a JSON-able dict (`to_dict`) with a run and in ONNX metadata,
and rebuilt with `TextTokenizer.from_dict`.

References: Sennrich et al. 2016, "Neural Machine Translation of Rare Words with Subword
Units" (BPE); Kudo & Richardson 2018, "SentencePiece" (the "▁" word-boundary marker).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

from studio.core.messages import say

SPECIALS = ("<pad>", "<bos>", "<eos>", "<unk>")
PAD_ID, BOS_ID, EOS_ID, UNK_ID = 0, 1, 2, 3
KINDS = ("char", "bpe")
FORMAT = 1  # version of to_dict's layout ("tags" is optional: none when absent)
# Han (CJK ideographs, extension A, compatibility) and Kana: a BPE piece each
UNSPACED = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"


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

    def __init__(
        self,
        kind: str,
        *,
        chars: list[str] | None = None,
        bpe: Tokenizer | None = None,
        tags: tuple[str, ...] | list[str] = (),
    ):
        if kind == "char" and chars is not None:
            self._itos = [*SPECIALS, *chars]
            self._stoi = {ch: i for i, ch in enumerate(self._itos) if i >= len(SPECIALS)}
        elif kind == "bpe" and bpe is not None:
            self._bpe = bpe
            self._itos = [bpe.id_to_token(i) or "" for i in range(bpe.get_vocab_size())]
        else:
            raise TokenizerError(
                say('kind "{kind}": expected one of {kinds}', kind=kind, kinds=", ".join(KINDS))
            )
        self.kind = kind
        self.tags = tuple(check_tags(tags))
        self._text_size = len(self._itos)  # ids from here on are the tags'
        self._tag_ids = {tag: self._text_size + k for k, tag in enumerate(self.tags)}
        self._itos += self.tags
        self.vocab_size = len(self._itos)

    def __len__(self) -> int:
        return self.vocab_size

    def __repr__(self) -> str:
        return f"TextTokenizer(kind={self.kind!r}, vocab_size={self.vocab_size})"

    def encode(self, text: str) -> list[int]:
        """Token ids of `text`, without BOS or EOS: the tags it begins with (each with the
        one space after it), then its text; unknown characters become UNK."""
        ids, text = split_tags(text, self.tags)
        head = [self._tag_ids[tag] for tag in ids]
        if self.kind == "char":
            return head + [self._stoi.get(ch, UNK_ID) for ch in text]
        return head + self._bpe.encode(text, add_special_tokens=False).ids

    def spell(self, text: str) -> list[int]:
        """BPE's ids of `text` letter by letter: its words as `encode` splits them (the
        Metaspace word start included), each character as its own piece, unknown ones UNK;
        `decode` reads them back as it reads merged pieces."""
        if self.kind != "bpe":
            return self.encode(text)
        words = self._bpe.pre_tokenizer.pre_tokenize_str(text)
        ids = (self._bpe.token_to_id(ch) for word, _ in words for ch in word)
        return [UNK_ID if i is None else i for i in ids]

    def decode(self, ids: list[int]) -> str:
        """Text of `ids`, leaving out the special tokens (PAD, BOS, EOS, UNK) and tags."""
        ids = [int(i) for i in ids]
        bad = [i for i in ids if not 0 <= i < self.vocab_size]
        if bad:
            raise TokenizerError(
                say(
                    "id {id} is outside this tokenizer's vocabulary of {n}; was the model built "
                    "with a different tokenizer?",
                    id=bad[0],
                    n=self.vocab_size,
                )
            )
        ids = [i for i in ids if i < self._text_size]
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
            out["chars"] = self._itos[len(SPECIALS) : self._text_size]
        else:
            out["bpe"] = json.loads(self._bpe.to_str())
        if self.tags:
            out["tags"] = list(self.tags)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TextTokenizer:
        """Rebuild a tokenizer saved by `to_dict`."""
        if not isinstance(d, dict):
            raise TokenizerError(
                say("a saved tokenizer is a mapping, got {type}", type=type(d).__name__)
            )
        kind = d.get("kind")
        if kind not in KINDS:
            raise TokenizerError(
                say(
                    'saved tokenizer: kind "{kind}" is not one of {kinds}; the file is damaged '
                    "or from another program",
                    kind=kind,
                    kinds=", ".join(KINDS),
                )
            )
        if d.get("format") != FORMAT or list(d.get("specials", ())) != list(SPECIALS):
            raise TokenizerError(
                say(
                    "saved tokenizer: format {format} with specials {specials} is not this "
                    "version's (format {ours}, {our_specials}); retrain it",
                    format=d.get("format"),
                    specials=d.get("specials"),
                    ours=FORMAT,
                    our_specials=list(SPECIALS),
                )
            )
        tags = d.get("tags", [])
        if not isinstance(tags, list):
            raise TokenizerError(say("saved tokenizer: 'tags' must be a list of strings"))
        if kind == "char":
            chars = d.get("chars")
            if not isinstance(chars, list) or not all(
                isinstance(c, str) and len(c) == 1 for c in chars
            ):
                raise TokenizerError(
                    say("saved char tokenizer: 'chars' must be a list of characters")
                )
            return cls("char", chars=chars, tags=tags)
        try:
            bpe = Tokenizer.from_str(json.dumps(d.get("bpe")))
        except Exception as err:  # the library raises a bare Exception on bad JSON
            raise TokenizerError(
                say("saved BPE tokenizer cannot be read ({reason}); retrain it", reason=str(err))
            ) from None
        if [bpe.token_to_id(s) for s in SPECIALS] != [PAD_ID, BOS_ID, EOS_ID, UNK_ID]:
            raise TokenizerError(
                say("saved BPE tokenizer: special tokens are not at ids 0-3; retrain it")
            )
        return cls("bpe", bpe=bpe, tags=tags)


def check_tags(tags: tuple[str, ...] | list[str]) -> list[str]:
    """`tags` if each is a distinct "<...>" string without spaces, else TokenizerError."""
    tags = list(tags)
    for tag in tags:
        if not (isinstance(tag, str) and tag.startswith("<") and tag.endswith(">")) or any(
            c.isspace() for c in tag
        ):
            raise TokenizerError(
                say("tag {tag}: a tag is written <name>, without spaces", tag=repr(tag))
            )
    if len(set(tags)) != len(tags):
        raise TokenizerError(say("tags {tags}: each tag once", tags=tags))
    return tags


# the export's example program (export/snippets/tiny_transformer.py) repeats this rule
def split_tags(text: str, tags: tuple[str, ...]) -> tuple[list[str], str]:
    """The tags `text` begins with (in order) and the text after them; one space after
    each tag belongs to it: "<2en> 你好" -> (["<2en>"], "你好")."""
    found: list[str] = []
    while tags:
        tag = next((t for t in tags if text.startswith(t)), None)
        if tag is None:
            break
        found.append(tag)
        text = text[len(tag) :].removeprefix(" ")
    return found, text


def train_tokenizer(
    texts: list[str],
    *,
    kind: str,
    vocab_size: int = 2000,
    min_frequency: int = 1,
    tags: tuple[str, ...] | list[str] = (),
    alphabet: str = "",
) -> TextTokenizer:
    """Learn a tokenizer from `texts` (the training split only, so held-out data stays unseen).

    `vocab_size` counts the four special tokens, not the tags. For "char" it is a ceiling:
    the most frequent characters are kept (ties by code point), the rest become UNK. For
    "bpe" it is the target size; a small corpus may give fewer. Characters (char) or merges
    (bpe) seen fewer than `min_frequency` times are left out. `tags` become one token each
    (after the vocabulary); the texts' leading tags are not learned as text. BPE keeps
    every character of `alphabet` as a piece even when `texts` lack it (held-out text
    then never reads as UNK).
    """
    if kind not in KINDS:
        raise TokenizerError(
            say('kind "{kind}": expected one of {kinds}', kind=kind, kinds=", ".join(KINDS))
        )
    if vocab_size <= len(SPECIALS):
        raise TokenizerError(
            say(
                "vocab_size={n}: must exceed the {specials} special tokens (e.g. 2000)",
                n=vocab_size,
                specials=len(SPECIALS),
            )
        )
    if min_frequency < 1:
        raise TokenizerError(say("min_frequency={n}: must be at least 1", n=min_frequency))
    tags = check_tags(tags)
    texts = [split_tags(t, tuple(tags))[1] for t in texts if isinstance(t, str)]
    texts = [t for t in texts if t]
    if not texts:
        raise TokenizerError(
            say("no text to train a tokenizer on: give at least one non-empty string")
        )
    if kind == "char":
        counts = Counter(ch for t in texts for ch in t)
        common = sorted(
            (ch for ch, n in counts.items() if n >= min_frequency), key=lambda c: (-counts[c], c)
        )
        return TextTokenizer("char", chars=common[: vocab_size - len(SPECIALS)], tags=tags)
    bpe = Tokenizer(models.BPE(unk_token=SPECIALS[UNK_ID]))
    bpe.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Metaspace(),
            pre_tokenizers.Split(Regex(UNSPACED), behavior="isolated"),
            pre_tokenizers.Punctuation(),
        ]
    )
    bpe.decoder = decoders.Metaspace()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=min_frequency,
        special_tokens=list(SPECIALS),  # in this order, so they take ids 0-3
        initial_alphabet=sorted(set(alphabet)),
        show_progress=False,
    )
    bpe.train_from_iterator(texts, trainer)
    return TextTokenizer("bpe", bpe=bpe, tags=tags)
