"""Lite-ResNet's ONNX graph and its parity cases: `policy` (observation uint8 images ->
action or class logits); the model scales pixels to [0, 1] itself."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from studio.core.export.graphs import GraphSpec
from studio.core.export.parity import GraphSessions, max_abs_diff
from studio.core.models.lite_resnet import LiteResNet


class ResNetPolicy(nn.Module):
    """observation (B, C, H, W) uint8 -> logits (B, A)."""

    def __init__(self, model: LiteResNet) -> None:
        super().__init__()
        self.model = model

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        return self.model(observation)


def graphs(model: LiteResNet) -> list[GraphSpec]:
    side = model.cfg.image_size
    obs = torch.randint(0, 256, (2, model.stem.in_channels, side, side), dtype=torch.uint8)
    return [
        GraphSpec(
            "policy",
            ResNetPolicy(model),
            (obs,),
            ["observation"],
            ["logits"],
            {"observation": {0: "batch"}},
            {"batch": 4096},
            "`observation` (B, C, H, W) uint8, pixels 0-255 -> `logits` (B, A)",
        )
    ]


def parity(
    model: LiteResNet, graphs: GraphSessions, rng: np.random.Generator
) -> list[tuple[str, float]]:
    """Random images at two batch sizes."""
    side = model.cfg.image_size
    results = []
    for batch in (1, 5):
        obs = rng.integers(0, 256, (batch, model.stem.in_channels, side, side)).astype(np.uint8)
        with torch.no_grad():
            ref = model(torch.from_numpy(obs))
        (out,) = graphs.run("policy", observation=obs)
        results.append((f"policy B={batch}", max_abs_diff(out, ref)))
    return results
