"""Marian's layers run the studio's way: each source's cross-attention shared by its
rows, a preallocated self-attention cache, graphs that export.

transformers' MarianDecoder computes every row's cross-attention keys and values from
its own copy of the encoder's output; GRPO decodes G rows a source, and beam search K. So
the translator (translator.py) runs the layers itself, with these functions, over the very
modules transformers built and loaded (and peft wrapped, under LoRA): the cross keys and
values are projected once per source, and the G rows of a source attend to them as one
query block of G*T positions, a free view (as Tiny-Transformer's decoder does). The
encoder runs once per source, through the same plain operations, which torch.onnx traces
at any length (transformers' own mask builders do not trace so). A layer is post-norm, as
Marian's: residual, then LayerNorm, after each attention and after the feed-forward (fc1,
the activation, fc2); its input is the tokens' embeddings times embed_scale plus the
sinusoidal table's rows. Dropout as the config says, in training only; no layer drop.

A test holds these to transformers' own forward (tests/core/models/pretrained).

Shapes: P sources, G rows a source, N = P*G, S source tokens, T target tokens, D width,
H heads, hd = D / H.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from studio.core.models.encoder_decoder import DecoderCache


def heads(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    b, t, d = x.shape
    return x.view(b, t, n_heads, d // n_heads).transpose(1, 2)  # (B, H, T, hd)


def attend(
    attn: Any,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    mask: torch.Tensor | None = None,
    causal: bool = False,
    training: bool = False,
) -> torch.Tensor:
    """MarianAttention's output for queries x (B, T, D) projected already to `q`
    (B, H, T, hd), keys and values (B', H, S, hd): softmax(q k^T / sqrt(hd)) v, out_proj."""
    b, h, t, hd = q.shape
    drop = attn.dropout if training else 0.0
    y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=drop, is_causal=causal)
    return attn.out_proj(y.transpose(1, 2).reshape(b, t, h * hd))


def embed(
    stack: Any, tokens: torch.Tensor, positions: torch.Tensor, training: bool
) -> torch.Tensor:
    """A stack's input (B, T, D): the embeddings of tokens (B, T), scaled, plus the
    sinusoidal rows of `positions` (T,); `stack` is transformers' encoder or decoder."""
    x = stack.embed_tokens(tokens) * stack.embed_scale + stack.embed_positions.weight[positions]
    return dropout(x, stack.dropout, training)


def encoder_layer(layer: Any, x: torch.Tensor, mask: torch.Tensor, training: bool) -> torch.Tensor:
    """One encoder layer over sources x (P, S, D), mask (P, 1, 1, S) additive over keys."""
    attn = layer.self_attn
    q, k, v = (heads(proj(x), attn.num_heads) for proj in (attn.q_proj, attn.k_proj, attn.v_proj))
    h = attend(attn, q, k, v, mask=mask, training=training)
    x = layer.self_attn_layer_norm(x + dropout(h, layer.dropout, training))
    return feed_forward(layer, x, training)


def cross_keys_values(layer: Any, memory: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A decoder layer's cross-attention keys and values of memory (P, S, D), each
    (P, H, S, hd): once per source."""
    attn = layer.encoder_attn
    return heads(attn.k_proj(memory), attn.num_heads), heads(attn.v_proj(memory), attn.num_heads)


def _grouped_cross(
    layer: Any,
    x: torch.Tensor,
    kv: tuple[torch.Tensor, torch.Tensor],
    mem_mask: torch.Tensor,
    group: int,
    training: bool,
) -> torch.Tensor:
    """Cross-attention of x (N, T, D), whose rows come in blocks of `group` a source, to
    their source's keys and values (P, H, S, hd) with mem_mask (P, 1, 1, S): a block's
    G*T queries attend together; the reshape is a view, the keys are never copied."""
    attn = layer.encoder_attn
    n, t, d = x.shape
    q = heads(attn.q_proj(x).reshape(n // group, group * t, d), attn.num_heads)
    y = attend(attn, q, kv[0], kv[1], mask=mem_mask, training=training)  # (P, G*T, D)
    return y.view(n, t, d)


def dropout(x: torch.Tensor, p: float, training: bool) -> torch.Tensor:
    return F.dropout(x, p=p, training=training) if training and p > 0 else x


def feed_forward(layer: Any, x: torch.Tensor, training: bool) -> torch.Tensor:
    h = dropout(layer.activation_fn(layer.fc1(x)), layer.activation_dropout, training)
    return layer.final_layer_norm(x + dropout(layer.fc2(h), layer.dropout, training))


def layer_forward(
    layer: Any,
    x: torch.Tensor,
    kv: tuple[torch.Tensor, torch.Tensor],
    mem_mask: torch.Tensor,
    group: int,
    training: bool,
) -> torch.Tensor:
    """One decoder layer teacher-forced over whole targets x (N, T, D) (causal
    self-attention), with its cross keys and values `kv` of the P = N / group sources."""
    attn = layer.self_attn
    q, k, v = (heads(proj(x), attn.num_heads) for proj in (attn.q_proj, attn.k_proj, attn.v_proj))
    h = attend(attn, q, k, v, causal=True, training=training)
    x = layer.self_attn_layer_norm(x + dropout(h, layer.dropout, training))
    h = _grouped_cross(layer, x, kv, mem_mask, group, training)
    x = layer.encoder_attn_layer_norm(x + dropout(h, layer.dropout, training))
    return feed_forward(layer, x, training)


def layer_step(
    layer: Any, x: torch.Tensor, pos: int, cache: DecoderCache, index: int, training: bool
) -> torch.Tensor:
    """One new position of a decoder layer (x (N, 1, D)) against the cache, which it
    extends: its keys and values written at `pos`, every cached position in the past."""
    attn, n = layer.self_attn, x.shape[0]
    kv = cache.self_kv[index]  # (N, 2, H, max_steps, hd)
    n_heads, head_dim = kv.shape[2], kv.shape[4]
    kv.select(3, pos)[:, 0].copy_(attn.k_proj(x).view(n, n_heads, head_dim))
    kv.select(3, pos)[:, 1].copy_(attn.v_proj(x).view(n, n_heads, head_dim))
    q = heads(attn.q_proj(x), attn.num_heads)  # (N, H, 1, hd)
    h = attend(attn, q, kv[:, 0, :, : pos + 1], kv[:, 1, :, : pos + 1], training=training)
    x = layer.self_attn_layer_norm(x + dropout(h, layer.dropout, training))
    cross = (cache.cross_k[index], cache.cross_v[index])
    h = _grouped_cross(layer, x, cross, cache.mem_mask, cache.group, training)
    x = layer.encoder_attn_layer_norm(x + dropout(h, layer.dropout, training))
    return feed_forward(layer, x, training)
