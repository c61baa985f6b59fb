"""What an exported ONNX file says about itself: one JSON string in its metadata_props.

Key "grpo_studio" holds everything needed to use the graph without the studio: the
model's architecture and config, the task's tokenizers (or class and action names) and a
few held-out examples, which graph of the export this file is, the names of its sibling
files, and the run and checkpoint it came from. onnxruntime exposes it as
`session.get_modelmeta().custom_metadata_map["grpo_studio"]`; the README next to the
export describes the same fields for people.

Reference: ONNX IR, ModelProto.metadata_props (https://onnx.ai/onnx/repo-docs/IR.html).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import onnx

import studio
from studio.core.config.fields import to_dict

META_KEY = "grpo_studio"
FORMAT = 1  # layout version of the JSON below


def export_metadata(
    *,
    arch: str,
    model_cfg: Any,
    task: dict[str, Any],
    files: dict[str, str],
    run_name: str,
    checkpoint: str,
    step: int | None,
    opset: int,
) -> dict[str, Any]:
    """The JSON-able description shared by every file of one export (graph added later)."""
    return {
        "format": FORMAT,
        "producer": f"grpo-studio {studio.__version__}",
        "arch": arch,
        "opset": opset,
        "model": to_dict(model_cfg),
        "shape": dataclasses.asdict(model_cfg.shape()),  # its size as the config resolves it
        "task": task,
        "files": dict(files),
        "run": {"name": run_name, "checkpoint": checkpoint, "step": step},
    }


def attach(proto: onnx.ModelProto, meta: dict[str, Any], graph: str, doc: str) -> None:
    """Write the metadata into `proto` (replacing an earlier copy), naming its graph."""
    kept = [p for p in proto.metadata_props if p.key != META_KEY]
    del proto.metadata_props[:]
    proto.metadata_props.extend(kept)
    entry = proto.metadata_props.add()
    entry.key = META_KEY
    entry.value = json.dumps({**meta, "graph": graph}, ensure_ascii=False)
    proto.producer_name = "grpo-studio"
    proto.producer_version = studio.__version__
    proto.doc_string = doc


def read_metadata(path: Path) -> dict[str, Any]:
    """The export metadata of an ONNX file, or ValueError if it has none."""
    proto = onnx.load(str(path), load_external_data=False)
    for entry in proto.metadata_props:
        if entry.key == META_KEY:
            return json.loads(entry.value)
    raise ValueError(f"{path}: has no {META_KEY!r} metadata; it was not exported by the studio")
