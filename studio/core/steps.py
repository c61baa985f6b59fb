"""One optimizer step of each stage, as plain functions in the order they run.

Supervised warm-up: teacher-forced cross-entropy on the references. GRPO: rollout ->
rewards -> group advantages -> (reference and old log-probs) -> clipped loss -> update.
Both end in `optimizer_step`, which clips the gradient norm and refuses non-finite
updates so that a NaN never reaches the weights. Shapes: P prompts, G samples per
prompt, N = P*G sequences, T completion steps, B micro-batches, W processes.

In a distributed run (`dist`, see distributed.py) `model` is wrapped in DDP and the
batches are this rank's share: rewards are gathered so advantages see whole groups and
the whole batch, each micro-batch's loss is scaled so that DDP's average gradient is the
whole batch's, a non-finite loss on any rank skips the update on all, and the metrics
describe the whole batch. With one process all of this reduces to the plain step.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from studio.core.config import GRPOConfig, TrainingConfig
from studio.core.distributed import SINGLE, Dist, count_scale, loss_scale, sync_gradients
from studio.core.grpo import (
    combine_rewards,
    group_advantages,
    grpo_loss,
    masked_mean,
    zero_std_fraction,
)
from studio.core.models.sampling import mix_seed, shared_noise
from studio.core.tasks.base import Example, Rollout, Sampling, Task, unwrap


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
    layers = [(name, p.grad) for name, p in weight_layers(unwrap(model)) if p.grad is not None]
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
    *,
    dist: Dist = SINGLE,
) -> StepOutcome:
    """Teacher-forced cross-entropy over `grad_accum` batches, one optimizer step."""
    start = time.perf_counter()
    model.train()
    scales = supervised_scales(task, batches, dist)
    losses = []
    for i, batch in enumerate(batches):
        with sync_gradients(model, last=i == len(batches) - 1):
            with autocast:
                loss = task.supervised_loss(model, batch)
            # sync; a NaN loss must not be backpropagated, on any rank
            if dist.any(not torch.isfinite(loss).item()):
                optimizer.zero_grad(set_to_none=True)
                return StepOutcome(
                    {
                        "loss": math.nan,
                        "optim/grad_norm": math.nan,
                        "time/update": time.perf_counter() - start,
                    },
                    skipped=1,
                )
            backward(loss * scales[i] / len(batches), model, tcfg, scaler)
        losses.append(loss.detach() * scales[i])
    update = optimizer_step(model, optimizer, tcfg, scaler, want_flow)
    elapsed = time.perf_counter() - start
    n_examples = sum(len(b) for b in batches) * dist.world_size
    return StepOutcome(
        {
            "loss": dist.sum(torch.stack(losses).mean()).item() / dist.world_size,
            "optim/grad_norm": update.grad_norm,
            "time/update": elapsed,
            "perf/examples_per_s": n_examples / max(elapsed, 1e-9),
        },
        skipped=int(update.skipped),
        grad_flow=update.grad_flow,
    )


def supervised_scales(task: Task, batches: list[list[Example]], dist: Dist) -> list[float]:
    """Each micro-batch's loss weight on this rank (1.0 with one process).

    A supervised loss is a mean over its batch's terms (tokens, steps). DDP averages the
    ranks' gradients, which equals the whole batch's mean only when every rank holds as
    many terms; a task that counts them (`Task.supervised_count`) gets exact weights, a
    task that does not (None) the plain average over ranks. Example: 2 ranks holding 6
    and 2 answer tokens weigh their means 2 * 6 / 8 = 1.5 and 0.5.
    """
    if not dist.active:
        return [1.0] * len(batches)
    counter = getattr(task, "supervised_count", None)
    counts = [None if counter is None else counter(b) for b in batches]
    if any(c is None for c in counts):  # the same answer on every rank: it is the task's
        return [1.0] * len(batches)
    gathered = dist.gather(torch.tensor(counts, dtype=torch.float64))  # (W, B)
    return [count_scale(gathered[:, i], dist.rank) for i in range(len(batches))]


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
    scale: float = 1.0  # loss weight that makes DDP's average the whole batch's loss


@dataclass
class BatchRewards:
    """One micro-batch's rewards over all ranks, in global row order (rank r's rows follow
    rank r-1's), so groups and batch statistics are whole. N = W * this rank's rows."""

    per_function: dict[str, torch.Tensor]  # name -> (N,)
    total: torch.Tensor  # (N,) weighted sum
    truncated: torch.Tensor  # (N,) 1.0 where the length limit stopped the sample


def sampled_rollout(
    task: Task,
    model: nn.Module,
    prompts: list[Example],
    group_size: int,
    sampling: Sampling,
    dist: Dist,
    seed: int | None,
) -> Rollout:
    """The task's rollout; with a seed, drawn from row noise every rank shares, so that
    a row's samples do not depend on how the batch is split (models/sampling.py)."""
    if seed is None:
        return task.rollout(model, prompts, group_size, sampling)
    rows = len(prompts) * group_size
    with shared_noise(
        seed, offset=dist.rank * rows, local_rows=rows, total_rows=rows * dist.world_size
    ):
        return task.rollout(model, prompts, group_size, sampling)


def gather_rewards(
    scored: list[tuple[dict[str, torch.Tensor], torch.Tensor]], rollouts: list[Rollout], dist: Dist
) -> list[BatchRewards]:
    """Every rank's rewards of each micro-batch, in one collective."""
    names = list(scored[0][0])
    local = torch.stack(
        [
            torch.stack([*per.values(), total, r.truncated.float().cpu()])
            for (per, total), r in zip(scored, rollouts)
        ]
    )  # (B, F + 2, R): F reward functions, the total, truncation; R rows on this rank
    whole = dist.gather(local)  # (W, B, F + 2, R)
    W, B, K, R = whole.shape
    whole = whole.permute(1, 2, 0, 3).reshape(B, K, W * R)  # (B, F + 2, N)
    return [BatchRewards(dict(zip(names, w[:-2])), w[-2], w[-1]) for w in whole]


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
    *,
    dist: Dist = SINGLE,
    seed: int | None = None,
) -> StepOutcome:
    """One GRPO round: sample, score, then `num_iterations` clipped-surrogate updates.

    `seed` (the trainer's, per step) makes sampling draw from shared row noise; without
    it rollouts sample from torch's default generator.
    """
    device = next(model.parameters()).device
    sampling = Sampling(gcfg.temperature, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    G = gcfg.num_generations
    W = dist.world_size

    def micro_seed(i: int, *salt: int) -> int | None:
        return None if seed is None else mix_seed(seed, i, *salt)

    t0 = time.perf_counter()
    model.eval()  # no dropout while sampling
    with torch.no_grad(), autocast:
        rollouts = [
            sampled_rollout(task, model, prompts, G, sampling, dist, micro_seed(i))
            for i, prompts in enumerate(prompt_batches)
        ]
    t1 = time.perf_counter()

    scored = [score(task, r, gcfg.reward_weights) for r in rollouts]
    rewards = gather_rewards(scored, rollouts, dist)
    if gcfg.shuffle_rewards:  # the control: same reward values, paired with random samples
        for i, rw in enumerate(rewards):
            s = micro_seed(i, 1)
            gen = None if s is None else torch.Generator().manual_seed(s)
            rw.total = rw.total[torch.randperm(rw.total.numel(), generator=gen)]
    R = rollouts[0].num_sequences  # rows on this rank; rank r holds rows r*R .. r*R + R - 1
    mine = slice(dist.rank * R, dist.rank * R + R)
    advs = [
        group_advantages(rw.total, G, gcfg.scale_rewards, gcfg.advantage_eps)[mine]
        for rw in rewards
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
    # rows, steps and tokens of every rank's share of each micro-batch: the loss's divisor
    sizes = dist.gather(
        torch.tensor([[b.mask.shape[0], b.mask.shape[1], float(b.mask.sum())] for b in batches])
    )  # (W, B, 3)
    for i, batch in enumerate(batches):
        batch.scale = loss_scale(gcfg.loss_type, sizes[:, i], dist.rank)

    skipped, update, stats_rows = 0, None, []
    for _ in range(gcfg.num_iterations):
        stats_rows = []
        for i, batch in enumerate(batches):
            with sync_gradients(model, last=i == len(batches) - 1):
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
                # sync; never backpropagate a NaN, and skip on every rank if any has one
                if dist.any(not torch.isfinite(loss).item()):
                    skipped += 1
                    optimizer.zero_grad(set_to_none=True)
                    break
                backward(loss * batch.scale / len(batches), model, tcfg, scaler)
            tokens = batch.mask.sum()
            # masked means weighted by their token count, so ranks' rows can be pooled
            stats_rows.append(
                torch.stack(
                    [
                        loss.detach() * batch.scale,
                        stats.kl * tokens,
                        stats.clip_low * tokens,
                        stats.clip_high * tokens,
                        stats.clip_region * tokens,
                        stats.ratio * tokens,
                        masked_mean(entropy.detach().float(), batch.mask) * tokens,
                        tokens,
                    ]
                )
            )
        else:
            update = optimizer_step(model, optimizer, tcfg, scaler, want_flow)
            skipped += int(update.skipped)
    t3 = time.perf_counter()

    names = [
        "loss",
        "grpo/kl",
        "grpo/clip_low",
        "grpo/clip_high",
        "grpo/clip_region",
        "grpo/ratio",
        "policy/entropy",
    ]
    values = [math.nan] * len(names)
    if stats_rows:
        summed = dist.sum(torch.stack(stats_rows))  # (B, 8) over ranks
        count = summed[:, -1:].clamp(min=1.0)
        per_batch = torch.cat([summed[:, :1] / W, summed[:, 1:-1] / count], dim=1)
        values = per_batch.mean(0).tolist()
    metrics = dict(zip(names, values))
    all_rewards = torch.cat([rw.total for rw in rewards])
    tokens = float(sizes[..., 2].sum())
    metrics.update(
        {
            "reward/mean": all_rewards.mean().item(),
            "reward/std": all_rewards.std().item() if all_rewards.numel() > 1 else 0.0,
            "grpo/zero_std_frac": torch.stack([zero_std_fraction(rw.total, G) for rw in rewards])
            .mean()
            .item(),
            "policy/completion_len": tokens / float(sizes[..., 0].sum()),
            "policy/truncated_frac": torch.cat([rw.truncated for rw in rewards]).mean().item(),
            "optim/grad_norm": update.grad_norm if update is not None else math.nan,
            "time/rollout": t1 - t0,
            "time/reward": t2 - t1,
            "time/update": t3 - t2,
            "perf/tokens_per_s": tokens / max(t3 - t0, 1e-9),
        }
    )
    for name in rewards[0].per_function:
        joined = torch.cat([rw.per_function[name] for rw in rewards])
        metrics[f"reward/{name}/mean"] = joined.mean().item()
        metrics[f"reward/{name}/std"] = joined.std().item() if joined.numel() > 1 else 0.0
    return StepOutcome(
        metrics,
        skipped=skipped,
        grad_flow=update.grad_flow if update is not None else None,
        samples=sample_groups(rollouts[0], rewards[0].total[mine], advs[0], sample_count),
        reward_mean=metrics["reward/mean"],
    )
