"""Learning-rate schedules: linear warm-up, then constant, cosine decay, or plateau halving.

One small stateful object per stage, resumable through state_dict, because a plateau
schedule depends on the eval history and torch's LambdaLR and ReduceLROnPlateau do not
compose with a warm-up. The eval history itself (the best metric, evaluations since it) is
the stage's Position's (state.py); the schedule hears the count after each evaluation.
A cosine may be cut short (`decay_by`): from a step on, it decays from that step's rate
to its floor by a nearer end.
"""

from __future__ import annotations

import math
from typing import Any

from torch.optim import Optimizer

COSINE_FLOOR = 0.1  # cosine decays to 10% of the peak, not to 0: late steps still learn


class LearningRate:
    """The learning rate of a stage's optimizer steps, set on the optimizer by `apply`."""

    def __init__(
        self,
        optimizer: Optimizer,
        *,
        peak: float,
        total_steps: int,
        schedule: str,
        warmup_steps: int = 0,
        patience: int = 3,
    ) -> None:
        self.optimizer = optimizer
        self.peak = peak
        self.total_steps = max(total_steps, 1)
        self.schedule = schedule
        self.warmup_steps = warmup_steps
        self.patience = patience
        self.plateau_factor = 1.0  # halved at each plateau
        # a cosine cut short: from this step, at this rate, to the floor by that step
        self.cut: tuple[int, float, int] | None = None
        self.apply(0)

    def value(self, step: int) -> float:
        """The learning rate for optimizer step `step` (0-based within the stage)."""
        if self.warmup_steps and step < self.warmup_steps:
            return self.peak * (step + 1) / self.warmup_steps
        lr = self.peak
        if self.cut is not None and step >= self.cut[0]:
            start, top, end = self.cut
            floor = COSINE_FLOOR * self.peak
            progress = min((step - start) / max(end - 1 - start, 1), 1.0)  # the last at floor
            return floor + (top - floor) * 0.5 * (1 + math.cos(math.pi * progress))
        if self.schedule == "cosine":
            return self._cosine(step)
        if self.schedule == "plateau":
            lr *= self.plateau_factor
        return lr

    def _cosine(self, step: int) -> float:
        """The planned cosine's rate at `step` (after the linear warm-up)."""
        span = max(self.total_steps - self.warmup_steps, 1)
        progress = min(max(step - self.warmup_steps, 0) / span, 1.0)
        return self.peak * (
            COSINE_FLOOR + (1 - COSINE_FLOOR) * 0.5 * (1 + math.cos(math.pi * progress))
        )

    def decay_by(self, step: int, end: int) -> None:
        """From `step` on, decay from its rate to the floor by the stage's new last step,
        `end` - 1, not the planned end (a cosine stage that stopped improving with its rate
        still high)."""
        self.cut = (step, self.value(step), end)

    def apply(self, step: int) -> float:
        lr = self.value(step)
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        return lr

    def observe(self, evals_since_best: int) -> None:
        """Hear, after an evaluation, how many in a row have not beaten the stage's best
        (0: this one did); a plateau schedule halves the rate at every `patience` of them."""
        if (
            self.schedule == "plateau"
            and evals_since_best
            and evals_since_best % self.patience == 0
        ):
            self.plateau_factor *= 0.5

    def state_dict(self) -> dict[str, Any]:
        return {"plateau_factor": self.plateau_factor, "cut": self.cut}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.plateau_factor = state["plateau_factor"]
        cut = state.get("cut")  # absent in a checkpoint from before cuts
        self.cut = None if cut is None else (int(cut[0]), float(cut[1]), int(cut[2]))
