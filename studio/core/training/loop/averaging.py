"""The weights at a stage's last evaluations, and their average (stages.*.average_last).

Averaging the parameters of a run's last few checkpoints smooths out the noise of its last
updates; translation models are commonly finished this way (Vaswani et al. 2017 averaged
the last 5 or 20 checkpoints; Popel and Bojar 2018 measured the gain on small budgets).
The trainer keeps the average only when it scores better on the held-out split than the
weights the stage ended with, so a stage whose last weights were its best loses nothing.
"""

from __future__ import annotations

from collections import deque

import torch
from torch import nn


class RecentWeights:
    """A model's weights at its last `size` evaluations, copied to the CPU (a model of
    the presets' sizes: a few to a few tens of MB each)."""

    def __init__(self, size: int) -> None:
        self._kept: deque[dict[str, torch.Tensor]] = deque(maxlen=max(size, 1))

    def __len__(self) -> int:
        return len(self._kept)

    def keep(self, model: nn.Module) -> None:
        self._kept.append(
            {k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()}
        )

    def average(self) -> dict[str, torch.Tensor]:
        """Each floating-point entry the mean of the kept ones (summed in float32, back in
        its own dtype); any other entry (a count, a mask) the last one's."""
        if not self._kept:
            raise ValueError("no weights kept to average")
        last = self._kept[-1]
        averaged: dict[str, torch.Tensor] = {}
        for name, value in last.items():
            if not value.is_floating_point():
                averaged[name] = value
                continue
            total = torch.zeros_like(value, dtype=torch.float32)
            for weights in self._kept:
                total += weights[name].float()
            averaged[name] = (total / len(self._kept)).to(value.dtype)
        return averaged
