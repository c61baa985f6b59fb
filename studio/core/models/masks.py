"""Attention masks as scaled_dot_product_attention reads them, shared by the text models.

A bool mask (True = may attend) is turned by scaled_dot_product_attention into an additive
float one (0 where visible, -inf elsewhere) in every call. `additive_mask` makes that
conversion once, so that one mask serves all the layers of a pass, and every decoded token
of a rollout, instead of being converted again in each attention call.
"""

from __future__ import annotations

import torch


def compute_dtype(like: torch.Tensor) -> torch.dtype:
    """The dtype activations come out in: autocast's when it is on, else `like`'s."""
    if torch.is_autocast_enabled(like.device.type):
        return torch.get_autocast_dtype(like.device.type)
    return like.dtype


def additive_mask(visible: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """A bool mask (True = may attend) as the float mask it stands for: 0 where visible,
    -inf elsewhere, in `dtype` (the queries' dtype, as the attention requires)."""
    return torch.zeros(visible.shape, dtype=dtype, device=visible.device).masked_fill_(
        ~visible, float("-inf")
    )
