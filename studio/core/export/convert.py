"""Turn a GraphSpec into an ONNX model with torch.onnx, by either of torch's exporters.

- "dynamo" (torch.export-based, torch's default since 2.9): needs onnxscript; variable
  sizes are declared as torch.export Dims with bounds.
- "torchscript" (the older tracer, deprecated in torch but still shipped): many times
  faster than dynamo per graph, which matters for a one-click export and for the tests.
  Our wrappers use no nn.Transformer layers, so its dynamic axes hold (the tracer bakes
  sizes into nn.Transformer's reshapes).
- "auto": torchscript, and dynamo if that fails (or once torch drops the tracer).

Whichever wrote the graph, verify.py checks it at several sizes before an export is
called done. Both give one self-contained ModelProto (no external data file).

References: https://docs.pytorch.org/docs/stable/onnx.html (torch.onnx.export,
dynamic_shapes, dynamic_axes).
"""

from __future__ import annotations

import contextlib
import inspect
import io
import logging
import warnings
from collections.abc import Iterator

import onnx
import torch

from studio.core.export.graphs import GraphSpec
from studio.core.files import RunError
from studio.core.messages import say

OPSET = 18  # recent enough for every op used; onnxruntime >= 1.14 runs it
EXPORTERS = ("auto", "dynamo", "torchscript")


class ExportError(RunError):
    """An export could not be made or did not pass its checks; the message says why."""


class ConversionError(ExportError):
    """torch.onnx could not convert a graph; the message names the graph and the exporter."""


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """The exporters warn about things that do not apply here (deprecation, constant
    Python checks traced as constants, torchvision missing); keep them off the user's
    console. Failures still raise."""
    loggers = [logging.getLogger(n) for n in ("torch.onnx", "torch.export", "torch._export")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


def _dynamo(spec: GraphSpec, opset: int) -> onnx.ModelProto:
    dims = {
        name: torch.export.Dim(name, min=0 if name == "past" else 1, max=high)
        for name, high in spec.max_sizes.items()
    }
    params = list(inspect.signature(spec.module.forward).parameters)
    shapes = {
        param: {axis: dims[axis_name] for axis, axis_name in spec.dynamic.get(name, {}).items()}
        or None
        for param, name in zip(params, spec.input_names)
    }
    program = torch.onnx.export(
        spec.module,
        spec.inputs,
        dynamo=True,
        input_names=spec.input_names,
        output_names=spec.output_names,
        dynamic_shapes=shapes,
        opset_version=opset,
        optimize=True,
        verbose=False,
    )
    if program is None:  # only a TorchScript export returns nothing
        raise RuntimeError("torch.onnx.export(dynamo=True) returned no program")
    return program.model_proto


def _torchscript(spec: GraphSpec, opset: int) -> onnx.ModelProto:
    buffer = io.BytesIO()
    torch.onnx.export(
        spec.module,
        spec.inputs,
        buffer,  # type: ignore[arg-type]  # torch's hint omits the file objects it accepts
        dynamo=False,
        input_names=spec.input_names,
        output_names=spec.output_names,
        dynamic_axes=spec.dynamic,
        opset_version=opset,
        do_constant_folding=True,
    )
    return onnx.load_from_string(buffer.getvalue())


def to_onnx(spec: GraphSpec, exporter: str = "auto", opset: int = OPSET) -> onnx.ModelProto:
    """The graph as an ONNX model, in memory (weights included)."""
    if exporter not in EXPORTERS:
        raise ValueError(f"exporter must be one of {', '.join(EXPORTERS)}, got {exporter!r}")
    if exporter == "auto":
        try:
            return to_onnx(spec, "torchscript", opset)
        except ConversionError:
            return to_onnx(spec, "dynamo", opset)
    convert = _dynamo if exporter == "dynamo" else _torchscript
    try:
        with _quiet(), torch.no_grad():
            return convert(spec, opset)
    except Exception as err:  # torch.onnx raises many kinds; the user needs one message
        first = str(err).strip().splitlines()[0] if str(err).strip() else ""
        raise ConversionError(
            say(
                "the {exporter} exporter could not convert the {graph} graph ({error}: "
                "{first}); try the other exporter (exporter='dynamo' or 'torchscript')",
                exporter=exporter,
                graph=repr(spec.name),
                error=type(err).__name__,
                first=first,
            )
        ) from err
