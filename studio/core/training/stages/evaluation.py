"""Held-out evaluation during training, without disturbing the training's random streams.

The task's `evaluate` runs on the bare model in eval mode, without gradients, under the
run's autocast, and inside a forked random state: whatever it samples (a model's noise,
an evaluation that draws) leaves the generators as training left them, so a run that
evaluates more or less often still trains on the same numbers. Under torchrun only
rank 0 evaluates (the trainer sends its numbers to the other ranks).

References: torch.random.fork_rng.
"""

from __future__ import annotations

import torch
from torch import nn

from studio.core.config.sections import EvalConfig
from studio.core.machine.device import autocast
from studio.core.tasks.base import Task


def held_out_metrics(
    task: Task, model: nn.Module, ecfg: EvalConfig, amp: str, device: torch.device
) -> dict[str, float]:
    """`task.evaluate` on the 'valid' split, as eval.* configures it."""
    model.eval()
    devices = [device] if device.type == "cuda" else []
    with torch.random.fork_rng(devices=devices), torch.no_grad(), autocast(amp, device):
        how = ecfg.decoding_of("valid")
        return task.evaluate(model, split="valid", limit=ecfg.size, decoding=how)
