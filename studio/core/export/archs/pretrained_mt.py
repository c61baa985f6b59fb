"""A translator of the user's as ONNX: the encoder and the decoder step with its cache.

The graph contract Tiny-Transformer's export follows (studio.core.export.archs
.tiny_transformer), with the same names, so one program drives either: `encoder` (source
ids and mask -> memory and every decoder layer's cross-attention keys and values, once a
sentence) and `decoder_step` (new target tokens at positions P.., the source mask, the
cross keys and values, the past self-attention keys and values -> logits and the present
keys and values). Both run Marian's layers through the same functions training runs
(studio.core.models.pretrained.marian), so the graphs compute what the model computes.
Under LoRA the adapters are merged into a copy first: the graphs hold plain weights.

Parity: the encoder's memory and cross keys and values, and the decoder step fed half the
target, then the rest with the cache it returned, against one teacher-forced decode.
"""

from __future__ import annotations

import copy
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
from studio.core.models.pretrained.lora import has_adapters
from studio.core.models.pretrained.marian import (
    attend,
    cross_keys_values,
    dropout,
    embed,
    feed_forward,
    heads,
)
from studio.core.models.pretrained.translator import PretrainedTranslator


class MTEncoder(nn.Module):
    """src_ids (B, S), src_mask (B, S) int64 -> memory (B, S, D), cross_keys/values
    (L, B, H, S, hd): every decoder layer's cross-attention keys and values, once."""

    def __init__(self, model: PretrainedTranslator) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, src_ids: torch.Tensor, src_mask: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        memory = self.model.encode(src_ids, src_mask.bool())  # (B, S, D)
        kv = [cross_keys_values(layer, memory) for layer in self.model.marian.model.decoder.layers]
        return memory, torch.stack([k for k, _ in kv]), torch.stack([v for _, v in kv])


def _layer_with_past(
    layer: Any, x: torch.Tensor, past: tuple[torch.Tensor, torch.Tensor], masks: tuple
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One decoder layer over new positions x (B, T, D): its keys and values joined to
    the past's (B, H, P, hd); masks: the causal one (1, 1, T, P + T), the source's
    (B, 1, 1, S), and the layer's cross keys and values (B, H, S, hd)."""
    self_mask, mem_mask, cross_k, cross_v = masks
    attn = layer.self_attn
    q, k, v = (heads(proj(x), attn.num_heads) for proj in (attn.q_proj, attn.k_proj, attn.v_proj))
    k, v = torch.cat([past[0], k], dim=2), torch.cat([past[1], v], dim=2)  # (B, H, P + T, hd)
    h = attend(attn, q, k, v, mask=self_mask)
    x = layer.self_attn_layer_norm(x + dropout(h, layer.dropout, False))
    cross = layer.encoder_attn
    h = attend(cross, heads(cross.q_proj(x), cross.num_heads), cross_k, cross_v, mask=mem_mask)
    x = layer.encoder_attn_layer_norm(x + dropout(h, layer.dropout, False))
    return feed_forward(layer, x, False), k, v


class MTDecoderStep(nn.Module):
    """input_ids (B, T) new target tokens at positions P..P+T-1; src_mask (B, S) int64;
    cross_keys/values (L, B, H, S, hd) from the encoder; past_keys/values (L, B, H, P, hd),
    P may be 0 -> logits (B, T, V), present_keys/values (L, B, H, P + T, hd)."""

    def __init__(self, model: PretrainedTranslator) -> None:
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
        marian = self.model.marian
        t, p = input_ids.shape[1], past_keys.shape[3]
        q_pos = torch.arange(t, device=input_ids.device) + p  # (T,)
        k_pos = torch.arange(p + t, device=input_ids.device)  # (P + T,)
        self_mask = (k_pos[None, :] <= q_pos[:, None])[None, None]  # (1, 1, T, P + T)
        mem_mask = src_mask.bool()[:, None, None, :]  # (B, 1, 1, S)
        x = embed(marian.model.decoder, input_ids, q_pos, False)  # (B, T, D)
        keys, values = [], []
        for i, layer in enumerate(marian.model.decoder.layers):
            masks = (self_mask, mem_mask, cross_keys[i], cross_values[i])
            x, k, v = _layer_with_past(layer, x, (past_keys[i], past_values[i]), masks)
            keys.append(k)
            values.append(v)
        logits = marian.lm_head(x) + marian.final_logits_bias  # (B, T, V)
        return logits, torch.stack(keys), torch.stack(values)


def plain(model: PretrainedTranslator) -> PretrainedTranslator:
    """The translator with any LoRA adapters merged into a copy of its weights."""
    if not has_adapters(model.lm):
        return model
    merged = copy.deepcopy(model.lm).merge_and_unload()
    return PretrainedTranslator(
        model.cfg, model.src_vocab, model.tgt_vocab, model.pad_id, lm=merged
    ).eval()


def cache_shape(model: PretrainedTranslator) -> tuple[int, int, int]:
    """(decoder layers, heads, head size) of the decoder's cache."""
    layers = list(model.marian.model.decoder.layers)
    attn = layers[0].self_attn
    return len(layers), int(attn.num_heads), int(attn.head_dim)


def graphs(model: PretrainedTranslator) -> list[GraphSpec]:
    model = plain(model).eval()
    layers, n_heads, head_dim = cache_shape(model)
    g = torch.Generator().manual_seed(0)
    src = torch.randint(0, model.src_vocab, (2, 4), generator=g)
    src_mask = torch.ones(2, 4, dtype=torch.long)
    cross = torch.zeros(layers, 2, n_heads, 4, head_dim)
    ids = torch.randint(0, model.tgt_vocab, (2, 3), generator=g)
    past = torch.zeros(layers, 2, n_heads, 2, head_dim)
    longest = model.cfg.max_len
    bounds = {"batch": 4096, "source": longest, "length": longest, "past": longest}
    return [
        GraphSpec(
            "encoder",
            MTEncoder(model),
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
            MTDecoderStep(model),
            (ids, src_mask, cross, cross.clone(), past, past.clone()),
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
            "`input_ids` (B, T) int64 (the decoder start token first), `src_mask`, "
            "`cross_keys`, `cross_values`, `past_keys` / `past_values` (L, B, H, P, hd) float32 "
            "(P may be 0) -> `logits` (B, T, V), `present_keys` / `present_values` "
            "(L, B, H, P + T, hd)",
        ),
    ]


def parity(
    model: nn.Module, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """The encoder's memory and cross keys and values, and the decoder step with its own
    cache (cached_step_diff) against one teacher-forced decode; two batch sizes and
    lengths, sources right-padded."""
    assert isinstance(model, PretrainedTranslator)
    model = plain(model).eval()
    layers, n_heads, head_dim = cache_shape(model)
    results = []
    for batch, length in ((1, min(3, model.cfg.max_len)), (3, min(12, model.cfg.max_len))):
        src = rng.integers(0, model.src_vocab, (batch, length)).astype(np.int64)
        src_mask = padding_mask(rng, batch, length, left=False)
        tgt = rng.integers(0, model.tgt_vocab, (batch, length)).astype(np.int64)
        src_t, mask_t = torch.from_numpy(src), torch.from_numpy(src_mask).bool()
        with torch.no_grad():
            memory = model.encode(src_t, mask_t)  # (B, S, D)
            kv = [cross_keys_values(layer, memory) for layer in model.marian.model.decoder.layers]
            ref_k = torch.stack([k for k, _ in kv])  # (L, B, H, S, hd)
            ref_v = torch.stack([v for _, v in kv])
            ref = model.decode(memory, mask_t, torch.from_numpy(tgt))  # (B, T, V)
        mem, cross_k, cross_v = graphs.run("encoder", src_ids=src, src_mask=src_mask)
        enc_diff = max(
            max_abs_diff(mem, memory),
            max_abs_diff(cross_k, ref_k),
            max_abs_diff(cross_v, ref_v),
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
