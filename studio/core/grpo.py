"""Group Relative Policy Optimization: rewards -> group advantages -> clipped loss.

Pure functions of tensors, so they can be checked number for number against other
implementations. References: Shao et al. 2024, "DeepSeekMath" (GRPO); Liu et al. 2025,
"Understanding R1-Zero-Like Training" (Dr. GRPO); Yu et al. 2025, "DAPO"; Hugging Face
TRL's GRPOTrainer, whose numerical choices are followed: unbiased (Bessel) group std,
advantage eps 1e-4 added to the std, the k3 KL estimator exp(r) - r - 1 with
r = ref_logp - logp, and clip fractions counted only where the clip binds.

Shapes: P prompts, G samples per prompt, N = P*G sequences, T completion steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

import torch

ScaleRewards = Literal["group", "batch", "none"]
LossType = Literal["grpo", "dr_grpo", "dapo"]


# A built-in reward part's value for a sample it does not score (the round trip's part for
# a pair's prompt, a reference reward for a prompt without one): 0 in the total, and left
# out of the part's mean and of the group's parts shown, so that a mix of both kinds of
# prompt does not read as a low score. (A user's reward must be finite: user_reward.py.)
DOES_NOT_APPLY = float("nan")


def combine_rewards(
    per_function: Mapping[str, torch.Tensor], weights: Mapping[str, float]
) -> torch.Tensor:
    """Weighted sum of named rewards, each (N,) -> (N,). A missing weight counts as 1; a
    part that does not apply to a sample (DOES_NOT_APPLY) adds 0."""
    total = None
    for name, reward in per_function.items():
        term = torch.nan_to_num(reward, nan=0.0) * weights.get(name, 1.0)
        total = term if total is None else total + term
    if total is None:
        raise ValueError("the task has no reward functions; add one or set a reward weight > 0")
    return total


def group_advantages(
    rewards: torch.Tensor, group_size: int, scale: ScaleRewards = "group", eps: float = 1e-4
) -> torch.Tensor:
    """A_ij = (r_ij - mean_j r_i) / (std + eps), from rewards (N,) in groups of G rows.

    `scale`: "group" divides by each group's std, "batch" by the std of all N rewards,
    "none" not at all (Dr. GRPO). Stds are unbiased (Bessel), as in TRL. A group whose
    rewards are all equal (`flat_groups`) gets advantage exactly 0 whatever the scaling:
    it teaches nothing.

    Example, G = 2: rewards [1, 0, 3, 3] -> group means [0.5, 3] -> centred
    [0.5, -0.5, 0, 0] -> group stds [0.707, 0] -> advantages ~[0.707, -0.707, 0, 0].
    """
    if rewards.ndim != 1 or rewards.numel() % group_size:
        raise ValueError(
            f"rewards must be (N,) with N a multiple of G={group_size}, "
            f"got shape {tuple(rewards.shape)}"
        )
    grouped = rewards.view(-1, group_size)  # (P, G)
    # A flat group is centred to exact zeros: its float mean can miss the rewards by a
    # rounding error, which divided by (0 + eps) became a spurious advantage (+0.001).
    flat = flat_groups(grouped)[:, None]  # (P, 1)
    centred = torch.where(flat, 0.0, grouped - grouped.mean(dim=1, keepdim=True)).reshape(-1)
    if scale == "group":
        std = grouped.std(dim=1).repeat_interleave(group_size)  # (N,)
    elif scale == "batch":
        std = rewards.std().expand_as(rewards)
    elif scale == "none":
        return centred
    else:
        raise ValueError(f"scale_rewards must be group, batch or none, got {scale!r}")
    return centred / (std + eps)


FLAT_TOLERANCE = 1e-6  # a group's spread below this share of its rewards' size is none


def flat_groups(grouped: torch.Tensor) -> torch.Tensor:
    """Which groups (P, G) have no spread: (P,) bool. A spread within rounding of the
    rewards' own size (FLAT_TOLERANCE x max(1, |r|)) counts as none, so 8 rewards of 0.99
    that differ only in their last bit are one flat group."""
    spread = grouped.max(dim=1).values - grouped.min(dim=1).values
    size = grouped.abs().max(dim=1).values.clamp(min=1.0)
    return spread <= FLAT_TOLERANCE * size


def zero_std_fraction(rewards: torch.Tensor, group_size: int) -> torch.Tensor:
    """Share of groups whose G rewards are all equal (they carry no learning signal)."""
    return flat_groups(rewards.view(-1, group_size)).float().mean()


def token_advantages(adv: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Spread each sequence's advantage over its tokens: (N,) and (N, T) -> (N, T).

    Every real token of sequence i carries A_i; padding carries 0. Example: adv [2, -1],
    mask [[1, 1, 0], [1, 0, 0]] -> [[2, 2, 0], [-1, 0, 0]].
    """
    return adv[:, None] * mask


# ---- the loss types: how the per-token losses become one number, and what it divides by


def _sequence_mean(per_token: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """grpo: mean over each sequence's tokens, then over sequences (favours short answers)."""
    return ((per_token * mask).sum(-1) / mask.sum(-1).clamp(min=1.0)).mean()


def _constant_normaliser(per_token: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """dr_grpo: sum over all tokens / (N * T), a constant free of length bias."""
    return (per_token * mask).sum() / per_token.numel()


def _token_mean(per_token: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """dapo: mean over all unmasked tokens of the batch."""
    return (per_token * mask).sum() / mask.sum().clamp(min=1.0)


Aggregate = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]  # (N, T), (N, T) -> ()
Divisor = Callable[[torch.Tensor, torch.Tensor, torch.Tensor], torch.Tensor]


@dataclass(frozen=True)
class LossAggregation:
    """One loss type (grpo.loss_type): how a batch's per-token losses become the loss, and
    what that loss divides by.

    `divisor(rows, steps, tokens)` is the divisor of a batch of `rows` sequences padded to
    `steps` steps holding `tokens` unmasked tokens. A data-parallel run reads it to rescale
    each rank's share of the batch (machine/distributed.py's loss_scale), so that the
    ranks' losses add up to the loss `aggregate` gives the whole batch.
    """

    aggregate: Aggregate
    divisor: Divisor
    explained: str  # how the loss weighs each token's push, in words (the Explain step tab)


LOSS_TYPES: dict[str, LossAggregation] = {
    # a mean of sequence means divides by the rows
    "grpo": LossAggregation(
        _sequence_mean,
        divisor=lambda rows, steps, tokens: rows,
        explained="loss_type grpo: a sample's push is shared among its tokens, so the tokens "
        "of a short sample move more.",
    ),
    # the padded batch's size: rows x steps
    "dr_grpo": LossAggregation(
        _constant_normaliser,
        divisor=lambda rows, steps, tokens: rows * steps,
        explained="loss_type dr_grpo: every token's push is divided by the same constant (the "
        "batch's samples times the longest sample).",
    ),
    # the unmasked tokens, at least 1
    "dapo": LossAggregation(
        _token_mean,
        divisor=lambda rows, steps, tokens: tokens.clamp(min=1.0),
        explained="loss_type dapo: each token's push is divided by the number of tokens in the "
        "batch, so every token counts the same however long its sample.",
    ),
}


def loss_aggregation(loss_type: str) -> LossAggregation:
    """The declaration of `loss_type`, or a ValueError naming the choices."""
    if loss_type not in LOSS_TYPES:
        raise ValueError(f"loss_type must be one of {', '.join(LOSS_TYPES)}, got {loss_type!r}")
    return LOSS_TYPES[loss_type]


@dataclass
class LossStats:
    """Diagnostics of one loss evaluation, detached 0-dim tensors (convert once per step)."""

    kl: torch.Tensor  # masked mean of the k3 estimate of KL(policy || reference); 0 if beta=0
    clip_low: torch.Tensor  # share of tokens where ratio < 1-eps_low and A < 0 (clip binds)
    clip_high: torch.Tensor  # share of tokens where ratio > 1+eps_high and A > 0
    clip_region: torch.Tensor  # either of the two
    ratio: torch.Tensor  # masked mean of exp(logp - old_logp)


def masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return (x * mask).sum() / mask.sum().clamp(min=1.0)


def grpo_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    ref_logp: torch.Tensor | None,
    adv: torch.Tensor,
    mask: torch.Tensor,
    *,
    beta: float,
    epsilon_low: float,
    epsilon_high: float,
    loss_type: LossType,
) -> tuple[torch.Tensor, LossStats]:
    """The clipped surrogate with an optional k3 KL penalty, aggregated per `loss_type`.

    logp, old_logp, ref_logp, mask: (N, T); adv: (N,). ref_logp is ignored when beta == 0.
    per-token loss = -min(ratio * A, clip(ratio, 1-eps_low, 1+eps_high) * A) + beta * KL.
    """
    aggregate = loss_aggregation(loss_type).aggregate
    mask = mask.to(logp.dtype)
    adv_t = adv[:, None].to(logp.dtype)  # (N, 1), broadcast over T
    ratio = torch.exp(logp - old_logp)  # (N, T)
    clipped = torch.clamp(ratio, 1.0 - epsilon_low, 1.0 + epsilon_high)
    per_token = -torch.min(ratio * adv_t, clipped * adv_t)  # (N, T)
    if beta != 0.0:
        if ref_logp is None:
            raise ValueError("beta > 0 needs ref_logp (the reference model's log-probs)")
        delta = ref_logp - logp
        kl = torch.exp(delta) - delta - 1.0  # k3 estimator, >= 0
        per_token = per_token + beta * kl
        kl_mean = masked_mean(kl.detach(), mask)
    else:
        kl_mean = torch.zeros((), device=logp.device)
    loss = aggregate(per_token, mask)

    with torch.no_grad():
        low = ((ratio < 1.0 - epsilon_low) & (adv_t < 0)).to(mask.dtype)
        high = ((ratio > 1.0 + epsilon_high) & (adv_t > 0)).to(mask.dtype)
        stats = LossStats(
            kl=kl_mean,
            clip_low=masked_mean(low, mask),
            clip_high=masked_mean(high, mask),
            clip_region=masked_mean(torch.clamp(low + high, max=1.0), mask),
            ratio=masked_mean(ratio.detach(), mask),
        )
    return loss, stats
