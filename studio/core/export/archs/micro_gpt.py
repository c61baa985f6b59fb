"""Micro-GPT's ONNX graphs and their parity cases: the decoder graph contract.

`logits` (input_ids, attention_mask -> logits) over a whole sequence, and `step` (new
tokens, the mask of every token so far, past keys/values -> logits and present
keys/values). The step graph takes any number of new tokens, so one graph runs the
prompt (with an empty past) and then one token a step.

The two graphs' names, inputs and outputs are a contract any decoder-only architecture
can follow (ArchSpec.kind "decoder"): write its step module, hand it with the model to
`decoder_graphs`, and name this module's `parity` and Micro-GPT's snippet
(studio.core.export.snippets.micro_gpt, which reads the cache's sizes from the step
graph) in the spec. The cache need not hold attention keys: it is any float tensor
(L, B, H, P, hd) per kind that grows by one position a token.
"""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from studio.core.export.graphs import GraphSpec
from studio.core.export.parity import (
    GraphSessions,
    cached_step_diff,
    max_abs_diff,
    padding_mask,
)
from studio.core.models.decoder import TextDecoder, as_decoder
from studio.core.models.micro_gpt import MicroGPT


def _split_heads(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    b, t, d = x.shape
    return x.view(b, t, n_heads, d // n_heads).transpose(1, 2)  # (B, H, T, hd)


def _merge_heads(y: torch.Tensor) -> torch.Tensor:
    b, h, t, hd = y.shape
    return y.transpose(1, 2).reshape(b, t, h * hd)  # (B, T, D)


class DecoderLogits(nn.Module):
    """input_ids (B, T) int64, attention_mask (B, T) int64 -> logits (B, T, V): the
    logits graph of any decoder (its forward)."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids, attention_mask.bool())


class MicroGPTStep(nn.Module):
    """Decoding with a cache, for prompts left-padded as in training.

    input_ids (B, T) new tokens; attention_mask (B, P + T) marks the real tokens of the
    past and the new ones; past_keys/values (L, B, H, P, hd), P may be 0.
    -> logits (B, T, V), present_keys/values (L, B, H, P + T, hd).
    Positions count real tokens only (cumsum of the mask - 1), as MicroGPT.forward does.
    """

    def __init__(self, model: MicroGPT) -> None:
        super().__init__()
        self.model = model

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        past_keys: torch.Tensor,
        past_values: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        m = self.model
        t = input_ids.shape[1]
        real = attention_mask.bool()  # (B, S), S = P + T
        s = real.shape[1]
        pos = (real.long().cumsum(dim=1) - 1).clamp(min=0)[:, s - t :]  # (B, T)
        q_pos = torch.arange(s - t, s, device=real.device)[:, None]  # (T, 1)
        k_pos = torch.arange(s, device=real.device)[None, :]  # (1, S)
        # causal, pad keys hidden, and a query always sees itself (no empty rows)
        visible = (k_pos <= q_pos) & (real[:, None, :] | (k_pos == q_pos))  # (B, T, S)
        visible = visible[:, None]  # (B, 1, T, S)
        x = m.wte(input_ids) + m.wpe(pos)  # (B, T, D)
        keys, values = [], []
        for i, block in enumerate(m.block_list):
            attn = block.attn
            h = block.ln_1(x)
            q, k, v = attn.qkv(h).split(h.shape[-1], dim=2)
            q = _split_heads(q, attn.n_heads)  # (B, H, T, hd)
            k = torch.cat([past_keys[i], _split_heads(k, attn.n_heads)], dim=2)  # (B, H, S, hd)
            v = torch.cat([past_values[i], _split_heads(v, attn.n_heads)], dim=2)
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=visible)
            x = x + attn.proj(_merge_heads(y))
            x = x + block.mlp(block.ln_2(x))
            keys.append(k)
            values.append(v)
        logits = m.lm_head(m.ln_f(x))  # (B, T, V)
        return logits, torch.stack(keys), torch.stack(values)


def decoder_graphs(
    model: nn.Module, step: nn.Module, cache: tuple[int, int, int]
) -> list[GraphSpec]:
    """The contract's two graphs of a decoder: its forward (DecoderLogits) and its `step`
    module, whose cache is (layers, heads, head size) = `cache` per position."""
    layers, heads, head_dim = cache
    decoder = as_decoder(model)
    max_len = _max_len(decoder)
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, decoder.vocab_size, (2, 3), generator=g)
    mask = torch.ones(2, 3, dtype=torch.long)
    past = torch.zeros(layers, 2, heads, 2, head_dim)
    step_mask = torch.ones(2, 5, dtype=torch.long)
    bounds = {"batch": 4096, "length": max_len, "past": max_len, "total": max_len}
    return [
        GraphSpec(
            "logits",
            DecoderLogits(model),
            (ids, mask),
            ["input_ids", "attention_mask"],
            ["logits"],
            {"input_ids": {0: "batch", 1: "length"}, "attention_mask": {0: "batch", 1: "length"}},
            bounds,
            "`input_ids` (B, T) int64, `attention_mask` (B, T) int64 (1 = real token, "
            "prompts left-padded) -> `logits` (B, T, V)",
        ),
        GraphSpec(
            "step",
            step,
            (ids, step_mask, past, past.clone()),
            ["input_ids", "attention_mask", "past_keys", "past_values"],
            ["logits", "present_keys", "present_values"],
            {
                "input_ids": {0: "batch", 1: "length"},
                "attention_mask": {0: "batch", 1: "total"},
                "past_keys": {1: "batch", 3: "past"},
                "past_values": {1: "batch", 3: "past"},
            },
            bounds,
            "`input_ids` (B, T) int64 new tokens, `attention_mask` (B, P + T) int64, "
            "`past_keys` / `past_values` (L, B, H, P, hd) float32 (P may be 0) -> `logits` "
            "(B, T, V), `present_keys` / `present_values` (L, B, H, P + T, hd)",
        ),
    ]


def graphs(model: MicroGPT) -> list[GraphSpec]:
    cfg = model.cfg
    return decoder_graphs(
        model, MicroGPTStep(model), (cfg.n_layers, cfg.n_heads, cfg.d_model // cfg.n_heads)
    )


def _max_len(decoder: TextDecoder) -> int:
    max_len = decoder.cfg.shape().max_len
    if max_len is None:
        raise ValueError("the decoder graph contract needs the model's max_len (its bounds)")
    return max_len


def parity(
    model: nn.Module, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """Both graphs of a decoder at two batch sizes and lengths, left-padded, against the
    model's forward; the step graph with its own cache (cached_step_diff)."""
    decoder = as_decoder(model)
    v, max_len = decoder.vocab_size, _max_len(decoder)
    cache = graphs.input_shape("step", "past_keys")  # (L, "batch", H, "past", hd)
    layers, heads, head_dim = (int(cache[i]) for i in (0, 2, 4))
    results = []
    small, full = min(3, max_len), max_len
    for batch, length in ((1, small), (3, full)):
        ids = rng.integers(0, v, (batch, length)).astype(np.int64)
        mask = padding_mask(rng, batch, length, left=True)
        with torch.no_grad():
            ref = decoder(torch.from_numpy(ids), torch.from_numpy(mask).bool())  # (B, T, V)
        (out,) = graphs.run("logits", input_ids=ids, attention_mask=mask)
        results.append((f"logits B={batch} T={length}", max_abs_diff(out, ref)))

        def step(new, upto, keys, values, mask=mask):
            return graphs.run(
                "step",
                input_ids=new,
                attention_mask=mask[:, :upto],
                past_keys=keys,
                past_values=values,
            )

        empty = np.zeros((layers, batch, heads, 0, head_dim), dtype=np.float32)
        past, diff = cached_step_diff(step, ids, ref, empty)
        results.append((f"step B={batch} past={past} new={length - past}", diff))
    return results
