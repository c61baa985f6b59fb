"""What training a model of the user's would cost on this machine, before it is loaded.

For a model folder on this computer (models.pretrained.folders) and the preset that would
train it (by default the user's own text for a causal LM, translation for a translator,
in the language pair the folder names): the peak memory of a full fine-tune and of LoRA
adapters, by the memory estimate's formula with the model's parameters counted on the
meta device (no weight read), against what this machine holds; and, when asked, a step of
each stage measured by the time probe on the real model and data. The gallery's cards,
`grpo-studio models` and the window before Start show these, and a model too large for
full fine-tuning is told the way out: LoRA, shorter completions, or a smaller model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import torch

from studio.core.catalogue import load_config, model_of_yours, preset_for
from studio.core.config.sections import StudioConfig
from studio.core.machine.device import device_memory, resolve_device
from studio.core.machine.hardware import MemoryEstimate, memory_estimate
from studio.core.tasks import build_task
from studio.core.training.probes.time_probe import measure_pace


@dataclass
class Costs:
    """One way of training the model: its parameters, the peak memory, and the seconds
    of a warm-up step and a GRPO step when they were measured."""

    parameters: int
    trainable: int
    memory: MemoryEstimate
    warmup_step: float | None = None
    grpo_step: float | None = None

    @property
    def peak(self) -> int:
        return self.memory.total


@dataclass
class ModelCosts:
    """A model folder's costs in full and under LoRA, and the machine they are held to."""

    full: Costs
    lora: Costs
    machine_bytes: int
    machine: str  # in words: "15.6 GB of RAM", "7.8 GB on the GPU"

    def fits(self, costs: Costs) -> bool:
        return costs.peak <= self.machine_bytes


def model_config(
    path: str | Path, *, lora: bool = False, preset: str | None = None
) -> StudioConfig:
    """`preset` (None: the one for what the folder holds) training the model folder at
    `path` (its model section replaced; catalogue.model_of_yours)."""
    preset = preset or preset_for(path)
    task = load_config(preset).task.NAME
    settings = model_of_yours(path, lora=lora, task=task)
    return load_config(
        preset, [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in settings.items()]
    )


def model_costs(
    path: str | Path, *, preset: str | None = None, measure: bool = False
) -> ModelCosts:
    """The costs of training `path` with `preset` (None: the one for what the folder
    holds), in full and under LoRA (see the module); `measure` also times a few real
    steps of each (seconds to a minute)."""
    ways = []
    for lora in (False, True):
        cfg = model_config(path, lora=lora, preset=preset)
        task = build_task(cfg)
        total, trainable = task.parameter_counts(cfg.model)
        estimate = memory_estimate(cfg, total, trainable=trainable, lengths=task.token_lengths())
        costs = Costs(total, trainable, estimate)
        if measure:
            pace, _ = measure_pace(cfg, task, torch.device("cpu"))
            costs.warmup_step, costs.grpo_step = pace.warmup_step, pace.grpo_step
        ways.append(costs)
    machine_bytes, machine = device_memory(resolve_device("auto"))
    return ModelCosts(ways[0], ways[1], machine_bytes, machine)
