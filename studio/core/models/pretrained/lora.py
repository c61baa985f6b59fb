"""LoRA adapters on a model of the user's (peft), and the reference GRPO's KL needs.

With model.lora on, the model's own weights stay frozen and small low-rank adapters (Hu
et al. 2021) beside every linear layer train: the optimizer holds the adapters' state
only, a fraction of a full fine-tune's memory. The KL penalty's reference is then the
model without its adapters: `BaseModelView` runs the same weights with the adapters
switched off, so the reference costs no second copy of the model. It holds no weights of
its own (its state dict is empty): a checkpoint stores the policy once.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

# the linear layers by their names in the families the studio trains: attention and MLP
# projections (Llama and Qwen: q/k/v/o, gate/up/down; GPT-2: c_attn, c_proj, c_fc; Marian's
# encoder and decoder: q/k/v, out_proj, fc1, fc2, its cross-attention's alike)
TARGETS = (
    "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj",
    "c_attn", "c_proj", "c_fc", "out_proj", "fc1", "fc2",
)  # fmt: skip


def add_adapters(lm: Any, rank: int, alpha: int, dropout: float) -> Any:
    """`lm` wrapped by peft with LoRA adapters on its linear layers; only they train."""
    from peft import LoraConfig, get_peft_model

    names = {name.rsplit(".", 1)[-1] for name, _ in lm.named_modules()}
    config = LoraConfig(
        r=rank,
        lora_alpha=alpha,
        lora_dropout=dropout,
        target_modules=[t for t in TARGETS if t in names],
        bias="none",
        # GPT-2's projections are Conv1D layers, their weights stored transposed
        fan_in_fan_out=lm.config.model_type == "gpt2",
    )
    return get_peft_model(lm, config)


def base_model(lm: Any) -> Any:
    """The transformers model under peft's wrapper (itself when it has no adapters)."""
    return lm.get_base_model() if hasattr(lm, "get_base_model") else lm


def has_adapters(lm: Any) -> bool:
    return hasattr(lm, "disable_adapter") and hasattr(lm, "peft_config")


def keep_adapters_only(model: nn.Module) -> None:
    """`model`'s state dict (a checkpoint's) holds its adapters alone: the frozen base
    is the folder's, unchanged, and loading the state leaves it as the folder gave it."""
    model._register_state_dict_hook(_adapters_only)
    model.register_load_state_dict_post_hook(_base_from_folder)


def _adapters_only(module: nn.Module, state: dict[str, Any], prefix: str, meta: Any) -> None:
    del module, meta
    for key in [k for k in state if k.startswith(prefix) and "lora_" not in k]:
        del state[key]


def _base_from_folder(module: nn.Module, incompatible: Any) -> None:
    """The base weights a LoRA model's state leaves out are not missing."""
    del module
    incompatible.missing_keys[:] = [k for k in incompatible.missing_keys if "lora_" in k]


class BaseModelView(nn.Module):
    """The policy with its adapters switched off: GRPO's reference under LoRA.

    Called and asked to generate as the policy is; holds the policy without registering
    it, so it adds no parameters, no state and no copy."""

    def __init__(self, policy: nn.Module) -> None:
        super().__init__()
        object.__setattr__(self, "_policy", policy)  # not a submodule: no weights twice

    @property
    def policy(self) -> Any:
        return self.__dict__["_policy"]

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        with self.policy.lm.disable_adapter(), torch.no_grad():
            return self.policy(*args, **kwargs)

    def generate(self, *args: Any, **kwargs: Any) -> Any:
        with self.policy.lm.disable_adapter():
            return self.policy.generate(*args, **kwargs)
