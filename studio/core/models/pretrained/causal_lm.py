"""A causal language model of the user's (SmolLM2, Qwen2.5, GPT-2...) as a studio decoder.

The text tasks train any decoder that keeps the contract of studio.core.models.decoder.
`PretrainedDecoder` keeps it around a transformers model loaded from the user's folder
(loading.py): logits over left-padded rows with positions counted over real tokens, as
transformers' own generate counts them; grouped completions that run each prompt once and
share its key-value cache across its G completions (the cache's rows repeated, which
autograd follows); and `generate`, the studio's sampling loop (decoder.decode, so the
trainer's seeded row noise decides the draws) over the model's cache, one token a step.

Its section (`PretrainedLMConfig`, model.arch "pretrained-lm") names the folder and how
to train it: every weight, or LoRA adapters beside the frozen weights (lora.py), and
reads the model's shape from its config.json, without loading a weight, for the checks
and the memory estimate.

Shapes: P prompts, G samples per prompt, N = P*G rows, Tp prompt tokens, Tc completion
tokens, V the model's vocabulary.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

import torch
from torch import nn

from studio.core.config.fields import ConfigError, ModelSection, ModelShape, param
from studio.core.models import ArchSpec
from studio.core.models.decoder import GenerationOutput, decode
from studio.core.models.pretrained.folders import ModelFolder, ModelFolderError, read_model_folder
from studio.core.models.pretrained.loading import load_weights
from studio.core.models.pretrained.lora import add_adapters


@dataclass
class PretrainedLMConfig(ModelSection):
    """A causal language model from a Hugging Face folder on this computer."""

    ARCH: ClassVar[str] = "pretrained-lm"

    path: str = param(
        "",
        "The model's folder on this computer: a Hugging Face folder (config.json, the "
        "weights, the tokenizer), in the Hugging Face cache or a folder of your own",
        label="Model folder",
    )
    lora: bool = param(
        False,
        "Train small LoRA adapters beside the frozen weights instead of every weight: a "
        "fraction of the memory; the KL reference is then the model without its adapters",
        label="LoRA adapters",
    )
    lora_rank: int = param(
        16,
        "Rank of each LoRA adapter (its width)",
        positive=True,
        max=512,
        advanced=True,
        label="LoRA rank",
    )
    lora_alpha: int = param(
        32,
        "LoRA's scale: the adapters' output times alpha / rank",
        positive=True,
        advanced=True,
        label="LoRA alpha",
    )
    lora_dropout: float = param(
        0.0,
        "Dropout on the adapters' input while training",
        min=0.0,
        max=0.5,
        advanced=True,
        label="LoRA dropout",
    )
    max_len: int = param(
        512,
        "Longest prompt plus completion, in the model's tokens (at most what the model "
        "was trained for)",
        positive=True,
        label="Longest sequence (tokens)",
    )
    chat_template: Literal["auto", "on", "off"] = param(
        "auto",
        "Wrap each prompt in the model's chat template, as an instruction-tuned model "
        "reads a question (auto: when the model's tokenizer has a template)",
        advanced=True,
        label="Chat template",
    )
    gradient_checkpointing: int = param(
        0,
        "Recompute the blocks' activations in the backward pass instead of keeping them: "
        "less memory, a slower step (0: off; any other number: every block)",
        min=0,
        label="Gradient checkpointing",
    )

    def __post_init__(self) -> None:
        if self.path:
            self.path = str(Path(self.path).expanduser())

    def folder(self) -> ModelFolder:
        """The model folder this section names, read (cached while the folder is
        unchanged); ConfigError naming model.path when it cannot be used."""
        if not self.path:
            raise ConfigError(
                "model.path: empty; give the folder of a model on this computer (the "
                "gallery's Models on this computer lists those it finds)"
            )
        path = Path(self.path)
        if not path.is_dir():
            raise ConfigError(f"model.path: {path} is not a folder; give a model's folder")
        try:
            return _read(path, (path / "config.json").stat().st_mtime_ns)
        except (ModelFolderError, OSError) as err:
            raise ConfigError(f"model.path: {err}") from None

    def shape(self) -> ModelShape:
        config = self.folder().config
        layers = int(_first(config, "num_hidden_layers", "n_layer"))
        return ModelShape(
            layers=layers,
            width=int(_first(config, "hidden_size", "n_embd")),
            heads=int(_first(config, "num_attention_heads", "n_head")),
            kv_layers=layers,
            blocks=layers,
            checkpoint_every=1 if self.gradient_checkpointing else 0,
            max_len=self.max_len,
            vocab=int(config.get("vocab_size", 0)),
        )


@cache
def _read(path: Path, mtime_ns: int) -> ModelFolder:
    del mtime_ns  # part of the cache key: a folder rewritten is read again
    return read_model_folder(path)


def _first(config: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in config:
            return config[key]
    raise ConfigError(f"model.path: config.json has none of {', '.join(keys)}; it is damaged")


def positions(mask: torch.Tensor, start: torch.Tensor | int = 0) -> torch.Tensor:
    """Each real token's position counted over the real tokens before it (left padding
    takes none), from `start`: mask (B, T) -> (B, T) long."""
    return (mask.long().cumsum(dim=1) - 1).clamp(min=0) + start


class PretrainedDecoder(nn.Module):
    """A transformers causal LM (`lm`) keeping the studio's decoder contract."""

    def __init__(self, cfg: PretrainedLMConfig, lm: Any, pad_id: int) -> None:
        super().__init__()
        self.cfg = cfg
        self.lm: Any = lm  # a transformers model (peft-wrapped under LoRA)
        self.vocab_size = int(lm.config.vocab_size)
        self.pad_id = pad_id
        # the keyword of a cached forward: transformers 5 renames past_key_values to cache
        names = inspect.signature(base_model(lm).forward).parameters
        self._cache_kw = "cache" if "cache" in names else "past_key_values"

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
        if total > self.cfg.max_len:
            raise ValueError(
                f"a prompt of {Tp} tokens plus {max_new_tokens} new tokens needs {total} "
                f"positions but model.max_len is {self.cfg.max_len}; raise model.max_len"
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


def build(cfg: PretrainedLMConfig, vocab_size: int, pad_id: int) -> PretrainedDecoder:
    """The decoder of `cfg`'s folder with its trained weights, for a task whose tokenizer
    (of `vocab_size`, padding with `pad_id`) is the folder's own."""
    lm: Any = load_weights(cfg.folder(), "causal-lm")
    if vocab_size > lm.config.vocab_size:
        raise ConfigError(
            f"model.path: the tokenizer has {vocab_size:,} tokens but the model only "
            f"{lm.config.vocab_size:,} outputs; the folder's tokenizer is not the model's"
        )
    if cfg.gradient_checkpointing:
        # transformers 5 renames gradient_* to activation_checkpointing_*
        enable = getattr(lm, "activation_checkpointing_enable", None)
        (enable or lm.gradient_checkpointing_enable)()
    if cfg.lora:
        lm = add_adapters(lm, cfg.lora_rank, cfg.lora_alpha, cfg.lora_dropout)
    return PretrainedDecoder(cfg, lm, pad_id)


def base_model(lm: Any) -> Any:
    """The transformers model under peft's wrapper (itself when it has no adapters)."""
    return lm.get_base_model() if hasattr(lm, "get_base_model") else lm


def checkpointing(lm: Any) -> bool:
    """Whether the model recomputes its blocks in the backward (keeping no cache)."""
    base = base_model(lm)
    found = getattr(base, "is_activation_checkpointing", None)
    return bool(found if found is not None else base.is_gradient_checkpointing)


def layers(cfg: PretrainedLMConfig) -> str:
    return f"{cfg.shape().layers} layers"


SPEC = ArchSpec(
    config=PretrainedLMConfig,
    kind="decoder",
    model=build,
    title="Your language model (a Hugging Face causal LM)",
    layers=layers,
    graphs="studio.core.export.archs.pretrained_lm:graphs",
    parity="studio.core.export.archs.pretrained_lm:parity",
    snippet="studio.core.export.snippets.pretrained_lm",
    runner="PretrainedLMOnnx",
    question="completion",
)
