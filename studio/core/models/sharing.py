"""Cross-layer weight sharing (model.share_layers), for the transformer architectures.

Every k consecutive blocks of a stack are one module, ALBERT-style (Lan et al. 2020,
"ALBERT: A Lite BERT for Self-supervised Learning of Language Representations"): the
block weights shrink about k times while the depth, and so the compute per token, stays.
The stack is a ModuleList holding each shared module k times, so everything that walks
it layer by layer (KV caches, gradient checkpointing, export graphs) runs the same depth
unchanged, while parameters() and the optimizer see each weight once. The state dict
names a shared weight under every layer it serves; torch.save writes its storage once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from torch import nn

from studio.core.config.fields import param
from studio.core.messages import say


def sharing_param(stacks: str = "") -> Any:
    """The model.share_layers field of a transformer's model section; `stacks` names the
    stacks it applies to when there are several (" of the encoder, and of the decoder,")."""
    return param(
        1,
        f"Every k consecutive blocks{stacks} share one set of weights (ALBERT-style "
        "cross-layer sharing): about k times fewer block parameters, the same compute "
        "(1: none)",
        positive=True,
        advanced=True,
        label="Blocks sharing weights",
    )


def check_sharing(k: int, depths: dict[str, int]) -> None:
    """Refuse a model.share_layers larger than a stack it applies to (`depths`: the depth
    settings' names and values)."""
    for name, depth in depths.items():
        if k > depth:
            raise ValueError(
                say(
                    "model.share_layers: {k} blocks cannot share weights in a stack of {depth} "
                    "({name}); use at most {depth} (all of them share one) or 1 (none)",
                    k=k,
                    depth=depth,
                    name=name,
                )
            )


def shared_stack(make: Callable[[], nn.Module], depth: int, k: int) -> nn.ModuleList:
    """`depth` blocks in which block i is unique block i // k (k = 1: all distinct; a
    depth that k does not divide ends with a smaller group)."""
    unique = [make() for _ in range(math.ceil(depth / k))]
    return nn.ModuleList(unique[i // k] for i in range(depth))
