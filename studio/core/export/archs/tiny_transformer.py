"""Tiny-Transformer's ONNX graphs and their parity cases.

`encoder` (source ids and mask -> memory and every decoder layer's cross-attention
keys/values, computed once per sentence) and `decoder_step` (new target tokens, the
source mask, the cross keys/values, past self-attention keys/values -> logits and
present keys/values).
"""

from __future__ import annotations

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


class TinyEncoder(nn.Module):
    """src_ids (B, S), src_mask (B, S) int64 -> memory (B, S, D), cross_keys/values
    (L, B, H, S, hd): every decoder layer's cross-attention keys and values, once."""

    def __init__(self, model: TinyTransformer) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, src_ids: torch.Tensor, src_mask: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        memory = self.model.encode(src_ids, src_mask.bool())  # (B, S, D)
        kv = [block.cross_attn.keys_values(memory) for block in self.model.decoder_blocks]
        return memory, torch.stack([k for k, _ in kv]), torch.stack([v for _, v in kv])


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
    hd = cfg.d_model // cfg.n_heads
    layers = cfg.n_decoder_layers
    g = torch.Generator().manual_seed(0)
    src = torch.randint(0, model.src_vocab, (2, 4), generator=g)
    src_mask = torch.ones(2, 4, dtype=torch.long)
    cross = torch.zeros(layers, 2, cfg.n_heads, 4, hd)
    ids = torch.randint(0, model.tgt_vocab, (2, 3), generator=g)
    past = torch.zeros(layers, 2, cfg.n_heads, 2, hd)
    bounds = {"batch": 4096, "source": cfg.max_len, "length": cfg.max_len, "past": cfg.max_len}
    return [
        GraphSpec(
            "encoder",
            TinyEncoder(model),
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
            TinyDecoderStep(model),
            (ids, src_mask, cross, cross.clone(), past, past.clone()),
            [
                "input_ids",
                "src_mask",
                "cross_keys",
                "cross_values",
                "past_keys",
                "past_values",
            ],
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
            "`input_ids` (B, T) int64 (BOS first), `src_mask`, `cross_keys`, "
            "`cross_values`, `past_keys` / `past_values` (L, B, H, P, hd) float32 (P may be 0) "
            "-> `logits` (B, T, V), `present_keys` / `present_values` (L, B, H, P + T, hd)",
        ),
    ]


def parity(
    model: TinyTransformer, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """The encoder's memory and cross keys/values, and the decoder step with its own cache
    (cached_step_diff) against one teacher-forced decode; two batch sizes and lengths,
    sources right-padded."""
    cfg = model.cfg
    hd = cfg.d_model // cfg.n_heads
    results = []
    small, full = min(3, cfg.max_len), cfg.max_len
    for batch, length in ((1, small), (3, full)):
        src = rng.integers(0, model.src_vocab, (batch, length)).astype(np.int64)
        src_mask = padding_mask(rng, batch, length, left=False)
        tgt = rng.integers(0, model.tgt_vocab, (batch, length)).astype(np.int64)
        src_t, mask_t = torch.from_numpy(src), torch.from_numpy(src_mask).bool()
        with torch.no_grad():
            memory = model.encode(src_t, mask_t)  # (B, S, D)
            kv = [block.cross_attn.keys_values(memory) for block in model.decoder_blocks]
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

        empty = np.zeros((cfg.n_decoder_layers, batch, cfg.n_heads, 0, hd), dtype=np.float32)
        past, diff = cached_step_diff(step, tgt, ref, empty)
        results.append((f"decoder_step B={batch} past={past} new={length - past}", diff))
    return results
