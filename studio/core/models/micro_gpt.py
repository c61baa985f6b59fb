"""Micro-GPT: a small decoder-only transformer that samples groups of completions fast.

Built in nanoGPT's order (attention, MLP, block, model): pre-norm blocks with LayerNorm,
learned positional embeddings, causal self-attention through
torch.nn.functional.scaled_dot_product_attention, a GELU MLP, and an output head tied
to the token embedding (Press & Wolf, 2017). Prompts in a batch are left-padded; the
positions come from the attention mask, so padding never changes a row's logits.

`generate` is the GRPO rollout's hot path. It runs each prompt's prefix once, copies its
key/value cache to the G samples of the group, decodes one token per step into a
preallocated cache, and stops when every row has ended. `use_cache=False` recomputes the
whole sequence every step: the baseline that benchmarks/bench_kv_cache.py compares to.

With model.share_layers = k, every k consecutive blocks are one module (ALBERT-style
cross-layer sharing, studio.core.models.sharing).

References: Radford et al. 2019 (GPT-2); Karpathy, nanoGPT `model.py`; Hugging Face TRL
GRPOTrainer (log-probs of the temperature-scaled distribution before top-k/top-p).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, cast

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint

from studio.core.config.fields import ModelSection, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.checkpointing import checkpointing_param
from studio.core.models.compiled import compiled
from studio.core.models.decoder import GenerationOutput, NextLogits, decode
from studio.core.models.masks import additive_mask, compute_dtype
from studio.core.models.sharing import check_sharing, shared_stack, sharing_param


class MicroGPTError(ValueError):
    """A Micro-GPT input or setting is wrong; the message says which and how to fix it."""


@dataclass
class MicroGPTConfig(ModelSection):
    """Shape of the Micro-GPT decoder. The defaults give about 3.8M parameters."""

    ARCH: ClassVar[str] = "micro-gpt"

    n_layers: int = param(6, "Transformer blocks", positive=True, label="Layers")
    n_heads: int = param(
        8, "Attention heads per block (must divide d_model)", positive=True, label="Attention heads"
    )
    d_model: int = param(
        256, "Width of the residual stream (embedding size)", positive=True, label="Width (d_model)"
    )
    d_ff: int = param(
        704,
        "Hidden size of each block's MLP; 704 (2.75 x d_model) gives the 3.8M-parameter seed model",
        positive=True,
        label="Feed-forward width",
    )
    max_len: int = param(
        64,
        "Context length in tokens: prompt plus completion",
        positive=True,
        label="Context length (tokens)",
    )
    dropout: float = param(
        0.0,
        "Dropout in the warm-up (GRPO samples and updates without it)",
        min=0.0,
        max=0.9,
        label="Dropout",
    )
    tie_weights: bool = param(
        True, "Share the token embedding with the output head", label="Tie embedding and output"
    )
    gradient_checkpointing: int = checkpointing_param()
    share_layers: int = sharing_param()

    def __post_init__(self) -> None:
        if self.d_model % self.n_heads:
            raise MicroGPTError(
                say(
                    "model.n_heads: {heads} does not divide model.d_model ({width}); pick a head "
                    "count that divides the width (e.g. 4 or 8)",
                    heads=self.n_heads,
                    width=self.d_model,
                )
            )
        check_sharing(self.share_layers, {"model.n_layers": self.n_layers})

    def shape(self) -> ModelShape:
        n = self.n_layers
        return ModelShape(
            layers=n,
            width=self.d_model,
            heads=self.n_heads,
            kv_layers=n,
            blocks=n,
            checkpoint_every=self.gradient_checkpointing,
            max_len=self.max_len,
        )


def num_parameters(model: nn.Module, *, trainable_only: bool = False) -> int:
    """Parameters of `model`, tied ones counted once."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)


class KVCache:
    """Preallocated keys and values of every layer: (B, nh, capacity, hs) each.

    Decoding writes one position per step in place, so no step copies the whole cache.
    """

    def __init__(self, keys: list[torch.Tensor], values: list[torch.Tensor]) -> None:
        self.keys = keys
        self.values = values

    @classmethod
    def empty(cls, cfg: MicroGPTConfig, batch: int, capacity: int, like: torch.Tensor) -> KVCache:
        hs = cfg.d_model // cfg.n_heads
        shape = (batch, cfg.n_heads, capacity, hs)
        # under autocast the keys come out in the autocast dtype; store them as they come
        dtype = compute_dtype(like)
        make = [like.new_empty(shape, dtype=dtype) for _ in range(2 * cfg.n_layers)]
        return cls(make[: cfg.n_layers], make[cfg.n_layers :])

    @property
    def capacity(self) -> int:
        return self.keys[0].shape[2]

    def expand_groups(self, group_size: int, length: int, capacity: int) -> KVCache:
        """A cache of P*G rows whose first `length` positions repeat each row G times.

        Row i*G+j is a copy of row i (repeat_interleave order), written by one broadcast
        copy into the larger preallocated cache rather than by running the prefix G times.
        """
        keys: list[torch.Tensor] = []
        values: list[torch.Tensor] = []
        for src_list, dst_list in ((self.keys, keys), (self.values, values)):
            for src in src_list:
                P, nh, _, hs = src.shape
                dst = src.new_empty((P * group_size, nh, capacity, hs))
                dst.view(P, group_size, nh, capacity, hs)[:, :, :, :length].copy_(
                    src[:, None, :, :length]
                )
                dst_list.append(dst)
        return KVCache(keys, values)


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg: MicroGPTConfig) -> None:
        super().__init__()
        self.n_heads = cfg.n_heads
        self.qkv = nn.Linear(cfg.d_model, 3 * cfg.d_model)
        self.proj = nn.Linear(cfg.d_model, cfg.d_model)
        self.dropout = cfg.dropout
        self.resid_drop = nn.Dropout(cfg.dropout)

    def forward(
        self,
        x: torch.Tensor,
        attn_mask: torch.Tensor,
        cache: tuple[torch.Tensor, torch.Tensor] | None = None,
        start: int = 0,
    ) -> torch.Tensor:
        """x (B, T, C); attn_mask (B, 1, T, S): bool, True = may attend, or the same as an
        additive float mask (0 or -inf, see `additive_mask`).

        With a cache, this call's keys and values are written at positions start..start+T
        and the queries attend to cache positions 0..start+T (S = start + T).
        """
        B, T, C = x.shape
        hs = C // self.n_heads
        # one view and one permute for the three of them, rather than a split and a view
        # and a transpose each: a decoded token's pass is mostly such small calls
        qkv = self.qkv(x).view(B, T, 3, self.n_heads, hs).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)  # (B, nh, T, hs) each
        if cache is not None:
            cache_k, cache_v = cache
            cache_k[:, :, start : start + T] = k
            cache_v[:, :, start : start + T] = v
            k = cache_k[:, :, : start + T]  # (B, nh, S, hs)
            v = cache_v[:, :, : start + T]
        drop = self.dropout if self.training else 0.0
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=drop)
        y = self.proj(y.transpose(1, 2).reshape(B, T, C))  # (B, T, C)
        return self.resid_drop(y) if drop else y


class MLP(nn.Module):
    def __init__(self, cfg: MicroGPTConfig) -> None:
        super().__init__()
        self.fc = nn.Linear(cfg.d_model, cfg.d_ff)
        self.proj = nn.Linear(cfg.d_ff, cfg.d_model)
        self.drop = nn.Dropout(cfg.dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.proj(F.gelu(self.fc(x)))
        return self.drop(y) if self.drop.p and self.training else y


class Block(nn.Module):
    """Pre-norm transformer block: x + attn(ln(x)), then x + mlp(ln(x))."""

    def __init__(self, cfg: MicroGPTConfig) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(cfg.d_model)
        self.attn = CausalSelfAttention(cfg)
        self.ln_2 = nn.LayerNorm(cfg.d_model)
        self.mlp = MLP(cfg)

    def forward(
        self,
        x: torch.Tensor,
        attn_mask: torch.Tensor,
        cache: tuple[torch.Tensor, torch.Tensor] | None = None,
        start: int = 0,
    ) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x), attn_mask, cache, start)
        return x + self.mlp(self.ln_2(x))


def _attention_mask(key_mask: torch.Tensor, num_queries: int) -> torch.Tensor:
    """(B, 1, Tq, S) bool mask for queries at the last Tq of S positions.

    Causal, pad keys hidden; each query may always see itself, so that the rows of pad
    queries are not empty (an all-False row makes scaled_dot_product_attention return NaN).
    """
    S = key_mask.shape[1]
    q_pos = torch.arange(S - num_queries, S, device=key_mask.device)[:, None]  # (Tq, 1)
    k_pos = torch.arange(S, device=key_mask.device)[None, :]  # (1, S)
    causal = k_pos <= q_pos  # (Tq, S)
    visible = causal & (key_mask[:, None, :] | (k_pos == q_pos))  # (B, Tq, S)
    return visible[:, None]  # (B, 1, Tq, S)


class MicroGPT(nn.Module):
    """Decoder-only language model over a small vocabulary."""

    def __init__(self, cfg: MicroGPTConfig, vocab_size: int, pad_id: int) -> None:
        super().__init__()
        if vocab_size < 2:
            raise MicroGPTError(say("vocab_size must be at least 2, got {n}", n=vocab_size))
        if not 0 <= pad_id < vocab_size:
            raise MicroGPTError(
                say(
                    "pad_id {id} is outside the vocabulary 0..{last}",
                    id=pad_id,
                    last=vocab_size - 1,
                )
            )
        self.cfg = cfg
        self.vocab_size = vocab_size
        self.pad_id = pad_id
        self.wte = nn.Embedding(vocab_size, cfg.d_model)
        self.wpe = nn.Embedding(cfg.max_len, cfg.d_model)
        self.drop = nn.Dropout(cfg.dropout)
        self.blocks = shared_stack(lambda: Block(cfg), cfg.n_layers, cfg.share_layers)
        self.ln_f = nn.LayerNorm(cfg.d_model)
        self.lm_head = nn.Linear(cfg.d_model, vocab_size, bias=False)
        # run the blocks through torch.compile (models/compiled.py; training.compile)
        self.compiled = False
        if cfg.tie_weights:
            self.lm_head.weight = self.wte.weight
        self.apply(self._init_weights)
        # GPT-2: shrink the residual projections so the stream's variance does not grow
        # with depth
        for name, p in self.named_parameters():
            if name.endswith("proj.weight"):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layers))

    @property
    def block_list(self) -> list[Block]:
        """The blocks, typed (a ModuleList yields plain Modules)."""
        return cast(list[Block], list(self.blocks))

    @staticmethod
    def _init_weights(module: nn.Module) -> None:
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)

    # ---- forward

    def _hidden(
        self,
        idx: torch.Tensor,
        pos: torch.Tensor,
        attn_mask: torch.Tensor,
        cache: KVCache | None = None,
        start: int = 0,
    ) -> torch.Tensor:
        """Final hidden states (B, T, C) of tokens idx (B, T) at positions pos (B, T).

        attn_mask (B, 1, T, S) as in CausalSelfAttention; a bool one is made additive here,
        once for every layer.
        """
        x = self.wte(idx) + self.wpe(pos)  # (B, T, C)
        if self.cfg.dropout and self.training:
            x = self.drop(x)
        if attn_mask.dtype == torch.bool:
            attn_mask = additive_mask(attn_mask, compute_dtype(self.wte.weight))
        every = self.cfg.gradient_checkpointing
        if every > 0 and cache is None and torch.is_grad_enabled():
            for i, block in enumerate(self.blocks):
                if i % every == 0:
                    x = checkpoint(block, x, attn_mask, use_reentrant=False)
                else:
                    x = block(x, attn_mask)
            return self.ln_f(x)
        # the embeddings above stay eager: the trainer's pause hooks sit on them
        run = compiled(MicroGPT._stack) if self.compiled else MicroGPT._stack
        keys, values = (cache.keys, cache.values) if cache is not None else (None, None)
        return run(self, x, attn_mask, keys, values, start)

    def _stack(
        self,
        x: torch.Tensor,
        attn_mask: torch.Tensor,
        keys: list[torch.Tensor] | None,
        values: list[torch.Tensor] | None,
        start: int,
    ) -> torch.Tensor:
        """The blocks and the final norm: what `compiled` turns into one graph."""
        for i, block in enumerate(self.blocks):
            layer_cache = (keys[i], values[i]) if keys is not None and values is not None else None
            x = block(x, attn_mask, layer_cache, start)
        return self.ln_f(x)

    def _check_length(self, T: int, what: str) -> None:
        if self.cfg.max_len < T:
            raise MicroGPTError(
                say(
                    "{what} needs {n} positions but model.max_len is {max_len}; raise "
                    "model.max_len or shorten the prompts or completions",
                    what=what,
                    n=T,
                    max_len=self.cfg.max_len,
                )
            )

    def forward(
        self,
        idx: torch.Tensor,
        attention_mask: torch.Tensor | None = None,
        *,
        completion: torch.Tensor | None = None,
        group_size: int = 1,
    ) -> torch.Tensor:
        """Logits (B, T, V) for tokens idx (B, T) long.

        attention_mask (B, T) bool marks real tokens; prompts are left-padded. Positions
        count real tokens only (cumsum - 1), so a padded row gives the same logits as the
        row unpadded, and pad tokens are never attended to.

        With `completion` (N, Tc), N = P * group_size, idx holds the P prompts and the
        result is instead the logits (N, Tc, V) that predict each completion token: each
        prompt runs once and its keys and values serve its G completions (GRPO's update
        then costs P*Tp + N*Tc tokens rather than N*(Tp + Tc)). It goes through forward so
        that DDP sees it.
        """
        if completion is not None:
            return self._grouped_completion_logits(idx, attention_mask, completion, group_size)
        B, T = idx.shape
        self._check_length(T, say("the input"))
        if attention_mask is None:
            attention_mask = torch.ones_like(idx, dtype=torch.bool)
        attention_mask = attention_mask.bool()
        pos = (attention_mask.long().cumsum(dim=1) - 1).clamp(min=0)  # (B, T)
        x = self._hidden(idx, pos, _attention_mask(attention_mask, T))
        return self.lm_head(x)  # (B, T, V)

    def _grouped_completion_logits(
        self,
        prompt_ids: torch.Tensor,
        prompt_mask: torch.Tensor | None,
        completion: torch.Tensor,
        G: int,
    ) -> torch.Tensor:
        P, Tp = prompt_ids.shape
        N, Tc = completion.shape
        if N != P * G:
            raise MicroGPTError(
                say("{n} completions for {p} prompts is not {g} per prompt", n=N, p=P, g=G)
            )
        self._check_length(Tp + Tc, say("a prompt plus its completion"))
        if prompt_mask is None:
            prompt_mask = torch.ones_like(prompt_ids, dtype=torch.bool)
        prompt_mask = prompt_mask.bool()
        # the prompts once, filling a cache of their keys and values (with grad)
        small = KVCache.empty(self.cfg, P, Tp, self.wte.weight)
        pos = (prompt_mask.long().cumsum(dim=1) - 1).clamp(min=0)  # (P, Tp)
        h_prompt = self._hidden(prompt_ids, pos, _attention_mask(prompt_mask, Tp), small)
        cache = small.expand_groups(G, Tp, Tp + Tc)  # (N, nh, Tp + Tc, hs) per layer
        # then every completion, attending to its prompt's keys and its own
        key_mask = torch.cat(
            [
                prompt_mask.repeat_interleave(G, dim=0),
                torch.ones_like(completion, dtype=torch.bool),
            ],
            dim=1,
        )  # (N, Tp + Tc)
        start = prompt_mask.sum(dim=1).repeat_interleave(G)[:, None]  # (N, 1)
        pos = start + torch.arange(Tc, device=completion.device)[None, :]  # (N, Tc)
        h_comp = self._hidden(completion, pos, _attention_mask(key_mask, Tc), cache, start=Tp)
        # token j is predicted from position j-1: the prompt's last for j = 0
        h = torch.cat([h_prompt[:, -1:].repeat_interleave(G, dim=0), h_comp[:, :-1]], dim=1)
        return self.lm_head(h)  # (N, Tc, V)

    # ---- sampling

    @torch.no_grad()
    def generate(
        self,
        prompt_ids: torch.Tensor,
        prompt_mask: torch.Tensor,
        *,
        num_samples: int,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_k: int = 0,
        top_p: float = 1.0,
        eos_id: int | None,
        use_cache: bool = True,
        greedy: bool = False,
        return_logits: bool = False,
    ) -> GenerationOutput:
        """Sample `num_samples` (G) completions of each left-padded prompt (P, Tp).

        Log-probs are those of the temperature-scaled full distribution, before top-k /
        top-p filtering (as TRL reports them). Sampling draws from torch's default
        generator, or from the trainer's shared row noise (models/sampling.py). eos_id
        None never stops early (benchmarks). The model's train/eval mode is left as the
        caller set it.
        """
        P, Tp = prompt_ids.shape
        G = num_samples
        N = P * G
        self._check_generate(prompt_ids, prompt_mask, G, max_new_tokens, temperature, greedy)
        total = Tp + max_new_tokens
        device = prompt_ids.device
        prompt_mask = prompt_mask.bool()
        # keys every row may attend to: its prompt's real tokens, then every new token
        key_mask = torch.ones(N, total, dtype=torch.bool, device=device)  # (N, Tp + T)
        key_mask[:, :Tp] = prompt_mask.repeat_interleave(G, dim=0)
        make_step = self._cached_steps if use_cache else self._recomputed_steps
        next_logits = make_step(prompt_ids, prompt_mask, key_mask, G)
        return decode(  # shared row noise under the trainer (sampling.py)
            next_logits,
            N,
            max_new_tokens,
            pad_id=self.pad_id,
            eos_id=eos_id,
            temperature=temperature,
            top_k=top_k,
            top_p=top_p,
            greedy=greedy,
            return_logits=return_logits,
            device=device,
        )

    def _check_generate(
        self,
        prompt_ids: torch.Tensor,
        prompt_mask: torch.Tensor,
        G: int,
        max_new_tokens: int,
        temperature: float,
        greedy: bool,
    ) -> None:
        """MicroGPTError unless `generate`'s arguments make sense and the prompts plus the
        new tokens fit model.max_len."""
        if G < 1 or max_new_tokens < 1:
            raise MicroGPTError(
                say(
                    "num_samples and max_new_tokens must be at least 1, got {g} and {n}",
                    g=G,
                    n=max_new_tokens,
                )
            )
        if not greedy and not temperature > 0:
            raise MicroGPTError(say("temperature must be positive, got {t}", t=temperature))
        if prompt_mask.shape != prompt_ids.shape:
            raise MicroGPTError(
                say(
                    "prompt_mask {mask} must match prompt_ids {ids}",
                    mask=tuple(prompt_mask.shape),
                    ids=tuple(prompt_ids.shape),
                )
            )
        Tp = prompt_ids.shape[1]
        self._check_length(
            Tp + max_new_tokens,
            say("a prompt of {n} tokens plus {k} new tokens", n=Tp, k=max_new_tokens),
        )

    def _cached_steps(
        self,
        prompt_ids: torch.Tensor,
        prompt_mask: torch.Tensor,
        key_mask: torch.Tensor,
        G: int,
    ) -> NextLogits:
        """The decode loop's next logits with a KV cache: each prompt's prefix runs once and
        its cache is copied to its G samples; each step then runs one new token per row."""
        P, Tp = prompt_ids.shape
        total = key_mask.shape[1]
        prompt_len = key_mask[:, :Tp].sum(dim=1, keepdim=True)  # (N, 1)
        # one additive mask for every step: step t reads its first Tp + t positions
        step_mask = additive_mask(key_mask[:, None, None, :], compute_dtype(self.wte.weight))
        # the prefix runs once per prompt, not once per sample
        small = KVCache.empty(self.cfg, P, Tp, self.wte.weight)
        pos = (prompt_mask.long().cumsum(dim=1) - 1).clamp(min=0)  # (P, Tp)
        h = self._hidden(prompt_ids, pos, _attention_mask(prompt_mask, Tp), small)
        first = self.lm_head(h[:, -1]).repeat_interleave(G, dim=0)  # (N, V)
        cache = small.expand_groups(G, Tp, total)

        def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
            if t == 0:
                return first
            # one new token per row, written at cache slot Tp + t - 1
            idx = tokens[:, t - 1 : t]  # (N, 1)
            mask = step_mask[..., : Tp + t]  # (N, 1, 1, Tp + t)
            h = self._hidden(idx, prompt_len + (t - 1), mask, cache, start=Tp + t - 1)
            return self.lm_head(h[:, -1])  # (N, V)

        return next_logits

    def _recomputed_steps(
        self,
        prompt_ids: torch.Tensor,
        prompt_mask: torch.Tensor,
        key_mask: torch.Tensor,
        G: int,
    ) -> NextLogits:
        """The decode loop's next logits without a cache (use_cache=False, the baseline):
        every step recomputes the whole sequence so far, prefix included."""
        del prompt_mask  # key_mask holds it, repeated for each sample
        N, total = key_mask.shape
        Tp = prompt_ids.shape[1]
        seq = torch.full((N, total), self.pad_id, dtype=torch.long, device=prompt_ids.device)
        seq[:, :Tp] = prompt_ids.repeat_interleave(G, dim=0)

        def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
            if t > 0:
                seq[:, Tp + t - 1] = tokens[:, t - 1]
            m = key_mask[:, : Tp + t]
            pos = (m.long().cumsum(dim=1) - 1).clamp(min=0)  # (N, Tp + t)
            h = self._hidden(seq[:, : Tp + t], pos, _attention_mask(m, Tp + t))
            return self.lm_head(h[:, -1])  # (N, V)

        return next_logits


SPEC = ArchSpec(
    config=MicroGPTConfig,
    kind="decoder",
    model=MicroGPT,
    title="Micro-GPT (decoder-only text model)",
    layers=lambda cfg: say("{n} layers", n=cfg.n_layers),
    graphs="studio.core.export.archs.micro_gpt:graphs",
    parity="studio.core.export.archs.micro_gpt:parity",
    snippet="studio.core.export.snippets.micro_gpt",
    runner="MicroGPTOnnx",
    question="completion",
)
