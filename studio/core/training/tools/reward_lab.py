"""The reward lab's arithmetic: one group of completions the user typed (or sampled), scored
by a preset's reward checks and turned into advantages by the very functions a GRPO step
calls (grpo_step.score, grpo.group_advantages, grpo.flat_groups), so what the lab shows
is what training would make of that group. No model runs here: it is cheap enough to
recompute on every keystroke.

A "function" check (the user's own Python) runs only once its file is allowed
(studio.core.tasks.user_reward); until then it is listed in `not_run` and the total
leaves it out, as the window says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import torch

from studio.core.grpo import ScaleRewards, flat_groups, group_advantages
from studio.core.tasks.base import Example, RewardFunction, Rollout, Task, TaskError
from studio.core.tasks.reward_checks import Check, check_reward
from studio.core.tasks.user_reward import user_code_allowed
from studio.core.training.steps.grpo_step import score


@dataclass
class LabGroup:
    """One scored group: each check's scores, the totals, the group's mean and spread and
    each completion's advantage, with the entries the Explain tab renders (`explain`)."""

    names: list[str]  # every check's reward part, in the preset's order
    parts: dict[str, list[float]]  # the checks that ran: name -> one score per completion
    weights: dict[str, float]
    rewards: list[float]  # the weighted totals GRPO learns from
    advantages: list[float]
    mean: float
    std: float  # unbiased, 0 when flat (as the trainer takes it)
    flat: bool  # no spread: every advantage is exactly 0
    scale: str
    eps: float
    not_run: list[str] = field(default_factory=list)  # function checks awaiting consent
    errors: dict[str, str] = field(default_factory=dict)  # a check that failed: why

    @property
    def always_zero(self) -> list[str]:
        """Checks that scored 0 on every completion (they can teach nothing here)."""
        return [n for n, v in self.parts.items() if v and all(x == 0.0 for x in v)]

    @property
    def always_same(self) -> dict[str, float]:
        """Checks that gave one score other than 0 to every completion of a group of two or
        more: it adds the same to every reward, so it moves no advantage (GRPO learns
        nothing from it). Check name -> that score."""
        return {
            n: v[0]
            for n, v in self.parts.items()
            if len(v) > 1 and v[0] != 0.0 and all(x == v[0] for x in v)
        }

    def explain(self, prompt: str, reference: str | None) -> dict[str, Any]:
        """The group as studio.core.training.steps.explain records one (the fields the Explain
        tab's first four parts read)."""
        return {
            "prompt": prompt,
            "reference": reference,
            "completions": [],  # filled by the caller, who holds the texts
            "rewards": self.rewards,
            "advantages": self.advantages,
            "parts": self.parts,
            "weights": {n: self.weights[n] for n in self.parts},
            "mean": self.mean,
            "std": self.std,
            "flat": self.flat,
            "scale": self.scale,
            # one group is the whole batch: the batch's std is the group's
            "scale_std": None if self.scale == "none" else self.std,
            "eps": self.eps,
            "shuffled": False,
        }


class _ChecksOnly:
    """What grpo_step.score asks of a task: its reward functions (here, the checks')."""

    def __init__(self, rewards: list[RewardFunction]) -> None:
        self._rewards = rewards

    def reward_functions(self) -> list[RewardFunction]:
        return self._rewards


def lab_rollout(prompt: str, answers: Sequence[str], completions: Sequence[str]) -> Rollout:
    """A rollout of one prompt holding the given completions, laid out as a text task's
    (info: prompts, references, answers per row); no tokens, since no model is asked."""
    g = len(completions)
    reference = answers[0] if answers else None
    return Rollout(
        examples=[Example(prompt, reference, display=prompt)],
        group_size=g,
        actions=torch.zeros(g, 1, dtype=torch.long),
        mask=torch.ones(g, 1),
        logp=torch.zeros(g, 1),
        truncated=torch.zeros(g, dtype=torch.bool),
        completions=list(completions),
        info={
            "prompts": [prompt] * g,
            "references": [reference] * g,
            "answers": [tuple(answers)] * g,
        },
    )


def _fixed(values: list[float]) -> Callable[[Rollout], list[float]]:
    """A reward function that returns scores already computed."""
    return lambda _rollout: values


def may_run(check: Check) -> bool:
    """Whether the lab runs `check`: any built-in check; a user's function once allowed."""
    if check.kind != "function":
        return True
    try:
        return user_code_allowed(check.options["function"])
    except TaskError:  # the file cannot be found: not run, said by the caller
        return False


def try_group(
    checks: Sequence[Check],
    prompt: str,
    answers: Sequence[str],
    completions: Sequence[str],
    *,
    scale: ScaleRewards = "group",
    eps: float = 1e-4,
    reward_weights: Mapping[str, float] | None = None,
) -> LabGroup:
    """Score `completions` of `prompt` (with its acceptable `answers`, maybe none) as a
    GRPO step would: each check a named reward part, their weighted sum, the group's
    advantages. ValueError for an empty group."""
    if not completions:
        raise ValueError("no completions to score; type at least one, one per line")
    runnable = [c for c in checks if may_run(c)]
    not_run = [c.name for c in checks if not may_run(c)]
    errors: dict[str, str] = {}
    rewards: list[RewardFunction] = []
    rollout = lab_rollout(prompt, answers, completions)
    for check in runnable:
        try:  # a user's function may fail; the other checks still score
            rf = check_reward(check)
            values = list(rf.fn(rollout))  # once: a user's function is not called twice
        except Exception as err:  # the user's code may raise anything
            errors[check.name] = str(err) or type(err).__name__
            continue
        rewards.append(RewardFunction(rf.name, _fixed(values), rf.weight))
    weights = dict(reward_weights or {})
    if rewards:
        per, total = score(cast(Task, _ChecksOnly(rewards)), rollout, weights)
    else:  # nothing ran: every completion scores 0
        per, total = {}, torch.zeros(len(completions))
    g = len(completions)
    flat = bool(flat_groups(total[None])[0])
    # a group of one has no spread (its std is undefined): it teaches nothing, as a flat one
    advantages = group_advantages(total, g, scale, eps) if g > 1 else torch.zeros(1)
    std = 0.0 if flat or g < 2 else float(total.std())
    return LabGroup(
        names=[c.name for c in checks],
        parts={n: v.tolist() for n, v in per.items()},
        weights={c.name: float(weights.get(c.name, c.weight)) for c in checks},
        rewards=total.tolist(),
        advantages=advantages.tolist(),
        mean=float(total.mean()),
        std=std,
        flat=flat,
        scale=scale,
        eps=eps,
        not_run=not_run,
        errors=errors,
    )
