"""Parity on random inputs: every exported graph, run by onnxruntime from the files as
written, against the model's own forward (not the export wrappers).

Each architecture's parity cases (studio.core.export.archs, named by its spec) feed
fresh random inputs at two batch sizes and two lengths, with padding; step graphs run
twice (a prefix with an empty past, then the rest with the cache the first call
returned) against one teacher-forced forward over the whole sequence. verify.py holds
the limit (TOLERANCE) the largest difference must stay within.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

import numpy as np
import torch
from torch import nn

from studio.core.export.snippets import snippet_module
from studio.core.models import arch_spec


class GraphSessions:
    """onnxruntime sessions over every graph file of an export, by graph name."""

    def __init__(self, arch: str, folder: Path) -> None:
        snippet = snippet_module(arch)
        self.sessions = {
            name: snippet.load_session(Path(folder) / file) for name, file in snippet.FILES.items()
        }

    def run(self, name: str, **feeds: np.ndarray) -> list[np.ndarray]:
        return self.sessions[name].run(None, feeds)


def max_abs_diff(a: np.ndarray, b: torch.Tensor) -> float:
    """Largest |a - b| (in float64); infinite when the shapes differ."""
    b = b.detach().numpy()
    if a.shape != b.shape:
        return float("inf")
    return float(np.abs(a.astype(np.float64) - b.astype(np.float64)).max(initial=0.0))


def padding_mask(rng: np.random.Generator, batch: int, length: int, *, left: bool) -> np.ndarray:
    """(B, T) int64, 1 at real tokens; rows of random lengths 1..T, padded left or right."""
    lengths = rng.integers(1, length + 1, batch)
    lengths[0] = length  # one full row, so the widest case is always covered
    cols = np.arange(length)[None, :]
    real = cols >= (length - lengths)[:, None] if left else cols < lengths[:, None]
    return real.astype(np.int64)


def parity(
    arch: str, model: nn.Module, folder: Path, seed: int | None = None
) -> list[tuple[str, float]]:
    """(case, max abs difference) for every random-input case of the graphs in `folder`."""
    cases = pkgutil.resolve_name(arch_spec(arch).parity)
    return cases(model.eval(), GraphSessions(arch, folder), np.random.default_rng(seed))
