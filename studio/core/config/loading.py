"""A preset into a StudioConfig and back: its model and task sections chosen by name
(choice.py), every field coerced and bounded (fields.py), the settings checked together
(checks.py), and the record of which settings the user gave (user_settings.py; what a
--set gives joins it as the API's configure does, fit.py).

Which architectures and tasks exist is the catalogue's to say: the functions here take it
as an argument, and studio.core.catalogue, the floor above the tasks, binds it
(`load_config`, `config_from_dict`).
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

import yaml

from studio.core.config.checks import check_config
from studio.core.config.choice import Catalogue, choose_sections
from studio.core.config.experiments import WHERE, Variant, parse_variants
from studio.core.config.fields import (
    ConfigError,
    TaskSection,
    UnknownKey,
    apply_override,
    from_dict,
    must_be,
    parse_override,
    to_dict,
)
from studio.core.config.fit import user_gives
from studio.core.config.preset_files import lesson_files, preset_files, read_yaml, resolve_preset
from studio.core.config.sections import DEFAULT_ARCH, DEFAULT_TASK, StudioConfig
from studio.core.config.user_settings import RECORD, leaf_paths
from studio.core.files import atomic_write_text
from studio.core.messages import Message, say


def build_config(data: Any, catalogue: Catalogue, changed: Collection[str] = ()) -> StudioConfig:
    """Validate a parsed preset; raise ConfigError naming the first bad key. `changed`:
    the keys the user gave over it (--set), which name the change a message is about when
    another architecture or task leaves the preset's settings behind (choice.py). An
    experiment's variants are each checked as a preset is."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(
            say("config: the file must hold a mapping (section: values), not a list or value")
        )
    data = dict(data)
    model, task = choose_sections(
        data.pop("model", None),
        data.pop("task", None),
        (DEFAULT_ARCH, DEFAULT_TASK),
        catalogue,
        changed,
    )
    cfg = from_dict(StudioConfig, {**data, "model": model, "task": task})
    cfg.user_set = _renamed_record(cfg.user_set, type(task))
    check_all(cfg, catalogue)
    return cfg


def _renamed_record(record: list[str], section: type[TaskSection]) -> list[str]:
    """The record with each renamed task setting's former path replaced by its path now,
    so a setting the user gave under its former name stays theirs."""
    now = {f"task.{old}": f"task.{new}" for old, new in section.RENAMED.items()}
    return list(dict.fromkeys(now.get(path, path) for path in record))


def check_all(cfg: StudioConfig, catalogue: Catalogue) -> None:
    """The settings checked together (checks.py), and each variant of an experiment
    checked as a preset is: what the trainer asks again of a config the window built."""
    check_config(cfg, catalogue)
    make_variants(cfg, parse_variants(cfg.ui.experiment), catalogue)


def config_to_dict(cfg: StudioConfig) -> dict[str, Any]:
    out = to_dict(cfg)
    out["model"] = {"arch": cfg.model.ARCH, **to_dict(cfg.model)}
    out["task"] = {"name": cfg.task.NAME, **to_dict(cfg.task)}
    return out


def read_config(
    path: str | Path | None,
    overrides: Sequence[str],
    catalogue: Catalogue,
    *,
    run_config: bool = False,
) -> StudioConfig:
    """Read a preset (a path or a shipped preset's name), apply `--set` overrides, validate.
    The config records which settings the user gave (`user_set`): the overrides' keys,
    and those of the file (`_file_record`); `run_config` says the file is a run folder's
    config.yaml."""
    users: list[str] = []
    if path is None:
        data: Any = {}
    else:
        found = resolve_preset(path)
        data = read_yaml(found)
        if data is None:  # nothing but blanks and comments: not a preset the user meant
            raise ConfigError(
                say(
                    "{path}: the file holds no settings; a preset needs at least its sections "
                    "(start from a shipped one: grpo-studio presets)",
                    path=found,
                )
            )
    if not isinstance(data, dict):
        raise ConfigError(
            say(
                "{path}: the file must hold a mapping of a preset's sections (model:, task:, "
                "...), not a {type}; start from a shipped one (grpo-studio presets)",
                path=found,
                type=type(data).__name__,
            )
        )
    if path is not None:
        users = _file_record(found, data, run_config)
    given = user_gives(data, [parse_override(text) for text in overrides], users)
    return build_config(data, catalogue, given)


def _file_record(found: Path, data: dict[str, Any], run_config: bool) -> list[str]:
    """Which keys of a preset file are the user's: those its own record names (the studio
    wrote it), none of a shipped preset's or an unrecorded run's, else all it writes."""
    if RECORD in data:
        record = data[RECORD]
        if not isinstance(record, list) or not all(isinstance(p, str) for p in record):
            raise ConfigError(must_be(RECORD, say("a list of setting paths"), record))
        return list(record)
    if run_config or _is_shipped(found):
        return []
    return leaf_paths(data)


def _is_shipped(found: Path) -> bool:
    shipped = {*preset_files().values(), *lesson_files().values()}
    return found.resolve() in {p.resolve() for p in shipped}


def save_config(cfg: StudioConfig, path: str | Path) -> None:
    atomic_write_text(
        Path(path), yaml.safe_dump(config_to_dict(cfg), sort_keys=False, allow_unicode=True)
    )


def make_variants(
    cfg: StudioConfig, variants: list[Variant], catalogue: Catalogue
) -> list[StudioConfig]:
    """Each variant's config: `cfg` with the variant's settings, checked as a preset is
    (an unknown setting or a bad value is refused naming the variant). The variants'
    own configs hold no experiment: each is one run."""
    base = config_to_dict(cfg)
    base["ui"]["experiment"] = []
    configs = []
    for i, variant in enumerate(variants):
        data = copy.deepcopy(base)
        who = f"{WHERE}[{i}] ({variant.label})"
        for path, value in variant.settings.items():
            try:
                apply_override(data, path.split("."), value)
            except ConfigError:
                raise ConfigError(
                    say(
                        "{who}: {path} is not a setting; write a field such as grpo.beta",
                        who=who,
                        path=path,
                    )
                ) from None
        try:
            made = build_config(data, catalogue)
        except UnknownKey as err:  # name the field the variant got wrong, and the fix
            raise ConfigError(say("{where}: {problem}", where=who, problem=_unknown(err))) from None
        except ConfigError as err:
            raise ConfigError(say("{where}: {problem}", where=who, problem=str(err))) from None
        if made.stages.grpo.steps == 0:
            raise ConfigError(
                say(
                    "{who}: stages.grpo.steps is 0, so the variant trains no GRPO step to "
                    "compare; give the GRPO stage steps",
                    who=who,
                )
            )
        made.user_set = list(cfg.user_set)
        configs.append(made)
    return configs


def _unknown(err: UnknownKey) -> Message:
    return say(
        "{where}: unknown setting; check its spelling against the preset's grpo and "
        "stages.grpo settings",
        where=err.path,
    )
