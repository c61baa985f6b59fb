"""The policy probe during training: `Task.probe` every run.probe_every steps, recorded.

Like evaluation (evaluation.py), the probe runs on the bare model in eval mode, without
gradients, under the run's autocast and inside a forked random state, so a run that
probes more or less often trains on the same numbers. What a snapshot holds is the
task's (studio.core.tasks.probing documents each kind); the trainer wraps it in a
`probe` record (records.py), so metrics.jsonl keeps every snapshot of a run.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from studio.core.machine.device import autocast
from studio.core.tasks.base import Task


def due(step: int, every: int) -> bool:
    """Whether the probe runs after global step `step` (step 0: before training)."""
    return bool(every) and step % every == 0


def probe_snapshot(
    task: Task, model: nn.Module, amp: str, device: torch.device
) -> dict[str, Any] | None:
    """`task.probe(model)` without disturbing the training; None when the task has none."""
    was_training = model.training
    model.eval()
    devices = [device] if device.type == "cuda" else []
    try:
        with torch.random.fork_rng(devices=devices), torch.no_grad(), autocast(amp, device):
            return task.probe(model)
    finally:
        model.train(was_training)
