"""The ONNX graphs each preset exports, as small nn.Modules around the trained model.

The wrappers call the model's own submodules (embeddings, blocks, norms, heads), so the
exported weights are the trained ones, but they choose the graph's interface:

- Micro-GPT: `logits` (input_ids, attention_mask -> logits) over a whole sequence, and
  `step` (new tokens, the mask of every token so far, past keys/values -> logits and
  present keys/values). The step graph takes any number of new tokens, so one graph
  runs the prompt (with an empty past) and then one token a step.
- Tiny-Transformer: `encoder` (source ids and mask -> memory and every decoder layer's
  cross-attention keys/values, computed once per sentence) and `decoder_step` (new target
  tokens, the source mask, the cross keys/values, past self-attention keys/values ->
  logits and present keys/values).
- Lite-ResNet: `policy` (observation uint8 images -> action logits).

Caches are stacked over layers, (L, B, H, P, hd), so a graph has one past and one present
tensor per kind rather than 2L of each. Masks are int64 (1 = real token), as in Hugging
Face's ONNX exports, so a caller built on numpy never needs boolean tensors.

The wrappers repeat the models' attention arithmetic; verify.py checks every graph
against the model itself, so a drift between the two cannot pass unnoticed.

References: Hugging Face Optimum's decoder "with past" ONNX layout (past/present
key-values as graph inputs/outputs); torch.onnx export documentation.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

from studio.core.models.lite_resnet import LiteResNet
from studio.core.models.micro_gpt import MicroGPT
from studio.core.models.tiny_transformer import TinyTransformer


@dataclass
class GraphSpec:
    """One graph to export: the module, example inputs, names and variable axes."""

    name: str  # file suffix and metadata key: "logits", "step", "encoder", ...
    module: nn.Module
    inputs: tuple[torch.Tensor, ...]  # example inputs (sizes >= 2 on variable axes)
    input_names: list[str]
    output_names: list[str]
    # input name -> {axis: axis name}; an axis name shared by two inputs is one size
    dynamic: dict[str, dict[int, str]]
    max_sizes: dict[str, int]  # axis name -> largest size the graph accepts (export bounds)


def _split_heads(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    b, t, d = x.shape
    return x.view(b, t, n_heads, d // n_heads).transpose(1, 2)  # (B, H, T, hd)


def _merge_heads(y: torch.Tensor) -> torch.Tensor:
    b, h, t, hd = y.shape
    return y.transpose(1, 2).reshape(b, t, h * hd)  # (B, T, D)


# ---- Micro-GPT


class MicroGPTLogits(nn.Module):
    """input_ids (B, T) int64, attention_mask (B, T) int64 -> logits (B, T, V)."""

    def __init__(self, model: MicroGPT) -> None:
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
        for i, block in enumerate(m.blocks):
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


def micro_gpt_graphs(model: MicroGPT) -> list[GraphSpec]:
    cfg = model.cfg
    hd = cfg.d_model // cfg.n_heads
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, model.vocab_size, (2, 3), generator=g)
    mask = torch.ones(2, 3, dtype=torch.long)
    past = torch.zeros(cfg.n_layers, 2, cfg.n_heads, 2, hd)
    step_mask = torch.ones(2, 5, dtype=torch.long)
    bounds = {"batch": 4096, "length": cfg.max_len, "past": cfg.max_len, "total": cfg.max_len}
    return [
        GraphSpec(
            "logits",
            MicroGPTLogits(model),
            (ids, mask),
            ["input_ids", "attention_mask"],
            ["logits"],
            {"input_ids": {0: "batch", 1: "length"}, "attention_mask": {0: "batch", 1: "length"}},
            bounds,
        ),
        GraphSpec(
            "step",
            MicroGPTStep(model),
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
        ),
    ]


# ---- Tiny-Transformer


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
        kv = [block.cross_attn.keys_values(memory) for block in self.model.decoder]
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
        for i, block in enumerate(m.decoder):
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


def tiny_transformer_graphs(model: TinyTransformer) -> list[GraphSpec]:
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
        ),
    ]


# ---- Lite-ResNet


class ResNetPolicy(nn.Module):
    """observation (B, C, H, W) uint8 -> logits (B, A); the model scales pixels to [0, 1]."""

    def __init__(self, model: LiteResNet) -> None:
        super().__init__()
        self.model = model

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        return self.model(observation)


def lite_resnet_graphs(model: LiteResNet) -> list[GraphSpec]:
    side = model.cfg.image_size
    obs = torch.randint(0, 256, (2, model.stem.in_channels, side, side), dtype=torch.uint8)
    return [
        GraphSpec(
            "policy",
            ResNetPolicy(model),
            (obs,),
            ["observation"],
            ["logits"],
            {"observation": {0: "batch"}},
            {"batch": 4096},
        )
    ]


def graphs_for(arch: str, model: nn.Module) -> list[GraphSpec]:
    """The graphs of a preset's model, the first being the main one."""
    builders = {
        "micro-gpt": micro_gpt_graphs,
        "tiny-transformer": tiny_transformer_graphs,
        "lite-resnet": lite_resnet_graphs,
    }
    if arch not in builders:
        raise ValueError(f"no ONNX export for model.arch {arch!r}; known: {', '.join(builders)}")
    return builders[arch](model.eval())
