"""The supervised warm-up's optimizer step.

Teacher-forced cross-entropy on the references over `grad_accum` micro-batches (mixed with
a teacher's soft targets when the run has one, distillation.py), ending in
`optimizer_step` (update.py), which clips the gradient norm and refuses non-finite
updates. Shapes: B micro-batches, W processes.

In a distributed run (`learner.dist`, see machine/distributed.py) `learner.model` is wrapped
in DDP and the batches are this rank's share: each micro-batch's loss is weighted by its
share of the terms the whole batch averages over (`supervised_scales`, from
`Task.supervised_count`), a non-finite loss on any rank skips the update on all, and the
loss reported is the whole batch's. With one process all of this reduces to the plain step.
"""

from __future__ import annotations

import math
import time

import torch

from studio.core.machine.distributed import Dist, count_scale, sync_gradients
from studio.core.tasks.base import Example, Task
from studio.core.training.steps.distillation import Distiller
from studio.core.training.steps.update import (
    Learner,
    StepOptions,
    StepOutcome,
    backward,
    optimizer_step,
)


def supervised_step(
    learner: Learner,
    task: Task,
    batches: list[list[Example]],
    options: StepOptions,
    distiller: Distiller | None = None,
) -> StepOutcome:
    """Teacher-forced cross-entropy over `grad_accum` batches, one optimizer step; with a
    `distiller`, mixed with the KL term to its teacher's soft targets (distillation.py)."""
    model, dist = learner.model, learner.dist
    start = time.perf_counter()
    model.train()
    scales = supervised_scales(task, batches, dist)
    losses = []
    parts: dict[str, list[torch.Tensor]] = {"distill/ce": [], "distill/kl": []}
    for i, batch in enumerate(batches):
        with sync_gradients(model, last=i == len(batches) - 1):
            with learner.autocast:
                if distiller is None:
                    loss = task.supervised_loss(model, batch)
                else:
                    mixed = distiller.loss(task, model, batch)
                    loss = mixed.total
                    parts["distill/ce"].append(mixed.ce.detach() * scales[i])
                    if mixed.kl is not None:
                        parts["distill/kl"].append(mixed.kl.detach() * scales[i])
            # sync; a NaN loss must not be backpropagated, on any rank
            if dist.any(not torch.isfinite(loss).item()):
                learner.optimizer.zero_grad(set_to_none=True)
                return StepOutcome(
                    {
                        "loss": math.nan,
                        "optim/grad_norm": math.nan,
                        "time/update": time.perf_counter() - start,
                    },
                    skipped=1,
                )
            backward(loss * scales[i] / len(batches), learner)
        losses.append(loss.detach() * scales[i])
    update = optimizer_step(learner, options.grad_flow)
    elapsed = time.perf_counter() - start
    n_examples = sum(len(b) for b in batches) * dist.world_size
    metrics = {
        "loss": dist.sum(torch.stack(losses).mean()).item() / dist.world_size,
        "optim/grad_norm": update.grad_norm,
        "time/update": elapsed,
        "perf/examples_per_s": n_examples / max(elapsed, 1e-9),
    }
    for key, values in parts.items():  # reported like the loss: the whole batch's
        if values:
            metrics[key] = dist.sum(torch.stack(values).mean()).item() / dist.world_size
    return StepOutcome(
        metrics,
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
    counts = [task.supervised_count(b) for b in batches]
    if any(c is None for c in counts):  # the same answer on every rank: it is the task's
        return [1.0] * len(batches)
    gathered = dist.gather(torch.tensor(counts, dtype=torch.float64))  # (W, B)
    return [count_scale(gathered[:, i], dist.rank) for i in range(len(batches))]
