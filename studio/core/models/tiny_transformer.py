"""Tiny-Transformer: a small pre-norm encoder-decoder for translation, with a KV cache.

The model is built from its own attention modules on `F.scaled_dot_product_attention`
rather than `nn.Transformer`, so that decoding can keep a preallocated self-attention
cache and compute the cross-attention keys and values once per source sentence, and so
that the graph exports cleanly to ONNX (nn.Transformer's nested-tensor fast path does not).

Grouped rows: GRPO decodes G targets per source. The encoder, and every decoder layer's
cross-attention keys and values, run on the P sources only; the G rows of source i
(rows i*G .. i*G+G-1) attend to them as one query block of G*T positions, a free view
of the (N, T, D) activations, so no source tensor is ever copied G times. This holds
for sampling, beam search (K beams per source) and the teacher-forced log-probs of the
GRPO update (`forward(..., group_size=G)`).

Shapes: B batch, S source tokens, T target tokens, D d_model, H heads, hd = D / H,
V target vocabulary; in generation P sources, G samples per source, N = P*G rows.

With model.share_layers = k, every k consecutive encoder blocks are one module, and so
are every k decoder blocks (ALBERT-style cross-layer sharing, studio.core.models.sharing).

References: Vaswani et al. 2017, "Attention Is All You Need" (the encoder-decoder);
Xiong et al. 2020, "On Layer Normalization in the Transformer Architecture" (pre-norm);
Holtzman et al. 2020 (nucleus sampling, `top_p`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, cast

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint

from studio.core.config.fields import ModelSection, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.checkpointing import checkpointing_param
from studio.core.models.compiled import compiled
from studio.core.models.decoder import GenerationOutput, decode
from studio.core.models.encoder_decoder import DecoderCache, generate_cached
from studio.core.models.masks import additive_mask, compute_dtype
from studio.core.models.sharing import check_sharing, shared_stack, sharing_param


@dataclass
class TinyTransformerConfig(ModelSection):
    """Tiny-Transformer: encoder-decoder for sequence-to-sequence tasks (translation)."""

    ARCH: ClassVar[str] = "tiny-transformer"

    d_model: int = param(
        128, "Width of every layer (the embedding size)", positive=True, label="Width (d_model)"
    )
    n_heads: int = param(
        4, "Attention heads; must divide d_model", positive=True, label="Attention heads"
    )
    n_encoder_layers: int = param(4, "Encoder blocks", positive=True, label="Encoder layers")
    n_decoder_layers: int = param(4, "Decoder blocks", positive=True, label="Decoder layers")
    d_ff: int = param(
        512,
        "Hidden width of each block's feed-forward layer",
        positive=True,
        label="Feed-forward width",
    )
    dropout: float = param(
        0.1,
        "Dropout in the warm-up (residuals, embeddings); GRPO samples and updates without it",
        min=0.0,
        max=0.9,
        label="Dropout",
    )
    max_len: int = param(
        64,
        "Longest source and longest target, in tokens (learned positions)",
        min=2,
        label="Longest sentence (tokens)",
    )
    shared_vocab: bool = param(
        False,
        "One embedding for source and target (needs the task's shared tokenizer)",
        label="Shared vocabulary",
    )
    tie_output: bool = param(
        True, "Output layer reuses the target embedding matrix", label="Tie embedding and output"
    )
    gradient_checkpointing: int = checkpointing_param()
    share_layers: int = sharing_param(" of the encoder, and of the decoder,")
    latent_noise: float = param(
        0.0,
        "Std of Gaussian noise added to the encoder's embeddings while training (0: off)",
        min=0.0,
        advanced=True,
        label="Embedding noise",
    )

    def __post_init__(self) -> None:
        if self.d_model % self.n_heads:
            raise ValueError(
                say(
                    "d_model ({width}) must be divisible by n_heads ({heads}); change one of them",
                    width=self.d_model,
                    heads=self.n_heads,
                )
            )
        check_sharing(
            self.share_layers,
            {
                "model.n_encoder_layers": self.n_encoder_layers,
                "model.n_decoder_layers": self.n_decoder_layers,
            },
        )

    def shape(self) -> ModelShape:
        enc, dec = self.n_encoder_layers, self.n_decoder_layers
        return ModelShape(
            layers=enc + dec,
            width=self.d_model,
            heads=self.n_heads,
            kv_layers=dec,  # the encoder runs once; the decoder caches while it samples
            blocks=max(enc, dec),  # each stack checkpoints its own every N-th block
            checkpoint_every=self.gradient_checkpointing,
            max_len=self.max_len,
        )


class Attention(nn.Module):
    """Multi-head attention whose keys/values are projected separately, so a decoder can
    cache them (self-attention) or compute them once per source (cross-attention). No
    dropout on the attention weights: it sends SDPA down its unfused path on the CPU, a
    random mask per weight, for no better warm-up on real text (benchmarks/RESULTS.md);
    the block's residual dropout regularizes it."""

    def __init__(self, d_model: int, n_heads: int) -> None:
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.kv_proj = nn.Linear(d_model, 2 * d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def _heads(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        return x.view(b, t, self.n_heads, d // self.n_heads).transpose(1, 2)  # (B, H, T, hd)

    def keys_values(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        k, v = self.kv_proj(x).chunk(2, dim=-1)
        return self._heads(k), self._heads(v)  # each (B, H, S, hd)

    def forward(
        self,
        x: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        mask: torch.Tensor | None = None,
        causal: bool = False,
    ) -> torch.Tensor:
        b, t, d = x.shape
        q = self._heads(self.q_proj(x))  # (B, H, T, hd)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))

    def grouped(
        self, x: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor, group: int
    ) -> torch.Tensor:
        """Queries x (N, T, D) whose rows come in blocks of `group` per key row: k, v
        (P, H, S, hd), mask (P, 1, 1, S), N = P * group. A block's G*T queries attend to
        their source's keys together; the reshape is a view, the keys are never copied."""
        n, t, d = x.shape
        y = self(x.reshape(n // group, group * t, d), k, v, mask=mask)  # (P, G*T, D)
        return y.view(n, t, d)


class FeedForward(nn.Sequential):
    def __init__(self, d_model: int, d_ff: int, dropout: float) -> None:
        super().__init__(
            nn.Linear(d_model, d_ff), nn.GELU(), nn.Linear(d_ff, d_model), nn.Dropout(dropout)
        )


class EncoderBlock(nn.Module):
    def __init__(self, cfg: TinyTransformerConfig) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(cfg.d_model)
        self.attn = Attention(cfg.d_model, cfg.n_heads)
        self.norm2 = nn.LayerNorm(cfg.d_model)
        self.ff = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.drop = nn.Dropout(cfg.dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.norm1(x)
        k, v = self.attn.keys_values(h)
        x = x + self.drop(self.attn(h, k, v, mask=mask))
        return x + self.ff(self.norm2(x))


class DecoderBlock(nn.Module):
    def __init__(self, cfg: TinyTransformerConfig) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(cfg.d_model)
        self.self_attn = Attention(cfg.d_model, cfg.n_heads)
        self.norm2 = nn.LayerNorm(cfg.d_model)
        self.cross_attn = Attention(cfg.d_model, cfg.n_heads)
        self.norm3 = nn.LayerNorm(cfg.d_model)
        self.ff = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.drop = nn.Dropout(cfg.dropout)

    def forward(
        self, x: torch.Tensor, memory: torch.Tensor, mem_mask: torch.Tensor, group: int = 1
    ) -> torch.Tensor:
        """Teacher forcing over the whole target (causal self-attention): x (N, T, D),
        memory (P, S, D) and mem_mask (P, 1, 1, S) of the P = N / group sources."""
        h = self.norm1(x)
        k, v = self.self_attn.keys_values(h)
        x = x + self.drop(self.self_attn(h, k, v, causal=True))
        ck, cv = self.cross_attn.keys_values(memory)  # (P, H, S, hd), once per source
        x = x + self.drop(self.cross_attn.grouped(self.norm2(x), ck, cv, mem_mask, group))
        return x + self.ff(self.norm3(x))

    def step(self, x: torch.Tensor, pos: int, cache: DecoderCache, layer: int) -> torch.Tensor:
        """One new position (x is (N, 1, D)) against the cache, which it extends."""
        n, _, d = x.shape
        h = self.norm1(x)
        kv = cache.self_kv[layer]  # (N, 2, H, max_steps, hd)
        # select + copy_, not kv[..., pos] = ...: an indexed assignment makes torch.compile
        # specialize on pos, a graph per position until its recompile limit, eager after
        kv.select(3, pos).copy_(self.self_attn.kv_proj(h).view(n, 2, kv.shape[2], kv.shape[4]))
        ks, vs = kv[:, 0, :, : pos + 1], kv[:, 1, :, : pos + 1]  # (N, H, pos+1, hd) views
        x = x + self.drop(self.self_attn(h, ks, vs))  # every cached position is in the past
        ck, cv = cache.cross_k[layer], cache.cross_v[layer]
        x = x + self.drop(
            self.cross_attn.grouped(self.norm2(x), ck, cv, cache.mem_mask, cache.group)
        )
        return x + self.ff(self.norm3(x))


class TinyTransformer(nn.Module):
    """Pre-norm encoder-decoder with learned positions, sampling, and the encode /
    init_cache / decode_step that beam search (models/beam_search.py) drives."""

    def __init__(
        self, cfg: TinyTransformerConfig, src_vocab: int, tgt_vocab: int, pad_id: int
    ) -> None:
        super().__init__()
        if cfg.shared_vocab and src_vocab != tgt_vocab:
            raise ValueError(
                say(
                    "model.shared_vocab needs one vocabulary, got source {source} and target "
                    "{target} tokens; use one tokenizer for both sides or set shared_vocab: false",
                    source=src_vocab,
                    target=tgt_vocab,
                )
            )
        self.cfg = cfg
        self.pad_id = pad_id
        self.src_vocab, self.tgt_vocab = src_vocab, tgt_vocab
        d = cfg.d_model
        self.src_embed = nn.Embedding(src_vocab, d)
        self.tgt_embed = self.src_embed if cfg.shared_vocab else nn.Embedding(tgt_vocab, d)
        self.src_pos = nn.Embedding(cfg.max_len, d)
        self.tgt_pos = nn.Embedding(cfg.max_len, d)
        self.drop = nn.Dropout(cfg.dropout)
        k = cfg.share_layers
        self.encoder = shared_stack(lambda: EncoderBlock(cfg), cfg.n_encoder_layers, k)
        self.enc_norm = nn.LayerNorm(d)
        self.decoder = shared_stack(lambda: DecoderBlock(cfg), cfg.n_decoder_layers, k)
        self.dec_norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, tgt_vocab, bias=False)
        # run the stacks through torch.compile (models/compiled.py; training.compile)
        self.compiled = False
        self.apply(self._init_weights)
        if cfg.tie_output:
            self.head.weight = self.tgt_embed.weight

    @property
    def decoder_blocks(self) -> list[DecoderBlock]:
        """The decoder's blocks, typed (a ModuleList yields plain Modules)."""
        return cast(list[DecoderBlock], list(self.decoder))

    @staticmethod
    def _init_weights(module: nn.Module) -> None:
        if isinstance(module, nn.Linear | nn.Embedding):
            nn.init.normal_(module.weight, std=0.02)
        if isinstance(module, nn.Linear) and module.bias is not None:
            nn.init.zeros_(module.bias)

    # ---- pieces

    def _check_length(self, length: int, what: str) -> None:
        if length > self.cfg.max_len:
            raise ValueError(
                say(
                    "{what} has {n} tokens but the model's max_len is {max_len}; shorten it "
                    "(data.max_length, grpo.max_new_tokens) or raise model.max_len",
                    what=what,
                    n=length,
                    max_len=self.cfg.max_len,
                )
            )

    def _recompute(self) -> bool:
        """Gradient checkpointing is on for this pass (it runs eager, block by block)."""
        return bool(self.cfg.gradient_checkpointing) and torch.is_grad_enabled()

    def _run(self, block: nn.Module, i: int, *args: Any) -> torch.Tensor:
        if self._recompute() and i % self.cfg.gradient_checkpointing == 0:
            return checkpoint(block, *args, use_reentrant=False)
        return block(*args)

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor) -> torch.Tensor:
        """Source ids (B, S) with mask (B, S), True at real tokens -> memory (B, S, D)."""
        b, s = src.shape
        self._check_length(s, say("The source"))
        x = self.src_embed(src) + self.src_pos(torch.arange(s, device=src.device))  # (B, S, D)
        if self.training and self.cfg.latent_noise > 0:
            x = x + torch.randn_like(x) * self.cfg.latent_noise  # latent-space augmentation
        x = self.drop(x)
        # (B, 1, 1, S): attend to real tokens only; additive, made once for every layer
        mask = additive_mask(src_mask[:, None, None, :], compute_dtype(x))
        if self._recompute():
            for i, block in enumerate(self.encoder):
                x = self._run(block, i, x, mask)
            return self.enc_norm(x)
        # the embeddings above stay eager: the trainer's pause hooks sit on them
        if self.compiled:
            return compiled(TinyTransformer._encoder_stack)(self, x, mask)
        return self._encoder_stack(x, mask)

    def _encoder_stack(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        for block in self.encoder:
            x = block(x, mask)
        return self.enc_norm(x)

    def decode(
        self, memory: torch.Tensor, src_mask: torch.Tensor, tgt_in: torch.Tensor, group: int = 1
    ) -> torch.Tensor:
        """Teacher-forced decoder: memory (P, S, D) and src_mask (P, S) of P sources,
        tgt_in (N, T) with N = P * group, rows i*group.. of source i -> logits (N, T, V)."""
        t = tgt_in.shape[1]
        self._check_length(t, say("The target"))
        pos = torch.arange(t, device=tgt_in.device)
        x = self.drop(self.tgt_embed(tgt_in) + self.tgt_pos(pos))  # (N, T, D)
        mask = additive_mask(src_mask[:, None, None, :], compute_dtype(x))  # (P, 1, 1, S)
        if self._recompute():
            for i, block in enumerate(self.decoder):
                x = self._run(block, i, x, memory, mask, group)
            return self.head(self.dec_norm(x))
        if self.compiled:
            return compiled(TinyTransformer._decoder_stack)(self, x, memory, mask, group)
        return self._decoder_stack(x, memory, mask, group)

    def _decoder_stack(
        self, x: torch.Tensor, memory: torch.Tensor, mask: torch.Tensor, group: int
    ) -> torch.Tensor:
        for block in self.decoder:
            x = block(x, memory, mask, group)
        return self.head(self.dec_norm(x))

    def forward(
        self,
        src: torch.Tensor,
        src_mask: torch.Tensor,
        tgt_in: torch.Tensor,
        group_size: int = 1,
    ) -> torch.Tensor:
        """Teacher forcing (what training calls): logits (N, T, V) for next target tokens.

        src and src_mask are (P, S), tgt_in is (N, T) with N = P * group_size: rows
        i*G .. i*G+G-1 are targets of source i, which is encoded once for all of them.
        """
        if group_size < 1 or tgt_in.shape[0] != src.shape[0] * group_size:
            raise ValueError(
                f"{tgt_in.shape[0]} target rows do not make groups of {group_size} for "
                f"{src.shape[0]} sources; pass group_size = targets / sources"
            )
        return self.decode(self.encode(src, src_mask), src_mask, tgt_in, group_size)

    def init_cache(
        self, memory: torch.Tensor, src_mask: torch.Tensor, max_steps: int, repeat: int = 1
    ) -> DecoderCache:
        """A cache for `repeat` rows per source: cross keys/values are projected once from the
        P sources' memory and shared by their rows; self-attention slots are preallocated."""
        p, s, d = memory.shape
        h = self.cfg.n_heads
        # (P, H, S, hd) each
        kv = [block.cross_attn.keys_values(memory) for block in self.decoder_blocks]
        self_kv = memory.new_zeros(len(self.decoder), p * repeat, 2, h, max_steps, d // h)
        # additive mask, made once instead of converted from bool in every attention call
        mem_mask = memory.new_zeros(p, 1, 1, s).masked_fill(
            ~src_mask[:, None, None, :], float("-inf")
        )
        return DecoderCache(self_kv, [k for k, _ in kv], [v for _, v in kv], mem_mask, repeat)

    def decode_step(self, tokens: torch.Tensor, pos: int, cache: DecoderCache) -> torch.Tensor:
        """Feed tokens (N,) at position `pos`, extending the cache -> logits (N, V)."""
        x = self.tgt_embed(tokens)[:, None] + self.tgt_pos.weight[pos]  # (N, 1, D)
        x = self.drop(x)
        if self.compiled:
            return compiled(TinyTransformer._step_stack)(self, x, pos, cache)
        return self._step_stack(x, pos, cache)

    def _step_stack(self, x: torch.Tensor, pos: int, cache: DecoderCache) -> torch.Tensor:
        for i, block in enumerate(self.decoder_blocks):
            x = block.step(x, pos, cache, i)
        return self.head(self.dec_norm(x[:, 0]))

    # ---- decoding

    @torch.no_grad()
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
        use_cache: bool = True,
        greedy: bool = False,
    ) -> GenerationOutput:
        """Sample `num_samples` (G) targets per source; rows i*G..i*G+G-1 belong to source i.

        The encoder runs once per source and its memory serves all G samples. Stops early
        when every row has produced EOS. use_cache=False recomputes the decoder over the
        whole prefix at every step (the slow baseline; same tokens for the same seed).
        """
        self._check_length(max_new_tokens, "max_new_tokens")
        if use_cache:
            return generate_cached(
                self,
                src,
                src_mask,
                num_samples=num_samples,
                max_new_tokens=max_new_tokens,
                bos_id=bos_id,
                eos_id=eos_id,
                pad_id=self.pad_id,
                temperature=temperature,
                top_k=top_k,
                top_p=top_p,
                greedy=greedy,
            )
        if temperature <= 0:
            raise ValueError(f"temperature must be positive, got {temperature}; use greedy=True")
        g = num_samples
        memory = self.encode(src, src_mask)  # (P, S, D), once per source
        bos = torch.full((src.shape[0] * g,), bos_id, dtype=torch.long, device=src.device)

        def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
            prefix = torch.cat([bos[:, None], tokens[:, :t]], dim=1)  # (N, t + 1)
            return self.decode(memory, src_mask, prefix, g)[:, -1]  # (N, V)

        return decode(  # the sampling loop every text model's generate runs (decoder.py)
            next_logits,
            len(bos),
            max_new_tokens,
            pad_id=self.pad_id,
            eos_id=eos_id,
            temperature=temperature,
            top_k=top_k,
            top_p=top_p,
            greedy=greedy,
            device=src.device,
        )


SPEC = ArchSpec(
    config=TinyTransformerConfig,
    kind="encoder-decoder",
    model=TinyTransformer,
    title="Tiny-Transformer (encoder-decoder translator)",
    layers=lambda cfg: say("{n} layers", n=f"{cfg.n_encoder_layers}+{cfg.n_decoder_layers}"),
    graphs="studio.core.export.archs.tiny_transformer:graphs",
    parity="studio.core.export.archs.tiny_transformer:parity",
    snippet="studio.core.export.snippets.tiny_transformer",
    runner="TranslatorOnnx",
    question="translation",
)
