"""The ONNX graphs of an export: what one graph is (GraphSpec) and the graphs of a model.

Each architecture's graphs are small nn.Modules around the trained model (in
studio.core.export.archs, named by the architecture's spec). They call the model's own
submodules (embeddings, blocks, norms, heads), so the exported weights are the trained
ones, but they choose the graph's interface:

- Micro-GPT: `logits` over a whole sequence, and `step` (new tokens and the past
  keys/values -> logits and the present keys/values), one graph for the prompt (with an
  empty past) and then one token a step.
- Tiny-Transformer: `encoder` (source -> memory and every decoder layer's cross-attention
  keys/values, once per sentence) and `decoder_step` (cached, like Micro-GPT's step).
- Lite-ResNet: `policy` (observation uint8 images -> action logits).

Caches are stacked over layers, (L, B, H, P, hd), so a graph has one past and one present
tensor per kind rather than 2L of each. Masks are int64 (1 = real token), as in Hugging
Face's ONNX exports, so a caller built on numpy never needs boolean tensors.

The wrappers repeat the models' attention arithmetic; verify.py checks every graph
against the model itself, so a drift between the two cannot pass unnoticed.

References: Hugging Face Optimum's decoder "with past" ONNX layout (past/present
key-values as graph inputs/outputs); torch.onnx export documentation.
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass

import torch
from torch import nn

from studio.core.models import arch_spec


@dataclass
class GraphSpec:
    """One graph to export: the module, example inputs, names and variable axes."""

    name: str  # file suffix and metadata key: "logits", "step", "encoder", ...
    module: nn.Module
    inputs: tuple[torch.Tensor, ...]  # example inputs (sizes >= 2 on variable axes)
    input_names: list[str]
    output_names: list[str]
    # input name -> {axis: axis name}; an axis name shared by two inputs is one size
    dynamic: dict[str, dict[int, str]]
    max_sizes: dict[str, int]  # axis name -> largest size the graph accepts (export bounds)
    # its inputs and outputs with their shapes, for the export's README. Shapes: B batch,
    # T new tokens, P past tokens, S source tokens, L layers, H heads, hd head size,
    # V vocabulary, A actions or classes
    doc: str


def graphs_for(arch: str, model: nn.Module) -> list[GraphSpec]:
    """The graphs of a model of architecture `arch`, the first being the main one."""
    return pkgutil.resolve_name(arch_spec(arch).graphs)(model.eval())
