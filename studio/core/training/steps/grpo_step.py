"""One GRPO optimizer round, as plain functions in the order they run.

rollout (`rollouts_of`, each micro-batch's `sampled_rollout`) -> rewards (`score`,
gathered over ranks by `gather_rewards`) -> group advantages -> the fixed log-probs of the
reference and the old policy (`prepare_batches`) -> `num_iterations` passes of the clipped
loss (`clipped_updates`: each `loss_pass` ending in one `optimizer_step`) -> the step's
metrics (`grpo_metrics`). `grpo_step` runs them in that order. Shapes: P prompts, G samples per
prompt, N = P*G sequences, T completion steps, B micro-batches, W processes, F reward
functions.

In a distributed run (`learner.dist`, see machine/distributed.py) `learner.model` is wrapped
in DDP and the prompts are this rank's share: rewards are gathered so advantages see
whole groups and the whole batch, each micro-batch's loss is scaled so that DDP's average
gradient is the whole batch's, a non-finite loss on any rank skips the update on all, and
the metrics describe the whole batch (every rank's `ShareSizes` gathered, `LossSums` summed,
one collective each). With one process all of this reduces to the plain step.

References: Shao et al. 2024, "DeepSeekMath" (GRPO); Hugging Face TRL's GRPOTrainer for
the order of operations and the logged statistics; grpo.py for the loss itself.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, fields

import torch
from torch import nn

from studio.core.config.sections import GRPOConfig
from studio.core.grpo import (
    LossStats,
    combine_rewards,
    group_advantages,
    grpo_loss,
    masked_mean,
    zero_std_fraction,
)
from studio.core.machine.distributed import Dist, loss_scale, sync_gradients
from studio.core.models.sampling import mix_seed, shared_noise
from studio.core.tasks.base import Example, Rollout, Sampling, Task
from studio.core.training.steps.explain import shown_groups
from studio.core.training.steps.update import (
    Learner,
    StepOptions,
    StepOutcome,
    UpdateResult,
    backward,
    optimizer_step,
)


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
class ShareSizes:
    """Every rank's share of each micro-batch, (W, B) each: what the loss divides by."""

    rows: torch.Tensor  # sequences N_r
    steps: torch.Tensor  # completion steps T_r of the padded share
    tokens: torch.Tensor  # unmasked tokens C_r


@dataclass
class LossSums:
    """One micro-batch's loss statistics as sums that add up over ranks: the loss as scaled
    for DDP's average, each masked mean (`LossStats`, the entropy) times its token count,
    and the count. Summed over ranks and divided once, they are the whole batch's means."""

    loss: torch.Tensor
    kl: torch.Tensor
    clip_low: torch.Tensor
    clip_high: torch.Tensor
    clip_region: torch.Tensor
    ratio: torch.Tensor
    entropy: torch.Tensor
    tokens: torch.Tensor

    @classmethod
    def of(
        cls, loss: torch.Tensor, stats: LossStats, entropy: torch.Tensor, batch: GRPOBatch
    ) -> LossSums:
        tokens = batch.mask.sum()
        return cls(
            loss=loss.detach() * batch.scale,
            kl=stats.kl * tokens,
            clip_low=stats.clip_low * tokens,
            clip_high=stats.clip_high * tokens,
            clip_region=stats.clip_region * tokens,
            ratio=stats.ratio * tokens,
            entropy=masked_mean(entropy.detach().float(), batch.mask) * tokens,
            tokens=tokens,
        )


# LossSums' token-weighted statistics and the metric each becomes, in the order the step's
# record lists them (after the loss)
TOKEN_MEANS = {
    "kl": "grpo/kl",
    "clip_low": "grpo/clip_low",
    "clip_high": "grpo/clip_high",
    "clip_region": "grpo/clip_region",
    "ratio": "grpo/ratio",
    "entropy": "policy/entropy",
}


@dataclass
class BatchRewards:
    """One micro-batch's rewards over all ranks, in global row order (rank r's rows follow
    rank r-1's), so groups and batch statistics are whole. N = W * this rank's rows."""

    per_function: dict[str, torch.Tensor]  # name -> (N,)
    total: torch.Tensor  # (N,) weighted sum
    truncated: torch.Tensor  # (N,) 1.0 where the length limit stopped the sample


# ---- rollout and rewards


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


# ---- the loss's inputs


def prepare_batches(
    learner: Learner,
    task: Task,
    rollouts: list[Rollout],
    advs: list[torch.Tensor],
    gcfg: GRPOConfig,
) -> tuple[list[GRPOBatch], ShareSizes]:
    """Each micro-batch's mask, advantages, fixed log-probs and loss scale, and the sizes of
    every rank's share of it (the loss's divisors)."""
    model, ref_model, dist = learner.model, learner.ref_model, learner.dist
    device = next(model.parameters()).device
    batches = []
    for rollout, adv in zip(rollouts, advs):
        mask = rollout.mask.float()
        if gcfg.mask_truncated_completions:
            mask = mask * (~rollout.truncated).float()[:, None].to(mask.device)
        ref_logp = old_logp = None
        with torch.no_grad(), learner.autocast:
            if gcfg.beta > 0 and ref_model is not None:
                ref_logp = task.token_logprobs(ref_model, rollout, gcfg.temperature)[0].float()
            if gcfg.num_iterations > 1:  # on-policy (mu = 1) uses logp.detach() instead
                old_logp = task.token_logprobs(model, rollout, gcfg.temperature)[0].float()
        batches.append(GRPOBatch(rollout, mask, adv.to(device), ref_logp, old_logp))
    local = torch.tensor([[b.mask.shape[0], b.mask.shape[1], float(b.mask.sum())] for b in batches])
    whole = dist.gather(local)  # (W, B, 3): rows, steps, tokens, in one collective
    for i, batch in enumerate(batches):
        batch.scale = loss_scale(gcfg.loss_type, whole[:, i], dist.rank)
    return batches, ShareSizes(*whole.unbind(-1))


# ---- the step


def _micro_seed(seed: int | None, i: int, *salt: int) -> int | None:
    """Micro-batch i's seed of the step's `seed` (None: torch's default generator)."""
    return None if seed is None else mix_seed(seed, i, *salt)


def rollouts_of(
    learner: Learner,
    task: Task,
    prompt_batches: list[list[Example]],
    gcfg: GRPOConfig,
    seed: int | None,
) -> list[Rollout]:
    """G samples of every prompt, each micro-batch's drawn from its own seed, in eval mode:
    the update scores the samples with the network that drew them (with dropout on in the
    update, the KL estimate exp(ref - logp) blew up and its gradient drowned the reward's)."""
    model = learner.model
    sampling = Sampling(gcfg.temperature, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    model.eval()
    with torch.no_grad(), learner.autocast:
        return [
            sampled_rollout(
                task,
                model,
                prompts,
                gcfg.num_generations,
                sampling,
                learner.dist,
                _micro_seed(seed, i),
            )
            for i, prompts in enumerate(prompt_batches)
        ]


def shuffle_rewards(rewards: list[BatchRewards], seed: int | None) -> None:
    """grpo.shuffle_rewards, the control: the same reward values, paired with random
    samples (each micro-batch's total permuted by its own seed)."""
    for i, rw in enumerate(rewards):
        s = _micro_seed(seed, i, 1)
        gen = None if s is None else torch.Generator().manual_seed(s)
        rw.total = rw.total[torch.randperm(rw.total.numel(), generator=gen)]


def batch_loss(
    learner: Learner, task: Task, batch: GRPOBatch, gcfg: GRPOConfig
) -> tuple[torch.Tensor, LossStats, torch.Tensor]:
    """The clipped loss of one micro-batch under the policy now, its statistics, and the
    policy's per-token entropy."""
    with learner.autocast:
        logp, entropy = task.token_logprobs(learner.model, batch.rollout, gcfg.temperature)
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
    return loss, stats, entropy


def loss_pass(
    learner: Learner, task: Task, batches: list[GRPOBatch], gcfg: GRPOConfig
) -> tuple[list[LossSums], bool]:
    """One pass of the clipped loss over the micro-batches, their gradients accumulated:
    the sums of the micro-batches done, and whether the pass finished (False: a loss was
    not finite on some rank, so every rank dropped its gradients)."""
    model, dist = learner.model, learner.dist
    sums: list[LossSums] = []
    for i, batch in enumerate(batches):
        with sync_gradients(model, last=i == len(batches) - 1):
            loss, stats, entropy = batch_loss(learner, task, batch, gcfg)
            # sync; never backpropagate a NaN, and skip on every rank if any has one
            if dist.any(not torch.isfinite(loss).item()):
                learner.optimizer.zero_grad(set_to_none=True)
                return sums, False
            backward(loss * batch.scale / len(batches), learner)
        sums.append(LossSums.of(loss, stats, entropy, batch))
    return sums, True


def clipped_updates(
    learner: Learner, task: Task, batches: list[GRPOBatch], gcfg: GRPOConfig, grad_flow: bool
) -> tuple[list[LossSums], UpdateResult | None, int]:
    """grpo.num_iterations passes, each ending in one optimizer step: the last pass's
    sums, the last update, and how many passes were skipped."""
    skipped, update = 0, None
    sums: list[LossSums] = []
    for _ in range(gcfg.num_iterations):
        sums, finished = loss_pass(learner, task, batches, gcfg)
        if not finished:
            skipped += 1
            continue
        update = optimizer_step(learner, grad_flow)
        skipped += int(update.skipped)
    return sums, update, skipped


def grpo_step(
    learner: Learner,
    task: Task,
    prompt_batches: list[list[Example]],
    gcfg: GRPOConfig,
    options: StepOptions,
) -> StepOutcome:
    """One GRPO round: sample, score, then `num_iterations` clipped-surrogate updates.

    `options.seed` (the trainer's, per step) makes sampling draw from shared row noise;
    without it rollouts sample from torch's default generator.
    """
    dist, G = learner.dist, gcfg.num_generations
    t0 = time.perf_counter()
    rollouts = rollouts_of(learner, task, prompt_batches, gcfg, options.seed)
    t1 = time.perf_counter()

    scored = [score(task, r, gcfg.reward_weights) for r in rollouts]
    rewards = gather_rewards(scored, rollouts, dist)
    if gcfg.shuffle_rewards:
        shuffle_rewards(rewards, options.seed)
    R = rollouts[0].num_sequences  # rows on this rank; rank r holds rows r*R .. r*R + R - 1
    mine = slice(dist.rank * R, dist.rank * R + R)
    advs = [
        group_advantages(rw.total, G, gcfg.scale_rewards, gcfg.advantage_eps)[mine]
        for rw in rewards
    ]
    t2 = time.perf_counter()

    batches, sizes = prepare_batches(learner, task, rollouts, advs, gcfg)
    sums, update, skipped = clipped_updates(learner, task, batches, gcfg, options.grad_flow)
    t3 = time.perf_counter()

    metrics = grpo_metrics(sums, rewards, sizes, update, G, dist)
    tokens = float(sizes.tokens.sum())
    metrics.update(
        {
            "time/rollout": t1 - t0,
            "time/reward": t2 - t1,
            "time/update": t3 - t2,
            "perf/tokens_per_s": tokens / max(t3 - t0, 1e-9),
        }
    )
    samples = shown_groups(
        task, rollouts[0], rewards[0], mine, advs[0], gcfg, options.sample_groups
    )
    step_groups = sum(int(rw.total.numel()) for rw in rewards) // G  # every rank's rows
    for group in samples:  # the few shown, said against the groups the step trained
        group["step_groups"] = step_groups
    return StepOutcome(
        metrics,
        skipped=skipped,
        grad_flow=update.grad_flow if update is not None else None,
        samples=samples,
        rollout=rollouts[0],
    )


def loss_metrics(sums: list[LossSums], dist: Dist) -> dict[str, float]:
    """The loss statistics of a pass over the whole batch: each micro-batch's sums over all
    ranks (one collective), divided once, then averaged over micro-batches; nan for a pass
    that was skipped (no sums)."""
    keys = ["loss", *TOKEN_MEANS.values()]
    if not sums:
        return dict.fromkeys(keys, math.nan)
    names = [f.name for f in fields(LossSums)]
    local = torch.stack([torch.stack([getattr(s, n) for n in names]) for s in sums])  # (B, 8)
    whole = [LossSums(*row.unbind()) for row in dist.sum(local)]  # summed over ranks
    per_batch = torch.stack(
        [
            torch.stack(
                [
                    s.loss / dist.world_size,  # DDP's average of the scaled losses
                    *(getattr(s, n) / s.tokens.clamp(min=1.0) for n in TOKEN_MEANS),
                ]
            )
            for s in whole
        ]
    )  # (B, 7)
    return dict(zip(keys, per_batch.mean(0).tolist()))  # one sync


def grpo_metrics(
    sums: list[LossSums],
    rewards: list[BatchRewards],
    sizes: ShareSizes,
    update: UpdateResult | None,
    group_size: int,
    dist: Dist,
) -> dict[str, float]:
    """The step's metrics over the whole batch (every rank's share): the loss statistics of
    the last pass, rewards, completion lengths, gradient norm."""
    metrics = loss_metrics(sums, dist)
    all_rewards = torch.cat([rw.total for rw in rewards])
    metrics.update(
        {
            "reward/mean": all_rewards.mean().item(),
            "reward/std": all_rewards.std().item() if all_rewards.numel() > 1 else 0.0,
            "grpo/zero_std_frac": torch.stack(
                [zero_std_fraction(rw.total, group_size) for rw in rewards]
            )
            .mean()
            .item(),
            "policy/completion_len": float(sizes.tokens.sum()) / float(sizes.rows.sum()),
            "policy/truncated_frac": torch.cat([rw.truncated for rw in rewards]).mean().item(),
            "optim/grad_norm": update.grad_norm if update is not None else math.nan,
        }
    )
    for name in rewards[0].per_function:
        joined = torch.cat([rw.per_function[name] for rw in rewards])
        joined = joined[~joined.isnan()]  # the samples the part scores (DOES_NOT_APPLY)
        if joined.numel():  # none this step: no point on the part's curve
            metrics[f"reward/{name}/mean"] = joined.mean().item()
            metrics[f"reward/{name}/std"] = joined.std().item() if joined.numel() > 1 else 0.0
    return metrics
