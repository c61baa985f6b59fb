"""Stand-alone example programs copied next to an export as example_onnx.py.

Each module here runs one architecture's exported graphs with onnxruntime and numpy
alone (no torch, no studio), reading the tokenizer or class names from the ONNX file's
metadata. They are also the studio's own onnxruntime decoders: the export checks, the
int8 comparison and the playground drive the same classes, so the program a user
receives is the one the export was checked with. Each module names its graph files in
FILES; the exporter writes exactly those names. An architecture's spec names its module
and runner class (studio.core.models).

A program is one file a user reads and runs alone, so the few lines the modules share
(loading a session, reading the metadata, the int8 file's name, trimming a row at EOS,
main's error exit) are written in each rather than shipped as a second file, and the
rules they share with the studio (a tokenizer's tags) are written again.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from studio.core.models import arch_spec

SNIPPET_NAME = "example_onnx.py"


def snippet_module(arch: str) -> ModuleType:
    """The snippet module of a model architecture (its FILES, its runner class)."""
    return importlib.import_module(arch_spec(arch).snippet)


def snippet_source(arch: str) -> str:
    """The text of the example program for `arch`, as written next to an export."""
    return Path(str(snippet_module(arch).__file__)).read_text(encoding="utf-8")


def runner_class(arch: str) -> Any:
    """The snippet's class that runs the graphs of `arch` (ArchSpec.runner)."""
    return getattr(snippet_module(arch), arch_spec(arch).runner)


def open_runner(arch: str, folder: Path, *, int8: bool = False) -> Any:
    """The snippet's runner over the graphs in `folder` (their int8 copies if asked)."""
    return runner_class(arch)(folder, int8=int8)
