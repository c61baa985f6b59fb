"""What an encoder-decoder is to the studio: the contract of ArchSpec.kind "encoder-decoder".

The translation task (studio.core.tasks.translation: its training, decoding and
back-translation), beam search (beam_search.py), the export adapter and live translation
ask a translator for no more than this, so any architecture that keeps it trains and
translates: the Tiny-Transformer made from scratch (tiny_transformer.py) and a translator
of the user's (pretrained/translator.py).

- It is built as `Model(cfg, src_vocab, tgt_vocab, pad_id)`; `cfg.max_len` is the
  longest source and the longest target it reads, in tokens.
- `model(src, src_mask, tgt_in, group_size=G)`: teacher-forced logits (N, T, V) of N =
  P*G target rows, rows i*G .. i*G+G-1 of source i, which is encoded once for them all.
- `encode(src, src_mask)` -> memory (P, S, D); `decode(memory, src_mask, tgt_in, group)`
  the teacher-forced decoder over it; `init_cache(memory, src_mask, max_steps, repeat)` a
  `DecoderCache` for `repeat` rows a source; `decode_step(tokens, pos, cache)` the next
  logits (N, V) of one new token a row: what sampling and beam search drive.
- `generate(src, src_mask, num_samples=G, ...)`: G sampled (or greedy) targets of each
  source, a `GenerationOutput` (models/decoder.py).

Shapes: P sources, G samples per source, N = P*G rows, S source tokens, T target tokens,
D width, L decoder layers, H heads, hd head size, V target vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import torch

from studio.core.models.decoder import GenerationOutput, decode


@dataclass
class DecoderCache:
    """Keys and values for incremental decoding of N = P*G rows (G rows per source).

    Self-attention keys and values live in one preallocated buffer, written one position
    a step (no torch.cat per step). Cross-attention keys and values are projected once per
    source from the encoder memory and shared by that source's G rows.
    """

    self_kv: torch.Tensor  # (L, N, 2, H, max_steps, hd): keys [:, :, 0], values [:, :, 1]
    cross_k: list[torch.Tensor]  # per layer (P, H, S, hd)
    cross_v: list[torch.Tensor]
    mem_mask: torch.Tensor  # (P, 1, 1, S) float: 0 at real source tokens, -inf at padding
    group: int  # G

    def reorder(self, rows: torch.Tensor) -> None:
        """Keep self-attention rows `rows` (beam search). Cross keys are left alone: beams
        are only reordered within their own source, whose keys they share."""
        self.self_kv = self.self_kv.index_select(1, rows)


class LengthLimited(Protocol):
    @property
    def max_len(self) -> int: ...


@runtime_checkable
class EncoderDecoder(Protocol):
    """The translator the translation task trains (see the module's docstring)."""

    pad_id: int
    src_vocab: int
    tgt_vocab: int
    training: bool

    @property
    def cfg(self) -> LengthLimited: ...

    def __call__(
        self, src: torch.Tensor, src_mask: torch.Tensor, tgt_in: torch.Tensor, group_size: int = 1
    ) -> torch.Tensor: ...

    def eval(self) -> Any: ...

    def train(self, mode: bool = True) -> Any: ...

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor) -> torch.Tensor: ...

    def decode(
        self, memory: torch.Tensor, src_mask: torch.Tensor, tgt_in: torch.Tensor, group: int = 1
    ) -> torch.Tensor: ...

    def init_cache(
        self, memory: torch.Tensor, src_mask: torch.Tensor, max_steps: int, repeat: int = 1
    ) -> DecoderCache: ...

    def decode_step(self, tokens: torch.Tensor, pos: int, cache: DecoderCache) -> torch.Tensor: ...

    def generate(
        self,
        src: torch.Tensor,
        src_mask: torch.Tensor,
        *,
        num_samples: int = 1,
        max_new_tokens: int = 32,
        temperature: float = 1.0,
        top_k: int = 0,
        top_p: float = 1.0,
        bos_id: int,
        eos_id: int,
        greedy: bool = False,
    ) -> GenerationOutput: ...


def generate_cached(
    model: EncoderDecoder,
    src: torch.Tensor,
    src_mask: torch.Tensor,
    *,
    num_samples: int,
    max_new_tokens: int,
    temperature: float,
    top_k: int,
    top_p: float,
    bos_id: int,
    eos_id: int,
    pad_id: int,
    greedy: bool,
) -> GenerationOutput:
    """What `generate` does for any encoder-decoder with a cache: each source (P, S)
    encoded once, its `num_samples` rows decoded a token at a time through `decode_step`
    by the sampling loop every text model shares (decoder.decode)."""
    if temperature <= 0:
        raise ValueError(f"temperature must be positive, got {temperature}; use greedy=True")
    memory = model.encode(src, src_mask)  # (P, S, D), once per source
    n = src.shape[0] * num_samples
    cache = model.init_cache(memory, src_mask, max_new_tokens, repeat=num_samples)
    start = torch.full((n,), bos_id, dtype=torch.long, device=src.device)  # (N,)

    def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
        return model.decode_step(start if t == 0 else tokens[:, t - 1], t, cache)  # (N, V)

    return decode(
        next_logits,
        n,
        max_new_tokens,
        pad_id=pad_id,
        eos_id=eos_id,
        temperature=temperature,
        top_k=top_k,
        top_p=top_p,
        greedy=greedy,
        device=src.device,
    )
