"""One optimizer step of each stage, as plain functions in the order they run.

Supervised warm-up: teacher-forced cross-entropy on the references. GRPO: rollout ->
rewards -> group advantages -> (reference and old log-probs) -> clipped loss -> update.
Both end in `optimizer_step`, which clips the gradient norm and refuses non-finite
updates so that a NaN never reaches the weights. Shapes: P prompts, G samples per
prompt, N = P*G sequences, T completion steps.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from studio.core.config import GRPOConfig, TrainingConfig
from studio.core.grpo import (
    combine_rewards,
    group_advantages,
    grpo_loss,
    masked_mean,
    zero_std_fraction,
)
from studio.core.tasks.base import Example, Rollout, Sampling, Task


@dataclass
class UpdateResult:
    grad_norm: float  # global norm before clipping (nan when the step was refused)
    skipped: bool  # loss or gradient was not finite: no update was made
    grad_flow: dict[str, list] | None = None  # per-layer mean and max |grad|


@dataclass
class StepOutcome:
    """What one step reports: scalar metrics, and optionally layers' gradients and samples."""

    metrics: dict[str, float]
    skipped: int = 0
    grad_flow: dict[str, list] | None = None
    samples: list[dict[str, Any]] = field(default_factory=list)
    reward_mean: float | None = None


def weight_layers(model: nn.Module) -> list[tuple[str, nn.Parameter]]:
    """The weight matrices and kernels (ndim >= 2): the layers of the gradient-flow chart."""
    return [
        (name.removesuffix(".weight"), p)
        for name, p in model.named_parameters()
        if p.requires_grad and p.ndim >= 2
    ]


def gradient_flow(model: nn.Module) -> dict[str, list]:
    """Mean and max |grad| per weight layer, converted to floats in one sync."""
    layers = [(name, p.grad) for name, p in weight_layers(model) if p.grad is not None]
    if not layers:
        return {"layers": [], "mean": [], "max": []}
    stats = torch.stack([torch.stack([g.abs().mean(), g.abs().max()]) for _, g in layers])
    values = stats.float().cpu().tolist()  # one sync point
    return {
        "layers": [n for n, _ in layers],
        "mean": [v[0] for v in values],
        "max": [v[1] for v in values],
    }


def backward(
    loss: torch.Tensor, model: nn.Module, tcfg: TrainingConfig, scaler: torch.amp.GradScaler | None
) -> None:
    """loss.backward(), plus the optional gradient-norm penalty (a double backward)."""
    if tcfg.grad_penalty_lambda > 0:
        params = [p for p in model.parameters() if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True, allow_unused=True)
        norm = torch.sqrt(sum(g.pow(2).sum() for g in grads if g is not None))
        loss = loss + tcfg.grad_penalty_lambda * (norm - tcfg.grad_penalty_target) ** 2
    (scaler.scale(loss) if scaler is not None else loss).backward()


def optimizer_step(
    model: nn.Module,
    optimizer: torch.optim.Optimizer,
    tcfg: TrainingConfig,
    scaler: torch.amp.GradScaler | None,
    want_flow: bool,
) -> UpdateResult:
    """Clip and apply the accumulated gradients, unless they are not finite."""
    if scaler is not None:
        scaler.unscale_(optimizer)
    params = [p for p in model.parameters() if p.grad is not None]
    limit = tcfg.grad_norm_clip if tcfg.grad_norm_clip > 0 else math.inf
    norm = float(torch.nn.utils.clip_grad_norm_(params, limit)) if params else 0.0  # sync
    flow = gradient_flow(model) if want_flow else None
    if not math.isfinite(norm):
        optimizer.zero_grad(set_to_none=True)
        if scaler is not None:
            scaler.update()  # lowers the scale; fp16 overflow is how the scaler calibrates
        return UpdateResult(grad_norm=math.nan, skipped=True, grad_flow=flow)
    if scaler is not None:
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return UpdateResult(grad_norm=norm, skipped=False, grad_flow=flow)


def supervised_step(
    model: nn.Module,
    task: Task,
    batches: list[list[Example]],
    optimizer: torch.optim.Optimizer,
    tcfg: TrainingConfig,
    scaler: torch.amp.GradScaler | None,
    autocast: Any,
    want_flow: bool,
) -> StepOutcome:
    """Teacher-forced cross-entropy over `grad_accum` batches, one optimizer step."""
    start = time.perf_counter()
    model.train()
    losses = []
    for batch in batches:
        with autocast:
            loss = task.supervised_loss(model, batch)
        if not torch.isfinite(loss).item():  # sync; a NaN loss must not be backpropagated
            optimizer.zero_grad(set_to_none=True)
            return StepOutcome(
                {
                    "loss": math.nan,
                    "optim/grad_norm": math.nan,
                    "time/update": time.perf_counter() - start,
                },
                skipped=1,
            )
        backward(loss / len(batches), model, tcfg, scaler)
        losses.append(loss.detach())
    update = optimizer_step(model, optimizer, tcfg, scaler, want_flow)
    elapsed = time.perf_counter() - start
    n_examples = sum(len(b) for b in batches)
    return StepOutcome(
        {
            "loss": torch.stack(losses).mean().item(),
            "optim/grad_norm": update.grad_norm,
            "time/update": elapsed,
            "perf/examples_per_s": n_examples / max(elapsed, 1e-9),
        },
        skipped=int(update.skipped),
        grad_flow=update.grad_flow,
    )


# ---- GRPO


def score(
    task: Task, rollout: Rollout, weights: dict[str, float]
) -> tuple[dict[str, torch.Tensor], torch.Tensor]:
    """Each reward function's (N,) rewards and their weighted sum (on the CPU)."""
    per_function = {}
    for rf in task.reward_functions():
        values = torch.as_tensor(list(rf.fn(rollout)), dtype=torch.float32)
        if values.shape != (rollout.num_sequences,):
            raise ValueError(
                f"reward '{rf.name}' returned {tuple(values.shape)} values for "
                f"{rollout.num_sequences} completions; return one float each"
            )
        per_function[rf.name] = values
    weights = {rf.name: weights.get(rf.name, rf.weight) for rf in task.reward_functions()}
    return per_function, combine_rewards(per_function, weights)


def sample_groups(
    rollout: Rollout, rewards: torch.Tensor, adv: torch.Tensor, count: int
) -> list[dict[str, Any]]:
    """The first `count` groups as plain values, for the samples panel."""
    g = rollout.group_size
    out = []
    for i, ex in enumerate(rollout.examples[:count]):
        rows = slice(i * g, (i + 1) * g)
        out.append(
            {
                "prompt": ex.display or str(ex.prompt),
                "reference": None if ex.reference is None else str(ex.reference),
                "completions": rollout.completions[rows],
                "rewards": rewards[rows].tolist(),
                "advantages": adv[rows].tolist(),
            }
        )
    return out


@dataclass
class GRPOBatch:
    """One rollout prepared for the loss: its mask, advantages and fixed log-probs."""

    rollout: Rollout
    mask: torch.Tensor  # (N, T)
    adv: torch.Tensor  # (N,)
    ref_logp: torch.Tensor | None  # (N, T), when beta > 0
    old_logp: torch.Tensor | None  # (N, T), when num_iterations > 1


def grpo_step(
    model: nn.Module,
    ref_model: nn.Module | None,
    task: Task,
    prompt_batches: list[list[Example]],
    optimizer: torch.optim.Optimizer,
    gcfg: GRPOConfig,
    tcfg: TrainingConfig,
    scaler: torch.amp.GradScaler | None,
    autocast: Any,
    want_flow: bool,
    sample_count: int,
) -> StepOutcome:
    """One GRPO round: sample, score, then `num_iterations` clipped-surrogate updates."""
    device = next(model.parameters()).device
    sampling = Sampling(gcfg.temperature, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    G = gcfg.num_generations

    t0 = time.perf_counter()
    model.eval()  # no dropout while sampling
    with torch.no_grad(), autocast:
        rollouts = [task.rollout(model, prompts, G, sampling) for prompts in prompt_batches]
    t1 = time.perf_counter()

    scored = [score(task, r, gcfg.reward_weights) for r in rollouts]
    if gcfg.shuffle_rewards:  # the control: same reward values, paired with random samples
        scored = [(per, total[torch.randperm(total.numel())]) for per, total in scored]
    advs = [
        group_advantages(total, G, gcfg.scale_rewards, gcfg.advantage_eps) for _, total in scored
    ]
    t2 = time.perf_counter()

    model.train()
    batches = []
    for rollout, adv in zip(rollouts, advs):
        mask = rollout.mask.float()
        if gcfg.mask_truncated_completions:
            mask = mask * (~rollout.truncated).float()[:, None].to(mask.device)
        ref_logp = old_logp = None
        with torch.no_grad(), autocast:
            if gcfg.beta > 0 and ref_model is not None:
                ref_logp = task.token_logprobs(ref_model, rollout, gcfg.temperature)[0].float()
            if gcfg.num_iterations > 1:  # on-policy (mu = 1) uses logp.detach() instead
                old_logp = task.token_logprobs(model, rollout, gcfg.temperature)[0].float()
        batches.append(GRPOBatch(rollout, mask, adv.to(device), ref_logp, old_logp))

    skipped, update, stats_rows = 0, None, []
    for _ in range(gcfg.num_iterations):
        stats_rows = []
        for batch in batches:
            with autocast:
                logp, entropy = task.token_logprobs(model, batch.rollout, gcfg.temperature)
            logp = logp.float()
            old = batch.old_logp if batch.old_logp is not None else logp.detach()
            loss, stats = grpo_loss(
                logp,
                old,
                batch.ref_logp,
                batch.adv,
                batch.mask,
                beta=gcfg.beta,
                epsilon_low=gcfg.epsilon_low,
                epsilon_high=gcfg.epsilon_high,
                loss_type=gcfg.loss_type,
            )
            if not torch.isfinite(loss).item():  # sync; never backpropagate a NaN
                skipped += 1
                optimizer.zero_grad(set_to_none=True)
                break
            backward(loss / len(batches), model, tcfg, scaler)
            stats_rows.append(
                torch.stack(
                    [
                        loss.detach(),
                        stats.kl,
                        stats.clip_low,
                        stats.clip_high,
                        stats.clip_region,
                        stats.ratio,
                        masked_mean(entropy.detach().float(), batch.mask),
                    ]
                )
            )
        else:
            update = optimizer_step(model, optimizer, tcfg, scaler, want_flow)
            skipped += int(update.skipped)
    t3 = time.perf_counter()

    all_rewards = torch.cat([total for _, total in scored])
    all_masks = torch.cat([b.mask for b in batches])
    names = [
        "loss",
        "grpo/kl",
        "grpo/clip_low",
        "grpo/clip_high",
        "grpo/clip_region",
        "grpo/ratio",
        "policy/entropy",
    ]
    values = torch.stack(stats_rows).mean(0).tolist() if stats_rows else [math.nan] * len(names)
    metrics = dict(zip(names, values))
    tokens = float(all_masks.sum())
    metrics.update(
        {
            "reward/mean": all_rewards.mean().item(),
            "reward/std": all_rewards.std().item() if all_rewards.numel() > 1 else 0.0,
            "grpo/zero_std_frac": torch.stack([zero_std_fraction(total, G) for _, total in scored])
            .mean()
            .item(),
            "policy/completion_len": tokens / all_masks.shape[0],
            "policy/truncated_frac": torch.cat([r.truncated.float().cpu() for r in rollouts])
            .mean()
            .item(),
            "optim/grad_norm": update.grad_norm if update is not None else math.nan,
            "time/rollout": t1 - t0,
            "time/reward": t2 - t1,
            "time/update": t3 - t2,
            "perf/tokens_per_s": tokens / max(t3 - t0, 1e-9),
        }
    )
    for name in scored[0][0]:
        joined = torch.cat([per[name] for per, _ in scored])
        metrics[f"reward/{name}/mean"] = joined.mean().item()
        metrics[f"reward/{name}/std"] = joined.std().item() if joined.numel() > 1 else 0.0
    return StepOutcome(
        metrics,
        skipped=skipped,
        grad_flow=update.grad_flow if update is not None else None,
        samples=sample_groups(rollouts[0], scored[0][1], advs[0], sample_count),
        reward_mean=metrics["reward/mean"],
    )
