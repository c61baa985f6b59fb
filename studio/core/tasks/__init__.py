"""The tasks GRPO can learn, found by name.

Each task is one Task subclass (see base.py) that declares itself in class attributes:
its NAME (a preset's task.name), its CONFIG dataclass (the preset's task section), the
MODEL_KIND it trains (every architecture of that kind), its EXPORT_ADAPTER and, when it
has one of its own, the QUESTION the playground asks its models. TASKS lists them by
name; a module is imported when its task is first used. Only the names in TASKS are
ever resolved: a preset picks a task by its key, never by a path, so a file from someone
else cannot name code to run.
"""

from __future__ import annotations

import pkgutil
from typing import TYPE_CHECKING

from studio.core.config.fields import ConfigError, TaskSection
from studio.core.config.user_settings import user_settings
from studio.core.messages import say

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.tasks.base import Task

# task.name -> "module:TaskClass"
TASKS: dict[str, str] = {
    "arithmetic": "studio.core.tasks.arithmetic:ArithmeticTask",
    "strings": "studio.core.tasks.strings:StringsTask",
    "translation": "studio.core.tasks.translation.task:TranslationTask",
    "gridworld": "studio.core.tasks.gridworld:GridWorldTask",
    "shapes": "studio.core.tasks.shapes:ShapesTask",
    "own_text": "studio.core.tasks.own_text:OwnTextTask",
}


def task_class(name: str) -> type[Task[TaskSection]]:
    """The Task subclass of `name` (a preset's task.name), or a ConfigError naming the
    choices."""
    if name not in TASKS:
        raise ConfigError(
            say(
                'task.name: must be one of {names}, got "{name}"', names=", ".join(TASKS), name=name
            )
        )
    return pkgutil.resolve_name(TASKS[name])


def build_task(cfg: StudioConfig) -> Task[TaskSection]:
    """The task named by the config, with its data loaded (errors name the fix), told
    which settings the user gave (what it fits to its data leaves those alone)."""
    cls = task_class(cfg.task.NAME)
    task = cls(
        cfg.task,
        cfg.data,
        seed=cfg.training.seed,
        user_settings=user_settings(cfg),
        model=cfg.model,
    )
    task.model_spec(cfg.model)  # a model of the kind it trains
    return task
