"""Step 1, studio/core/models/mean_mixer.py: a throwaway decoder whose every position reads
the mean of the tokens up to it. Its config with its shape, the nn.Module, its SPEC."""

from dataclasses import dataclass
from typing import ClassVar

import torch
from torch import nn

from studio.core.config.fields import ModelSection, ModelShape, param
from studio.core.messages import say
from studio.core.models import ArchSpec
from studio.core.models.decoder import RecomputingDecoder


@dataclass
class MeanMixerConfig(ModelSection):
    """A decoder whose every position reads the mean of the tokens up to it."""

    ARCH: ClassVar[str] = "mean-mixer"

    d_model: int = param(16, "Width of the token embeddings", positive=True, label="Width")
    max_len: int = param(32, "Context length in tokens: prompt plus completion", positive=True)

    def shape(self) -> ModelShape:
        # one mixing layer of d_model features; no attention, so nothing cached
        return ModelShape(
            layers=1,
            width=self.d_model,
            heads=0,
            kv_layers=0,
            blocks=1,
            checkpoint_every=None,
            max_len=self.max_len,
        )


class MeanMixer(RecomputingDecoder):
    """Mean of the real tokens' embeddings so far, plus the position's, then an MLP and
    a head. Left padding embeds as zeros and takes no position, so it changes nothing."""

    def __init__(self, cfg: MeanMixerConfig, vocab_size: int, pad_id: int) -> None:
        super().__init__()
        self.cfg, self.vocab_size, self.pad_id = cfg, vocab_size, pad_id
        d = cfg.d_model
        self.wte = nn.Embedding(vocab_size, d)
        self.wpe = nn.Embedding(cfg.max_len, d)
        self.mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.head = nn.Linear(d, vocab_size)

    def embed(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.wte(ids) * mask[..., None]  # (B, T, D), zeros at padding

    def mix(self, sums: torch.Tensor, count: torch.Tensor) -> torch.Tensor:
        """Logits (B, T, V) from the running sums (B, T, D) of the embedded tokens and the
        count (B, T) of real tokens up to each position."""
        h = sums / count.clamp(min=1)[..., None] + self.wpe((count - 1).clamp(min=0))
        return self.head(h + self.mlp(h))

    def logits(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.mix(self.embed(ids, mask).cumsum(dim=1), mask.long().cumsum(dim=1))


SPEC = ArchSpec(
    config=MeanMixerConfig,
    kind="decoder",
    model=MeanMixer,
    title="Mean mixer (a throwaway decoder)",
    layers=lambda cfg: say("{n} layers", n=1),  # as the gallery says every depth
    graphs="studio.core.export.archs.mean_mixer:graphs",
    # its graphs follow the decoder contract: its parity cases and its example program
    parity="studio.core.export.archs.micro_gpt:parity",
    snippet="studio.core.export.snippets.micro_gpt",
    runner="MicroGPTOnnx",
    question=None,
)
