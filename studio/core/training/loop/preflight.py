"""What the trainer checks before the first step, so that a setting that cannot work is
refused at once with the field and the fix, not found after the warm-up.

The config's own cross-field checks (config_checks.py) run again here, for a config the
window's settings form built; then what needs the task built: its own settings check
(`Task.check_settings`: a prompt plus grpo.max_new_tokens against model.max_len), the
curriculum's start level against the task's levels, reward weights that name no reward,
and how much of the user's data loading could not use (data.max_unusable). A resumed run
with nothing left to train is refused before anything is written (`check_left_to_train`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from studio.core.catalogue import check_settings, variant_configs
from studio.core.config.experiments import WHERE, Variant
from studio.core.config.fields import ConfigError
from studio.core.config.sections import StageConfig, StudioConfig
from studio.core.data.load_report import DataError
from studio.core.files import RunError
from studio.core.messages import say
from studio.core.tasks.base import Task, TaskError
from studio.core.tasks.reward_checks import MAX_WEIGHT, lone_negative, weight_too_large
from studio.core.training.probes.fits_machine import check_fits_machine


def check_before_training(cfg: StudioConfig, task: Task) -> None:
    """Raise ConfigError (or DataError) for the first setting that cannot work."""
    check_settings(cfg)
    task.check_settings(cfg)
    _curriculum(cfg, task)
    _reward_weights(cfg, task)
    _unusable_data(cfg, task)


def check_variants(
    cfg: StudioConfig,
    variants: list[Variant],
    task: Task,
    device: torch.device,
    distiller: Any = None,
    *,
    start: int = 0,
) -> list[StudioConfig]:
    """Each variant's config: `cfg` (as fitted to the data and the machine) with the
    variant's settings; those from `start` on checked like a run's before anything is
    trained or written, ConfigError naming the variant otherwise (a group of 100,000
    refused before the shared warm-up, not after it)."""
    configs = variant_configs(cfg, variants)
    for index in range(start, len(variants)):
        try:
            check_before_training(configs[index], task)
            check_fits_machine(configs[index], task, device, distiller)
        except (ConfigError, TaskError, DataError, RunError) as err:
            who = f"{WHERE}[{index}] ({variants[index].label})"
            raise ConfigError(say("{who}: {problem}", who=who, problem=str(err))) from None
    return configs


def _curriculum(cfg: StudioConfig, task: Task) -> None:
    start, top = cfg.curriculum.start_level, task.num_levels - 1
    if cfg.curriculum.enabled and cfg.curriculum.difficulty == "level" and start > top:
        raise ConfigError(
            say(
                "curriculum.start_level: {start} is past the {task} task's last level, {top} "
                "(levels are counted from 0); lower it to at most {top}",
                start=start,
                task=task.NAME,
                top=top,
            )
        )


def _reward_weights(cfg: StudioConfig, task: Task) -> None:
    """grpo.reward_weights: each names a reward of the task and is at most MAX_WEIGHT
    either way; with them, some weight is above 0 unless none is below."""
    functions = task.reward_functions()
    names = [rf.name for rf in functions]
    for name, weight in cfg.grpo.reward_weights.items():
        if not abs(weight) <= MAX_WEIGHT:
            raise ConfigError(weight_too_large(f"grpo.reward_weights.{name}", weight))
        if name not in names:
            raise ConfigError(
                say(
                    "grpo.reward_weights.{name}: the {task} task has no reward named {quoted}, "
                    "so the weight would weigh nothing; its rewards are {names}",
                    name=name,
                    task=task.NAME,
                    quoted=repr(name),
                    names=", ".join(names),
                )
            )
    weights = {rf.name: cfg.grpo.reward_weights.get(rf.name, rf.weight) for rf in functions}
    lone = lone_negative(weights, "grpo.reward_weights")
    if lone is not None and cfg.grpo.reward_weights:
        raise ConfigError(lone)


def _unusable_data(cfg: StudioConfig, task: Task) -> None:
    lost = task.unusable()
    limit = cfg.data.max_unusable
    if lost is None or lost.share <= limit:
        return
    raise DataError(
        say(
            "{where}: {count} of {total} {unit} ({share}) could not be used, more than "
            "data.max_unusable allows ({limit}): {summary}; fix the data, or raise "
            "data.max_unusable to train on the rest",
            where=lost.where,
            count=f"{lost.count:,}",
            total=f"{lost.total:,}",
            unit=lost.unit,
            share=f"{lost.share:.0%}",
            limit=f"{limit:.0%}",
            summary=lost.summary,
        )
    )


def check_left_to_train(
    resume_state: dict[str, Any] | None,
    plan: list[tuple[str, StageConfig]],
    limit: int | None,
    run_dir: Path | None,
    ended: bool = True,
) -> None:
    """Refuse a step limit below 1, and a resumed run (its checkpoint's `resume_state`)
    that has nothing left to train: every stage of `plan` done, or at its limit already.
    A run whose last stage is done but whose records do not end (`ended` False: it was
    killed between its last checkpoint and its `done` record) may resume, to end."""
    if limit is not None and limit < 1:
        raise ConfigError(
            say(
                "{path}: must be at least {low}, got {value}",
                path="run.max_steps",
                low=1,
                value=limit,
            )
        )
    if resume_state is None:
        return
    where = resume_state["position"]
    step = where["global_step"]
    if where["stage_index"] >= len(plan):
        if not ended:
            return
        raise RunError(
            say(
                "{path}: finished all its stages at step {step}; nothing is left to train "
                "(evaluate or export it, or start a new run)",
                path=run_dir,
                step=step,
            )
        )
    if limit is not None and step >= limit:
        total = sum(stage.steps for _, stage in plan)
        raise ConfigError(
            say(
                "run.max_steps: the run is at step {step}, its step limit of {limit}; give a "
                "higher limit to train on (--steps N, up to {total} for all stages)",
                step=step,
                limit=limit,
                total=total,
            )
        )
