"""A translator of the user's (a Marian model: opus-mt and its kind) as a studio
encoder-decoder.

The translation task trains any model that keeps the contract of
studio.core.models.encoder_decoder. `PretrainedTranslator` keeps it around transformers'
MarianMTModel loaded from the user's folder (loading.py), its layers run through
marian.py: the encoder once per source, and a source's cross-attention keys and values
projected once and shared by its G rows (GRPO's samples, beam search's beams); sampling
keeps its own preallocated key-value cache
(`DecoderCache`), one token a step (decoder.decode, so the trainer's seeded row noise
decides the draws). Positions are Marian's sinusoidal table, the logits its tied output
layer plus its final bias. Under LoRA (lora.py: the attention projections, out_proj, fc1
and fc2 of both stacks) the KL reference is the model with its adapters off, no copy, and
a checkpoint holds the adapters alone.

Its section (`PretrainedMTConfig`, model.arch "pretrained-mt") names the folder and how
to train it (section.py), and reads the model's shape from config.json without loading a
weight. Its tokenizers are the folder's (translator_tokenizer.py: `model_tokenizers`,
which the translation task uses instead of fitting its own).

Shapes: P sources, G samples per source, N = P*G rows, S source tokens, T target tokens,
D d_model, L decoder layers, H heads, hd = D / H, V the model's vocabulary.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

from studio.core.config.fields import ConfigError, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.decoder import GenerationOutput
from studio.core.models.encoder_decoder import DecoderCache, generate_cached
from studio.core.models.masks import additive_mask, compute_dtype
from studio.core.models.pretrained.loading import load_tokenizer
from studio.core.models.pretrained.lora import (
    BaseModelView,
    base_model,
    has_adapters,
    keep_adapters_only,
)
from studio.core.models.pretrained.marian import (
    cross_keys_values,
    embed,
    encoder_layer,
    layer_forward,
    layer_step,
)
from studio.core.models.pretrained.section import PretrainedSection, config_value, load_model
from studio.core.models.pretrained.translator_tokenizer import TranslatorTokens, translator_tokens

MAX_LEN = 128  # model.max_len's default: a sentence of real text is far shorter


@dataclass
class PretrainedMTConfig(PretrainedSection):
    """A translator (a Marian model, opus-mt) from a Hugging Face folder on this computer."""

    ARCH: ClassVar[str] = "pretrained-mt"
    USE = "translation"

    max_len: int = param(
        MAX_LEN,
        "Longest source and longest target, in the model's tokens (at most the positions "
        "the model was trained for)",
        min=2,
        label="Longest sentence (tokens)",
    )

    def longest(self) -> int:
        return self.max_len

    def shape(self) -> ModelShape:
        config = self.folder().config
        encoder = int(config_value(config, "encoder_layers"))
        decoder = int(config_value(config, "decoder_layers"))
        return ModelShape(
            layers=encoder + decoder,
            width=int(config_value(config, "d_model")),
            heads=int(config_value(config, "decoder_attention_heads")),
            kv_layers=decoder,  # the encoder runs once; the decoder caches while it samples
            blocks=max(encoder, decoder),
            checkpoint_every=1 if self.gradient_checkpointing else 0,
            max_len=self.max_len,
            vocab=int(config.get("decoder_vocab_size") or config.get("vocab_size") or 0),
        )


class PretrainedTranslator(nn.Module):
    """A transformers MarianMTModel keeping the studio's encoder-decoder contract, built
    as every translator is (`PretrainedTranslator(cfg, src_vocab, tgt_vocab, pad_id)`: the
    folder's model loaded), or around a model already loaded (`lm`)."""

    def __init__(
        self,
        cfg: PretrainedMTConfig,
        src_vocab: int,
        tgt_vocab: int,
        pad_id: int,
        *,
        lm: Any = None,
    ) -> None:
        super().__init__()
        self.cfg = cfg
        self.lm: Any = lm if lm is not None else load_model(cfg)  # peft-wrapped under LoRA
        config = self.lm.config
        self.src_vocab = int(config.vocab_size)
        self.tgt_vocab = int(getattr(config, "decoder_vocab_size", None) or config.vocab_size)
        if src_vocab > self.src_vocab or tgt_vocab > self.tgt_vocab:
            raise ConfigError(
                say(
                    "model.path: the tokenizers have {source} and {target} tokens but the model "
                    "reads {inputs} and writes {outputs}; the folder's tokenizer is not the "
                    "model's",
                    source=f"{src_vocab:,}",
                    target=f"{tgt_vocab:,}",
                    inputs=f"{self.src_vocab:,}",
                    outputs=f"{self.tgt_vocab:,}",
                )
            )
        self.pad_id = pad_id
        # Marian's position tables are a fixed sinusoid that transformers makes again when
        # it loads a folder: trained, a saved model would not give back the run's outputs
        for name, weight in self.marian.named_parameters():
            if name.endswith("embed_positions.weight"):
                weight.requires_grad_(False)
        if has_adapters(self.lm):  # a checkpoint holds the adapters; the base is the folder's
            keep_adapters_only(self)

    @property
    def marian(self) -> Any:
        """The MarianMTModel (under peft's wrapper, with LoRA)."""
        return base_model(self.lm)

    def frozen_reference(self) -> nn.Module:
        """GRPO's KL reference: under LoRA the model itself with its adapters off (no
        copy), else a frozen copy (models.frozen_reference)."""
        return BaseModelView(self) if has_adapters(self.lm) else copy.deepcopy(self)

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
        """Gradient checkpointing is on for this pass: each layer recomputed in the backward."""
        return bool(self.cfg.gradient_checkpointing) and self.training and torch.is_grad_enabled()

    def _run(self, layer_pass: Any, *args: Any) -> torch.Tensor:
        if self._recompute():
            return checkpoint(layer_pass, *args, use_reentrant=False)
        return layer_pass(*args)

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor) -> torch.Tensor:
        """Source ids (P, S) with mask (P, S), True at real tokens -> memory (P, S, D)."""
        s = src.shape[1]
        self._check_length(s, say("The source"))
        encoder = self.marian.model.encoder
        x = embed(encoder, src, torch.arange(s, device=src.device), self.training)  # (P, S, D)
        mask = additive_mask(src_mask.bool()[:, None, None, :], compute_dtype(x))  # (P, 1, 1, S)
        for layer in encoder.layers:
            x = self._run(encoder_layer, layer, x, mask, self.training)
        return x

    def _logits(self, x: torch.Tensor) -> torch.Tensor:
        return self.marian.lm_head(x) + self.marian.final_logits_bias  # (..., V)

    def _layers(self) -> list[Any]:
        return list(self.marian.model.decoder.layers)

    def decode(
        self, memory: torch.Tensor, src_mask: torch.Tensor, tgt_in: torch.Tensor, group: int = 1
    ) -> torch.Tensor:
        """Teacher-forced decoder: memory (P, S, D) and src_mask (P, S) of P sources,
        tgt_in (N, T) with N = P * group, rows i*group.. of source i -> logits (N, T, V)."""
        t = tgt_in.shape[1]
        self._check_length(t, say("The target"))
        decoder = self.marian.model.decoder
        x = embed(decoder, tgt_in, torch.arange(t, device=tgt_in.device), self.training)
        mask = additive_mask(src_mask.bool()[:, None, None, :], compute_dtype(x))  # (P, 1, 1, S)
        for layer in self._layers():
            kv = cross_keys_values(layer, memory)  # (P, H, S, hd) each, once per source
            x = self._run(layer_forward, layer, x, kv, mask, group, self.training)  # (N, T, D)
        return self._logits(x)

    def forward(
        self, src: torch.Tensor, src_mask: torch.Tensor, tgt_in: torch.Tensor, group_size: int = 1
    ) -> torch.Tensor:
        """Teacher forcing (what training calls): logits (N, T, V) for next target tokens;
        src and src_mask (P, S), tgt_in (N, T), N = P * group_size, each source encoded
        once for its G rows."""
        if group_size < 1 or tgt_in.shape[0] != src.shape[0] * group_size:
            raise ValueError(
                f"{tgt_in.shape[0]} target rows do not make groups of {group_size} for "
                f"{src.shape[0]} sources; pass group_size = targets / sources"
            )
        return self.decode(self.encode(src, src_mask), src_mask, tgt_in, group_size)

    def init_cache(
        self, memory: torch.Tensor, src_mask: torch.Tensor, max_steps: int, repeat: int = 1
    ) -> DecoderCache:
        """A cache for `repeat` rows a source: cross keys and values projected once from
        the P sources' memory and shared by their rows; self-attention slots preallocated."""
        p, s, d = memory.shape
        layers = self._layers()
        heads = layers[0].self_attn.num_heads
        kv = [cross_keys_values(layer, memory) for layer in layers]  # (P, H, S, hd) each
        self_kv = memory.new_zeros(len(layers), p * repeat, 2, heads, max_steps, d // heads)
        mem_mask = additive_mask(src_mask.bool()[:, None, None, :], memory.dtype)
        return DecoderCache(self_kv, [k for k, _ in kv], [v for _, v in kv], mem_mask, repeat)

    def decode_step(self, tokens: torch.Tensor, pos: int, cache: DecoderCache) -> torch.Tensor:
        """Feed tokens (N,) at position `pos`, extending the cache -> logits (N, V)."""
        where = torch.tensor([pos], device=tokens.device)
        x = embed(self.marian.model.decoder, tokens[:, None], where, self.training)  # (N, 1, D)
        for i, layer in enumerate(self._layers()):
            x = layer_step(layer, x, pos, cache, i, self.training)
        return self._logits(x[:, 0])

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
        greedy: bool = False,
    ) -> GenerationOutput:
        """`num_samples` (G) targets of each source (P, S); rows i*G..i*G+G-1 belong to
        source i. The encoder runs once a source; stops when every row has written EOS."""
        self._check_length(max_new_tokens, "max_new_tokens")
        return generate_cached(
            self,
            src,
            src_mask,
            num_samples=num_samples,
            max_new_tokens=max_new_tokens,
            temperature=temperature,
            top_k=top_k,
            top_p=top_p,
            bos_id=bos_id,
            eos_id=eos_id,
            pad_id=self.pad_id,
            greedy=greedy,
        )


def model_tokenizers(cfg: PretrainedMTConfig) -> TranslatorTokens:
    """The folder's own tokenizers (and language pair), which the translation task uses
    instead of fitting its own."""
    folder = cfg.folder()
    return translator_tokens(load_tokenizer(folder), folder)


def layers(cfg: PretrainedMTConfig) -> str:
    config = cfg.folder().config
    return say(
        "{n} layers", n=f"{config.get('encoder_layers', '?')}+{config.get('decoder_layers', '?')}"
    )


SPEC = ArchSpec(
    config=PretrainedMTConfig,
    kind="encoder-decoder",
    model=PretrainedTranslator,
    title="Your translator (a Hugging Face Marian model, opus-mt)",
    layers=layers,
    graphs="studio.core.export.archs.pretrained_mt:graphs",
    parity="studio.core.export.archs.pretrained_mt:parity",
    snippet="studio.core.export.snippets.pretrained_mt",
    runner="PretrainedMTOnnx",
    question="translation",
    tokenizer=model_tokenizers,
)
