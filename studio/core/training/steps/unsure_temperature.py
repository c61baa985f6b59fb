"""GRPO's sampling temperature chosen from how unsure the policy is at GRPO's start.

A warm-up on real text, trained with label smoothing, leaves the policy unsure of its
words: sampled at temperature 1 its translations carry stray words, and GRPO's reward then
mostly ranks how few stray words a sample has, a fault the greedy translations that are
scored do not have. A policy sure of its words samples well at 1. With
`grpo.unsure_temperature` set, GRPO's first step measures the policy's entropy at
temperature 1 over samples of training prompts and samples at that temperature instead
of `grpo.temperature` when it is over UNSURE_ENTROPY.

Measured at GRPO's start as this module measures it (benchmarks/RESULTS.md), in nats a
sampled token at temperature 1, two seeds each: 3.05 and 3.19 on Tatoeba cmn-eng and 1.62
and 1.59 on eng-fra, where GRPO at 0.7 ended 0.6-2.1 test chrF higher than at 1; 1.20 and
1.27 on the made-up corpus, where it ended 0.4-1.2 lower.
"""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from dataclasses import dataclass

import torch
from torch import nn

from studio.core.config.sections import GRPOConfig
from studio.core.messages import Message, say
from studio.core.tasks.base import Sampling, Task

UNSURE_ENTROPY = 1.4  # nats a sampled token, midway between the made-up corpus's and eng-fra's
PROMPTS = 64  # training prompts sampled to measure it (a few seconds on a laptop CPU)


@dataclass
class TemperatureChoice:
    temperature: float
    entropy: float  # nats a sampled token at temperature 1

    def message(self) -> Message:
        parts = {
            "t": f"{self.temperature:g}",
            "e": f"{self.entropy:.2f}",
            "limit": f"{UNSURE_ENTROPY:g}",
        }
        if self.entropy > UNSURE_ENTROPY:
            return say(
                "GRPO samples at temperature {t}: the policy at its start is unsure of its words "
                "({e} nats a sampled token at temperature 1, over {limit})",
                **parts,
            )
        return say(
            "GRPO samples at temperature {t}: the policy at its start is sure enough of its "
            "words ({e} nats a sampled token at temperature 1, {limit} at most)",
            **parts,
        )


def policy_entropy(
    task: Task,
    model: nn.Module,
    gcfg: GRPOConfig,
    batch_size: int,
    precision: AbstractContextManager,
    seed: int,
) -> float:
    """The policy's mean entropy at temperature 1, in nats per sampled token, over
    grpo.num_generations samples of each of PROMPTS training prompts (drawn with `seed`),
    sampled `batch_size` prompts at a time as GRPO's steps are, from `seed` too: the same
    weights measure the same (a run resumed at GRPO's start chooses again as it chose).
    The training's random streams are left as they were."""
    prompts = task.sample(PROMPTS, random.Random(seed), task.num_levels - 1)
    sampling = Sampling(1.0, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    device = next(model.parameters()).device
    total = tokens = 0.0
    was_training = model.training
    model.eval()
    try:
        devices = [device] if device.type == "cuda" else []
        with torch.random.fork_rng(devices=devices), torch.no_grad(), precision:
            torch.manual_seed(seed)
            for start in range(0, len(prompts), batch_size):
                rollout = task.rollout(
                    model, prompts[start : start + batch_size], gcfg.num_generations, sampling
                )
                _, entropy = task.token_logprobs(model, rollout, 1.0)
                mask = rollout.mask.float()
                total += float((entropy.float() * mask).sum())
                tokens += float(mask.sum())
    finally:
        model.train(was_training)
    return total / max(tokens, 1.0)


def choose_temperature(gcfg: GRPOConfig, entropy: float) -> TemperatureChoice:
    """grpo.unsure_temperature when the policy is unsure (`entropy` over UNSURE_ENTROPY),
    else grpo.temperature."""
    if gcfg.unsure_temperature is not None and entropy > UNSURE_ENTROPY:
        return TemperatureChoice(gcfg.unsure_temperature, entropy)
    return TemperatureChoice(gcfg.temperature, entropy)
