"""The user's own reward: `module:function` named in a preset, run with the studio's rights.

The function is called with the prompts, the completions and the references (three
lists of strings, one entry per sampled completion) and returns one float each.
"""

from __future__ import annotations

import importlib
import math
import os
import sys
from collections.abc import Callable, Sequence

from studio.core.tasks.base import RewardFunction, Rollout, TaskError


def load_user_reward(spec: str) -> Callable[..., Sequence[float]]:
    """Import `module:function` from the user's own code (it runs with the studio's rights)."""
    if not isinstance(spec, str) or spec.count(":") != 1 or not all(spec.split(":")):
        raise TaskError(
            f'task.user_reward: expected "module:function" (e.g. "my_rewards:score"), got {spec!r}'
        )
    module_name, fn_name = spec.split(":")
    here = os.getcwd()
    added = here not in sys.path
    if added:  # an installed `grpo-studio` does not look in the working folder by itself
        sys.path.append(here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise TaskError(
            f"task.user_reward: cannot import module {module_name!r} ({err}); put its folder "
            "on PYTHONPATH or start the studio from that folder"
        ) from None
    finally:
        if added:
            sys.path.remove(here)
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


def user_reward_function(spec: str) -> RewardFunction:
    """RewardFunction "user": fn(prompts, completions, references) -> one float per row."""
    fn = load_user_reward(spec)

    def score(rollout: Rollout) -> list[float]:
        prompts, references = rollout.info["prompts"], rollout.info["references"]
        values = fn(list(prompts), list(rollout.completions), list(references))
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
