"""The README.md written next to an export: what the files are, how to run them, and
what the checks measured."""

from __future__ import annotations

from typing import Any

from studio.core.export.adapters import Adapter
from studio.core.export.graphs import GraphSpec
from studio.core.export.metadata import META_KEY
from studio.core.export.quantize import Quantization
from studio.core.export.snippets import SNIPPET_NAME
from studio.core.export.sparse import SparseStorage
from studio.core.export.verify import TOLERANCE, Verification
from studio.core.models import arch_spec


def readme_text(
    meta: dict[str, Any],
    graphs: list[GraphSpec],
    adapter: Adapter,
    extra: list[str],
    verification: Verification,
    quantization: Quantization | None,
    sparse: SparseStorage | None = None,
) -> str:
    """The README of an export described by `meta` (metadata.py): its graphs, the files
    `extra` written beside them, and what the checks measured."""
    snippet = SNIPPET_NAME
    run = meta["run"]
    step = f"step {run['step']}" if run["step"] is not None else "its latest checkpoint"
    lines = [
        f"# {arch_spec(meta['arch']).title}, exported to ONNX",
        "",
        f"Exported by GRPO Studio from run `{run['name']}` at {step} "
        f"(`{run['checkpoint']}`), task `{meta['task']['name']}`.",
        "",
        "## Files",
        "",
    ]
    for graph in graphs:
        lines.append(f"- `{meta['files'][graph.name]}`: the `{graph.name}` graph. {graph.doc}")
    if quantization is not None:
        for graph_name, name in quantization.files.items():
            lines.append(f"- `{name}`: the `{graph_name}` graph with int8 weights")
    lines += [f"- `{name}`: held-out sample inputs for the example program" for name in extra]
    lines += [
        f"- `{snippet}`: runs the model with onnxruntime and numpy only",
        "",
        "## Run it",
        "",
        "```",
        "pip install onnxruntime numpy",
        f"python {snippet}            # the held-out examples stored with the model",
        f"python {snippet} {adapter.own_input()}",
        *([f"python {snippet} --int8     # the int8 graphs"] if quantization else []),
        "```",
        "",
        f"Every `.onnx` file carries metadata key `{META_KEY}`: a JSON string with the model "
        "config (`model`), the task's tokenizers or class/action names and a few held-out "
        "examples (`task`), this file's graph (`graph`), its sibling files (`files`) and the "
        "run it came from (`run`). With onnxruntime: "
        f'`session.get_modelmeta().custom_metadata_map["{META_KEY}"]`.',
        "",
        "## Checks passed before export",
        "",
        f"- onnx.checker (full check) on every graph; opset {meta['opset']}.",
        f"- onnxruntime against PyTorch on fresh random inputs: max |difference| "
        f"{verification.max_abs_diff:.1e} (limit {TOLERANCE:.0e}) over "
        f"{len(verification.cases)} cases: {', '.join(verification.cases)}.",
        f"- {adapter.CHECKED} through onnxruntime equal PyTorch's on "
        f"{verification.greedy_matches}/{verification.examples} held-out examples; "
        f"{verification.metric} {verification.onnx_metric:.4g} "
        f"(PyTorch {verification.torch_metric:.4g}).",
        f"- The example program's tokenizer gives the task's ids and text: "
        f"{'yes' if verification.tokenizers_agree else 'no'}.",
    ]
    if quantization is not None:
        lines += ["", "## int8", "", f"- {quantization.summary()}."]
    if sparse is not None:
        lines += ["", "## Sparsity", "", f"- {sparse.summary()}."]
    return "\n".join(lines) + "\n"
