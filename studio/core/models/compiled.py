"""torch.compile for the models' hot passes, behind the training.compile setting.

What gets compiled is each model's stack of blocks (a plain function of the module and its
tensors), never a module's __call__: the embeddings and the model's entry stay eager, so the
pause hooks the trainer puts there (training/loop/control.py) still act within one decoded
token, and the state dict, ONNX export and the playground see the plain modules. One
compiled function per stack serves every instance (the policy and its frozen reference):
torch.compile treats the module's parameters as inputs, not constants.

Shapes that change from step to step (prompt widths, completion lengths, the episodes
still playing) make a second compilation with those sizes symbolic (torch's automatic
dynamic shapes), after which the graph serves every size; inductor's on-disk cache
(torch's default folder) turns a later run's compilations mostly into loads.

References: PyTorch, "torch.compile" and "Dynamic shapes" (torch.compiler docs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import torch
from torch import nn

F = TypeVar("F", bound=Callable[..., Any])

_COMPILED: dict[Callable[..., Any], Callable[..., Any]] = {}


def compiled(fn: F) -> F:
    """`fn` through torch.compile, compiled once per process and kept."""
    found = _COMPILED.get(fn)
    if found is None:
        found = _COMPILED[fn] = torch.compile(fn)
    return found  # type: ignore[return-value]


def set_compiled(model: nn.Module, on: bool) -> bool:
    """Turn the compiled passes of `model` (and of any model inside it) on or off; True if
    the model has any (every preset architecture does)."""
    found = False
    for module in model.modules():
        if hasattr(module, "compiled"):
            cast(Any, module).compiled = on  # a plain attribute of each architecture
            found = True
    return found
