"""A translator's own tokenizers, spoken to as the translation task speaks to its own.

The translation task reads sources and writes targets through two tokenizers with a small
interface (studio.core.data.text_tokenizers.TextTokenizer has it): `encode(text)` without
BOS or EOS, `decode(ids)` leaving out the special tokens, `tokens(ids)` for display,
`pad_id`, `bos_id`, `eos_id`, `unk_id`, `vocab_size`, the `tags` a source may begin with,
and `to_dict` for a checkpoint and an export's metadata. A Marian folder brings its
MarianTokenizer: a sentencepiece model for each side and a vocabulary (vocab.json, shared
by both sides unless the folder holds target_vocab.json) mapping their pieces to the
model's ids; its target side begins a translation with the model's decoder start token
(Marian's is its padding token). `TranslatorTokens` holds both sides, the language pair
the folder names and the files an export writes beside its graphs so that a program
without transformers tokenizes alike (sentencepiece and the vocabularies).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from studio.core.files import RunError, read_limited
from studio.core.messages import say
from studio.core.models.pretrained.folders import ModelFolder, ModelFolderError, within

# what an export writes beside its graphs, from the folder's own files
TOKENIZER_FILES = ("source.spm", "target.spm", "vocab.json", "target_vocab.json")
MAX_TOKENIZER_FILE = 64 * 1024**2  # a sentencepiece model or vocabulary: a few MB


class SideTokenizer:
    """One side (source or target) of a translator's MarianTokenizer (`hf`)."""

    tags: tuple[str, ...] = ()  # a pretrained translator reads no tags of the studio's
    kind = "model"

    def __init__(self, hf: Any, *, target: bool, vocab_size: int, start_id: int) -> None:
        for name in ("eos_token_id", "pad_token_id", "unk_token_id"):
            if getattr(hf, name, None) is None:
                raise ValueError(
                    say(
                        "the translator's tokenizer has no {token} (tokenizer_config.json); the "
                        "folder's tokenizer is incomplete",
                        token=name.removesuffix("_id"),
                    )
                )
        self.hf = hf
        self.target = target
        self.eos_id: int = int(hf.eos_token_id)
        self.pad_id: int = int(hf.pad_token_id)
        self.unk_id: int = int(hf.unk_token_id)
        self.bos_id: int = start_id  # what the decoder reads first (Marian: its padding)
        self.vocab_size = vocab_size  # the model's width on this side

    def __len__(self) -> int:
        return self.vocab_size

    def encode(self, text: str) -> list[int]:
        """Token ids of `text`, without EOS."""
        if self.target:
            ids = self.hf(text_target=text, add_special_tokens=False)["input_ids"]
        else:
            ids = self.hf(text, add_special_tokens=False)["input_ids"]
        return [int(i) for i in ids]

    def decode(self, ids: Sequence[int]) -> str:
        """Text of `ids`, leaving out the special tokens (padding, EOS, unknown)."""
        special = {self.pad_id, self.eos_id, self.unk_id, self.bos_id}
        kept = [int(i) for i in ids if int(i) not in special]
        return str(self.hf.decode(kept, skip_special_tokens=True)).strip()

    def tokens(self, ids: Sequence[int]) -> list[str]:
        """Each id's piece, specials included (for display)."""
        return [str(t) for t in self.hf.convert_ids_to_tokens([int(i) for i in ids])]

    def to_dict(self) -> dict[str, Any]:
        """What a checkpoint and an export's metadata record: the tokenizer is the model
        folder's own, with its special ids."""
        return {
            "model_tokenizer": True,
            "side": "target" if self.target else "source",
            "pad_id": self.pad_id,
            "eos_id": self.eos_id,
            "unk_id": self.unk_id,
            "bos_id": self.bos_id,
            "vocab_size": self.vocab_size,
        }


@dataclass
class TranslatorTokens:
    """A translator folder's tokenizers, its language pair and its tokenizer files."""

    source: SideTokenizer
    target: SideTokenizer
    languages: tuple[str, str] | None  # (source, target) as the folder names them
    name: str  # the model, for people: "Helsinki-NLP/opus-mt-zh-en"
    folder: ModelFolder = field(repr=False)

    def files(self) -> dict[str, bytes]:
        """The folder's sentencepiece models and vocabularies, by name (an export writes
        them beside its graphs); RunError naming a file that cannot be read."""
        found: dict[str, bytes] = {}
        for name in TOKENIZER_FILES:
            path = self.folder.path / name
            if not path.is_file():
                continue
            try:
                found[name] = read_limited(
                    within(self.folder.root, path),
                    MAX_TOKENIZER_FILE,
                    "a tokenizer file (at most 64 MB)",
                )
            except (OSError, RunError) as err:
                raise RunError(
                    say("{path}: cannot be read ({reason})", path=str(path), reason=str(err))
                ) from None
        return found


def translator_tokens(hf: Any, folder: ModelFolder) -> TranslatorTokens:
    """Both sides of the folder's MarianTokenizer `hf`, sized by its config.json."""
    config = folder.config
    source_size = int(config.get("vocab_size") or len(hf))
    target_size = int(config.get("decoder_vocab_size") or source_size)
    start = config.get("decoder_start_token_id", config.get("pad_token_id"))
    if start is None:
        raise ModelFolderError(
            say(
                "{path}: config.json names no decoder_start_token_id, so a translation could "
                "not begin; the folder is damaged",
                path=str(folder.path),
            )
        )
    return TranslatorTokens(
        source=SideTokenizer(hf, target=False, vocab_size=source_size, start_id=int(start)),
        target=SideTokenizer(hf, target=True, vocab_size=target_size, start_id=int(start)),
        languages=folder.languages,
        name=folder.name,
        folder=folder,
    )
