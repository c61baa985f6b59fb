"""Whether a run can fit this machine at all, asked before any model or batch is made.

A setting typed in a hurry or edited into a shared run's config.yaml (`model.d_model:
65536`, `grpo.num_generations: 100000`) asks for tens of gigabytes that the first
allocation fails on, or, on Linux, that the system grants and then kills the process for
using. The trainer asks here first, before the warm-up's first step: the memory estimate
of hardware.py, by formula (an upper bound, free to compute: the model is counted on the
meta device) and, only when that is over the machine, with the activations measured on
the real model (memory_probe.py), against the whole memory of the device (the GPU's, or
the machine's RAM). A run past it is refused naming the setting behind the largest part,
the estimate and the machine. What merely does not fit in what is free now is the memory
budget's business (training.memory_budget), not a refusal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import torch

from studio.core.config.checks import grown_setting
from studio.core.config.fields import ConfigError
from studio.core.machine.device import device_memory
from studio.core.machine.hardware import MemoryEstimate, format_bytes, memory_estimate
from studio.core.machine.memory_budget import FIXES, STAGE_NAMES, breakdown
from studio.core.messages import Message, say
from studio.core.tasks.base import Task
from studio.core.training.probes.memory_probe import MeasuredEstimate

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.training.steps.distillation import Distiller

MODEL_PARTS = ("weights", "gradients", "adamw", "reference")


def check_fits_machine(
    cfg: StudioConfig,
    task: Task,
    device: torch.device,
    teacher: Distiller | None = None,
    *,
    measure: bool = True,
) -> None:
    """ConfigError when training `cfg` needs more memory than `device` has at all. With
    `measure` False only the parts no setting but the model's shrinks are checked (before a
    memory budget's fit, whose probes build the model)."""
    total, machine = device_memory(device)
    params, trainable = task.parameter_counts(cfg.model)
    teacher_bytes = 0 if teacher is None else teacher.weight_bytes()
    by_formula = memory_estimate(
        cfg, params, teacher_bytes=teacher_bytes, trainable=trainable, lengths=task.token_lengths()
    )
    if by_formula.total <= total:
        return
    model_bytes = sum(by_formula.parts[k] for k in MODEL_PARTS)
    if model_bytes > total:  # the model alone: never build it
        raise ConfigError(_refusal(cfg, params, by_formula, "weights", machine))
    if not measure:
        return
    measured = MeasuredEstimate(task, device, teacher)(cfg)
    if measured.total > total:
        part, _ = measured.largest_part()
        raise ConfigError(_refusal(cfg, params, measured, part, machine))


def _refusal(
    cfg: StudioConfig, params: int, estimate: MemoryEstimate, part: str, machine: str
) -> Message:
    need = say(
        "training needs about {size} ({parts})",
        size=format_bytes(estimate.total),
        parts=breakdown(estimate),
    )
    over = say("more than {machine}", machine=machine)
    if part in MODEL_PARTS:
        return say(
            "{named}: makes a model of {n} parameters, and {need}, {over}; {fix}",
            named=grown_setting(cfg) or say("the model's settings"),
            n=f"{params:,}",
            need=need,
            over=over,
            fix=cfg.model.way_out() or FIXES["weights"],
        )
    stage = estimate.peak_stage
    if part in ("activations", "kv_cache") and stage == "grpo":
        G, P = cfg.grpo.num_generations, cfg.stages.grpo.batch_size
        return say(
            "grpo.num_generations {g} x stages.grpo.batch_size {p}: {n} sequences a GRPO step, "
            "each up to {longest} tokens, and {need}, {over}; lower grpo.num_generations or "
            "stages.grpo.batch_size (or shorten the sequences: data.max_length, "
            "grpo.max_new_tokens)",
            g=G,
            p=P,
            n=f"{G * P:,}",
            longest=cfg.data.max_length + cfg.grpo.max_new_tokens,
            need=need,
            over=over,
        )
    if part == "activations":
        size = cfg.stages.warmup.batch_size
        return say(
            "stages.warmup.batch_size {size}: {n} examples a {stage} step, each up to {longest} "
            "tokens, and {need}, {over}; lower stages.warmup.batch_size or data.max_length",
            size=size,
            n=f"{size:,}",
            stage=STAGE_NAMES[stage],
            longest=cfg.data.max_length,
            need=need,
            over=over,
        )
    return say(
        "{named}: {need}, {over}; {fix}",
        named=grown_setting(cfg) or say("this run"),
        need=need,
        over=over,
        fix=FIXES[part],
    )
