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
    params = task.count_parameters(cfg.model)
    teacher_bytes = 0 if teacher is None else teacher.weight_bytes()
    by_formula = memory_estimate(cfg, params, teacher_bytes=teacher_bytes)
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
) -> str:
    need = f"training needs about {format_bytes(estimate.total)} ({breakdown(estimate)})"
    over = f"more than {machine}"
    if part in MODEL_PARTS:
        named = grown_setting(cfg) or "the model's settings"
        return (
            f"{named}: makes a model of {params:,} parameters, and {need}, {over}; "
            f"{FIXES['weights']}"
        )
    stage = estimate.peak_stage
    if part in ("activations", "kv_cache") and stage == "grpo":
        G, P = cfg.grpo.num_generations, cfg.stages.grpo.batch_size
        longest = cfg.data.max_length + cfg.grpo.max_new_tokens
        return (
            f"grpo.num_generations {G} x stages.grpo.batch_size {P}: {G * P:,} sequences "
            f"a GRPO step, each up to {longest} tokens, and {need}, {over}; lower "
            "grpo.num_generations or stages.grpo.batch_size (or shorten the sequences: "
            "data.max_length, grpo.max_new_tokens)"
        )
    if part == "activations":
        size = cfg.stages.warmup.batch_size
        return (
            f"stages.warmup.batch_size {size}: {size:,} examples a {STAGE_NAMES[stage]} "
            f"step, each up to {cfg.data.max_length} tokens, and {need}, {over}; lower "
            "stages.warmup.batch_size or data.max_length"
        )
    return f"{grown_setting(cfg) or 'this run'}: {need}, {over}; {FIXES[part]}"
