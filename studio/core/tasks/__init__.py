"""Tasks GRPO can learn, found by name.

Each task module defines a config dataclass with a class attribute `NAME` and a Task
subclass (see base.py). Imports are lazy so that importing the registry is cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from studio.core.configtools import ConfigError

if TYPE_CHECKING:
    from studio.core.config import StudioConfig
    from studio.core.tasks.base import Task

# task name -> (module, config class, task class)
_TASKS: dict[str, tuple[str, str, str]] = {
    "arithmetic": ("studio.core.tasks.arithmetic", "ArithmeticConfig", "ArithmeticTask"),
    "strings": ("studio.core.tasks.strings", "StringsConfig", "StringsTask"),
    "translation": ("studio.core.tasks.translation.task", "TranslationConfig", "TranslationTask"),
    "gridworld": ("studio.core.tasks.gridworld", "GridWorldConfig", "GridWorldTask"),
    "shapes": ("studio.core.tasks.shapes", "ShapesConfig", "ShapesTask"),
}
TASK_NAMES: tuple[str, ...] = tuple(_TASKS)


def task_config_class(name: str) -> type:
    module, cfg_name, _ = _TASKS[name]
    return getattr(importlib.import_module(module), cfg_name)


def task_class(name: str) -> type[Task]:
    module, _, cls_name = _TASKS[name]
    return getattr(importlib.import_module(module), cls_name)


def build_task(cfg: StudioConfig) -> Task:
    """The task named by the config, with its data loaded (errors name the fix)."""
    task = task_class(cfg.task.NAME)(cfg.task, cfg.data, seed=cfg.training.seed)
    if cfg.model.ARCH not in task.ARCHITECTURES:
        raise ConfigError(
            f"model.arch: the {task.NAME} task trains {', '.join(task.ARCHITECTURES)}"
            f", not {cfg.model.ARCH}; pick a matching preset"
        )
    return task
