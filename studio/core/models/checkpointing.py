"""Gradient checkpointing's setting, declared once for every architecture that has it.

model.gradient_checkpointing = N recomputes every N-th block of a stack in the backward
pass rather than keeping its activations (torch.utils.checkpoint), trading compute for
memory; a memory budget pulls it as its second lever (machine/memory_budget.py).
"""

from __future__ import annotations

from typing import Any

from studio.core.config.fields import param


def checkpointing_param() -> Any:
    """The model.gradient_checkpointing field of a model section."""
    return param(
        0,
        "Recompute every N-th block in the backward pass to save memory (0: off)",
        min=0,
        advanced=True,
        label="Gradient checkpointing (every N blocks)",
    )
