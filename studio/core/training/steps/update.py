"""What every optimizer step shares, whichever the stage: what it works with (`Learner`),
what the trainer asks of it (`StepOptions`), the backward pass (with the optional
gradient-norm penalty), gradient clipping, refusing an update whose gradient is not finite
so that a NaN never reaches the weights, per-layer gradient flow for the chart, and what a
step reports to the trainer (`StepOutcome`).

The penalty is grad_penalty_lambda * (||grad|| - grad_penalty_target)^2 on the norm of the
parameters' gradient; it costs about a second backward.

References: PyTorch's torch.nn.utils.clip_grad_norm_ and torch.amp.GradScaler (fp16 loss
scaling: an overflowing step is skipped and lowers the scale, by design)."""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from studio.core.config.sections import TrainingConfig
from studio.core.machine.distributed import SINGLE, Dist
from studio.core.models.sparsity import Pruner
from studio.core.tasks.base import Rollout, unwrap


@dataclass
class Learner:
    """What a stage's steps train with; the trainer builds one when a stage starts.

    `model` is what the steps run and update: the policy, wrapped in DDP in a distributed
    run. `ref_model` is the frozen reference of the GRPO stage's KL term (None when
    beta is 0 or in the warm-up). `scaler` is fp16's gradient scaler (None otherwise) and
    `autocast` the mixed-precision context every forward runs in (a no-op without amp).
    These are the trainer's own objects, not copies: the trainer checkpoints them, the
    Learner only hands them to the steps together.
    """

    model: nn.Module
    optimizer: torch.optim.Optimizer
    tcfg: TrainingConfig
    autocast: contextlib.AbstractContextManager = field(default_factory=contextlib.nullcontext)
    scaler: torch.amp.GradScaler | None = None
    ref_model: nn.Module | None = None
    dist: Dist = SINGLE
    pruner: Pruner | None = None  # magnitude pruning's masks, applied after every update


@dataclass(frozen=True)
class StepOptions:
    """What the trainer asks of one step beyond the update itself."""

    grad_flow: bool = False  # measure per-layer gradients for the gradient-flow chart
    sample_groups: int = 0  # sampled groups to return for the samples panel (GRPO)
    seed: int | None = None  # GRPO rollouts draw from the shared row noise of this seed


@dataclass
class UpdateResult:
    grad_norm: float  # global norm before clipping (nan when the step was refused)
    skipped: bool  # loss or gradient was not finite: no update was made
    grad_flow: dict[str, list] | None = None  # per-layer mean and max |grad|


@dataclass
class StepOutcome:
    """What one step reports: scalar metrics, and optionally layers' gradients and samples."""

    metrics: dict[str, float]
    skipped: int = 0
    grad_flow: dict[str, list] | None = None
    samples: list[dict[str, Any]] = field(default_factory=list)
    # GRPO: the first micro-batch's rollout, whose first groups `samples` shows; kept in
    # memory for explaining the step (training/steps/explain.py), never recorded
    rollout: Rollout | None = None


def weight_layers(model: nn.Module) -> list[tuple[str, nn.Parameter]]:
    """The weight matrices and kernels (ndim >= 2): the layers of the gradient-flow chart."""
    return [
        (name.removesuffix(".weight"), p)
        for name, p in model.named_parameters()
        if p.requires_grad and p.ndim >= 2
    ]


def gradient_flow(model: nn.Module) -> dict[str, list]:
    """Mean and max |grad| per weight layer, converted to floats in one sync."""
    layers = [(name, p.grad) for name, p in weight_layers(unwrap(model)) if p.grad is not None]
    if not layers:
        return {"layers": [], "mean": [], "max": []}
    stats = torch.stack([torch.stack([g.abs().mean(), g.abs().max()]) for _, g in layers])
    values = stats.float().cpu().tolist()  # one sync point
    return {
        "layers": [n for n, _ in layers],
        "mean": [v[0] for v in values],
        "max": [v[1] for v in values],
    }


def backward(loss: torch.Tensor, learner: Learner) -> None:
    """loss.backward(), plus the optional gradient-norm penalty (a double backward)."""
    tcfg = learner.tcfg
    if tcfg.grad_penalty_lambda > 0:
        params = [p for p in learner.model.parameters() if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True, allow_unused=True)
        squares = (g.pow(2).sum() for g in grads if g is not None)
        norm = torch.sqrt(sum(squares, loss.new_zeros(())))
        loss = loss + tcfg.grad_penalty_lambda * (norm - tcfg.grad_penalty_target) ** 2
    scaler = learner.scaler
    (scaler.scale(loss) if scaler is not None else loss).backward()


def optimizer_step(learner: Learner, want_flow: bool) -> UpdateResult:
    """Clip and apply the accumulated gradients, unless they are not finite."""
    model, optimizer, scaler = learner.model, learner.optimizer, learner.scaler
    if scaler is not None:
        scaler.unscale_(optimizer)
    params = [p for p in model.parameters() if p.grad is not None]
    clip = learner.tcfg.grad_norm_clip
    limit = clip if clip > 0 else math.inf
    norm = float(torch.nn.utils.clip_grad_norm_(params, limit)) if params else 0.0  # sync
    flow = gradient_flow(model) if want_flow else None
    if not math.isfinite(norm):
        optimizer.zero_grad(set_to_none=True)
        if scaler is not None:
            scaler.update()  # lowers the scale; fp16 overflow is how the scaler calibrates
        return UpdateResult(grad_norm=math.nan, skipped=True, grad_flow=flow)
    if scaler is not None:
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()
    if learner.pruner is not None:  # the update moved pruned weights off zero: put them back
        learner.pruner.apply()
    optimizer.zero_grad(set_to_none=True)
    return UpdateResult(grad_norm=norm, skipped=False, grad_flow=flow)
