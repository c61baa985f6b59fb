"""Tiny-Transformer's ONNX graphs and their parity cases.

`encoder` (source ids and mask -> memory and every decoder layer's cross-attention
keys/values, computed once per sentence) and `decoder_step` (new target tokens, the
source mask, the cross keys/values, past self-attention keys/values -> logits and
present keys/values).

The encoder-decoder graph contract is written here once (encoder_decoder_graphs,
encoder_decoder_parity, EncoderGraph): a translator of the user's (pretrained_mt.py)
follows it with its own decoder step, so one program drives either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import torch
from torch import nn

from studio.core.export.graphs import GraphSpec
from studio.core.export.parity import (
    GraphSessions,
    cached_step_diff,
    max_abs_diff,
    padding_mask,
)
from studio.core.models.tiny_transformer import TinyTransformer

# every decoder layer's cross-attention keys and values (B, H, S, hd) of a memory (B, S, D)
CrossKeysValues = Callable[[torch.Tensor], list[tuple[torch.Tensor, torch.Tensor]]]
Cache = tuple[int, int, int]  # the decoder cache's (layers, heads, head size)


class EncoderGraph(nn.Module):
    """src_ids (B, S), src_mask (B, S) int64 -> memory (B, S, D), cross_keys/values
    (L, B, H, S, hd): every decoder layer's cross-attention keys and values, once."""

    def __init__(self, model: Any, cross: CrossKeysValues) -> None:
        super().__init__()
        self.model, self.cross = model, cross

    def forward(
        self, src_ids: torch.Tensor, src_mask: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        memory = self.model.encode(src_ids, src_mask.bool())  # (B, S, D)
        kv = self.cross(memory)
        return memory, torch.stack([k for k, _ in kv]), torch.stack([v for _, v in kv])


def tiny_cross(model: TinyTransformer) -> CrossKeysValues:
    return lambda memory: [block.cross_attn.keys_values(memory) for block in model.decoder_blocks]


class TinyDecoderStep(nn.Module):
    """input_ids (B, T) new target tokens at positions P..P+T-1; src_mask (B, S) int64;
    cross_keys/values (L, B, H, S, hd) from the encoder; past_keys/values (L, B, H, P, hd),
    P may be 0 -> logits (B, T, V), present_keys/values (L, B, H, P + T, hd)."""

    def __init__(self, model: TinyTransformer) -> None:
        super().__init__()
        self.model = model

    def forward(
        self,
        input_ids: torch.Tensor,
        src_mask: torch.Tensor,
        cross_keys: torch.Tensor,
        cross_values: torch.Tensor,
        past_keys: torch.Tensor,
        past_values: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        m = self.model
        t = input_ids.shape[1]
        p = past_keys.shape[3]
        q_pos = torch.arange(t, device=input_ids.device) + p  # (T,)
        k_pos = torch.arange(p + t, device=input_ids.device)  # (P + T,)
        self_mask = (k_pos[None, :] <= q_pos[:, None])[None, None]  # (1, 1, T, P + T)
        mem_mask = src_mask.bool()[:, None, None, :]  # (B, 1, 1, S)
        x = m.tgt_embed(input_ids) + m.tgt_pos(q_pos)  # (B, T, D)
        keys, values = [], []
        for i, block in enumerate(m.decoder_blocks):
            h = block.norm1(x)
            k, v = block.self_attn.keys_values(h)  # (B, H, T, hd)
            k = torch.cat([past_keys[i], k], dim=2)  # (B, H, P + T, hd)
            v = torch.cat([past_values[i], v], dim=2)
            x = x + block.self_attn(h, k, v, mask=self_mask)
            x = x + block.cross_attn(block.norm2(x), cross_keys[i], cross_values[i], mask=mem_mask)
            x = x + block.ff(block.norm3(x))
            keys.append(k)
            values.append(v)
        logits = m.head(m.dec_norm(x))  # (B, T, V)
        return logits, torch.stack(keys), torch.stack(values)


def graphs(model: TinyTransformer) -> list[GraphSpec]:
    cfg = model.cfg
    cache = (cfg.n_decoder_layers, cfg.n_heads, cfg.d_model // cfg.n_heads)
    return encoder_decoder_graphs(model, tiny_cross(model), TinyDecoderStep(model), cache, "BOS")


def encoder_decoder_graphs(
    model: Any, cross: CrossKeysValues, step: nn.Module, cache: Cache, first: str
) -> list[GraphSpec]:
    """The contract's two graphs of an encoder-decoder `model` (src_vocab, tgt_vocab,
    cfg.max_len, encode): its encoder with `cross`, and `step`, its decoder step with the
    cache of `cache`'s sizes; `first` names the token a target starts with."""
    layers, n_heads, head_dim = cache
    g = torch.Generator().manual_seed(0)
    src = torch.randint(0, model.src_vocab, (2, 4), generator=g)
    src_mask = torch.ones(2, 4, dtype=torch.long)
    kv = torch.zeros(layers, 2, n_heads, 4, head_dim)
    ids = torch.randint(0, model.tgt_vocab, (2, 3), generator=g)
    past = torch.zeros(layers, 2, n_heads, 2, head_dim)
    longest = model.cfg.max_len
    bounds = {"batch": 4096, "source": longest, "length": longest, "past": longest}
    return [
        GraphSpec(
            "encoder",
            EncoderGraph(model, cross),
            (src, src_mask),
            ["src_ids", "src_mask"],
            ["memory", "cross_keys", "cross_values"],
            {"src_ids": {0: "batch", 1: "source"}, "src_mask": {0: "batch", 1: "source"}},
            bounds,
            "`src_ids` (B, S) int64 ending in EOS, `src_mask` (B, S) int64 (1 = real, "
            "right-padded) -> `memory` (B, S, D), `cross_keys` / `cross_values` (L, B, H, S, hd)",
        ),
        GraphSpec(
            "decoder_step",
            step,
            (ids, src_mask, kv, kv.clone(), past, past.clone()),
            ["input_ids", "src_mask", "cross_keys", "cross_values", "past_keys", "past_values"],
            ["logits", "present_keys", "present_values"],
            {
                "input_ids": {0: "batch", 1: "length"},
                "src_mask": {0: "batch", 1: "source"},
                "cross_keys": {1: "batch", 3: "source"},
                "cross_values": {1: "batch", 3: "source"},
                "past_keys": {1: "batch", 3: "past"},
                "past_values": {1: "batch", 3: "past"},
            },
            bounds,
            f"`input_ids` (B, T) int64 ({first} first), `src_mask`, `cross_keys`, "
            "`cross_values`, `past_keys` / `past_values` (L, B, H, P, hd) float32 (P may be 0) "
            "-> `logits` (B, T, V), `present_keys` / `present_values` (L, B, H, P + T, hd)",
        ),
    ]


def parity(
    model: TinyTransformer, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    cfg = model.cfg
    cache = (cfg.n_decoder_layers, cfg.n_heads, cfg.d_model // cfg.n_heads)
    lengths = (min(3, cfg.max_len), cfg.max_len)
    return encoder_decoder_parity(model, graphs, rng, tiny_cross(model), cache, lengths)


def encoder_decoder_parity(
    model: Any,
    graphs: GraphSessions,
    rng: np.random.Generator,
    cross: CrossKeysValues,
    cache: Cache,
    lengths: tuple[int, int],
) -> list[tuple[str, float]]:
    """The encoder's memory and cross keys/values, and the decoder step with its own cache
    (cached_step_diff) against one teacher-forced decode; a batch of 1 at the first of
    `lengths` and of 3 at the second, sources right-padded."""
    layers, n_heads, head_dim = cache
    results = []
    for batch, length in zip((1, 3), lengths, strict=True):
        src = rng.integers(0, model.src_vocab, (batch, length)).astype(np.int64)
        src_mask = padding_mask(rng, batch, length, left=False)
        tgt = rng.integers(0, model.tgt_vocab, (batch, length)).astype(np.int64)
        src_t, mask_t = torch.from_numpy(src), torch.from_numpy(src_mask).bool()
        with torch.no_grad():
            memory = model.encode(src_t, mask_t)  # (B, S, D)
            kv = cross(memory)
            ref_k = torch.stack([k for k, _ in kv])  # (L, B, H, S, hd)
            ref_v = torch.stack([v for _, v in kv])
            ref = model.decode(memory, mask_t, torch.from_numpy(tgt))  # (B, T, V)
        mem, cross_k, cross_v = graphs.run("encoder", src_ids=src, src_mask=src_mask)
        enc_diff = max(
            max_abs_diff(mem, memory), max_abs_diff(cross_k, ref_k), max_abs_diff(cross_v, ref_v)
        )
        results.append((f"encoder B={batch} S={length}", enc_diff))

        shared = {"src_mask": src_mask, "cross_keys": cross_k, "cross_values": cross_v}

        def step(new, upto, keys, values, shared=shared):
            del upto  # the decoder's own positions come from the past's length
            return graphs.run(
                "decoder_step", input_ids=new, past_keys=keys, past_values=values, **shared
            )

        empty = np.zeros((layers, batch, n_heads, 0, head_dim), dtype=np.float32)
        past, diff = cached_step_diff(step, tgt, ref, empty)
        results.append((f"decoder_step B={batch} past={past} new={length - past}", diff))
    return results
