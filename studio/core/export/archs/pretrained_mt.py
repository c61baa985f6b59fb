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

from studio.core.export.archs.tiny_transformer import (
    CrossKeysValues,
    encoder_decoder_graphs,
    encoder_decoder_parity,
)
from studio.core.export.graphs import GraphSpec
from studio.core.export.parity import GraphSessions
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


def mt_cross(model: PretrainedTranslator) -> CrossKeysValues:
    decoder = model.marian.model.decoder
    return lambda memory: [cross_keys_values(layer, memory) for layer in decoder.layers]


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
    step = MTDecoderStep(model)
    return encoder_decoder_graphs(
        model, mt_cross(model), step, cache_shape(model), "the decoder start token"
    )


def parity(
    model: nn.Module, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """The contract's parity (tiny_transformer.encoder_decoder_parity), at lengths of at
    most 12: a translator's vocabulary makes each case costly."""
    assert isinstance(model, PretrainedTranslator)
    model = plain(model).eval()
    longest = model.cfg.max_len
    lengths = (min(3, longest), min(12, longest))
    return encoder_decoder_parity(model, graphs, rng, mt_cross(model), cache_shape(model), lengths)
