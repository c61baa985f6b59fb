"""The three preset architectures, found by name.

Each model module defines a config dataclass with a class attribute `ARCH` (the name
below) and the nn.Module. Imports are lazy so that importing the registry is cheap.
"""

from __future__ import annotations

import importlib

# arch name -> (module, config class)
_ARCHS: dict[str, tuple[str, str]] = {
    "micro-gpt": ("studio.core.models.micro_gpt", "MicroGPTConfig"),
    "tiny-transformer": ("studio.core.models.tiny_transformer", "TinyTransformerConfig"),
    "lite-resnet": ("studio.core.models.lite_resnet", "LiteResNetConfig"),
}
MODEL_ARCHS: tuple[str, ...] = tuple(_ARCHS)


def model_config_class(arch: str) -> type:
    module, name = _ARCHS[arch]
    return getattr(importlib.import_module(module), name)
