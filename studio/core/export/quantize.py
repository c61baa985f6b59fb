"""Optional int8 weights: dynamic quantization and what it costs on held-out data.

onnxruntime's `quantize_dynamic` stores the weights of MatMul, Gemm, Conv and Gather
(embedding) nodes as int8 with a scale per tensor and quantizes activations on the fly,
so no calibration data is needed. The int8 graphs are run through the same example
program as the fp32 ones, greedily on the same held-out examples, and the report gives
the task metric of both, the share of outputs that did not change, and the file sizes.

Reference: https://onnxruntime.ai/docs/performance/model-optimizations/quantization.html
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import onnx
from onnxruntime.quantization import QuantType, quantize_dynamic

from studio.core.export.adapters import Adapter
from studio.core.export.convert import ExportError
from studio.core.export.snippets import open_runner, snippet_module
from studio.core.messages import say


@dataclass
class Quantization:
    """Sizes and held-out metric of the int8 graphs against the fp32 ones."""

    files: dict[str, str]  # graph name -> int8 file name
    fp32_bytes: int  # all fp32 graphs together
    int8_bytes: int
    metric: str
    fp32_metric: float  # through onnxruntime, fp32 graphs
    int8_metric: float
    agreement: float  # share of held-out examples whose greedy output did not change
    examples: int

    @property
    def change(self) -> float:
        return self.int8_metric - self.fp32_metric

    def summary(self) -> str:
        return say(
            "int8 {int8} MB (fp32 {fp32} MB); {metric} {before} -> {after} ({change}); {share} "
            "of {examples} held-out outputs unchanged",
            int8=f"{self.int8_bytes / 1e6:.2f}",
            fp32=f"{self.fp32_bytes / 1e6:.2f}",
            metric=self.metric,
            before=f"{self.fp32_metric:.4g}",
            after=f"{self.int8_metric:.4g}",
            change=f"{self.change:+.4g}",
            share=f"{self.agreement:.0%}",
            examples=self.examples,
        )

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "change": self.change}


@contextlib.contextmanager
def _no_preprocess_advice() -> Iterator[None]:
    """quantize_dynamic logs advice to pre-process the model through the root logger on
    every call; it does not apply to these small graphs."""
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        yield
    finally:
        root.setLevel(level)


def quantize_graphs(arch: str, folder: Path) -> dict[str, str]:
    """Write an int8 copy of every graph in `folder`, each checked by onnx.checker."""
    snippet = snippet_module(arch)
    written = {}
    for graph, name in snippet.FILES.items():
        target = snippet.int8_name(name)
        try:
            with _no_preprocess_advice():
                quantize_dynamic(
                    Path(folder) / name, Path(folder) / target, weight_type=QuantType.QInt8
                )
            onnx.checker.check_model(str(Path(folder) / target), full_check=True)
        except OSError:
            raise  # a full disk: the caller turns it into the disk message
        except Exception as err:  # the quantizer raises many kinds
            raise ExportError(
                say(
                    "int8 quantization of the {graph} graph failed ({error}: {reason}); export "
                    "without the int8 option",
                    graph=repr(graph),
                    error=type(err).__name__,
                    reason=str(err),
                )
            ) from err
        written[graph] = target
    return written


def compare_int8(
    arch: str, folder: Path, adapter: Adapter, fp32_outputs: list[Any], files: dict[str, str]
) -> Quantization:
    """Greedy held-out outputs of the int8 graphs against the fp32 graphs' outputs."""
    int8_outputs = adapter.onnx_outputs(open_runner(arch, folder, int8=True))
    same = sum(a == b for a, b in zip(fp32_outputs, int8_outputs))
    fp32_files = snippet_module(arch).FILES
    return Quantization(
        files=files,
        fp32_bytes=sum((Path(folder) / n).stat().st_size for n in fp32_files.values()),
        int8_bytes=sum((Path(folder) / n).stat().st_size for n in files.values()),
        metric=adapter.METRIC,
        fp32_metric=adapter.score(fp32_outputs),
        int8_metric=adapter.score(int8_outputs),
        agreement=same / max(len(fp32_outputs), 1),
        examples=len(fp32_outputs),
    )
