"""A causal LM of the user's as ONNX: the decoder graph contract, with its own cache.

The two graphs of Micro-GPT's contract (studio.core.export.archs.micro_gpt): `logits`
over whole left-padded rows, and `step`, which takes new tokens and the past keys and
values (L, B, H, P, hd) and returns the logits and the present ones, so one graph runs
the prompt and then one token a step. The step module builds the transformers model's
own cache from the past tensors, so the exported graph computes what the model computes
(its rotary positions, grouped key-value heads, norms), counted over real tokens as in
training. Under LoRA the adapters are merged into a copy first: the graphs hold plain
weights.

Parity: logits where a token is real (a padding position's logits are never read, and a
query that sees no key is left to each runtime), and the step graph fed half a row, then
the rest with the cache it returned.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import torch
from torch import nn

from studio.core.export.archs.micro_gpt import decoder_graphs
from studio.core.export.graphs import GraphSpec
from studio.core.export.parity import GraphSessions, padding_mask
from studio.core.models.pretrained.causal_lm import PretrainedDecoder, positions
from studio.core.models.pretrained.library import transformers
from studio.core.models.pretrained.lora import base_model, has_adapters


class PretrainedStep(nn.Module):
    """input_ids (B, T) new tokens, attention_mask (B, P + T) of every token so far,
    past_keys / past_values (L, B, H, P, hd) -> logits (B, T, V), present_keys /
    present_values (L, B, H, P + T, hd)."""

    def __init__(self, lm: Any) -> None:
        super().__init__()
        self.lm: Any = lm

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        past_keys: torch.Tensor,
        past_values: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        t, s = input_ids.shape[1], attention_mask.shape[1]
        cache = transformers().DynamicCache(config=self.lm.config)
        for i in range(past_keys.shape[0]):
            cache.update(past_keys[i], past_values[i], i)
        out = self.lm(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=positions(attention_mask.bool())[:, s - t :],
            past_key_values=cache,
            use_cache=True,
        )
        layers = out.past_key_values.layers
        keys = torch.stack([layer.keys for layer in layers])
        values = torch.stack([layer.values for layer in layers])
        return out.logits, keys, values


def plain(model: PretrainedDecoder) -> PretrainedDecoder:
    """The decoder with any LoRA adapters merged into a copy of its weights."""
    if not has_adapters(model.lm):
        return model
    merged = copy.deepcopy(model)
    merged.lm = merged.lm.merge_and_unload()
    return merged


def cache_shape(model: PretrainedDecoder) -> tuple[int, int, int]:
    """(layers, key-value heads, head size) of the model's cache."""
    config = base_model(model.lm).config
    layers = int(getattr(config, "num_hidden_layers", None) or config.n_layer)
    heads = int(getattr(config, "num_attention_heads", None) or config.n_head)
    kv_heads = int(getattr(config, "num_key_value_heads", None) or heads)
    width = int(getattr(config, "hidden_size", None) or config.n_embd)
    head_dim = int(getattr(config, "head_dim", None) or width // heads)
    return layers, kv_heads, head_dim


def graphs(model: PretrainedDecoder) -> list[GraphSpec]:
    model = plain(model).eval()
    return decoder_graphs(model, PretrainedStep(model.lm), cache_shape(model))


def parity(
    model: nn.Module, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """Both graphs at two batch sizes and lengths, left-padded, against the model's
    forward, at the positions of real tokens."""
    assert isinstance(model, PretrainedDecoder)
    model = plain(model).eval()
    layers, heads, head_dim = cache_shape(model)
    results = []
    for batch, length in ((1, 3), (3, min(12, model.cfg.longest()))):
        ids = rng.integers(0, model.vocab_size, (batch, length)).astype(np.int64)
        mask = padding_mask(rng, batch, length, left=True)
        with torch.no_grad():
            ref = model(torch.from_numpy(ids), torch.from_numpy(mask).bool()).numpy()
        (out,) = graphs.run("logits", input_ids=ids, attention_mask=mask)
        results.append((f"logits B={batch} T={length}", _real_diff(out, ref, mask)))
        half = max(length // 2, 1)
        empty = np.zeros((layers, batch, heads, 0, head_dim), dtype=np.float32)
        first, keys, values = graphs.run(
            "step", input_ids=ids[:, :half], attention_mask=mask[:, :half],
            past_keys=empty, past_values=empty,
        )  # fmt: skip
        rest, _, _ = graphs.run(
            "step", input_ids=ids[:, half:], attention_mask=mask,
            past_keys=keys, past_values=values,
        )  # fmt: skip
        stepped = np.concatenate([first, rest], axis=1)
        results.append((f"step B={batch} past={half}", _real_diff(stepped, ref, mask)))
    return results


def _real_diff(out: np.ndarray, ref: np.ndarray, mask: np.ndarray) -> float:
    """Largest |out - ref| over real tokens' rows; infinite when the shapes differ."""
    if out.shape != ref.shape:
        return float("inf")
    real = mask.astype(bool)
    return float(np.abs(out[real].astype(np.float64) - ref[real].astype(np.float64)).max())
