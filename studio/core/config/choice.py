"""The two choices a preset makes, model.arch and task.name, and what to say when a change
of one leaves the rest of the preset behind.

A preset's model section belongs to its architecture (picked by `model.arch`) and its
task section to its task (picked by `task.name`), and the architecture must be of the
kind the task trains (`ArchSpec.kind`, `Task.MODEL_KIND`). Changing one choice changes
several settings at once: which fields the section has, and whether the pair still fits.
Checked field by field, the first field that no longer fits would be named
(`model.n_layers: unknown key`), which is not what the user changed; so the choices are
checked first, and a message names the change:

    model.arch: micro-gpt cannot train the translation task; pick tiny-transformer or
    another task
    task.name: shapes has no task.size, task.min_size, ..., settings of gridworld; start
    from the shapes preset

Which choice the user changed: the one among the keys they gave (`changed`: the command
line's --set, the API's settings); else the one whose section's keys were written for
another choice (a preset or config.yaml edited by hand); else the architecture, which is
what cannot train the task.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import fields
from typing import Any, Protocol

from studio.core.config.decoding import Method
from studio.core.config.fields import (
    ConfigError,
    ModelSection,
    TaskSection,
    from_dict,
    renamed_keys,
    shown,
)
from studio.core.config.preset_files import preset_files, read_yaml
from studio.core.messages import Message, say

ARCH, TASK = "model.arch", "task.name"


class ArchFacts(Protocol):
    """What choosing reads of an architecture (studio.core.models.ArchSpec has it)."""

    @property
    def config(self) -> type[ModelSection]: ...

    @property
    def kind(self) -> str: ...


class TaskFacts(Protocol):
    """What choosing and the checks read of a task (studio.core.tasks.base.Task has it)."""

    @property
    def NAME(self) -> str: ...

    @property
    def CONFIG(self) -> type[TaskSection]: ...

    @property
    def MODEL_KIND(self) -> str: ...

    @property
    def DATA_FIELDS(self) -> tuple[str, ...]: ...

    @property
    def DECODINGS(self) -> tuple[Method, ...]: ...

    @classmethod
    def scores_references(cls) -> bool: ...

    @classmethod
    def has_supervised_logits(cls) -> bool: ...


class Catalogue(Protocol):
    """The architectures and tasks a preset may name, by name. The config package names
    none of them: the floor above the tasks (studio.core.catalogue) hands this in."""

    def arch(self, name: str) -> ArchFacts:
        """The architecture `name` (model.arch), or a ConfigError naming the choices."""
        ...

    def task(self, name: str) -> TaskFacts:
        """The task `name` (task.name), or a ConfigError naming the choices."""
        ...

    def arch_names(self) -> list[str]: ...

    def task_names(self) -> list[str]: ...


def section_body(raw: Any, section: str, key: str, default: str) -> tuple[str, dict[str, Any]]:
    """A preset's model or task mapping: its choice (`key`, or `default`) and the rest."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(
            say(
                "{path}: must be a mapping of keys to values, got {value}",
                path=section,
                value=shown(raw),
            )
        )
    choice = raw.get(key, default)
    if not isinstance(choice, str):
        raise ConfigError(
            say(
                "{path}: must be a string, got {value}",
                path=f"{section}.{key}",
                value=shown(choice),
            )
        )
    return choice, {k: v for k, v in raw.items() if k != key}


def choose_sections(
    model_raw: Any,
    task_raw: Any,
    defaults: tuple[str, str],
    catalogue: Catalogue,
    changed: Collection[str] = (),
) -> tuple[ModelSection, TaskSection]:
    """The model and task sections of a preset, checked as the module says; `defaults`:
    the architecture and the task of a preset that names none."""
    arch, model_body = section_body(model_raw, "model", "arch", defaults[0])
    task, task_body = section_body(task_raw, "task", "name", defaults[1])
    spec, task_cls = catalogue.arch(arch), catalogue.task(task)
    task_body, renamed = renamed_keys(task_cls.CONFIG, task_body, "task")
    model = Choice(
        ARCH,
        arch,
        model_body,
        spec.config,
        lambda a: catalogue.arch(a).config,
        catalogue.arch_names(),
    )
    task_choice = Choice(
        TASK,
        task,
        task_body,
        task_cls.CONFIG,
        lambda t: catalogue.task(t).CONFIG,
        catalogue.task_names(),
    )
    if spec.kind != task_cls.MODEL_KIND:
        change = _changed(changed, model, task_choice)
        raise ConfigError(cannot_train(arch, task, change, catalogue))
    behind = [c for c in (model, task_choice) if c.written_for]
    if behind:
        raise ConfigError(left_behind(behind, arch, task))
    model_section: ModelSection = from_dict(spec.config, model_body, "model")
    task_section: TaskSection = from_dict(task_cls.CONFIG, task_body, "task")
    task_section.renamed = renamed
    return model_section, task_section


class Choice:
    """One choice of a preset (`key`: model.arch or task.name) and its section's keys:
    those its section class lacks (`unknown`), and the other choice they were all written
    for (`written_for`), if any; None when they are all its own, or no choice's (a typo,
    which the section's own loading names)."""

    def __init__(
        self,
        key: str,
        value: str,
        body: dict[str, Any],
        cls: type,
        section_of: Callable[[str], type],
        choices: Collection[str],
    ) -> None:
        self.key, self.value = key, value
        self.unknown = [k for k in body if k not in _keys(cls)]
        self.written_for: str | None = None
        if self.unknown:
            self.written_for = next(
                (c for c in choices if c != value and set(body) <= _keys(section_of(c))), None
            )


def _keys(cls: type) -> set[str]:
    return {f.name for f in fields(cls) if f.init}


def _changed(changed: Collection[str], model: Choice, task: Choice) -> str:
    given = [key for key in (ARCH, TASK) if key in changed]
    if len(given) == 1:
        return given[0]
    if task.written_for and not model.written_for:
        return TASK
    return ARCH


def cannot_train(arch: str, task: str, change: str, catalogue: Catalogue) -> Message:
    """The architecture cannot train the task, said of the choice the user changed."""
    kind = catalogue.task(task).MODEL_KIND
    if change == ARCH:
        archs = [a for a in catalogue.arch_names() if catalogue.arch(a).kind == kind]
        return say(
            "model.arch: {arch} cannot train the {task} task; pick {archs} or another task",
            arch=arch,
            task=task,
            archs=_or(archs),
        )
    kind_of_arch = catalogue.arch(arch).kind
    names = catalogue.task_names()
    trains = [t for t in names if kind_of_arch == catalogue.task(t).MODEL_KIND]
    return say(
        "task.name: {arch} cannot train the {task} task; pick {tasks}, or {where}",
        arch=arch,
        task=task,
        tasks=_or(trains),
        where=start_from(lambda _, t: t == task, f"task: {{name: {task}}}"),
    )


def left_behind(behind: list[Choice], arch: str, task: str) -> Message:
    """The choices changed leave keys written for the old ones: name the choices, the
    keys, the old choices and where to start from."""
    keys = [f"{c.key.split('.')[0]}.{k}" for c in behind for k in c.unknown]
    shown: str = ", ".join(keys)
    if len(keys) > 4:
        shown = say("{keys} (+{n} more)", keys=", ".join(keys[:4]), n=len(keys) - 4)
    parts = {
        "keys": _and([c.key for c in behind]),
        "values": _and([c.value for c in behind]),
        "fields": shown,
        "old": _and([str(c.written_for) for c in behind]),
        "where": start_from(
            lambda a, t: a == arch and t == task,
            f"model: {{arch: {arch}}}, task: {{name: {task}}}",
        ),
    }
    if len(behind) == 1:
        return say("{keys}: {values} has no {fields}, settings of {old}; {where}", **parts)
    return say("{keys}: {values} have no {fields}, settings of {old}; {where}", **parts)


def start_from(fits: Callable[[str, str], bool], sections: str) -> Message:
    """Where to start instead: the shipped presets whose (arch, task) `fits`, or a preset
    of one's own that writes `sections`."""
    found = []
    for name, path in sorted(preset_files().items()):
        data = read_yaml(path)
        model, task = data.get("model") or {}, data.get("task") or {}
        if fits(model.get("arch", ""), task.get("name", "")):
            found.append(name)
    if found:
        return say("start from the {presets} preset", presets=_or(found))
    return say(
        "write a preset file of your own with {sections} (the rest keep their defaults)",
        sections=sections,
    )


def _or(names: list[str]) -> str:
    """ "a, b or c"."""
    if len(names) == 1:
        return names[0]
    return say("{names} or {last}", names=", ".join(names[:-1]), last=names[-1])


def _and(names: list[str]) -> str:
    """ "a and b"."""
    if len(names) == 1:
        return names[0]
    return say("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
