"""The stages of a run (supervised warm-up, then GRPO): which run, what each starts with,
and when one ends early.

Each stage starts with a fresh AdamW and its own learning-rate schedule (schedule.py);
its peak learning rate may grow with the square root of the batch size. A stage ends
after its steps, or early when the held-out metric reaches `stop_at` or has not improved
for `patience` evaluations. A stage planned to fill a time budget (`fills_budget`) whose
patience runs out while its cosine still has far to go decays its rate first
(`decay_instead`): a plateau at a high rate is often one that a lower rate gets past.

References: Loshchilov and Hutter 2019, "Decoupled Weight Decay Regularization" (AdamW);
Krizhevsky 2014, "One weird trick for parallelizing convolutional neural networks" (the
square-root learning-rate rule).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import nn

from studio.core.config.sections import StageConfig, TrainingConfig
from studio.core.messages import say
from studio.core.training.stages.schedule import LearningRate
from studio.core.training.stages.state import Position


def stage_lr(stage: StageConfig, tcfg: TrainingConfig) -> float:
    """The stage's peak learning rate, scaled when training.scale_lr_with_batch is on."""
    if tcfg.scale_lr_with_batch:  # lr grows with sqrt(examples per optimizer step)
        return stage.lr * math.sqrt(stage.batch_size * tcfg.grad_accum / tcfg.lr_reference_batch)
    return stage.lr


def new_optimizer(
    model: nn.Module, stage: StageConfig, tcfg: TrainingConfig, device: torch.device
) -> torch.optim.Optimizer:
    """A fresh AdamW over the model's trainable parameters."""
    return torch.optim.AdamW(
        [p for p in model.parameters() if p.requires_grad],
        lr=stage.lr,
        betas=(tcfg.adam_beta1, tcfg.adam_beta2),
        weight_decay=tcfg.weight_decay,
        fused=device.type in ("cpu", "cuda"),  # one kernel for all parameters
    )


def new_schedule(
    optimizer: torch.optim.Optimizer, stage: StageConfig, tcfg: TrainingConfig
) -> LearningRate:
    """The stage's learning-rate schedule over its steps."""
    return LearningRate(
        optimizer,
        peak=stage_lr(stage, tcfg),
        total_steps=stage.steps,
        schedule=stage.lr_schedule,
        warmup_steps=stage.lr_warmup_steps,
        patience=stage.plateau_patience,
    )


@dataclass(frozen=True)
class Second:
    """A second held-out metric whose rise by `gain` also counts as learning."""

    name: str
    value: float
    gain: float


def early_stop(
    metric: float,
    stage: StageConfig,
    pos: Position,
    metric_name: str,
    second: Second | None = None,
) -> str | None:
    """Note an evaluation's `metric` in `pos`, the one keeper of the stage's eval history
    (the best so far, evaluations since it), and say why the stage should end now, or None.
    Higher is better, by more than stage.min_gain (a rise within the metric's noise is
    not an improvement); a rise of the `second` metric by its gain counts too."""
    rose = pos.best is None or metric > pos.best + stage.min_gain
    if rose:
        pos.best = metric
    if second is not None and (
        pos.best_second is None or second.value > pos.best_second + second.gain
    ):
        pos.best_second, rose = second.value, True
    pos.bad_evals = 0 if rose else pos.bad_evals + 1
    if stage.stop_at is not None and metric >= stage.stop_at:
        return say(
            "reached {metric} {value} >= {target}",
            metric=metric_name,
            value=f"{metric:.3f}",
            target=stage.stop_at,
        )
    if not (stage.patience and pos.bad_evals >= stage.patience):
        return None
    if second is not None:
        return say(
            "no {metric} more than {gain} and no {second} more than {second_gain} above its "
            "best in {n} evaluations",
            metric=metric_name,
            gain=f"{stage.min_gain:g}",
            second=second.name,
            second_gain=f"{second.gain:g}",
            n=stage.patience,
        )
    if stage.min_gain:  # so the log says why a rise it shows did not count
        return say(
            "no {metric} more than {gain} above its best in {n} evaluations",
            metric=metric_name,
            gain=f"{stage.min_gain:g}",
            n=stage.patience,
        )
    return say("no better {metric} in {n} evaluations", metric=metric_name, n=stage.patience)


def decay_instead(
    metric: float, stage: StageConfig, pos: Position, schedule: LearningRate, every: int
) -> int | None:
    """When the patience would end a stage that fills the time budget while its cosine has
    more than another patience's worth of steps (`patience` x `every`) to go: the rate
    decays to its floor over that many steps instead, the evaluations without a gain count
    afresh, and the stage's new last step is returned. None: the stage ends now (it reached
    stop_at, it is no such stage, or it was cut short once already)."""
    if not (stage.fills_budget and stage.patience and every and schedule.schedule == "cosine"):
        return None
    if schedule.cut is not None or pos.bad_evals < stage.patience:
        return None
    if stage.stop_at is not None and metric >= stage.stop_at:
        return None
    end = pos.stage_step + stage.patience * every
    if end >= stage.steps:
        return None
    schedule.decay_by(pos.stage_step, end)
    pos.bad_evals = 0
    return end
