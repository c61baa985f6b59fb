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
from collections.abc import Callable
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

    def input_shape(self, name: str, input_name: str) -> list[int | str]:
        """The shape graph `name` declares for an input: sizes, and names of the axes
        that vary ("batch", "past")."""
        return {i.name: i.shape for i in self.sessions[name].get_inputs()}[input_name]


def max_abs_diff(a: np.ndarray, b: torch.Tensor) -> float:
    """Largest |a - b| (in float64); infinite when the shapes differ."""
    ref = b.detach().numpy()
    if a.shape != ref.shape:
        return float("inf")
    return float(np.abs(a.astype(np.float64) - ref.astype(np.float64)).max(initial=0.0))


def padding_mask(rng: np.random.Generator, batch: int, length: int, *, left: bool) -> np.ndarray:
    """(B, T) int64, 1 at real tokens; rows of random lengths 1..T, padded left or right."""
    lengths = rng.integers(1, length + 1, batch)
    lengths[0] = length  # one full row, so the widest case is always covered
    cols = np.arange(length)[None, :]
    real = cols >= (length - lengths)[:, None] if left else cols < lengths[:, None]
    return real.astype(np.int64)


# (new ids (B, n), tokens so far including them, past keys, past values)
#   -> (logits (B, n, V), present keys, present values)
StepRun = Callable[
    [np.ndarray, int, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]
]


def cached_step_diff(
    step: StepRun, ids: np.ndarray, ref: torch.Tensor, empty: np.ndarray
) -> tuple[int, float]:
    """A step graph fed the first half of `ids` (B, T) with an `empty` past, then the rest
    with the cache it returned, against the teacher-forced logits `ref` (B, T, V).
    Returns the prefix length and the largest difference over both calls."""
    length = ids.shape[1]
    past = max(length // 2, 1) if length > 1 else 0
    keys = values = empty
    diffs = []
    if past:
        first, keys, values = step(ids[:, :past], past, empty, empty)
        diffs.append(max_abs_diff(first, ref[:, :past]))
    rest, _, _ = step(ids[:, past:], length, keys, values)
    diffs.append(max_abs_diff(rest, ref[:, past:]))
    return past, max(diffs)


def parity(
    arch: str, model: nn.Module, folder: Path, seed: int | None = None
) -> list[tuple[str, float]]:
    """(case, max abs difference) for every random-input case of the graphs in `folder`."""
    cases = pkgutil.resolve_name(arch_spec(arch).parity)
    return cases(model.eval(), GraphSessions(arch, folder), np.random.default_rng(seed))
