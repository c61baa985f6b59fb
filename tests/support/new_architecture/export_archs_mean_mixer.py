"""Step 2, studio/core/export/archs/mean_mixer.py: the mean mixer's graphs, by the decoder
graph contract (the logits graph is its forward; the step graph is its own)."""

import torch
from torch import nn

from studio.core.export.archs.micro_gpt import decoder_graphs
from studio.core.export.graphs import GraphSpec
from studio.core.models.mean_mixer import MeanMixer


class MixerStep(nn.Module):
    """The contract's step graph. The cache (L = H = 1, hd = d_model) holds each token's
    embedding in the keys and the running sum up to it in the values, which the new
    tokens' sums continue."""

    def __init__(self, model: MeanMixer) -> None:
        super().__init__()
        self.model = model

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        past_keys: torch.Tensor,
        past_values: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        t = input_ids.shape[1]
        real = attention_mask.bool()  # (B, P + T)
        x = self.model.embed(input_ids, real[:, -t:])  # (B, T, D)
        # the sum so far (0 with no past), then the new tokens added one by one, in the
        # order the whole sequence's cumsum adds them
        last = torch.cat([torch.zeros_like(x[:, :1]), past_values[0, :, 0]], dim=1)[:, -1:]
        sums = torch.cat([last, x], dim=1).cumsum(dim=1)[:, 1:]  # (B, T, D)
        logits = self.model.mix(sums, real.long().cumsum(dim=1)[:, -t:])  # (B, T, V)
        keys = torch.cat([past_keys, x[None, :, None]], dim=3)  # (1, B, 1, P + T, D)
        values = torch.cat([past_values, sums[None, :, None]], dim=3)
        return logits, keys, values


def graphs(model: MeanMixer) -> list[GraphSpec]:
    return decoder_graphs(model, MixerStep(model), cache=(1, 1, model.cfg.d_model))
