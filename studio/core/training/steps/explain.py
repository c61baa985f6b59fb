"""What "Explain this step" shows of a GRPO step: its shown groups, number by number.

Two halves. `shown_groups` runs inside the step and puts in the step record (as its
`samples`) everything about the first `run.sample_groups` groups that is cheap to keep:
each sample's reward and each reward function's part of it, the group's mean and std, the
scaling the step used (`grpo.scale_rewards`: the group's std, the batch's std, or none)
and its eps, each advantage, and each sample's steps as readable pieces (a character, a
word piece, a move, a label) with their log-probs when they were sampled. An opened run
has all of it in its metrics.jsonl.

`StepExplainer` is the other half, which only a live run has: the trainer keeps the last
GRPO step's first micro-batch (the rollout the shown groups come from) in memory, and when
the window asks (TrainerControl.ask, answered on the trainer's thread while it is paused
or between steps) it computes every shown sample's log-probs under the weights as they are
now, after the update, so that the window can show how the update moved each token.

One group's entry in `samples` (G samples, T_i steps in sample i):
    prompt, reference: str (reference may be None); completions: [G] str
    rewards: [G] total rewards (after the shuffle of grpo.shuffle_rewards, if on)
    advantages: [G] the advantages the loss used
    parts: {function: [G]} unweighted rewards; weights: {function: weight}
    mean, std: the group's reward mean and unbiased std (0 when flat)
    flat: bool, no spread (grpo.flat_groups): every advantage is exactly 0
    scale: "group" | "batch" | "none"; scale_std: the std divided by (None for none)
    eps: grpo.advantage_eps; shuffled: bool
    pieces: [G][T_i] str (the end token is "<eos>"); logp: [G][T_i] (4 decimals)
    trained: [G] bool (False: masked out of the loss, grpo.mask_truncated_completions)
    outcome: [G] str, when the task says how each sample ended (the grid world)
    way_back: [G] str, when the prompt has no reference and each sample was translated
        back to be scored (translation's round trip, `Rollout.info["way_back"]`)
    loss_type, beta, temperature: the loss settings of the step
    step_groups: how many groups the whole step trained (every micro-batch and rank), of
        which these are the first few (absent in runs recorded before it was kept)

References: grpo.py (group_advantages) for the arithmetic the entries restate.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import torch
from torch import nn

from studio.core.config.sections import GRPOConfig
from studio.core.grpo import flat_groups
from studio.core.tasks.base import Rollout, Task

if TYPE_CHECKING:  # type-only: grpo_step imports this module
    from studio.core.training.steps.grpo_step import BatchRewards

DIGITS = 4  # decimals kept of a recorded log-prob: the panel shows 3, a record stays small
AFTER_UPDATE = "after_update"  # the question the window asks the trainer


def _std(values: torch.Tensor) -> float:
    """Unbiased std, as group_advantages takes it; 0 for a single value."""
    return float(values.std()) if values.numel() > 1 else 0.0


def shown_groups(
    task: Task,
    rollout: Rollout,
    rewards: BatchRewards,
    rows: slice,
    adv: torch.Tensor,
    gcfg: GRPOConfig,
    count: int,
) -> list[dict[str, Any]]:
    """The first `count` groups of `rollout` as plain values (the entries above).

    `rewards` are the micro-batch's over every rank ("batch" scaling divides by the std
    of their total); `rows` are this rank's (the rollout's) among them; `adv` (N,) this
    rank's advantages."""
    g = rollout.group_size
    parts = {name: part[rows] for name, part in rewards.per_function.items()}
    weights = {
        rf.name: gcfg.reward_weights.get(rf.name, rf.weight) for rf in task.reward_functions()
    }
    batch_std = _std(rewards.total)
    mine = rewards.total[rows]
    trained = ~rollout.truncated.cpu() if gcfg.mask_truncated_completions else None
    outcome = rollout.info.get("outcome")
    way_back = rollout.info.get("way_back")
    out = []
    for i, ex in enumerate(rollout.examples[:count]):
        span = slice(i * g, (i + 1) * g)
        members = range(i * g, (i + 1) * g)
        total = mine[span].float()
        flat = bool(flat_groups(total[None])[0])
        std = 0.0 if flat else _std(total)  # no spread is 0, as group_advantages takes it
        group: dict[str, Any] = {
            "prompt": ex.display or str(ex.prompt),
            "reference": None if ex.reference is None else str(ex.reference),
            "completions": rollout.completions[span],
            "rewards": total.tolist(),
            "advantages": adv[span].tolist(),
            # the parts that score this group (a round trip's prompt has no reference)
            "parts": {
                name: part[span].tolist()
                for name, part in parts.items()
                if not part[span].isnan().all()
            },
            "weights": {
                name: float(weights.get(name, 1.0))
                for name, part in parts.items()
                if not part[span].isnan().all()
            },
            "mean": float(total.mean()),
            "std": std,
            "flat": flat,
            "scale": gcfg.scale_rewards,
            "scale_std": {"group": std, "batch": batch_std}.get(gcfg.scale_rewards),
            "eps": gcfg.advantage_eps,
            "shuffled": gcfg.shuffle_rewards,
            "pieces": [task.action_pieces(rollout, r) for r in members],
            "logp": [sample_logp(rollout.logp, rollout.mask, r) for r in members],
            "trained": [True if trained is None else bool(trained[r]) for r in members],
            "loss_type": gcfg.loss_type,
            "beta": gcfg.beta,
            "temperature": gcfg.temperature,
        }
        if outcome is not None:
            group["outcome"] = [str(outcome[r]) for r in members]
        if way_back is not None and way_back[i * g] is not None:
            group["way_back"] = [str(way_back[r]) for r in members]
        out.append(group)
    return out


def sample_logp(logp: torch.Tensor, mask: torch.Tensor, row: int, digits: int = DIGITS) -> list:
    """Row `row`'s log-probs (N, T) over its real steps, rounded to `digits` decimals."""
    steps = int(mask[row].sum())
    return [round(v, digits) for v in logp[row, :steps].float().cpu().tolist()]


def weights_version(model: nn.Module) -> int:
    """A number that changes whenever a weight is changed in place (an optimizer step
    bumps each parameter's version counter): the weights' identity, cheaply."""
    return sum(p._version for p in model.parameters())


class StepExplainer:
    """The last GRPO step's rollout, kept to say how its update moved each shown sample.

    The trainer `keep`s each GRPO step's outcome and serves `answer` (TrainerControl.serve);
    nothing here is recorded. Answers are plain values:
    {"step", "available": True, "groups": [{"before": [G][T_i], "after": [G][T_i]}]}, or
    {"step", "available": False, "reason": "no_step" | "moved_on" | "updating"}: no GRPO
    step yet, the run has taken later steps, or a later step's update has begun (paused in
    its middle with the weights already moved).
    """

    def __init__(
        self,
        task: Task,
        model: nn.Module,
        gcfg: GRPOConfig,
        amp: contextlib.AbstractContextManager | None = None,
    ) -> None:
        # the run's GRPO settings, read when asked: the temperature GRPO's start chose
        # (grpo.unsure_temperature) is the one its samples were drawn at
        self.task, self.model, self.gcfg = task, model, gcfg
        self.amp = amp if amp is not None else contextlib.nullcontext()
        self.step: int | None = None
        self._rollout: Rollout | None = None
        self._groups = 0
        self._version = 0

    def keep(self, step: int, rollout: Rollout | None, groups: int) -> None:
        """Step `step` has ended (its update applied) with `rollout` as its first micro-batch
        and `groups` groups shown; a step without one (the warm-up) keeps the last."""
        if rollout is None:
            return
        self.step, self._rollout, self._groups = step, rollout, groups
        self._version = weights_version(self.model)

    def answer(self, question: str, args: dict[str, Any]) -> dict[str, Any]:
        """TrainerControl's answerer: `after_update` (args: step) is the one question."""
        if question != AFTER_UPDATE:
            raise ValueError(f"the trainer does not answer {question!r}")
        return self.after_update(int(args.get("step", -1)))

    def after_update(self, step: int) -> dict[str, Any]:
        """Each shown sample's log-probs before step `step`'s update (when sampled) and
        after it (now, computed with the current weights)."""
        rollout = self._rollout
        if rollout is None or self.step is None:
            return {"step": step, "available": False, "reason": "no_step"}
        if step != self.step:
            return {"step": step, "available": False, "reason": "moved_on"}
        if weights_version(self.model) != self._version:
            return {"step": step, "available": False, "reason": "updating"}
        after = self.logprobs_now(rollout)
        g = rollout.group_size
        groups = []
        for i in range(self._groups):
            rows = range(i * g, (i + 1) * g)
            groups.append(
                {
                    "before": [sample_logp(rollout.logp, rollout.mask, r, 6) for r in rows],
                    "after": [sample_logp(after, rollout.mask, r, 6) for r in rows],
                }
            )
        return {"step": step, "available": True, "groups": groups}

    def logprobs_now(self, rollout: Rollout) -> torch.Tensor:
        """Log-probs (N, T) of the rollout's steps under the current weights: eval mode, no
        gradient, in a forked random state (a question never changes the training)."""
        model = self.model
        was_training = model.training
        device = next(model.parameters()).device
        devices = [device] if device.type == "cuda" else []
        model.eval()
        try:
            with torch.random.fork_rng(devices=devices), torch.no_grad(), self.amp:
                logp, _ = self.task.token_logprobs(model, rollout, self.gcfg.temperature)
        finally:
            model.train(was_training)
        return logp.float().cpu()
