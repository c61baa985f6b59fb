"""What may change when a run resumes: the config a resumed run trains with.

A checkpoint holds weights of one architecture and shape, trained on one task with one
optimizer and schedule; a resumed run whose settings say otherwise either crashes while
loading it or, worse, trains something the curves no longer describe. So a resume takes
the run's own config.yaml and only the overrides that leave the checkpoint meaningful
(RESUMABLE: where and how it runs, how long, what it records); any other change is
refused before anything is written, naming the setting and what may change. The record
of the settings the user gave (`user_set`) is no setting: a resume's overrides join it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studio.core.config.fields import parse_override
from studio.core.config.loading import config_to_dict
from studio.core.config.sections import StudioConfig
from studio.core.config.user_settings import RECORD
from studio.core.files import RunError
from studio.core.messages import say
from studio.core.runs.loading import load_run_config

# Settings a resumed run may change: a trailing "." allows the whole section.
RESUMABLE = (
    "name",
    "description",
    "ui.",  # what the window shows of it
    "run.",  # where and how often it saves, its step limit, what it records
    "training.device",
    "training.amp",
    "training.threads",
    "training.compile",  # the same numbers, up to rounding, eager or compiled
    "stages.warmup.steps",  # train a stage longer or shorter
    "stages.grpo.steps",
    "eval.every",
    "data.path",  # the same data, moved (the task checks its vocabulary or classes)
    "distill.teacher",  # the same teacher, moved (its checkpoint's sha256 is checked)
)


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        return {prefix.rstrip("."): data}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(_flat(value, f"{prefix}{key}."))
    return out


def resumable(key: str) -> bool:
    return any(key == k or (k.endswith(".") and key.startswith(k)) for k in RESUMABLE)


def resume_config(run_dir: Path, overrides: Sequence[str] = ()) -> StudioConfig:
    """The run's config with `overrides`, refused (RunError, nothing written) when they
    change a setting the checkpoint depends on (architecture, shapes, task, optimizer...)."""
    saved = load_run_config(run_dir)
    before = _flat(config_to_dict(saved))
    for text in overrides:  # by name first: another task's or architecture's keys would
        keys, value = parse_override(text)  # not even load
        key = ".".join(keys)
        if not resumable(key) and before.get(key) != value:
            _refuse(run_dir, key, before.get(key), value, [])
    cfg = load_run_config(run_dir, overrides)
    after = _flat(config_to_dict(cfg))
    every = before.keys() | after.keys()
    changed = sorted(
        k for k in every if before.get(k) != after.get(k) and not resumable(k) and k != RECORD
    )
    if changed:
        _refuse(run_dir, changed[0], before.get(changed[0]), after.get(changed[0]), changed[1:])
    return cfg


def _refuse(run_dir: Path, key: str, old: Any, new: Any, others: list[str]) -> None:
    may = ", ".join(k + "*" if k.endswith(".") else k for k in RESUMABLE)
    parts = {
        "key": key,
        "run": Path(run_dir).name,
        "old": repr(old),
        "new": repr(new),
        "may": may,
        "config": Path(run_dir) / "config.yaml",
    }
    if others:
        raise RunError(
            say(
                "{key} cannot change when {run} resumes: it was trained with {old}, the change "
                "makes it {new} (and {others}). A resumed run may change only {may}; to change "
                "the others start a new run from its config (--config {config})",
                others=", ".join(others[:3]),
                **parts,
            )
        )
    raise RunError(
        say(
            "{key} cannot change when {run} resumes: it was trained with {old}, the change makes "
            "it {new}. A resumed run may change only {may}; to change the others start a new "
            "run from its config (--config {config})",
            **parts,
        )
    )
