"""Loading a trained run back: its config, task and model.

What the command line, export and the playground read a finished or interrupted run
folder with (`load_run_config`, `load_trained`, `read_task_file`), without the training
loop. The folder's layout is folder.py's; the checkpoint file is checkpoints.py's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from torch import nn

from studio.core.catalogue import load_config
from studio.core.config.checks import grown_setting
from studio.core.config.fields import TaskSection
from studio.core.config.sections import StudioConfig
from studio.core.files import RunError, inside, read_limited
from studio.core.machine.device import device_memory
from studio.core.machine.hardware import format_bytes
from studio.core.messages import say
from studio.core.runs import checkpoints as ckpt
from studio.core.runs.folder import CONFIG_FILE, TASK_FILE, check_run_dir
from studio.core.tasks import build_task
from studio.core.tasks.base import Task

MAX_TASK_BYTES = 256 * 1024**2  # task.json: vocabularies and BPE merges, a few MB


def load_run_config(run_dir: Path, overrides: Sequence[str] = ()) -> StudioConfig:
    """The config a run folder was trained with, plus `--set` overrides (which join the
    record of the settings the user gave; never read through a link out of the folder)."""
    run_dir = check_run_dir(run_dir)
    return load_config(inside(run_dir, run_dir / CONFIG_FILE), list(overrides), run_config=True)


@dataclass
class TrainedRun:
    """A run loaded back: its config, task and model, the checkpoint read and what was
    passed over to read it (damaged newer checkpoints), one line each."""

    cfg: StudioConfig
    task: Task[TaskSection]
    model: nn.Module
    checkpoint: Path
    notes: list[str]

    def describe(self) -> str:
        """'checkpoint: RUN/checkpoints/step_0000050.pt (step 50)', what a command says."""
        step = ckpt.step_of(self.checkpoint)
        return f"checkpoint: {self.checkpoint}" + (f" (step {step})" if step is not None else "")


def load_run(
    run_dir: Path, device: str = "cpu", checkpoint: Path | None = None, name: str | None = None
) -> TrainedRun:
    """A run's config, task and model (eval mode) from the checkpoint file `checkpoint`,
    the one `name` picks in its checkpoints/, or else its newest readable one."""
    cfg = load_run_config(run_dir)
    if checkpoint is not None:
        found = ckpt.ReadCheckpoint(Path(checkpoint), ckpt.load_checkpoint(checkpoint, device))
    else:
        found = ckpt.read_checkpoint(run_dir, device, name)
    task = build_task(cfg)
    task.load_state_dict(found.state.get("task") or {})
    _check_model_fits(cfg, task, torch.device(device), Path(run_dir) / CONFIG_FILE)
    model = task.build_model(cfg.model)
    ckpt.fit_weights(model, found.state["model"], found.path)
    return TrainedRun(cfg, task, model.to(device).eval(), found.path, found.notes)


def _check_model_fits(
    cfg: StudioConfig, task: Task[TaskSection], device: torch.device, config: Path
) -> None:
    """RunError when the model `config` describes cannot be held on `device` at all: its
    settings were changed after training (a run's config.yaml edited by hand), and
    building it would only end in an allocation failure, or the system killing the
    process."""
    params = task.count_parameters(cfg.model)
    total, machine = device_memory(device)
    if 4 * params > total:  # fp32 weights
        named = grown_setting(cfg) or say("its model settings")
        raise RunError(
            say(
                "{path}: {named} makes a model of {n} parameters, whose weights alone take "
                "{size}, more than {machine}; the model settings were changed after training: "
                "put them back",
                path=config,
                named=named,
                n=f"{params:,}",
                size=format_bytes(4 * params),
                machine=machine,
            )
        )


def load_trained(
    run_dir: Path, device: str = "cpu", checkpoint: Path | None = None
) -> tuple[StudioConfig, Task[TaskSection], nn.Module]:
    """Config, task and model of a run (its newest readable checkpoint, or `checkpoint`),
    in eval mode."""
    run = load_run(run_dir, device, checkpoint)
    return run.cfg, run.task, run.model


def read_task_file(run_dir: Path) -> dict[str, Any]:
    """The task's name and state as the run saved them (its task file, JSON)."""
    path = inside(run_dir, Path(run_dir) / TASK_FILE)
    try:
        data = json.loads(read_limited(path, MAX_TASK_BYTES, say("a task file (at most 256 MB)")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise RunError(
            say(
                "{path}: cannot be read ({reason}); the run folder is damaged",
                path=path,
                reason=str(err),
            )
        ) from None
    if not isinstance(data, dict):
        raise RunError(
            say("{path}: not a task file (a JSON object); the run folder is damaged", path=path)
        )
    return data
