"""What a decoder-only text model is to the studio: the contract of ArchSpec.kind "decoder".

The text tasks (studio.core.tasks.text) and their export adapter ask a decoder for no
more than this, so any architecture that keeps it trains on them and exports:

- its model section (a ModelSection) declares in its shape the `max_len` it holds,
  prompt plus completion (None: any length);
- its nn.Module is built as `Model(cfg, vocab_size, pad_id)` and is a `TextDecoder`:
  called for logits, over whole sequences or over grouped completions, and `generate`
  for sampled or greedy completions (a `GenerationOutput`).

`decode` is the sampling loop of a decoder's `generate`, one token a step: a model only
says how it computes the next step's logits (Micro-GPT's from its cache, and the
encoder-decoder Tiny-Transformer's from its decoder's).
`RecomputingDecoder` turns a module that computes logits over whole sequences into a
TextDecoder without a cache of its own (each step runs the sequence so far again): the
shortest way to a new decoder.

Shapes: P prompts, G samples per prompt, N = P*G rows, Tp prompt tokens, Tc completion
tokens, T steps decoded, V vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import torch
from torch import nn

from studio.core.config.fields import ModelSection
from studio.core.messages import say
from studio.core.models.sampling import choose


@dataclass
class GenerationOutput:
    """N = P*G sampled completions; rows i*G .. i*G+G-1 belong to prompt i.

    T is the number of steps decoded: max_new_tokens, or fewer when every row ended early.
    """

    tokens: torch.Tensor  # (N, T) long: sampled tokens, pad after EOS
    logp: torch.Tensor  # (N, T) float: log-prob of each token, temperature applied, 0 after EOS
    mask: torch.Tensor  # (N, T) float: 1 up to and including EOS
    finished: torch.Tensor  # (N,) bool: the row produced EOS
    logits: torch.Tensor | None = None  # (N, T, V) raw logits of each step, if asked for


@runtime_checkable
class TextDecoder(Protocol):
    """A decoder-only language model over a small vocabulary, prompts left-padded.

    `model(ids, attention_mask)`: logits (B, T, V), positions counted over real tokens,
    so that padding never changes a row's logits. `model(prompt_ids, prompt_mask,
    completion=ids, group_size=G)`: logits (N, Tc, V) predicting each token of the N
    completions, each prompt serving its G rows; through forward, so that DDP sees it.
    """

    vocab_size: int
    pad_id: int

    @property
    def cfg(self) -> ModelSection: ...

    def __call__(
        self,
        idx: torch.Tensor,
        attention_mask: torch.Tensor | None = None,
        *,
        completion: torch.Tensor | None = None,
        group_size: int = 1,
    ) -> torch.Tensor: ...

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
    ) -> GenerationOutput:
        """`num_samples` (G) completions of each prompt (P, Tp), under no_grad."""
        ...


def as_decoder(model: nn.Module) -> TextDecoder:
    """`model` (a bare module, not a DDP wrapper) as a TextDecoder, or a TypeError naming
    what it is instead."""
    if not isinstance(model, TextDecoder):
        raise TypeError(f"{type(model).__name__} is not a decoder-only text model")
    return model


# step t, the (N, max_new_tokens) tokens chosen so far (columns < t) -> logits (N, V)
NextLogits = Callable[[int, torch.Tensor], torch.Tensor]


def decode(
    next_logits: NextLogits,
    rows: int,
    max_new_tokens: int,
    *,
    pad_id: int,
    eos_id: int | None,
    temperature: float = 1.0,
    top_k: int = 0,
    top_p: float = 1.0,
    greedy: bool = False,
    return_logits: bool = False,
    device: torch.device,
) -> GenerationOutput:
    """Choose up to `max_new_tokens` tokens for each of `rows` rows, one step at a time,
    until every row has written `eos_id` (None: never stops early). Log-probs are those
    of the temperature-scaled full distribution, before top-k / top-p filtering (as TRL
    reports them); tokens are drawn by models.sampling.choose (the trainer's shared row
    noise, when it has set it)."""
    tokens = torch.full((rows, max_new_tokens), pad_id, dtype=torch.long, device=device)
    logps = torch.zeros(rows, max_new_tokens, device=device)
    masks = torch.zeros(rows, max_new_tokens, device=device)
    finished = torch.zeros(rows, dtype=torch.bool, device=device)
    step_logits: list[torch.Tensor] | None = [] if return_logits else None
    steps = 0
    for t in range(max_new_tokens):
        logits = next_logits(t, tokens)  # (N, V)
        if step_logits is not None:
            step_logits.append(logits)
        nxt, lp = choose(
            logits, temperature=temperature, top_k=top_k, top_p=top_p, greedy=greedy
        )  # (N,), (N,)
        live = ~finished
        nxt = torch.where(live, nxt, torch.full_like(nxt, pad_id))
        tokens[:, t] = nxt
        logps[:, t] = torch.where(live, lp, 0.0)
        masks[:, t] = live.float()
        if eos_id is not None:
            finished |= nxt == eos_id
        steps = t + 1
        # .all() synchronises with the GPU once a step; it saves whole forward passes
        if eos_id is not None and bool(finished.all()):
            break
    out = GenerationOutput(
        tokens=tokens[:, :steps], logp=logps[:, :steps], mask=masks[:, :steps], finished=finished
    )
    if step_logits is not None:
        out.logits = torch.stack(step_logits, dim=1)  # (N, T, V)
    return out


class RecomputingDecoder(nn.Module):
    """A TextDecoder from `logits(ids, mask)` over whole sequences, without a cache.

    A subclass sets `cfg` (its model section), `vocab_size` and `pad_id` and computes
    logits (B, T, V) of ids (B, T), mask (B, T) bool of real tokens (left-padded rows).
    Grouped completions repeat each prompt G times; `generate` runs the whole sequence
    again for every new token, which costs T times a cached decoder's work: right for a
    small model, or a first version of one.
    """

    cfg: ModelSection
    vocab_size: int
    pad_id: int

    def logits(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    def forward(
        self,
        idx: torch.Tensor,
        attention_mask: torch.Tensor | None = None,
        *,
        completion: torch.Tensor | None = None,
        group_size: int = 1,
    ) -> torch.Tensor:
        mask = torch.ones_like(idx, dtype=torch.bool) if attention_mask is None else attention_mask
        if completion is None:
            return self.logits(idx, mask.bool())
        Tp, Tc = idx.shape[1], completion.shape[1]
        ids = torch.cat([idx.repeat_interleave(group_size, dim=0), completion], dim=1)
        real = torch.cat(
            [
                mask.bool().repeat_interleave(group_size, dim=0),
                torch.ones_like(completion, dtype=torch.bool),
            ],
            dim=1,
        )  # (N, Tp + Tc)
        return self.logits(ids, real)[:, Tp - 1 : Tp - 1 + Tc]  # token j from position j-1

    @torch.no_grad()
    def generate(
        self, prompt_ids: torch.Tensor, prompt_mask: torch.Tensor, **how: Any
    ) -> GenerationOutput:
        """TextDecoder.generate: `how` holds its keywords (num_samples, max_new_tokens,
        eos_id, and the sampling settings `decode` takes)."""
        G, max_new_tokens = how.pop("num_samples"), how.pop("max_new_tokens")
        P, Tp = prompt_ids.shape
        N, total = P * G, Tp + max_new_tokens
        max_len = self.cfg.shape().max_len
        if max_len is not None and total > max_len:
            raise ValueError(
                say(
                    "a prompt of {n} tokens plus {k} new tokens needs {total} positions but "
                    "model.max_len is {max_len}; raise model.max_len",
                    n=Tp,
                    k=max_new_tokens,
                    total=total,
                    max_len=max_len,
                )
            )
        ids = torch.full((N, total), self.pad_id, dtype=torch.long, device=prompt_ids.device)
        ids[:, :Tp] = prompt_ids.repeat_interleave(G, dim=0)
        real = torch.ones(N, total, dtype=torch.bool, device=prompt_ids.device)
        real[:, :Tp] = prompt_mask.bool().repeat_interleave(G, dim=0)

        def next_logits(t: int, tokens: torch.Tensor) -> torch.Tensor:
            if t > 0:
                ids[:, Tp + t - 1] = tokens[:, t - 1]
            return self.logits(ids[:, : Tp + t], real[:, : Tp + t])[:, -1]  # (N, V)

        return decode(
            next_logits, N, max_new_tokens, pad_id=self.pad_id, device=prompt_ids.device, **how
        )
