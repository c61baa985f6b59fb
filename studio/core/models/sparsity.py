"""Magnitude sparsification: the smallest weights set to zero and kept at zero.

Which weights: the weight matrices and kernels of Linear and Conv layers (biases and norms
never; embedding tables only when asked, and an output head tied to its embedding is that
table). Each weight is one entry however many layers share it (model.share_layers): the
masks are keyed by the parameter's first name, as parameters() and the optimizer see it.

When: a cubic ramp from 0 at `start` to the target at `end` (Zhu and Gupta 2017, "To prune,
or not to prune: exploring the efficacy of pruning for model compression"),
s_t = s_f * (1 - (1 - (t - start) / (end - start))^3), the masks recomputed every `every`
steps on the way and fixed from `end` on; `start == end` prunes to the target at once. A
weight once pruned stays pruned (it ranks below every kept weight), so the zeros only grow.

Between recomputations the masks are applied after every optimizer step: AdamW's moments
would otherwise move a pruned weight off zero at once. In a distributed run every rank
holds the same weights after each step (DDP averages the gradients), so every rank
computes the same masks from them; nothing needs to be sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import torch
from torch import nn

from studio.core.messages import say

if TYPE_CHECKING:
    from studio.core.config.sections import SparsityConfig

Scope = Literal["global", "layer"]
PRUNABLE = (nn.Linear, nn.Conv1d, nn.Conv2d, nn.Conv3d)


def prunable_weights(model: nn.Module, embeddings: bool = False) -> dict[str, torch.Tensor]:
    """The weights pruning applies to, by first name, each shared weight once."""
    first_name = {id(p): name for name, p in model.named_parameters()}
    tables = {id(m.weight) for m in model.modules() if isinstance(m, nn.Embedding)}
    chosen: dict[str, torch.Tensor] = {}
    for module in model.modules():  # a shared module is visited once
        if not isinstance(module, (*PRUNABLE, nn.Embedding)):
            continue
        weight = module.weight
        is_table = id(weight) in tables  # an embedding, or a head tied to one
        if (is_table and not embeddings) or id(weight) not in first_name:
            continue
        chosen.setdefault(first_name[id(weight)], weight)
    return chosen


def _scores(weight: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """|w| where kept, -1 where already pruned: pruned weights go first, and stay pruned."""
    return torch.where(keep, weight.detach().abs().float(), torch.full_like(weight, -1.0).float())


def magnitude_masks(
    weights: Mapping[str, torch.Tensor],
    target: float,
    scope: Scope = "layer",
    keep: dict[str, torch.Tensor] | None = None,
) -> dict[str, torch.Tensor]:
    """Boolean masks (True: kept) that prune round(target * n) of the smallest |w|: over
    all the weights together (`global`) or in each weight (`layer`). `keep` are the masks
    so far; what they pruned is pruned first. Ties are broken by position (a stable sort),
    so equal weights give equal masks on every rank."""
    keep = keep or {n: torch.ones_like(w, dtype=torch.bool) for n, w in weights.items()}
    scores = {n: _scores(w, keep[n]).flatten() for n, w in weights.items()}
    groups = [[n] for n in scores] if scope == "layer" else [list(scores)]
    masks: dict[str, torch.Tensor] = {}
    for names in groups:
        flat = torch.cat([scores[n] for n in names])
        pruned = torch.zeros_like(flat, dtype=torch.bool)
        count = round(target * flat.numel())
        if count:
            pruned[torch.sort(flat, stable=True).indices[:count]] = True
        for name, part in zip(names, pruned.split([scores[n].numel() for n in names])):
            masks[name] = ~part.view_as(weights[name])
    return masks


@dataclass(frozen=True)
class Schedule:
    """The sparsity wanted at each step: 0 before `start`, the cubic ramp, `target` from
    `end` on; the masks are recomputed at `start`, every `every` steps, and at `end`."""

    target: float
    start: int
    end: int
    every: int

    def at(self, step: int) -> float:
        if step < self.start:
            return 0.0
        if step >= self.end:
            return self.target
        done = (step - self.start) / (self.end - self.start)
        return self.target * (1.0 - (1.0 - done) ** 3)

    def due(self, step: int) -> bool:
        """Whether the masks are recomputed after `step` steps."""
        if step < self.start or step > self.end:
            return False
        return step == self.end or (step - self.start) % self.every == 0


class Pruner:
    """The masks of one model: recomputed when the schedule says, applied after every
    optimizer step, saved in checkpoints."""

    def __init__(
        self, model: nn.Module, schedule: Schedule, scope: Scope, embeddings: bool
    ) -> None:
        self.weights = prunable_weights(model, embeddings)
        if not self.weights:
            raise ValueError(
                say(
                    "sparsity.target: this model has no Linear or Conv weight to prune; set "
                    "sparsity.target: 0 (or sparsity.embeddings: true to prune its embeddings)"
                )
            )
        self.schedule = schedule
        self.scope = scope
        self.keep = {n: torch.ones_like(w, dtype=torch.bool) for n, w in self.weights.items()}
        self._share = 0.0  # pruned / prunable, counted when the masks change

    def _set(self, keep: dict[str, torch.Tensor]) -> None:
        self.keep = keep
        pruned = sum(int((~k).sum()) for k in keep.values())
        self._share = pruned / sum(k.numel() for k in keep.values())
        self.apply()

    def at_step(self, step: int) -> None:
        """After `step` optimizer steps: recompute the masks if the schedule says so."""
        if self.schedule.due(step):
            wanted = self.schedule.at(step)
            self._set(magnitude_masks(self.weights, wanted, self.scope, self.keep))

    @torch.no_grad()
    def apply(self) -> None:
        """Set every pruned weight to exactly zero."""
        for name, weight in self.weights.items():
            weight.masked_fill_(~self.keep[name], 0.0)

    def sparsity(self) -> float:
        """Share of the prunable weights that are pruned."""
        return self._share

    def metrics(self, step: int) -> dict[str, float]:
        return {"sparsity/weights": self.sparsity(), "sparsity/target": self.schedule.at(step)}

    def state_dict(self) -> dict[str, Any]:
        return {"masks": {n: k.clone() for n, k in self.keep.items()}}

    def load_state_dict(self, state: dict[str, Any] | None) -> None:
        """The masks a checkpoint saved (None: none saved, nothing pruned yet); ValueError
        when they do not fit this model's weights."""
        if state is None:
            return
        masks = state.get("masks") if isinstance(state, dict) else None
        if not isinstance(masks, dict) or set(masks) != set(self.weights):
            raise ValueError(
                "the checkpoint's sparsity masks name other weights than this model's "
                "(sparsity.embeddings or the model changed after training); put the "
                "settings back, or start a new run"
            )
        for name, mask in masks.items():
            if not isinstance(mask, torch.Tensor) or mask.shape != self.weights[name].shape:
                raise ValueError(
                    f"the checkpoint's sparsity mask of {name} does not fit its weight; "
                    "the model changed after training: put it back, or start a new run"
                )
        device = next(iter(self.weights.values())).device
        self._set({n: masks[n].to(device=device, dtype=torch.bool) for n in self.weights})


def pruner_for(model: nn.Module, sparsity: SparsityConfig, end: int) -> Pruner | None:
    """The pruner a run's sparsity section asks for (None when its target is 0); `end` is
    the step the target is reached at (config_checks.sparsity_end)."""
    if sparsity.target == 0:
        return None
    schedule = Schedule(sparsity.target, sparsity.start_step, end, sparsity.every)
    return Pruner(model, schedule, sparsity.scope, sparsity.embeddings)


def zero_share(model: nn.Module, embeddings: bool = False) -> tuple[int, int]:
    """(zeros, entries) of the prunable weights: the sparsity a model actually has."""
    weights = prunable_weights(model, embeddings).values()
    return sum(int((w == 0).sum()) for w in weights), sum(w.numel() for w in weights)
