"""Pruned weights stored as ONNX sparse initializers, where that makes the file smaller.

A dense initializer stores every entry, zero or not. ONNX's `GraphProto.sparse_initializer`
stores a tensor as its non-zero values and their int64 positions: 12 bytes a non-zero
against 4 bytes an entry, so it is smaller only when fewer than a third of the entries are
non-zero (above 67% sparsity). The fp32 graph files store each weight matrix that is
smaller that way as a sparse initializer; the others stay dense.

What this does not change, and the export says so: onnxruntime expands sparse initializers
into dense tensors when it loads a model and runs dense kernels, so a session's memory and
its speed are those of the dense model (measured: benchmarks/bench_sparsity.py). The int8
copies are quantized from the dense graphs (onnxruntime's quantizer does not read sparse
initializers) and stay dense. onnx's full check infers a sparse initializer's type as a
sparse tensor, which the graphs' ops do not take, so a graph passes the full check dense
(pipeline.py) and, once stored sparse, onnx's structural check and the onnxruntime parity
checks on the file as written.

Reference: ONNX IR, GraphProto.sparse_initializer and SparseTensorProto
(https://onnx.ai/onnx/repo-docs/IR.html).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import helper, numpy_helper

from studio.core.export.snippets import snippet_module
from studio.core.messages import say

BYTES_PER_STORED = 4 + 8  # an fp32 value and its int64 position
MIN_ZERO_SHARE = 0.05  # below this a model was not pruned: its files are left as written
MIN_ENTRIES = 256  # smaller matrices are not worth a second format


@dataclass
class SparseStorage:
    """What the zeros of an export's weight matrices changed in its fp32 files."""

    zero_share: float  # zeros over the entries of the graphs' fp32 matrices
    matrices: int  # of them, stored as sparse initializers
    dense_bytes: int  # the fp32 graph files as exported
    stored_bytes: int  # as written

    def summary(self) -> str:
        share = f"{self.zero_share:.0%}"
        if self.matrices:
            return say(
                "sparsity: {share} of the weight matrices' entries are zero; {n} weight "
                "matrices stored as ONNX sparse initializers, {stored} MB instead of {dense} "
                "MB; onnxruntime makes them dense again when it loads the model and runs dense "
                "kernels, so its memory and speed are those of the dense model",
                share=share,
                n=self.matrices,
                stored=f"{self.stored_bytes / 1e6:.2f}",
                dense=f"{self.dense_bytes / 1e6:.2f}",
            )
        return say(
            "sparsity: {share} of the weight matrices' entries are zero, too few for sparse "
            "storage to be smaller (an index and a value per non-zero: it needs above 67% zeros "
            "in a matrix), so the files are dense; with dense kernels the zeros cost the memory "
            "and time of any other weight",
            share=share,
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _matrices(graph: onnx.GraphProto) -> list[tuple[int, np.ndarray]]:
    """(index, array) of the graph's fp32 initializers of two or more dimensions."""
    found = []
    for i, tensor in enumerate(graph.initializer):
        if tensor.data_type == onnx.TensorProto.FLOAT and len(tensor.dims) >= 2:
            found.append((i, numpy_helper.to_array(tensor)))
    return found


def _sparse(name: str, array: np.ndarray) -> onnx.SparseTensorProto:
    flat = array.ravel()
    where = np.flatnonzero(flat).astype(np.int64)  # positions in the flattened tensor
    values = numpy_helper.from_array(flat[where], name=name)
    return helper.make_sparse_tensor(
        values, numpy_helper.from_array(where, name=f"{name}_indices"), list(array.shape)
    )


def store_sparse(proto: onnx.ModelProto) -> tuple[int, int, int]:
    """Move each fp32 matrix that is smaller sparse into `proto.graph.sparse_initializer`
    (when the matrices hold MIN_ZERO_SHARE zeros or more). Returns (zeros, entries,
    matrices moved)."""
    graph = proto.graph
    matrices = _matrices(graph)
    zeros = sum(int((a == 0).sum()) for _, a in matrices)
    entries = sum(a.size for _, a in matrices)
    if not entries or zeros < MIN_ZERO_SHARE * entries:
        return zeros, entries, 0
    inputs = {i.name for i in graph.input}  # an initializer listed as an input stays dense
    moved = [
        (i, a)
        for i, a in matrices
        if a.size >= MIN_ENTRIES
        and np.count_nonzero(a) * BYTES_PER_STORED < a.size * 4
        and graph.initializer[i].name not in inputs
    ]
    for i, array in moved:
        graph.sparse_initializer.append(_sparse(graph.initializer[i].name, array))
    for i, _ in reversed(moved):
        del graph.initializer[i]
    return zeros, entries, len(moved)


def sparsify_graphs(
    arch: str, folder: Path, write: Callable[[Path, bytes], None]
) -> SparseStorage | None:
    """Rewrite (with `write`) the fp32 graph files of an export in `folder` with their
    pruned matrices stored sparse; None when the weights are not pruned (fewer than
    MIN_ZERO_SHARE zeros), which leaves the files untouched."""
    zeros = entries = moved = dense = stored = 0
    for name in snippet_module(arch).FILES.values():
        path = Path(folder) / name
        proto = onnx.load(str(path))
        dense += path.stat().st_size
        found = store_sparse(proto)
        zeros, entries, moved = zeros + found[0], entries + found[1], moved + found[2]
        if found[2]:
            onnx.checker.check_model(proto)  # the full check ran on the dense graph
            write(path, proto.SerializeToString())
        stored += path.stat().st_size
    if not entries or zeros < MIN_ZERO_SHARE * entries:
        return None
    return SparseStorage(zeros / entries, moved, dense, stored)
