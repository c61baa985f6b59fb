"""Data-parallel runs under torchrun: the process group, each rank's share, collectives.

`torchrun --nproc_per_node N -m studio train ...` starts N processes and tells each its
RANK, LOCAL_RANK and WORLD_SIZE through the environment. `start` reads them and joins
the process group (gloo on the CPU, NCCL on CUDA, one GPU per process); without them it
returns `SINGLE` and nothing distributed happens, so one-process runs pay nothing.

The trainer keeps a distributed run equal to a one-process run on the whole batch:
every rank draws the same global batch and keeps its contiguous slice (`share`);
rewards are gathered so advantages and reward metrics see every group; each rank's
loss is rescaled (`loss_scale`) so that DDP's average of the ranks' gradients is the
gradient of the whole batch's loss; and every decision that changes control flow
(skip a non-finite step, stop, early-stop on an eval metric) uses one value all ranks
share. Rank 0 alone writes the run folder.

References: PyTorch, "Getting Started with Distributed Data Parallel" and torchrun
(torch.distributed.run) documentation; DDP's `no_sync` for gradient accumulation.
"""

from __future__ import annotations

import contextlib
import inspect
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import torch
import torch.distributed as dist
from torch import nn

from studio.core.grpo import loss_aggregation
from studio.core.messages import say

T = TypeVar("T")


class DistributedError(ValueError):
    """A setting that cannot work across processes; the message names it and the fix."""


@dataclass(frozen=True)
class Dist:
    """This process's place in the run. world_size 1: no process group, no collectives."""

    rank: int = 0
    world_size: int = 1
    local_rank: int = 0
    comm_device: str = "cpu"  # where collectives run: cuda:LOCAL_RANK under NCCL

    @property
    def active(self) -> bool:
        return self.world_size > 1

    @property
    def is_main(self) -> bool:
        """Rank 0: the process that writes the run folder and reports."""
        return self.rank == 0

    # ---- the batch

    def share(self, items: Sequence[T]) -> list[T]:
        """This rank's contiguous slice of a global batch (rank r holds slice r)."""
        n = len(items)
        if n % self.world_size:
            raise DistributedError(
                say(
                    "a batch of {n} cannot be split evenly over {world} processes; use a batch "
                    "size that is a multiple of {world}",
                    n=n,
                    world=self.world_size,
                )
            )
        size = n // self.world_size
        return list(items[self.rank * size : (self.rank + 1) * size])

    # ---- collectives (identity when world_size is 1)

    def gather(self, t: torch.Tensor) -> torch.Tensor:
        """Every rank's `t` (same shape on all ranks), stacked in rank order: (W, *t.shape)."""
        if not self.active:
            return t[None]
        here = t.to(self.comm_device).contiguous()
        parts = [torch.empty_like(here) for _ in range(self.world_size)]
        dist.all_gather(parts, here)
        return torch.stack(parts).to(t.device)

    def sum(self, t: torch.Tensor) -> torch.Tensor:
        """The element-wise sum of `t` over ranks (a new tensor)."""
        if not self.active:
            return t
        here = t.to(self.comm_device, copy=True)
        dist.all_reduce(here, op=dist.ReduceOp.SUM)
        return here.to(t.device)

    def any(self, flag: bool) -> bool:
        """True on every rank when `flag` is True on any rank."""
        if not self.active:
            return flag
        return bool(self.sum(torch.tensor([float(flag)])).item() > 0)

    def broadcast(self, obj: T) -> T:
        """Rank 0's `obj` (any picklable value) on every rank."""
        if not self.active:
            return obj
        box: list[Any] = [obj if self.is_main else None]
        dist.broadcast_object_list(box, src=0)
        return box[0]

    def gather_objects(self, obj: Any) -> list[Any]:
        """Every rank's `obj`, in rank order, on every rank."""
        if not self.active:
            return [obj]
        out: list[Any] = [None] * self.world_size
        dist.all_gather_object(out, obj)
        return out


SINGLE = Dist()


def env_dist() -> Dist:
    """The rank and world size torchrun put in the environment (SINGLE when absent)."""
    try:
        world = int(os.environ.get("WORLD_SIZE", "1"))
        rank = int(os.environ.get("RANK", "0"))
        local = int(os.environ.get("LOCAL_RANK", str(rank)))
    except ValueError as err:
        raise DistributedError(
            say(
                "WORLD_SIZE, RANK and LOCAL_RANK must be integers ({reason}); launch with torchrun",
                reason=str(err),
            )
        ) from None
    if world < 1 or not 0 <= rank < world:
        raise DistributedError(
            say(
                "RANK {rank} is outside WORLD_SIZE {world}; launch with torchrun, which sets both",
                rank=rank,
                world=world,
            )
        )
    return Dist(rank=rank, world_size=world, local_rank=local)


def start(device: torch.device) -> Dist:
    """Join the process group torchrun describes (SINGLE, joining nothing, without one).

    `device` is where training runs: gloo for the CPU, NCCL for CUDA. On CUDA each
    process takes GPU LOCAL_RANK, so the machine needs as many GPUs as processes.
    """
    d = env_dist()
    if not d.active:
        return SINGLE
    if device.type == "cuda":
        if d.local_rank >= torch.cuda.device_count():
            raise DistributedError(
                say(
                    "LOCAL_RANK {rank} needs GPU {rank}, but this machine has {gpus}; start at "
                    "most that many processes per machine (--nproc_per_node) or train on the "
                    "CPU (--device cpu)",
                    rank=d.local_rank,
                    gpus=torch.cuda.device_count(),
                )
            )
        torch.cuda.set_device(d.local_rank)
        backend, d = "nccl", Dist(d.rank, d.world_size, d.local_rank, f"cuda:{d.local_rank}")
    elif device.type == "cpu":
        backend = "gloo"
    else:
        raise DistributedError(
            say(
                "distributed training runs on cpu or cuda, not {device}; use --device cpu",
                device=device.type,
            )
        )
    if not dist.is_initialized():
        dist.init_process_group(backend=backend)
    return d


def stop(d: Dist, *, together: bool = False) -> None:
    """Leave the process group (no-op for one process); `together`: once every rank has
    come here. (A rank that tears down gloo while a peer's connection is still open may
    abort at exit: measured one run in eight of the tests' torchrun.)"""
    if d.active and dist.is_initialized():
        if together:
            dist.barrier()
        dist.destroy_process_group()


@contextlib.contextmanager
def process_group(device: torch.device) -> Iterator[Dist]:
    """`start` on entry and `stop` on exit, every rank together; on an error at once (the
    other ranks may never come: torchrun ends them)."""
    d = start(device)
    try:
        yield d
    except BaseException:
        stop(d)
        raise
    stop(d, together=True)


def local_device(d: Dist, device: torch.device) -> torch.device:
    """The device this rank trains on: its own GPU on CUDA."""
    if d.active and device.type == "cuda":
        return torch.device("cuda", d.local_rank)
    return device


def check_batch_sizes(d: Dist, sizes: dict[str, int]) -> None:
    """Every stage's global batch (prompts per step) must split evenly over the ranks."""
    for key, size in sizes.items():
        if size % d.world_size:
            raise DistributedError(
                say(
                    "{key}: {size} per step cannot be split evenly over {world} processes; set "
                    "it to a multiple of {world} (e.g. {example}) or change --nproc_per_node",
                    key=key,
                    size=size,
                    world=d.world_size,
                    example=max(d.world_size, size - size % d.world_size),
                )
            )


def check_resume_world(run_dir: Path, saved: int, d: Dist) -> None:
    """A run resumes with the world size it was trained with: each rank's share of the
    batch and its random generators depend on it."""
    if saved != d.world_size:
        if saved == 1:
            raise DistributedError(
                say(
                    "{path}: was trained by {saved} process, not {world}; resume it without "
                    "torchrun, or start a new run",
                    path=run_dir,
                    saved=saved,
                    world=d.world_size,
                )
            )
        raise DistributedError(
            say(
                "{path}: was trained by {saved} processes, not {world}; resume it under torchrun "
                "with {saved} processes in all (nnodes x nproc_per_node), or start a new run",
                path=run_dir,
                saved=saved,
                world=d.world_size,
            )
        )


# ---- gradients


def wrap(model: nn.Module, d: Dist, device: torch.device) -> nn.Module:
    """`model` in DistributedDataParallel for a distributed run, unchanged otherwise.

    DDP rather than a hand-written all-reduce: it overlaps communication with the
    backward pass, and its averaged gradient is exactly what `loss_scale` assumes.
    No buffer sync in forward: rollouts call the model a different number of times on
    each rank (episodes end at different steps), and a buffer broadcast would make each
    of those calls a collective that the other ranks never join. (Buffers are synced
    once, from rank 0, when DDP wraps the model.)
    """
    if not d.active:
        return model
    ids = [device.index] if device.type == "cuda" else None
    ddp = nn.parallel.DistributedDataParallel
    # torch 2.13 renamed the option; older releases know only broadcast_buffers
    if "forward_sync_buffers" in inspect.signature(ddp.__init__).parameters:
        return ddp(model, device_ids=ids, forward_sync_buffers=False)
    return ddp(model, device_ids=ids, broadcast_buffers=False)


def sync_gradients(model: nn.Module, last: bool) -> contextlib.AbstractContextManager:
    """Wrap a micro-batch's forward and backward: only the last one all-reduces (DDP)."""
    if not last and isinstance(model, nn.parallel.DistributedDataParallel):
        return model.no_sync()
    return contextlib.nullcontext()


def loss_scale(loss_type: str, sizes: torch.Tensor, rank: int) -> float:
    """What rank `rank`'s loss is multiplied by so that DDP's mean over ranks of the scaled
    losses (and gradients) equals the loss of the whole batch.

    sizes (W, 3): rows N_r, steps T_r and unmasked tokens C_r of each rank's share. Each
    rank's loss divides by its loss type's divisor of its own share (grpo.py's LOSS_TYPES:
    rows, rows x steps, or tokens); the whole batch's by the divisor of all the rows, the
    longest rank's steps (the global T) and all the tokens. Example, dapo over 2 ranks with
    3 and 1 tokens: the whole batch divides by 4, rank 0 by 3, so rank 0's scale is
    2 * 3 / 4 = 1.5 and rank 1's 0.5.
    """
    divisor = loss_aggregation(loss_type).divisor
    sizes = sizes.double()
    world = sizes.shape[0]
    rows, steps, tokens = sizes.unbind(dim=1)
    mine = divisor(rows[rank], steps[rank], tokens[rank])
    whole = divisor(rows.sum(), steps.max(), tokens.sum())
    return float(world * mine / whole) if float(whole) > 0 else 1.0


def count_scale(counts: torch.Tensor, rank: int) -> float:
    """For a loss that is a mean over `counts[r]` terms on rank r (the supervised warm-up's
    tokens): the factor that turns DDP's mean over ranks into the mean over all terms."""
    counts = counts.double().clamp(min=1.0)
    return float(counts.shape[0] * counts[rank] / counts.sum())
