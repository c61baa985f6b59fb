"""An export's graph files checked before onnxruntime opens them: the studio's export
folders come from anyone (a run folder shared, a download), and onnxruntime takes a
graph's word for how much memory it needs.

A graph file may declare an initializer of any size, or compute a tensor whose shape is
fixed in the file (ConstantOfShape, Expand, Tile, Range... of constants): 256 GB asked for
at the first run, which the system grants on Linux and then kills the process for using.
Here, before any session exists, the file's own size, every initializer's declared size
and every tensor whose shape onnx's shape inference fixes (with data propagation, which
follows shape arithmetic on constants) are held against what this process can allocate
(files.memory_left). Tensors whose shape depends on the input (a batch, a length) are
bounded at run time instead, by the sessions' memory pool (snippets/).

Reference: ONNX shape inference (https://onnx.ai/onnx/api/shape_inference.html).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import onnx
from onnx import helper, shape_inference

from studio.core.files import RunError, memory_left, open_regular
from studio.core.machine.hardware import format_bytes
from studio.core.messages import say

AGAIN = say("the export was altered or damaged: export the run again (grpo-studio export RUN_DIR)")


def check_graph_file(path: Path) -> None:
    """RunError naming `path` and the tensor when the graph would need more memory than
    this process can allocate; nothing when it is within that."""
    left, bound = memory_left()
    fd = open_regular(path)  # a named pipe would never end
    size = os.fstat(fd).st_size
    os.close(fd)
    if size > left:
        raise RunError(
            say(
                "{path}: is {size}, more than {bound}; {again}",
                path=path,
                size=format_bytes(size),
                bound=bound,
                again=AGAIN,
            )
        )
    try:
        model = onnx.load(str(path), load_external_data=False)
    except Exception as err:  # protobuf's errors for a file that is not a graph
        raise RunError(
            say(
                "{path}: is not an ONNX graph ({reason}); {again}",
                path=path,
                reason=str(err),
                again=AGAIN,
            )
        ) from None
    for tensor in model.graph.initializer:
        what = say("its initializer {name}", name=repr(tensor.name))
        _check(path, what, tensor.data_type, tensor.dims, left, bound)
    try:
        inferred = shape_inference.infer_shapes(model, data_prop=True)
    except Exception:  # a graph inference cannot follow: onnxruntime says what is wrong
        return
    made_by = {out: node for node in inferred.graph.node for out in node.output}
    for value in [*inferred.graph.value_info, *inferred.graph.output]:
        tensor_type = value.type.tensor_type
        dims = [d.dim_value if d.HasField("dim_value") else -1 for d in tensor_type.shape.dim]
        if not tensor_type.HasField("shape") or -1 in dims:
            continue  # a shape that depends on the inputs
        node = made_by.get(value.name)
        what = say("its tensor {name}", name=repr(value.name))
        if node is not None and node.name:
            what = say("its {op} node {name}", op=node.op_type, name=repr(node.name))
        elif node is not None:
            what = say("its {op} node", op=node.op_type)
        _check(path, what, tensor_type.elem_type, dims, left, bound)


def _check(path: Path, what: str, dtype: int, dims: Iterable[int], left: int, bound: str) -> None:
    try:
        item = helper.tensor_dtype_to_np_dtype(dtype).itemsize
    except (KeyError, TypeError, ValueError):
        item = 8  # a type numpy lacks (a string): count it at a word
    need = item
    for d in dims:
        need *= int(d)
    if need > left:
        raise RunError(
            say(
                "{path}: {what} makes a tensor of {size}, more than {bound}; {again}",
                path=path,
                what=what,
                size=format_bytes(need),
                bound=bound,
                again=AGAIN,
            )
        )
