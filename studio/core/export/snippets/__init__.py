"""Stand-alone example programs copied next to an export as example_onnx.py.

Each module here runs one preset's exported graphs with onnxruntime and numpy alone (no
torch, no studio), reading the tokenizer or class names from the ONNX file's metadata.
They are also the studio's own onnxruntime decoders: verify.py and quantize.py drive the
same classes, so the program a user receives is the one the export was checked with.
Each module names its graph files in FILES; the exporter writes exactly those names.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

SNIPPET_NAME = "example_onnx.py"
_MODULES = {
    "micro-gpt": "micro_gpt",
    "tiny-transformer": "tiny_transformer",
    "lite-resnet": "lite_resnet",
}


def snippet_module(arch: str) -> ModuleType:
    """The snippet module of a model architecture (its FILES, its runner class)."""
    if arch not in _MODULES:
        raise ValueError(f"no ONNX example for model.arch {arch!r}; known: {', '.join(_MODULES)}")
    return importlib.import_module(f"{__name__}.{_MODULES[arch]}")


def snippet_source(arch: str) -> str:
    """The text of the example program for `arch`, as written next to an export."""
    return Path(snippet_module(arch).__file__).read_text(encoding="utf-8")
