"""Activation memory measured on the real model: the bytes autograd keeps for the backward.

A memory budget (training.memory_budget) needs the activations of one micro-batch for the
model and task at hand, under each checkpointing and precision setting it considers. A
formula fits transformers only and takes every sequence at its longest; here a few real
examples go through the task's own passes (the warm-up's loss, and GRPO's token log-probs
over a small rollout) inside a saved-tensors hook that adds up the bytes of every tensor
autograd saves for the backward pass: each storage once, the parameters left out (they
are the weights' part of the estimate). The examples probed are the longest of a sample,
so the figure per item is near a full batch's, whose items are padded to its longest.
Nothing is stepped and no gradient is made; the random streams are as they were.

Reference: PyTorch, "Hooks for saved tensors" (torch.autograd.graph.saved_tensors_hooks).
"""

from __future__ import annotations

import copy
import ctypes
import os
import random
import sys
from typing import TYPE_CHECKING, Any

import psutil
import torch
from torch import nn

from studio.core.config.fields import ConfigError
from studio.core.config.fit import set_path
from studio.core.machine.device import autocast
from studio.core.machine.distributed import Dist
from studio.core.machine.hardware import (
    MIB,
    ActivationSizes,
    MemoryEstimate,
    checkpointed_share,
    memory_estimate,
)
from studio.core.machine.memory_budget import Fit, fit_budget, resolve_budget
from studio.core.messages import say
from studio.core.tasks.base import Example, Sampling, Task

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.training.steps.distillation import Distiller

# The CUDA context with torch's kernels, which a GPU budget must leave room for: typically
# 300-500 MB (not measured here: these machines have no GPU; benchmarks/RESULTS.md).
CUDA_CONTEXT_BYTES = 400 * MIB
# What torch's first backward and optimizer step add to a CPU process whatever the model
# (autograd's and the optimizer's first use): about 20 MB measured with a 26K-weight model.
FIRST_STEP_BYTES = 20 * MIB

PROBE_POOL = 64  # examples drawn, of which the longest are probed
PROBE_ITEMS = 4  # examples (and GRPO prompts) per probe
PROBE_GROUP = 2  # samples per prompt in the probe's rollout


class SavedBytes:
    """Pack hook of saved_tensors_hooks: adds up each saved storage's bytes once."""

    def __init__(self, skip: set[int]) -> None:
        self.skip = skip  # storages not to count (the parameters')
        self.seen: set[int] = set()
        self.bytes = 0

    def pack(self, tensor: torch.Tensor) -> torch.Tensor:
        storage = tensor.untyped_storage()
        key = storage.data_ptr()
        if key not in self.skip and key not in self.seen:
            self.seen.add(key)
            self.bytes += storage.nbytes()
        return tensor

    @staticmethod
    def unpack(tensor: torch.Tensor) -> torch.Tensor:
        return tensor

    def measure(self) -> Any:
        return torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)


def _size(example: Example) -> int:
    """How long an example reads: a stand-in for its token count, to pick the longest."""
    return len(str(example.prompt)) + len(str(example.reference or ""))


def probe_examples(task: Task) -> list[Example]:
    """The longest of a sample from every level, drawn from a generator of its own."""
    pool = task.sample(PROBE_POOL, random.Random(0), task.num_levels - 1)
    return sorted(pool, key=_size, reverse=True)[:PROBE_ITEMS]


def measure_activations(
    task: Task, model: nn.Module, cfg: StudioConfig, amp: str, teacher: Distiller | None = None
) -> ActivationSizes:
    """Bytes saved for the backward per warm-up example and per GRPO sequence, and per
    pass whatever the batch (under autocast: the weights' 16-bit copies), with training.amp
    `amp`, for the stages `cfg` trains; the warm-up's loss is `teacher`'s (its soft
    targets' terms) when the run has one. Each is probed at two batch sizes, the line
    through the two giving both parts. The model's mode is restored."""
    device = next(model.parameters()).device
    if amp == "fp16" and device.type == "cpu":
        amp = "bf16"  # the same 2 bytes an element; CPU autocast is made for bf16
    skip = {p.untyped_storage().data_ptr() for p in model.parameters()}
    examples = probe_examples(task)
    half = examples[: max(1, len(examples) // 2)]
    was_training = model.training
    warm = grpo = (0.0, 0.0)
    try:
        with torch.random.fork_rng(devices=[device] if device.type == "cuda" else []):
            planned = dict(cfg.stages.planned())
            if "warmup" in planned:
                warm = _line(
                    (len(batch), _warmup_bytes(task, model, batch, amp, skip, teacher))
                    for batch in (half, examples)
                )
            if "grpo" in planned:
                grpo = _line(
                    _grpo_bytes(task, model, cfg, batch, amp, skip) for batch in (half, examples)
                )
    finally:
        model.train(was_training)
    return ActivationSizes(
        warmup_per_example=warm[1],
        grpo_per_sequence=grpo[1],
        warmup_fixed=warm[0],
        grpo_fixed=grpo[0],
    )


def _line(points: Any) -> tuple[float, float]:
    """(fixed, per item) of the line through two (items, bytes) points, neither below 0."""
    (n1, b1), (n2, b2) = points
    per = max(0.0, (b2 - b1) / (n2 - n1)) if n2 != n1 else b2 / n2
    return max(0.0, b2 - per * n2), per


def _warmup_bytes(
    task: Task,
    model: nn.Module,
    examples: list[Example],
    amp: str,
    skip: set[int],
    teacher: Distiller | None,
) -> float:
    device = next(model.parameters()).device
    model.train()
    counter = SavedBytes(skip)
    with counter.measure(), autocast(amp, device):
        if teacher is None:
            task.supervised_loss(model, examples)
        else:
            teacher.loss(task, model, examples)
    return counter.bytes


def _grpo_bytes(
    task: Task,
    model: nn.Module,
    cfg: StudioConfig,
    examples: list[Example],
    amp: str,
    skip: set[int],
) -> tuple[int, float]:
    """(sequences, bytes saved) by the update's forward over a small rollout of them (eval
    mode throughout, as in grpo_step)."""
    device = next(model.parameters()).device
    gcfg = cfg.grpo
    sampling = Sampling(gcfg.temperature, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    model.eval()
    with torch.no_grad(), autocast(amp, device):
        rollout = task.rollout(model, examples, PROBE_GROUP, sampling)
    counter = SavedBytes(skip)
    with counter.measure(), autocast(amp, device):
        task.token_logprobs(model, rollout, gcfg.temperature)
    return rollout.num_sequences, counter.bytes


class MeasuredEstimate:
    """The memory estimate of a config (hardware.memory_estimate) with its activations
    measured on a model built from it, for the budget fitter. Probes are kept per
    precision, with checkpointing off and on every block; a setting in between is the
    line between the two by the share of blocks it recomputes. The runtime part is what
    the process holds after the probes (`runtime_bytes`): their first checkpointed and
    16-bit passes leave memory behind (kernels, the allocator's pools) that training
    keeps too. A distillation `teacher` adds its weights to the warm-up, and its soft
    targets to the warm-up's activations."""

    def __init__(self, task: Task, device: torch.device, teacher: Distiller | None = None) -> None:
        self.task = task
        self.device = device
        self.teacher = teacher
        self.teacher_bytes = 0 if teacher is None else teacher.weight_bytes()
        self.runtime = self._held_besides_training()
        # (amp, recompute) -> the activations measured, all parameters, trained ones
        self._probes: dict[tuple[str, bool], tuple[ActivationSizes, int, int]] = {}

    def _held_besides_training(self) -> int:
        """The runtime part: on the CPU the process's memory holds the loaded teacher,
        which is a part of its own."""
        held = runtime_bytes(self.device)
        return max(0, held - self.teacher_bytes) if self.device.type == "cpu" else held

    def _probe(
        self, cfg: StudioConfig, amp: str, recompute: bool
    ) -> tuple[ActivationSizes, int, int]:
        key = (amp, recompute)
        if key not in self._probes:
            probe_cfg = copy.copy(cfg)
            probe_cfg.model = copy.deepcopy(cfg.model)
            if probe_cfg.model.shape().checkpoint_every is not None:  # the arch has the lever
                set_path(probe_cfg, "model.gradient_checkpointing", 1 if recompute else 0)
            with torch.random.fork_rng(devices=[]):  # a run with a budget draws as one without
                model = self.task.build_model(probe_cfg.model)
                sizes = measure_activations(self.task, model, probe_cfg, amp, self.teacher)
            trained = sum(p.numel() for p in model.parameters() if p.requires_grad)
            self._probes[key] = sizes, sum(p.numel() for p in model.parameters()), trained
            del model
            self.runtime = max(self.runtime, self._held_besides_training())
        return self._probes[key]

    def __call__(self, cfg: StudioConfig) -> MemoryEstimate:
        amp = cfg.training.amp
        sizes, num_params, trainable = self._probe(cfg, amp, recompute=False)
        share = checkpointed_share(cfg.model.shape())
        if share > 0:
            full, _, _ = self._probe(cfg, amp, recompute=True)
            sizes = ActivationSizes(
                warmup_per_example=_between(
                    sizes.warmup_per_example, full.warmup_per_example, share
                ),
                grpo_per_sequence=_between(sizes.grpo_per_sequence, full.grpo_per_sequence, share),
                warmup_fixed=max(sizes.warmup_fixed, full.warmup_fixed),
                grpo_fixed=max(sizes.grpo_fixed, full.grpo_fixed),
            )
        return memory_estimate(
            cfg, num_params, sizes, self.runtime, self.teacher_bytes, trainable=trainable
        )


def _between(off: float, full: float, share: float) -> float:
    return (1 - share) * off + share * full


def mixed_precision_for(device: torch.device) -> str:
    """The mixed precision training.amp can use on `device`: bf16, or fp16 on a CUDA GPU
    without bf16 (before Ampere)."""
    if device.type == "cuda" and not torch.cuda.is_bf16_supported():
        return "fp16"
    return "bf16"


def runtime_bytes(device: torch.device) -> int:
    """What the process needs besides training: on the CPU what it holds now (Python,
    torch, the data, a window) and what the first training step adds whatever the model;
    on a GPU the CUDA context."""
    if device.type == "cuda":
        return CUDA_CONTEXT_BYTES
    release_free_heap()
    return int(psutil.Process(os.getpid()).memory_info().rss) + FIRST_STEP_BYTES


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
MMAP_THRESHOLD = 1024**2  # blocks from this size up are mapped apart and unmapped when freed


def hand_back_freed_tensors() -> bool:
    """Make glibc serve blocks of 1 MB and more (tensors) by mmap, always, so that a freed
    tensor goes back to the system at once (glibc's malloc; elsewhere a no-op, False).

    By default glibc raises that threshold to the size of each mapped block freed, up to
    32 MB, after which tensors below it come from the heap and stay there once freed. The
    next pass (another micro-batch, its lengths different) reuses few of those holes, so
    each micro-batch's peak stacked on the last one's leftovers, past the memory estimate
    of one micro-batch (benchmarks/RESULTS.md: Tiny-Transformer at G 32 over its fitted
    budget). Setting the threshold also turns its raising off. The cost: every such
    tensor is given fresh pages, zeroed by the kernel, so steps are slower (the trainer
    sets it for a memory budget only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, AttributeError):  # not glibc (musl)
        return False


def release_free_heap() -> None:
    """Hand the C heap's freed pages back to the system (glibc's malloc_trim), so that the
    resident memory read next is what the process holds, not what an earlier run (or the
    fit's own probes) freed and training would reuse. Elsewhere a no-op."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):  # not glibc (musl): nothing to trim this way
        return


def fit_memory_budget(
    cfg: StudioConfig,
    task: Task,
    device: torch.device,
    dist: Dist,
    teacher: Distiller | None = None,
) -> Fit | None:
    """Fit `cfg` to training.memory_budget on `device` (None when it is empty), with the
    run's distillation `teacher` if it has one: the settings changed and why; ConfigError
    when no settings fit. The caller applies it."""
    if not cfg.training.memory_budget.strip():
        return None
    if dist.active:
        raise ConfigError(
            say(
                "training.memory_budget: fitting a budget works in one process, not under "
                "torchrun (each process would read its own free memory); leave it empty and "
                "set the batch sizes, e.g. those a one-process run fitted (its config.yaml)"
            )
        )
    budget = resolve_budget(cfg.training.memory_budget, device.type)
    assert budget is not None  # a non-empty setting is a budget or an error
    estimate = MeasuredEstimate(task, device, teacher)
    return fit_budget(cfg, budget, estimate, mixed_precision_for(device))
