"""The user's own reward: `module:function` named in a preset, run with the studio's rights.

The function is called with the prompts, the completions and the references (three
lists of strings, one entry per sampled completion) and returns one float each.

A preset or lesson is a file anyone can hand out, and naming a function in it is naming
code to run, so the studio imports the module only once the person at the keyboard has
allowed its file for this session (`allow_user_code`): the command line with
`--allow-code FILE`, the window by asking. Until then the module is not even imported:
its file is found without running it (`user_code_file`), and a task that names it builds,
evaluates and exports (none of which scores rewards); training refuses with
`UserCodeRefused` when the first reward would be scored, and both front doors ask first.

The module is looked for on sys.path, in the working folder, and beside each preset file
loaded in this process (`look_beside`): a preset handed out with its reward file beside
it works wherever it is opened from. Finding a file is not leave to run it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from studio.core.config.fields import TaskSection, param
from studio.core.tasks.base import RewardFunction, Rollout, TaskError

_allowed: set[Path] = set()  # files the user allowed to run in this process
_beside: list[Path] = []  # folders of the preset files loaded, newest first
NOT_FOUND_HINT = "put the .py file beside the preset file or in the folder the studio starts in"


class UserRewardSection(TaskSection):
    """Base of a task section that may name the user's own reward (the text tasks'). A
    task that offers it declares `user_reward` as a field (`user_reward_param()`); one
    that does not leaves it None."""

    user_reward: str | None = None


def user_reward_param() -> Any:
    """The task.user_reward field of a section that offers the user's own reward."""
    return param(
        None,
        'Your own reward, "module:function" taking (prompts, completions, references) '
        "and returning one float per completion; runs your code",
        label="My reward function",
    )


class UserCodeRefused(TaskError):
    """A preset names a reward function in a file the user has not allowed to run."""

    def __init__(self, spec: str, file: Path) -> None:
        super().__init__(
            f"task.user_reward ({spec}) runs Python code from {file}, which was not allowed "
            f"to run; if you trust that file, allow it (grpo-studio train --allow-code {file}, "
            "or answer yes when the window asks)"
        )
        self.spec, self.file = spec, file


def _split(spec: str) -> tuple[str, str]:
    if not isinstance(spec, str) or spec.count(":") != 1 or not all(spec.split(":")):
        raise TaskError(
            f'task.user_reward: expected "module:function" (e.g. "my_rewards:score"), got {spec!r}'
        )
    module_name, fn_name = spec.split(":")
    return module_name, fn_name


def look_beside(preset: str | Path) -> None:
    """A preset file was loaded: a reward module it names may sit beside it (a shipped
    preset's name, not a file, adds nothing)."""
    path = Path(preset)
    if path.suffix.lower() not in (".yaml", ".yml") or not path.is_file():
        return
    folder = path.resolve().parent
    if folder in _beside:
        _beside.remove(folder)
    _beside.insert(0, folder)


def _extra_folders() -> list[str]:
    """What the import adds to sys.path: the working folder (an installed `grpo-studio`
    does not look there by itself), then the loaded presets' folders; after sys.path,
    so a file beside a preset never stands in for an installed module."""
    extra = [os.getcwd(), *(str(f) for f in _beside)]
    return [f for i, f in enumerate(extra) if f not in sys.path and f not in extra[:i]]


def _search_path() -> list[str]:
    """Where the import looks: sys.path, then `_extra_folders`."""
    return [*sys.path, *_extra_folders()]


def user_code_file(spec: str) -> Path:
    """The file `module:function` would be imported from, found without running anything
    (a package's parents are located, not imported)."""
    module_name, _ = _split(spec)
    search: list[str] = _search_path()
    found = None
    parts = module_name.split(".")
    for i in range(len(parts)):
        found = importlib.machinery.PathFinder.find_spec(".".join(parts[: i + 1]), search)
        if found is None:
            break
        search = list(found.submodule_search_locations or [])
    if found is None or not found.origin or not Path(found.origin).is_file():
        raise TaskError(
            f"task.user_reward: cannot import module {module_name!r} (no such .py file); "
            + NOT_FOUND_HINT
        )
    return Path(found.origin).resolve()


def allow_user_code(path: str | Path) -> Path:
    """Let the reward functions in the Python file `path` run in this process."""
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise TaskError(f"{path}: no such file; name the .py file that holds your reward")
    _allowed.add(file)
    return file


def forget_allowed_code() -> None:
    """Allow no user code again, and look beside no preset (what a fresh process starts
    with)."""
    _allowed.clear()
    _beside.clear()


def user_code_allowed(spec: str) -> bool:
    return user_code_file(spec) in _allowed


def user_reward_spec(task_cfg: TaskSection) -> str | None:
    """The `module:function` a task's settings name as the user's reward, if any."""
    if not isinstance(task_cfg, UserRewardSection):
        return None
    return task_cfg.user_reward or None


def check_user_code(task_cfg: TaskSection) -> None:
    """UserCodeRefused when the task names a reward in a file not allowed to run; a
    TaskError when the name is malformed or its file cannot be found."""
    spec = user_reward_spec(task_cfg)
    if spec is not None and not user_code_allowed(spec):
        raise UserCodeRefused(spec, user_code_file(spec))


def load_user_reward(spec: str) -> Callable[..., Sequence[float]]:
    """Import `module:function` from the user's own code, once its file is allowed (it
    runs with the studio's rights)."""
    module_name, fn_name = _split(spec)
    file = user_code_file(spec)
    if file not in _allowed:
        raise UserCodeRefused(spec, file)
    added = _extra_folders()
    sys.path.extend(added)
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise TaskError(
            f"task.user_reward: cannot import module {module_name!r} ({err}); " + NOT_FOUND_HINT
        ) from None
    finally:
        for folder in added:
            sys.path.remove(folder)
    fn = getattr(module, fn_name, None)
    if fn is None:
        raise TaskError(
            f"task.user_reward: module {module_name!r} has no function {fn_name!r}; check the "
            "name after the colon"
        )
    if not callable(fn):
        raise TaskError(
            f"task.user_reward: {spec} is not a function but a {type(fn).__name__}; name a function"
        )
    return fn


def _allowed_now(spec: str) -> bool:
    """Whether `spec`'s file is allowed; False too when it cannot be found (a run from
    elsewhere opened for evaluation need not have the file)."""
    try:
        return user_code_allowed(spec)
    except TaskError:
        return False


def user_reward_function(spec: str) -> RewardFunction:
    """RewardFunction "user": fn(prompts, completions, references) -> one float per row.

    Imported now when its file is allowed (a wrong name fails before training starts);
    otherwise on the first scoring, which refuses unless it has been allowed by then."""
    _split(spec)
    loaded: list[Callable[..., Sequence[float]]] = []
    if _allowed_now(spec):
        loaded.append(load_user_reward(spec))

    def score(rollout: Rollout) -> list[float]:
        if not loaded:
            loaded.append(load_user_reward(spec))
        prompts, references = rollout.info["prompts"], rollout.info["references"]
        values = loaded[0](list(prompts), list(rollout.completions), list(references))
        try:
            values = [float(v) for v in values]
        except (TypeError, ValueError):
            raise TaskError(
                f"user reward {spec} must return a list of numbers, got {values!r:.200}"
            ) from None
        if len(values) != rollout.num_sequences:
            raise TaskError(
                f"user reward {spec} returned {len(values)} values for "
                f"{rollout.num_sequences} completions; return one per completion"
            )
        if not all(math.isfinite(v) for v in values):
            raise TaskError(
                f"user reward {spec} returned a NaN or infinite value; return finite numbers"
            )
        return values

    return RewardFunction("user", score, 1.0)
