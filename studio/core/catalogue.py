"""The catalogue: every architecture (studio.core.models.ARCHS) and task
(studio.core.tasks.TASKS) by name, and configs made with it.

The config package, the engine's ground floor, names no architecture and no task: it
takes a catalogue where it must choose a preset's model and task sections or check what a
task reads. This floor, just above the tasks, hands it the studio's own, so the front
doors and the floors above load a preset with one call: `load_config`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from studio.core.config.experiments import Variant
from studio.core.config.loading import build_config, check_all, make_variants, read_config
from studio.core.config.sections import StudioConfig
from studio.core.models import ARCHS, ArchSpec, arch_spec
from studio.core.tasks import TASKS, task_class
from studio.core.tasks.base import Task


class StudioCatalogue:
    """The architectures and tasks the studio ships (config.choice.Catalogue)."""

    def arch(self, name: str) -> ArchSpec:
        return arch_spec(name)

    def task(self, name: str) -> type[Task[Any]]:
        return task_class(name)

    def arch_names(self) -> list[str]:
        return list(ARCHS)

    def task_names(self) -> list[str]:
        return list(TASKS)


CATALOGUE = StudioCatalogue()


def load_config(
    path: str | Path | None = None, overrides: Sequence[str] = (), *, run_config: bool = False
) -> StudioConfig:
    """Read a preset (a path or a shipped preset's name), apply `--set` overrides, validate
    (config.loading.read_config with the studio's catalogue)."""
    return read_config(path, overrides, CATALOGUE, run_config=run_config)


def config_from_dict(data: Any, changed: Collection[str] = ()) -> StudioConfig:
    """A parsed preset validated into a config (config.loading.build_config with the
    studio's catalogue)."""
    return build_config(data, CATALOGUE, changed)


def check_settings(cfg: StudioConfig) -> None:
    """A config checked as a preset is when it loads (config.loading.check_all): what the
    trainer and the window's estimate ask of a config the settings form built."""
    check_all(cfg, CATALOGUE)


def variant_configs(cfg: StudioConfig, variants: list[Variant]) -> list[StudioConfig]:
    """Each variant's config, checked (config.loading.make_variants)."""
    return make_variants(cfg, variants, CATALOGUE)
