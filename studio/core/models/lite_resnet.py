"""Lite-ResNet: a 12-weight-layer residual network that maps an RGB image to action logits.

Layout (12 layers with weights): a stem convolution, five residual blocks of two 3x3
convolutions each, and a linear head. Blocks are pre-activation (norm -> ReLU -> conv),
as in He et al., "Identity Mappings in Deep Residual Networks" (2016); the blocks can be
spread over several stages, each later stage halving the resolution with a weightless
2x2 average pool so that the shortcut needs no projection and the count stays at 12.

The stem is a "patchify" convolution (kernel = stride), as in ConvNeXt: with a stride
equal to a grid world's pixels per cell, each feature position is exactly one cell.

References: He et al. 2016 (ResNet v2); Wu & He, "Group Normalization" (2018);
Liu et al., "A ConvNet for the 2020s" (2022) for the patchify stem.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, Literal, cast

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint

from studio.core.config.fields import ConfigError, ModelSection, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.checkpointing import checkpointing_param
from studio.core.models.compiled import compiled

WEIGHT_LAYERS = 12  # stem + 2 per block + head: the architecture's defining number
NUM_BLOCKS = (WEIGHT_LAYERS - 2) // 2  # 5


@dataclass
class LiteResNetConfig(ModelSection):
    """Lite-ResNet: stem, five residual blocks of two 3x3 convolutions, linear head."""

    ARCH: ClassVar[str] = "lite-resnet"

    channels: int = param(
        32, "Feature channels of every layer (at most 64)", min=1, max=64, label="Channels"
    )
    stages: list[int] = param(
        default_factory=lambda: [5],
        help="Residual blocks per stage (must add up to 5); each later stage halves the "
        "resolution with a 2x2 average pool",
        label="Blocks per stage",
    )
    stem_stride: int = param(
        4,
        "Kernel and stride of the stem convolution (a grid world's pixels per cell)",
        min=1,
        max=16,
        label="Stem stride",
    )
    norm: Literal["group", "batch"] = param(
        "group",
        "group: no running statistics, same answer in any batch (see the module)",
        label="Normalization",
    )
    head: Literal["flatten", "avg"] = param(
        "flatten",
        "flatten: the head sees where things are (grid worlds); avg: global "
        "average pool, position-invariant (object classes)",
        label="Head",
    )
    image_size: int = param(
        0,
        "Side of the square input image in pixels (0: the task's rendered size)",
        min=0,
        label="Input size (pixels)",
    )
    gradient_checkpointing: int = checkpointing_param()

    def __post_init__(self) -> None:
        if not self.stages or any(n < 0 for n in self.stages) or sum(self.stages) != NUM_BLOCKS:
            raise ConfigError(
                say(
                    "model.stages: must be block counts adding up to {n} (Lite-ResNet has "
                    "{layers} weight layers: stem + {n} blocks x 2 + head), got {value}",
                    n=NUM_BLOCKS,
                    layers=WEIGHT_LAYERS,
                    value=self.stages,
                )
            )
        if self.channels > 64:  # the loader checks bounds too; this covers direct construction
            raise ConfigError(
                say(
                    "{path}: must be at most {high}, got {value}",
                    path="model.channels",
                    high=64,
                    value=self.channels,
                )
            )
        if self.channels < 1:
            raise ConfigError(
                say(
                    "{path}: must be a positive integer, got {value}",
                    path="model.channels",
                    value=self.channels,
                )
            )

    def shape(self) -> ModelShape:
        # the activation formula is a transformer's, applied with the channels as the
        # width to the stem and the five blocks: an upper bound, not a measurement
        return ModelShape(
            layers=NUM_BLOCKS + 1,
            width=self.channels,
            heads=0,  # no attention: it acts in one step, without a cache
            kv_layers=0,
            blocks=sum(self.stages),
            checkpoint_every=self.gradient_checkpointing,
            max_len=None,  # images, not sequences
        )


def feature_size(cfg: LiteResNetConfig) -> int:
    """Side of the last feature map for cfg.image_size, or a ConfigError if it vanishes."""
    side = cfg.image_size // cfg.stem_stride
    for _ in cfg.stages[1:]:
        side //= 2
    if cfg.image_size <= 0 or side < 1:
        raise ConfigError(
            say(
                "model.image_size: {size} px is too small for stem_stride {stride} and {n} "
                "stages; use a larger image or fewer stages",
                size=cfg.image_size,
                stride=cfg.stem_stride,
                n=len(cfg.stages),
            )
        )
    return side


def _norm(kind: str, channels: int) -> nn.Module:
    # Group norm is the default because GRPO runs the same network on batches of very
    # different make-up: rollouts see whichever environments are still running, the update
    # sees all valid steps at once. Batch norm's output for one image depends on the rest
    # of its batch (train mode) or on running statistics (eval mode, in which GRPO samples
    # and updates) that the warm-up left and that go stale as the policy changes. Group
    # norm normalises each image alone.
    if kind == "batch":
        return nn.BatchNorm2d(channels)
    groups = max(g for g in range(1, 9) if channels % g == 0)  # up to 8 groups
    return nn.GroupNorm(groups, channels)


class ResidualBlock(nn.Module):
    """x + conv(relu(norm(conv(relu(norm(x)))))), two 3x3 convolutions, same shape out."""

    def __init__(self, channels: int, norm: str) -> None:
        super().__init__()
        self.norm1 = _norm(norm, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.norm2 = _norm(norm, channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.conv1(F.relu(self.norm1(x)))
        return x + self.conv2(F.relu(self.norm2(h)))


class LiteResNet(nn.Module):
    """Image (B, C, H, W) in [0, 1] (or uint8) -> logits (B, num_actions)."""

    def __init__(self, cfg: LiteResNetConfig, in_channels: int, num_actions: int) -> None:
        super().__init__()
        if in_channels < 1 or num_actions < 2:
            raise ValueError(
                f"LiteResNet needs at least 1 input channel and 2 actions, got "
                f"{in_channels} and {num_actions}"
            )
        self.cfg = cfg
        c = cfg.channels
        self.stem = nn.Conv2d(in_channels, c, cfg.stem_stride, stride=cfg.stem_stride)
        self.stages = nn.ModuleList(
            nn.ModuleList(ResidualBlock(c, cfg.norm) for _ in range(n)) for n in cfg.stages
        )
        self.final_norm = _norm(cfg.norm, c)
        side = feature_size(cfg) if cfg.head == "flatten" else 1
        self.head = nn.Linear(c * side * side, num_actions)
        # A near-uniform first policy: every action gets sampled, so groups differ in reward
        # from the first step (CleanRL's PPO uses a small policy-head init for this reason);
        # scaled by fan-in so that the logits stay within ~0.05 whatever the head's width.
        nn.init.normal_(self.head.weight, std=0.05 / math.sqrt(self.head.in_features))
        nn.init.zeros_(self.head.bias)
        # run the layers through torch.compile (models/compiled.py; training.compile)
        self.compiled = False

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        every = self.cfg.gradient_checkpointing
        if self.compiled and not (every and torch.is_grad_enabled()):
            # forward itself stays eager: the trainer's pause hook is on the model's entry
            return compiled(LiteResNet._layers)(self, obs)
        return self._layers(obs)

    def _layers(self, obs: torch.Tensor) -> torch.Tensor:
        if obs.dtype == torch.uint8:
            obs = obs.float() / 255.0
        x = self.stem(obs)  # (B, c, H/s, W/s)
        n_block = 0
        every = self.cfg.gradient_checkpointing
        for i, stage in enumerate(self.stages):
            if i > 0:
                x = F.avg_pool2d(x, 2)
            for block in cast(nn.ModuleList, stage):
                n_block += 1
                # (with batch norm, the recomputation updates the running statistics a
                # second time: one more reason group norm is the default)
                if every and torch.is_grad_enabled() and n_block % every == 0:
                    x = checkpoint(block, x, use_reentrant=False)
                else:
                    x = block(x)
        x = F.relu(self.final_norm(x))
        if self.cfg.head == "avg":
            x = x.mean(dim=(2, 3))  # (B, c)
        return self.head(x.flatten(1))  # (B, A)


def count_weight_layers(model: nn.Module) -> int:
    """Convolutions and linear layers: the layers a ResNet's depth counts."""
    return sum(isinstance(m, nn.Conv2d | nn.Linear) for m in model.modules())


SPEC = ArchSpec(
    config=LiteResNetConfig,
    kind="image",
    model=LiteResNet,
    title="Lite-ResNet (image policy / classifier)",
    layers=lambda cfg: say("{n} weight layers", n=WEIGHT_LAYERS),
    graphs="studio.core.export.archs.lite_resnet:graphs",
    parity="studio.core.export.archs.lite_resnet:parity",
    snippet="studio.core.export.snippets.lite_resnet",
    runner="PolicyOnnx",
    question=None,  # each task asks its own (the grid world: a move)
)
