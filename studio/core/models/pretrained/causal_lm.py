"""A causal language model of the user's (SmolLM2, Qwen2.5, GPT-2...) as a studio decoder.

The text tasks train any decoder that keeps the contract of studio.core.models.decoder.
`PretrainedDecoder` keeps it around a transformers model loaded from the user's folder
(loading.py): logits over left-padded rows with positions counted over real tokens, as
transformers' own generate counts them; grouped completions that run each prompt once and
share its key-value cache across its G completions (the cache's rows repeated, which
autograd follows); and `generate`, the studio's sampling loop (decoder.decode, so the
trainer's seeded row noise decides the draws) over the model's cache, one token a step.

Its section (`PretrainedLMConfig`, model.arch "pretrained-lm") names the folder and how
to train it (section.py: every weight, or LoRA adapters beside the frozen weights), and
reads the model's shape from its config.json, without loading a weight, for the checks
and the memory estimate.

Shapes: P prompts, G samples per prompt, N = P*G rows, Tp prompt tokens, Tc completion
tokens, V the model's vocabulary.
"""

from __future__ import annotations

import copy
import inspect
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import torch
from torch import nn

from studio.core.config.fields import ConfigError, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.decoder import GenerationOutput, decode
from studio.core.models.pretrained.loading import load_tokenizer
from studio.core.models.pretrained.lora import (
    BaseModelView,
    base_model,
    has_adapters,
    keep_adapters_only,
)
from studio.core.models.pretrained.section import PretrainedSection, config_value, load_model
from studio.core.models.pretrained.tokenizer import ModelTokenizer

AUTO_MAX_LEN = 512  # model.max_len 0: the model's trained positions, at most this many


@dataclass
class PretrainedLMConfig(PretrainedSection):
    """A causal language model from a Hugging Face folder on this computer."""

    ARCH: ClassVar[str] = "pretrained-lm"
    USE = "causal-lm"

    max_len: int = param(
        0,
        "Longest prompt plus completion, in the model's tokens (0: the model's own trained "
        f"length, at most {AUTO_MAX_LEN})",
        min=0,
        label="Longest sequence (tokens)",
    )
    chat_template: Literal["auto", "on", "off"] = param(
        "auto",
        "Wrap each prompt in the model's chat template, as an instruction-tuned model "
        "reads a question (auto: when the model's tokenizer has a template)",
        advanced=True,
        label="Chat template",
    )

    def longest(self) -> int:
        """model.max_len, or when 0 the model's trained positions (at most AUTO_MAX_LEN)."""
        return self.max_len or min(self.trained_positions() or AUTO_MAX_LEN, AUTO_MAX_LEN)

    def shape(self) -> ModelShape:
        config = self.folder().config
        layers = int(config_value(config, "num_hidden_layers", "n_layer"))
        return ModelShape(
            layers=layers,
            width=int(config_value(config, "hidden_size", "n_embd")),
            heads=int(config_value(config, "num_attention_heads", "n_head")),
            kv_layers=layers,
            blocks=layers,
            checkpoint_every=1 if self.gradient_checkpointing else 0,
            max_len=self.longest(),
            vocab=int(config.get("vocab_size", 0)),
        )


def positions(mask: torch.Tensor, start: torch.Tensor | int = 0) -> torch.Tensor:
    """Each real token's position counted over the real tokens before it (left padding
    takes none), from `start`: mask (B, T) -> (B, T) long."""
    return (mask.long().cumsum(dim=1) - 1).clamp(min=0) + start


class PretrainedDecoder(nn.Module):
    """A transformers causal LM keeping the studio's decoder contract, built as every
    decoder is (`PretrainedDecoder(cfg, vocab_size, pad_id)`: the folder's model loaded,
    load_lm), or around a model already loaded (`lm`)."""

    def __init__(
        self, cfg: PretrainedLMConfig, vocab_size: int, pad_id: int, *, lm: Any = None
    ) -> None:
        super().__init__()
        self.cfg = cfg
        # a transformers model (peft-wrapped under LoRA)
        self.lm: Any = lm if lm is not None else load_lm(cfg, vocab_size)
        self.vocab_size = int(self.lm.config.vocab_size)
        self.pad_id = pad_id
        # the keyword of a cached forward: transformers 5 renames past_key_values to cache
        names = inspect.signature(base_model(self.lm).forward).parameters
        self._cache_kw = "cache" if "cache" in names else "past_key_values"
        if has_adapters(self.lm):  # a checkpoint holds the adapters; the base is the folder's
            keep_adapters_only(self)

    def frozen_reference(self) -> nn.Module:
        """GRPO's KL reference: under LoRA the model itself with its adapters off (no
        copy), else a frozen copy (models.frozen_reference)."""
        return BaseModelView(self) if has_adapters(self.lm) else copy.deepcopy(self)

    def _run(self, ids: torch.Tensor, mask: torch.Tensor, pos: torch.Tensor, **kwargs: Any) -> Any:
        return self.lm(input_ids=ids, attention_mask=mask.long(), position_ids=pos, **kwargs)

    def forward(
        self,
        idx: torch.Tensor,
        attention_mask: torch.Tensor | None = None,
        *,
        completion: torch.Tensor | None = None,
        group_size: int = 1,
    ) -> torch.Tensor:
        mask = torch.ones_like(idx, dtype=torch.bool) if attention_mask is None else attention_mask
        mask = mask.bool()
        if completion is None:
            return self._run(idx, mask, positions(mask), use_cache=False).logits  # (B, T, V)
        if self.training and checkpointing(self.lm):
            return self._recomputed(idx, mask, completion, group_size)
        return self._grouped(idx, mask, completion, group_size)

    def _grouped(
        self, idx: torch.Tensor, mask: torch.Tensor, completion: torch.Tensor, G: int
    ) -> torch.Tensor:
        """Logits (N, Tc, V) predicting each completion token: the prompt (P, Tp) once,
        its keys and values repeated for its G rows, then the completions over them."""
        out = self._run(idx, mask, positions(mask), use_cache=True, logits_to_keep=1)
        cache = out.past_key_values
        cache.batch_repeat_interleave(G)
        Tc = completion.shape[1]
        keys = torch.cat(
            [mask.repeat_interleave(G, dim=0), torch.ones_like(completion, dtype=torch.bool)],
            dim=1,
        )  # (N, Tp + Tc)
        start = mask.sum(dim=1, keepdim=True).repeat_interleave(G, dim=0)  # (N, 1)
        pos = start + torch.arange(Tc, device=idx.device)[None, :]
        later = self._run(completion[:, :-1], keys[:, :-1], pos[:, :-1], **{self._cache_kw: cache})
        first = out.logits[:, -1:].repeat_interleave(G, dim=0)  # (N, 1, V)
        return torch.cat([first, later.logits], dim=1)  # token j from position j-1

    def _recomputed(
        self, idx: torch.Tensor, mask: torch.Tensor, completion: torch.Tensor, G: int
    ) -> torch.Tensor:
        """The same logits from whole rows (each prompt repeated G times): what gradient
        checkpointing needs, as it keeps no cache."""
        Tp, Tc = idx.shape[1], completion.shape[1]
        ids = torch.cat([idx.repeat_interleave(G, dim=0), completion], dim=1)
        keys = torch.cat(
            [mask.repeat_interleave(G, dim=0), torch.ones_like(completion, dtype=torch.bool)],
            dim=1,
        )
        logits = self._run(ids, keys, positions(keys), use_cache=False).logits
        return logits[:, Tp - 1 : Tp - 1 + Tc]

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
        greedy: bool = False,
        return_logits: bool = False,
    ) -> GenerationOutput:
        """`num_samples` (G) completions of each left-padded prompt (P, Tp): the prompt
        once, its cache shared by its G rows, then one token a step."""
        G, (P, Tp) = num_samples, prompt_ids.shape
        N, total = P * G, Tp + max_new_tokens
        if total > self.cfg.longest():
            raise ValueError(
                say(
                    "a prompt of {prompt} tokens plus {new} new tokens needs {total} "
                    "positions but model.max_len is {max_len}; raise model.max_len",
                    prompt=Tp,
                    new=max_new_tokens,
                    total=total,
                    max_len=self.cfg.longest(),
                )
            )
        mask = prompt_mask.bool()
        out = self._run(prompt_ids, mask, positions(mask), use_cache=True, logits_to_keep=1)
        cache = out.past_key_values
        cache.batch_repeat_interleave(G)
        first = out.logits[:, -1].repeat_interleave(G, dim=0)  # (N, V)
        keys = torch.ones(N, total, dtype=torch.bool, device=prompt_ids.device)
        keys[:, :Tp] = mask.repeat_interleave(G, dim=0)
        start = mask.sum(dim=1, keepdim=True).repeat_interleave(G, dim=0)  # (N, 1)

        def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
            if t == 0:
                return first
            step = self._run(
                tokens[:, t - 1 : t],
                keys[:, : Tp + t],
                start + (t - 1),
                **{self._cache_kw: cache},
                use_cache=True,
            )
            return step.logits[:, -1]  # (N, V)

        return decode(
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
            device=prompt_ids.device,
        )


def load_lm(cfg: PretrainedLMConfig, vocab_size: int) -> Any:
    """The transformers model of `cfg`'s folder (section.load_model), for a task whose
    tokenizer (of `vocab_size`) is the folder's own."""
    lm = load_model(cfg)
    if vocab_size > lm.config.vocab_size:
        raise ConfigError(
            say(
                "model.path: the tokenizer has {tokens} tokens but the model only {outputs} "
                "outputs; the folder's tokenizer is not the model's",
                tokens=f"{vocab_size:,}",
                outputs=f"{lm.config.vocab_size:,}",
            )
        )
    return lm


def checkpointing(lm: Any) -> bool:
    """Whether the model recomputes its blocks in the backward (keeping no cache)."""
    base = base_model(lm)
    found = getattr(base, "is_activation_checkpointing", None)
    return bool(found if found is not None else base.is_gradient_checkpointing)


def model_tokenizer(cfg: PretrainedLMConfig) -> ModelTokenizer:
    """The folder's own tokenizer, as the text tasks use theirs (model.chat_template
    says whether prompts go through its chat template)."""
    folder = cfg.folder()
    hf = load_tokenizer(folder)
    chat = cfg.chat_template == "on" or (
        cfg.chat_template == "auto" and bool(getattr(hf, "chat_template", None))
    )
    return ModelTokenizer(hf, vocab_size=int(folder.config.get("vocab_size", len(hf))), chat=chat)


def layers(cfg: PretrainedLMConfig) -> str:
    return say("{n} layers", n=cfg.shape().layers)


SPEC = ArchSpec(
    config=PretrainedLMConfig,
    kind="decoder",
    model=PretrainedDecoder,
    title="Your language model (a Hugging Face causal LM)",
    layers=layers,
    graphs="studio.core.export.archs.pretrained_lm:graphs",
    parity="studio.core.export.archs.pretrained_lm:parity",
    snippet="studio.core.export.snippets.pretrained_lm",
    runner="PretrainedLMOnnx",
    question="completion",
    tokenizer=model_tokenizer,
)
