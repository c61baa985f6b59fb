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
import sysconfig
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from studio.core.config.fields import TaskSection, param
from studio.core.messages import Message, say
from studio.core.tasks.base import RewardFunction, Rollout, TaskError

_allowed: set[Path] = set()  # files the user allowed to run in this process
_beside: list[Path] = []  # folders of the preset files loaded, newest first
NOT_FOUND_HINT = say(
    "put the .py file beside the preset file or in the folder the studio starts in"
)


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
            say(
                "task.user_reward ({spec}) runs Python code from {file}, which was not allowed "
                "to run; if you trust that file, allow it (grpo-studio train --allow-code "
                "{file}, or answer yes when the window asks)",
                spec=spec,
                file=file,
            )
        )
        self.spec, self.file = spec, file


def _split(spec: str) -> tuple[str, str]:
    if not isinstance(spec, str) or spec.count(":") != 1 or not all(spec.split(":")):
        raise TaskError(
            say(
                'task.user_reward: expected "module:function" (e.g. "my_rewards:score"), got '
                "{value}",
                value=repr(spec),
            )
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


def _installed_roots() -> list[Path]:
    """Where Python's standard library, installed packages and the studio itself live:
    no reward function of the user's is there."""
    paths = sysconfig.get_paths()
    roots = [paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths]
    return [Path(r).resolve() for r in roots] + [Path(__file__).resolve().parents[2]]


def _not_own_code(spec: str, where: Message) -> TaskError:
    """A reward that names a function of Python's or an installed package's, not one of
    the user's: refused plainly, never offered to be allowed."""
    return TaskError(
        say(
            "task.user_reward: {spec} names {where}, not a file of your own; a reward "
            "function must be in your own .py file ({hint}), named as my_rewards:score",
            spec=spec,
            where=where,
            hint=NOT_FOUND_HINT,
        )
    )


def user_code_file(spec: str) -> Path:
    """The file `module:function` would be imported from, found without running anything
    (a package's parents are located, not imported); TaskError when it is no file of the
    user's (Python's standard library, an installed package, the studio)."""
    module_name, _ = _split(spec)
    if module_name.split(".")[0] in sys.builtin_module_names:
        raise _not_own_code(spec, say("a module built into Python"))
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
            say(
                "task.user_reward: cannot import module {module} (no such .py file); {hint}",
                module=repr(module_name),
                hint=NOT_FOUND_HINT,
            )
        )
    file = Path(found.origin).resolve()
    if any(file.is_relative_to(root) for root in _installed_roots()):
        where = say("{file}, installed with Python or the studio", file=file)
        raise _not_own_code(spec, where)
    return file


def allow_user_code(path: str | Path) -> Path:
    """Let the reward functions in the Python file `path` run in this process."""
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise TaskError(
            say("{path}: no such file; name the .py file that holds your reward", path=path)
        )
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
            say(
                "task.user_reward: cannot import module {module} ({reason}); {hint}",
                module=repr(module_name),
                reason=str(err),
                hint=NOT_FOUND_HINT,
            )
        ) from None
    finally:
        for folder in added:
            sys.path.remove(folder)
    fn = getattr(module, fn_name, None)
    if fn is None:
        raise TaskError(
            say(
                "task.user_reward: module {module} has no function {function}; check the name "
                "after the colon",
                module=repr(module_name),
                function=repr(fn_name),
            )
        )
    if not callable(fn):
        raise TaskError(
            say(
                "task.user_reward: {spec} is not a function but a {type}; name a function",
                spec=spec,
                type=type(fn).__name__,
            )
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
                say(
                    "user reward {spec} must return a list of numbers, got {value}",
                    spec=spec,
                    value=f"{values!r:.200}",
                )
            ) from None
        if len(values) != rollout.num_sequences:
            raise TaskError(
                say(
                    "user reward {spec} returned {n} values for {m} completions; return one "
                    "per completion",
                    spec=spec,
                    n=len(values),
                    m=rollout.num_sequences,
                )
            )
        if not all(math.isfinite(v) for v in values):
            raise TaskError(
                say(
                    "user reward {spec} returned a NaN or infinite value; return finite numbers",
                    spec=spec,
                )
            )
        return values

    return RewardFunction("user", score, 1.0)
