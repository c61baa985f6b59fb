"""What every model section of a Hugging Face folder shares: the folder, LoRA, the rates.

A causal language model (causal_lm.py, model.arch "pretrained-lm") and a translator
(translator.py, "pretrained-mt") are each trained from a folder on this computer, in full
or through LoRA adapters (lora.py), with gradient checkpointing as a choice. Their
sections subclass `PretrainedSection`, which names the folder (read and judged once while
it is unchanged), says the way out of a run too large for the machine, refuses what the
model itself cannot do (more positions than it was trained for; a KL reference refreshed
from the policy under LoRA, which is the model without its adapters), and proposes the
learning rates a pretrained model trains with. `load_model` loads the folder's model as
its section says: its trained weights (on the meta device, counting parameters, its
shapes alone), checkpointing, adapters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import torch

from studio.core.config.fields import ConfigError, ModelSection, param
from studio.core.config.fit import Proposal
from studio.core.messages import say
from studio.core.models.pretrained.folders import (
    ModelFolder,
    ModelFolderError,
    ModelUse,
    read_model_folder,
)
from studio.core.models.pretrained.loading import empty_model, load_weights, usable
from studio.core.models.pretrained.lora import add_adapters

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

# learning rates a pretrained model trains with in full: the warm-up's at SmolLM2-135M's
# size, scaled by how many times smaller the model is to the power LR_POWER (a small model
# takes larger steps: benchmarks/RESULTS.md measures a 1.5M one), within the bounds;
# GRPO's a tenth of it. Adapters start at zero and take larger steps.
WARMUP_LR_AT, LR_SIZE, LR_POWER = 3e-5, 135_000_000, 0.75
WARMUP_LR_BOUNDS = (5e-6, 1e-3)
GRPO_SHARE = 0.1
WARMUP_LR_LORA, GRPO_LR_LORA = 2e-4, 2e-5


def full_warmup_lr(parameters: int | None) -> float:
    """The warm-up's learning rate for training every weight of a model of `parameters`
    (SmolLM2-135M's when not known)."""
    low, high = WARMUP_LR_BOUNDS
    scaled = WARMUP_LR_AT * (LR_SIZE / (parameters or LR_SIZE)) ** LR_POWER
    return float(f"{min(high, max(low, scaled)):.2g}")  # a number a person can read


@dataclass
class PretrainedSection(ModelSection):
    """A model from a Hugging Face folder on this computer (what its subclasses share)."""

    USE: ClassVar[ModelUse]  # what the folder must hold: a causal LM, or a translator

    path: str = param(
        "",
        "The model's folder on this computer: a Hugging Face folder (config.json, the "
        "weights, the tokenizer), in the Hugging Face cache or a folder of your own",
        label="Model folder",
    )
    lora: bool = param(
        False,
        "Train small LoRA adapters beside the frozen weights instead of every weight: a "
        "fraction of the memory; the KL reference is then the model without its adapters",
        label="LoRA adapters",
    )
    lora_rank: int = param(
        16,
        "Rank of each LoRA adapter (its width)",
        positive=True,
        max=512,
        advanced=True,
        label="LoRA rank",
    )
    lora_alpha: int = param(
        32,
        "LoRA's scale: the adapters' output times alpha / rank",
        positive=True,
        advanced=True,
        label="LoRA alpha",
    )
    lora_dropout: float = param(
        0.0,
        "Dropout on the adapters' input while training",
        min=0.0,
        max=0.5,
        advanced=True,
        label="LoRA dropout",
    )
    gradient_checkpointing: int = param(
        0,
        "Recompute the blocks' activations in the backward pass instead of keeping them: "
        "less memory, a slower step (0: off; any other number: every block)",
        min=0,
        label="Gradient checkpointing",
    )

    def __post_init__(self) -> None:
        if self.path:
            self.path = str(Path(self.path).expanduser())

    def folder(self) -> ModelFolder:
        """The model folder this section names, read (cached while the folder is
        unchanged); ConfigError naming model.path when it is missing, or holds no model
        the studio can train as this section's (the reason in one line)."""
        if not self.path:
            raise ConfigError(
                say(
                    "model.path: empty; give the folder of a model on this computer (the "
                    "gallery's Models on this computer lists those it finds)"
                )
            )
        path = Path(self.path)
        if not path.is_dir():
            raise ConfigError(
                say("model.path: {path} is not a folder; give a model's folder", path=str(path))
            )
        try:
            return usable(_read(path, (path / "config.json").stat().st_mtime_ns), self.USE)
        except (ModelFolderError, OSError) as err:
            raise ConfigError(say("model.path: {problem}", problem=str(err))) from None

    def longest(self) -> int:
        """The longest sequence the model is asked to hold, in its tokens."""
        raise NotImplementedError

    def trained_positions(self) -> int:
        """The positions the model was trained for (config.json); 0: not said."""
        config = self.folder().config
        return int(config.get("max_position_embeddings") or config.get("n_positions") or 0)

    def way_out(self) -> str:
        if self.lora:
            return say(
                "shorten the completions (grpo.max_new_tokens), lower stages.grpo.batch_size, "
                "or choose a smaller model"
            )
        return say(
            "train small LoRA adapters instead of every weight (model.lora: true), shorten "
            "the completions (grpo.max_new_tokens), or choose a smaller model"
        )

    def check_run(self, cfg: StudioConfig) -> None:
        """The model's own limits on a run: its trained positions, and a reference that
        under LoRA is the model itself, which cannot be refreshed from the policy."""
        trained = self.trained_positions()
        if trained and self.longest() > trained:
            raise ConfigError(
                say(
                    "model.max_len: {max_len} is more than the {trained} positions the model "
                    "was trained for; lower model.max_len to at most {trained}",
                    max_len=self.longest(),
                    trained=trained,
                )
            )
        if self.lora and cfg.grpo.ref_sync_steps:
            raise ConfigError(
                say(
                    "grpo.ref_sync_steps: under LoRA the KL reference is the model without "
                    "its adapters, which cannot be refreshed from the policy; set "
                    "grpo.ref_sync_steps: 0, or model.lora: false"
                )
            )

    def proposals(self, cfg: StudioConfig) -> list[Proposal]:
        """A pretrained model's learning rates: its weights already hold what it learned,
        so its steps move them gently, the more so in full than through small adapters,
        and the more so the larger the model."""
        del cfg
        if self.lora:
            warm, grpo = WARMUP_LR_LORA, GRPO_LR_LORA
            why = say(
                "stages.warmup.lr {lr}: supervised steps on a pretrained model, training "
                "LoRA adapters, keep the steps small not to erase what it knows",
                lr=f"{warm:g}",
            )
        else:
            parameters = self.folder().parameters
            warm = full_warmup_lr(parameters)
            grpo = float(f"{warm * GRPO_SHARE:.2g}")
            why = say(
                "stages.warmup.lr {lr}: supervised steps on a pretrained model of {size} "
                "parameters, training every weight: steps small enough not to erase what it "
                "knows, larger the smaller the model",
                lr=f"{warm:g}",
                size=f"{parameters / 1e6:.3g}M" if parameters else say("unknown"),
            )
        how = say("LoRA adapters") if self.lora else say("every weight")
        return [
            Proposal("stages.warmup.lr", warm, why),
            Proposal(
                "stages.grpo.lr",
                grpo,
                say(
                    "stages.grpo.lr {lr}: GRPO on a pretrained model, training {how}",
                    lr=f"{grpo:g}",
                    how=how,
                ),
            ),
        ]


@cache
def _read(path: Path, mtime_ns: int) -> ModelFolder:
    del mtime_ns  # part of the cache key: a folder rewritten is read again
    return read_model_folder(path)


def config_value(config: dict[str, Any], *keys: str) -> Any:
    """The first of `keys` a config.json holds; ConfigError naming them when none."""
    for key in keys:
        if key in config:
            return config[key]
    raise ConfigError(
        say("model.path: config.json has none of {keys}; it is damaged", keys=", ".join(keys))
    )


def load_model(cfg: PretrainedSection) -> Any:
    """The transformers model of `cfg`'s folder with its trained weights (on the meta
    device, counting parameters, its shapes alone), checkpointing and adapters as the
    section says."""
    folder = cfg.folder()
    if torch.get_default_device().type == "meta":  # counting parameters: no weights read
        lm: Any = empty_model(folder, cfg.USE)
    else:
        lm = load_weights(folder, cfg.USE)
    if cfg.gradient_checkpointing:
        # transformers 5 renames gradient_* to activation_checkpointing_*
        enable = getattr(lm, "activation_checkpointing_enable", None)
        (enable or lm.gradient_checkpointing_enable)()
    if cfg.lora:
        lm = add_adapters(lm, cfg.lora_rank, cfg.lora_alpha, cfg.lora_dropout)
    return lm
