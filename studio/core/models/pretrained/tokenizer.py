"""A pretrained model's own tokenizer, spoken to as the text tasks speak to theirs.

The text tasks (studio.core.tasks.text) tokenize with a small interface: `encode(text,
bos=, eos=)`, `decode(ids)` up to the first EOS, `piece(token)`, `vocab_size`, `pad_id`,
`eos_id`, `bos`/`bos_id`, and `to_dict` for a checkpoint. A model of the user's brings
its tokenizer; `ModelTokenizer` gives it that interface. A prompt (encoded with
`bos=True`) goes through the model's chat template when the model has one and the
section asks for it (model.chat_template), as the model was tuned to read instructions;
a completion is its tokens and the model's end-of-text token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studio.core.messages import say


class ModelTokenizer:
    """A transformers tokenizer (`hf`) with the text tasks' tokenizer interface."""

    def __init__(self, hf: Any, *, vocab_size: int, chat: bool) -> None:
        if hf.eos_token_id is None:
            raise ValueError(
                say(
                    "the model's tokenizer has no end-of-text token (eos_token in "
                    "tokenizer_config.json), so a completion could never end; the folder's "
                    "tokenizer is incomplete"
                )
            )
        self.hf = hf
        self.eos_id: int = int(hf.eos_token_id)
        # a tokenizer without a padding token (GPT-2's) pads with EOS: masks say what is real
        self.pad_id: int = int(hf.pad_token_id if hf.pad_token_id is not None else self.eos_id)
        self.vocab_size = vocab_size  # the model's output width (may exceed the tokenizer's)
        self.chat = chat and bool(getattr(hf, "chat_template", None))
        self.bos = False  # the tokenizer adds what it adds (add_special_tokens) itself
        self.bos_id = None

    def encode(self, text: str, *, bos: bool = True, eos: bool = False) -> list[int]:
        """Token ids of `text`. A prompt (`bos`) as the model reads a question: its chat
        template applied when `chat`, else with the tokenizer's own special tokens; a
        completion bare, EOS last when asked."""
        if bos and self.chat:
            turn = [{"role": "user", "content": text}]
            ids = self.hf.apply_chat_template(turn, add_generation_prompt=True, tokenize=True)
            ids = ids["input_ids"] if isinstance(ids, dict) or hasattr(ids, "keys") else ids
        else:
            ids = self.hf(text, add_special_tokens=bos)["input_ids"]
        ids = [int(i) for i in ids]
        return [*ids, self.eos_id] if eos else ids

    def prompt_tokens(self, chars: int) -> int:
        """The most tokens a prompt of `chars` ASCII characters takes: a byte-level
        tokenizer never writes more tokens than bytes, plus what the chat template or the
        tokenizer's own special tokens add around it."""
        return len(self.encode("")) + chars

    def decode(self, ids: Sequence[int]) -> str:
        """Text up to the first EOS, without the tokenizer's special tokens."""
        row = [int(i) for i in ids]
        if self.eos_id in row:
            row = row[: row.index(self.eos_id)]
        return str(self.hf.decode(row, skip_special_tokens=True))

    def piece(self, token: int) -> str:
        """One token as it reads (a word piece with its leading space, or a special's name)."""
        return str(self.hf.decode([int(token)], skip_special_tokens=False))

    def to_dict(self) -> dict[str, Any]:
        """What a checkpoint and an export's metadata record: the tokenizer is the model
        folder's own; the chat template's text around a question, when prompts use it."""
        spec: dict[str, Any] = {
            "model_tokenizer": True,
            "eos_id": self.eos_id,
            "pad_id": self.pad_id,
            "vocab_size": self.vocab_size,
        }
        if self.chat:
            spec["chat_prefix"], spec["chat_suffix"] = self.chat_wrapping()
        return spec

    def chat_wrapping(self) -> tuple[str, str]:
        """The chat template's text before and after a question (rendered around a
        marker), so a program without the template engine wraps a prompt alike."""
        marker = "\x00QUESTION\x00"
        turn = [{"role": "user", "content": marker}]
        text = str(self.hf.apply_chat_template(turn, add_generation_prompt=True, tokenize=False))
        before, _, after = text.partition(marker)
        return before, after

    def files(self) -> dict[str, bytes]:
        """Files an export writes beside its graphs: the tokenizer, as `tokenizers` reads it."""
        return {"tokenizer.json": self.hf.backend_tokenizer.to_str().encode("utf-8")}
