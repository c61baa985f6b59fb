"""What the playground's pages share besides Qt widgets: the modes they ask in, the error
an input they cannot answer raises, and the `Answer` one engine gives, so that the tab can
show PyTorch's and ONNX's side by side.

The engines themselves, a run's model in PyTorch and its ONNX export, are the core's
(studio.core.serving.engines), beside the rest of what answers with a finished run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

SAMPLED = "sampled"  # a completion drawn at random (greedy: studio.core.config.decoding)


class PlaygroundError(ValueError):
    """An input or a run folder the playground cannot use; the message says what to do.
    `title` heads the dialog that shows it (None: the tab's own)."""

    def __init__(self, message: str, title: str | None = None) -> None:
        super().__init__(message)
        self.title = title


@dataclass
class Answer:
    """One engine's answer to one request."""

    engine: str  # "PyTorch" or "ONNX"
    texts: list[str]  # one line per completion (several when sampling)
    seconds: float  # wall time of the inference alone (not loading)
    frames: list[np.ndarray] = field(default_factory=list)  # grid world: (H, W, 3) uint8
    info: dict[str, Any] = field(default_factory=dict)
    # what to say at each of `frames` (the moves so far, the outcome at the last); empty:
    # `text` throughout
    frame_texts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def latency(self) -> str:
        ms = self.seconds * 1000
        return f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"
