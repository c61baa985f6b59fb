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

from studio.core.catalogue import check_settings
from studio.core.config.fields import ConfigError
from studio.core.config.sections import StageConfig, StudioConfig
from studio.core.data.load_report import DataError
from studio.core.files import RunError
from studio.core.tasks.base import Task


def check_before_training(cfg: StudioConfig, task: Task) -> None:
    """Raise ConfigError (or DataError) for the first setting that cannot work."""
    check_settings(cfg)
    task.check_settings(cfg)
    _curriculum(cfg, task)
    _reward_weights(cfg, task)
    _unusable_data(cfg, task)


def _curriculum(cfg: StudioConfig, task: Task) -> None:
    start, top = cfg.curriculum.start_level, task.num_levels - 1
    if cfg.curriculum.enabled and cfg.curriculum.difficulty == "level" and start > top:
        raise ConfigError(
            f"curriculum.start_level: {start} is past the {task.NAME} task's last level, "
            f"{top} (levels are counted from 0); lower it to at most {top}"
        )


def _reward_weights(cfg: StudioConfig, task: Task) -> None:
    names = [rf.name for rf in task.reward_functions()]
    for name in cfg.grpo.reward_weights:
        if name not in names:
            raise ConfigError(
                f"grpo.reward_weights.{name}: the {task.NAME} task has no reward named "
                f"{name!r}, so the weight would weigh nothing; its rewards are "
                f"{', '.join(names)}"
            )


def _unusable_data(cfg: StudioConfig, task: Task) -> None:
    lost = task.unusable()
    limit = cfg.data.max_unusable
    if lost is None or lost.share <= limit:
        return
    raise DataError(
        f"{lost.where}: {lost.count:,} of {lost.total:,} {lost.unit} ({lost.share:.0%}) "
        f"could not be used, more than data.max_unusable allows ({limit:.0%}): "
        f"{lost.summary}; fix the data, or raise data.max_unusable to train on the rest"
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
        raise ConfigError(f"run.max_steps: must be at least 1, got {limit}")
    if resume_state is None:
        return
    where = resume_state["position"]
    step = where["global_step"]
    if where["stage_index"] >= len(plan):
        if not ended:
            return
        raise RunError(
            f"{run_dir}: finished all its stages at step {step}; nothing is left to train "
            "(evaluate or export it, or start a new run)"
        )
    if limit is not None and step >= limit:
        total = sum(stage.steps for _, stage in plan)
        raise ConfigError(
            f"run.max_steps: the run is at step {step}, its step limit of {limit}; give a "
            f"higher limit to train on (--steps N, up to {total} for all stages)"
        )
