"""The README.md written next to an export: what the files are, how to run them, and
what the checks measured."""

from __future__ import annotations

from typing import Any

from studio.core.export.metadata import META_KEY
from studio.core.export.quantize import Quantization
from studio.core.export.verify import TOLERANCE, Verification

_TITLES = {
    "micro-gpt": "Micro-GPT (decoder-only text model)",
    "tiny-transformer": "Tiny-Transformer (encoder-decoder translator)",
    "lite-resnet": "Lite-ResNet (image policy / classifier)",
}

# Shapes: B batch, T new tokens, P past tokens, S source tokens, L layers, H heads,
# hd head size, V vocabulary, A actions or classes.
_GRAPHS = {
    "micro-gpt": {
        "logits": "`input_ids` (B, T) int64, `attention_mask` (B, T) int64 (1 = real token, "
        "prompts left-padded) -> `logits` (B, T, V)",
        "step": "`input_ids` (B, T) int64 new tokens, `attention_mask` (B, P + T) int64, "
        "`past_keys` / `past_values` (L, B, H, P, hd) float32 (P may be 0) -> `logits` "
        "(B, T, V), `present_keys` / `present_values` (L, B, H, P + T, hd)",
    },
    "tiny-transformer": {
        "encoder": "`src_ids` (B, S) int64 ending in EOS, `src_mask` (B, S) int64 (1 = real, "
        "right-padded) -> `memory` (B, S, D), `cross_keys` / `cross_values` (L, B, H, S, hd)",
        "decoder_step": "`input_ids` (B, T) int64 (BOS first), `src_mask`, `cross_keys`, "
        "`cross_values`, `past_keys` / `past_values` (L, B, H, P, hd) float32 (P may be 0) "
        "-> `logits` (B, T, V), `present_keys` / `present_values` (L, B, H, P + T, hd)",
    },
    "lite-resnet": {
        "policy": "`observation` (B, C, H, W) uint8, pixels 0-255 -> `logits` (B, A)",
    },
}


_GREEDY = {
    "micro-gpt": "Greedy completions (step graph with cache)",
    "tiny-transformer": "Greedy translations (encoder, then decoder step graph with cache)",
    "lite-resnet": "Greedy actions (labels)",
}


def _own_input(arch: str, meta: dict[str, Any]) -> str:
    """A usage line with the user's own input, taken from a stored example."""
    examples = meta["task"].get("examples") or []
    if arch == "micro-gpt" and examples:
        return f'"{examples[0]["prompt"]}"   # your own prompts'
    if arch == "tiny-transformer" and examples:
        return f'"{examples[0]["source"]}"   # your own sentences'
    return "images.npy   # your own (N, C, H, W) uint8 array"


def readme_text(
    *,
    arch: str,
    meta: dict[str, Any],
    files: dict[str, str],
    snippet: str,
    extra: list[str],
    verification: Verification,
    quantization: Quantization | None,
) -> str:
    run = meta["run"]
    step = f"step {run['step']}" if run["step"] is not None else "its latest checkpoint"
    lines = [
        f"# {_TITLES[arch]}, exported to ONNX",
        "",
        f"Exported by GRPO Studio from run `{run['name']}` at {step} "
        f"(`{run['checkpoint']}`), task `{meta['task']['name']}`.",
        "",
        "## Files",
        "",
    ]
    for graph, name in files.items():
        lines.append(f"- `{name}`: the `{graph}` graph. {_GRAPHS[arch][graph]}")
    if quantization is not None:
        for graph, name in quantization.files.items():
            lines.append(f"- `{name}`: the `{graph}` graph with int8 weights")
    lines += [f"- `{name}`: held-out sample inputs for the example program" for name in extra]
    lines += [
        f"- `{snippet}`: runs the model with onnxruntime and numpy only",
        "",
        "## Run it",
        "",
        "```",
        "pip install onnxruntime numpy",
        f"python {snippet}            # the held-out examples stored with the model",
        f"python {snippet} {_own_input(arch, meta)}",
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
        f"- {_GREEDY[arch]} through onnxruntime equal PyTorch's on "
        f"{verification.greedy_matches}/{verification.examples} held-out examples; "
        f"{verification.metric} {verification.onnx_metric:.4g} "
        f"(PyTorch {verification.torch_metric:.4g}).",
        f"- The example program's tokenizer gives the task's ids and text: "
        f"{'yes' if verification.tokenizers_agree else 'no'}.",
    ]
    if quantization is not None:
        lines += ["", "## int8", "", f"- {quantization.summary()}."]
    return "\n".join(lines) + "\n"
