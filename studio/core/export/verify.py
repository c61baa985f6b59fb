"""Check exported graphs against the PyTorch model before an export is called done.

Two checks, on the files as written:

1. Parity on fresh random inputs (parity.py): every graph's outputs against the model's
   own forward. The largest absolute difference must stay within TOLERANCE (fp32).
2. Greedy decoding on held-out examples: onnxruntime through the example program's own
   runner (step graph with cache) against the model's greedy `generate` (or greedy
   actions/labels), output for output; and the runner's plain-Python tokenizer against
   the task's.

onnx.checker runs on every graph before it is written (see the package's __init__).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from onnxruntime.capi import onnxruntime_pybind11_state as _ort_state
from torch import nn

from studio.core.export.adapters import Adapter
from studio.core.export.parity import parity
from studio.core.export.snippets import open_runner
from studio.core.messages import say

TOLERANCE = 1e-4  # largest |onnxruntime - PyTorch| accepted in fp32
# what onnxruntime raises when it cannot load or run a graph (none derive from one base)
ORT_ERRORS: tuple[type[BaseException], ...] = tuple(
    getattr(_ort_state, name)
    for name in ("Fail", "InvalidArgument", "InvalidGraph", "RuntimeException", "NotImplemented")
    if hasattr(_ort_state, name)
)


@dataclass
class Verification:
    """What the checks found; `passed` says whether the export may be called done."""

    max_abs_diff: float  # over every parity case and output
    cases: dict[str, float]  # max abs difference of each parity case ("step B=3 past=8 new=8")
    examples: int  # held-out examples decoded greedily by both
    greedy_matches: int  # of those, decoded identically
    metric: str  # the task's headline metric, e.g. "accuracy"
    torch_metric: float
    onnx_metric: float
    tokenizers_agree: bool
    mismatches: list[int] = field(default_factory=list)  # indices of differing examples

    @property
    def passed(self) -> bool:
        return (
            self.max_abs_diff <= TOLERANCE
            and self.greedy_matches == self.examples
            and self.tokenizers_agree
        )

    def summary(self) -> str:
        return say(
            "max |ORT - PyTorch| {diff} over {cases} random-input cases; greedy outputs equal "
            "on {matches}/{examples} held-out examples; {metric} {onnx} (PyTorch {torch})",
            diff=f"{self.max_abs_diff:.1e}",
            cases=len(self.cases),
            matches=self.greedy_matches,
            examples=self.examples,
            metric=self.metric,
            onnx=f"{self.onnx_metric:.4g}",
            torch=f"{self.torch_metric:.4g}",
        )

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed, "tolerance": TOLERANCE}


def verify_export(
    arch: str, model: nn.Module, folder: Path, adapter: Adapter, seed: int | None = None
) -> tuple[Verification, list[Any]]:
    """Both checks on the graphs written in `folder`; also the onnxruntime outputs on the
    held-out examples (the int8 comparison reuses them)."""
    cases = dict(parity(arch, model, folder, seed))
    runner = open_runner(arch, folder)
    expected = adapter.torch_outputs(model.eval())
    got = adapter.onnx_outputs(runner)
    mismatches = [i for i, (a, b) in enumerate(zip(expected, got)) if a != b]
    found = Verification(
        max_abs_diff=max(cases.values()),
        cases=cases,
        examples=len(expected),
        greedy_matches=len(expected) - len(mismatches),
        metric=adapter.METRIC,
        torch_metric=adapter.score(expected),
        onnx_metric=adapter.score(got),
        tokenizers_agree=adapter.tokenizers_agree(runner),
        mismatches=mismatches,
    )
    return found, got
