"""A time budget (run.time_budget): parsing it, and planning a run's stages to fit it.

A budget is a duration ("30 min", "1h", "1h30m", "90s"; a plain number is seconds). The
plan comes from a measured pace (training/probes/time_probe.py measures it on this machine):
seconds per warm-up step and per GRPO step, seconds per evaluation and per checkpoint,
and the fixed cost of starting (loading the data, building the model, the probe itself).
`fit_time_budget` scales the steps of the stages the user did not set by one common
factor until the predicted time fits, never below MIN_STEPS a stage (or the stage's own
steps when fewer); the evaluations and checkpoints follow the steps. A stage that fills
the budget (`fills_budget`: a data fit's warm-up whose steps are a cap) is shortened
first, so that it gets the time the others leave; they are shortened only once it is at
its least. A stage with a share of the budget of its own (`budget_share`: GRPO's, fitted to
a file of sentence pairs) is shortened to it before. The steps are
proposed to the one settings fit (studio.core.config.fit): what the user set
(stages.warmup.steps, stages.grpo.steps in StudioConfig.user_set) is kept, and the
report says so when the budget would have cut it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studio.core.config.fit import Proposal, apply_fit, settle, taken
from studio.core.config.user_settings import user_settings
from studio.core.messages import Message, joined, say

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

MIN_STEPS = 10  # a stage the budget shortens keeps at least this many steps


def format_minutes(seconds: float) -> str:
    """A duration as a person reads an estimate: '40 s', '2.5 min', '12 min', '1 h 05 min'
    (tenths of a minute under ten: a whole minute is a large share of a short run)."""
    if not math.isfinite(seconds):
        return "unknown"
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    if seconds < 595:
        return f"{seconds / 60:.1f} min"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    h, m = divmod(minutes, 60)
    return f"{h} h {m:02d} min"


@dataclass(frozen=True)
class Pace:
    """What a run costs on this machine, as measured (seconds)."""

    warmup_step: float = 0.0
    grpo_step: float = 0.0
    evaluation: float = 0.0
    checkpoint: float = 0.0
    snapshot: float = 0.0  # one policy snapshot (run.probe_every)
    start: float = 0.0  # before the first step: data, model, this measurement


def evaluations(steps: int, every: int, baseline: bool, averaged: bool = False) -> int:
    """Evaluations a stage of `steps` makes (trainer._train): its baseline (`baseline`: the
    first stage; a later one starts from the previous stage's last), one each `every`
    steps before its last, one at its end, and (`averaged`: stages.*.average_last) one of
    the average of its last evaluations' weights when there are two or more to average."""
    if steps <= 0:
        return 0
    scheduled = (steps - 1) // every if every else 0
    return int(baseline) + scheduled + 1 + int(averaged and scheduled > 0)


@dataclass(frozen=True)
class StagePlan:
    """One stage's predicted seconds, by part."""

    name: str
    steps: int
    seconds_per_step: float
    evaluations: int
    seconds_per_evaluation: float
    can_end_early: bool  # stop_at or patience: the figure is a bound

    @property
    def steps_seconds(self) -> float:
        return self.steps * self.seconds_per_step

    @property
    def eval_seconds(self) -> float:
        return self.evaluations * self.seconds_per_evaluation

    @property
    def seconds(self) -> float:
        return self.steps_seconds + self.eval_seconds


@dataclass(frozen=True)
class Prediction:
    """A run's predicted wall time: its stages, checkpoints and snapshots, and the start."""

    stages: list[StagePlan]
    checkpoints: int
    checkpoint_seconds: float
    snapshots: int
    snapshot_seconds: float
    start_seconds: float

    @property
    def total(self) -> float:
        return (
            self.start_seconds
            + sum(s.seconds for s in self.stages)
            + self.checkpoints * self.checkpoint_seconds
            + self.snapshots * self.snapshot_seconds
        )

    @property
    def at_most(self) -> bool:
        """Whether a stage can end early, so that the total is a bound, not a forecast."""
        return any(s.can_end_early for s in self.stages)


def predict(cfg: StudioConfig, pace: Pace, steps: dict[str, int] | None = None) -> Prediction:
    """The wall time of a run of `cfg` at `pace` (with `steps` per stage instead of the
    config's, when given): each stage's steps times its pace plus its evaluations, the
    checkpoints (every run.checkpoint_every steps and at each stage's end) and the policy
    snapshots (every run.probe_every steps, and one before the first)."""
    stage_steps = steps or {name: stage.steps for name, stage in cfg.stages.all()}
    per_step = {"warmup": pace.warmup_step, "grpo": pace.grpo_step}
    plans: list[StagePlan] = []
    for name, stage in cfg.stages.all():
        n = stage_steps.get(name, 0)
        if n <= 0:
            continue
        plans.append(
            StagePlan(
                name=name,
                steps=n,
                seconds_per_step=per_step[name],
                evaluations=evaluations(
                    n, cfg.eval.every, baseline=not plans, averaged=stage.average_last > 1
                ),
                seconds_per_evaluation=pace.evaluation,
                can_end_early=stage.stop_at is not None or stage.patience > 0,
            )
        )
    total_steps = sum(p.steps for p in plans)
    every = cfg.run.checkpoint_every
    checkpoints = (total_steps // every if every else 0) + len(plans)
    snapshots = total_steps // cfg.run.probe_every + 1 if cfg.run.probe_every else 0
    return Prediction(
        stages=plans,
        checkpoints=checkpoints,
        checkpoint_seconds=pace.checkpoint,
        snapshots=snapshots,
        snapshot_seconds=pace.snapshot,
        start_seconds=pace.start,
    )


@dataclass
class TimeFit:
    """What fitting run.time_budget changed (or kept, the user's), and why."""

    budget: float
    before: float  # predicted seconds with the settings as they were
    after: float  # predicted seconds with the fitted settings
    changes: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (old, new)
    kept: list[str] = field(default_factory=list)  # lines: the user's settings it kept
    fits: bool = True
    fillers: list[str] = field(default_factory=list)  # stages that fill the budget (a cap)
    # what the budget proposed to the settings fit: the steps (the user's too when it does
    # not fit), and each shortened stage's warm-up of the learning rate cut to its steps
    proposals: list[Proposal] = field(default_factory=list)

    def apply(self, cfg: StudioConfig) -> None:
        apply_fit(cfg, self.proposals)

    def text(self) -> Message:
        budget, before = format_minutes(self.budget), format_minutes(self.before)
        if not self.changes and self.fits:
            return say(
                "time budget {budget}: the estimate, {estimate}, fits; nothing changed",
                budget=budget,
                estimate=before,
            )
        filled = [n for n in self.fillers if steps_path(n) in self.changes]
        if filled and self.fits:  # a cap cut to the budget is the plan, not a misfit
            lines = [
                say(
                    "time budget {budget}: {stages} fills what the other stages leave of it "
                    "(its cap would take {estimate})",
                    budget=budget,
                    stages=", ".join(filled),
                    estimate=before,
                )
            ]
        else:
            lines = [
                say(
                    "time budget {budget}: the estimate, {estimate}, does not fit",
                    budget=budget,
                    estimate=before,
                )
            ]
        if self.changes:
            lines.append(say("changed:"))
            for path, (old, new) in self.changes.items():
                change = say(
                    "{path}: {old} -> {new} steps", path=path, old=f"{old:,}", new=f"{new:,}"
                )
                lines.append(say("  {setting}", setting=change))
            lines.append(say("estimate now {estimate}", estimate=format_minutes(self.after)))
        lines += [say("  {setting}", setting=line) for line in self.kept]
        if not self.fits:
            lines.append(
                say(
                    "the run may not fit: it ends at the budget ({budget}), time budget reached",
                    budget=budget,
                )
            )
        return joined("\n", lines)

    def to_dict(self) -> dict[str, object]:
        return {
            "budget_s": self.budget,
            "before_s": self.before,
            "after_s": self.after,
            "changes": {p: list(v) for p, v in self.changes.items()},
            "kept": list(self.kept),
            "fits": self.fits,
        }


def fit_time_budget(cfg: StudioConfig, budget: float, pace: Pace) -> TimeFit:
    """The stages' steps that fit `budget` seconds at `pace`: the steps of every stage the
    user did not set, scaled by the largest common factor that fits (found by bisection:
    the evaluations and checkpoints change with the steps), none below MIN_STEPS (or its
    own steps when fewer); the stages that fill the budget first, alone. The caller
    applies it."""
    steps = {name: stage.steps for name, stage in cfg.stages.planned()}
    before = predict(cfg, pace).total
    fit = TimeFit(budget=budget, before=before, after=before)
    if before <= budget:
        return fit
    # the stages whose steps the settings fit lets the budget shorten: not the user's
    free = {n for n in steps if taken(Proposal(steps_path(n), MIN_STEPS, ""), cfg.user_set)}
    fillers = {n for n in free if getattr(cfg.stages, n).fills_budget}

    def scaled(factors: dict[str, float]) -> dict[str, int]:
        return {
            n: max(min(s, MIN_STEPS), math.floor(s * factors[n])) if n in factors else s
            for n, s in steps.items()
        }

    def fits(factors: dict[str, float]) -> bool:
        return predict(cfg, pace, scaled(factors)).total <= budget

    def within_share(name: str) -> Callable[[float], bool]:
        """Whether the stage at a factor takes no more than its share of the budget."""
        most = budget * getattr(cfg.stages, name).budget_share

        def within(factor: float) -> bool:
            plans = predict(cfg, pace, scaled({name: factor})).stages
            return next(p.seconds for p in plans if p.name == name) <= most

        return within

    # a stage with a share of its own (budget_share) first shortened to it
    shares = {
        n: _largest_factor(within_share(n))
        for n in free - fillers
        if getattr(cfg.stages, n).budget_share
    }
    factors = {**shares}
    factors.update(
        dict.fromkeys(
            fillers, _largest_factor(lambda f: fits({**shares, **dict.fromkeys(fillers, f)}))
        )
    )
    if not fits(factors):  # the fillers at their least: the other stages give way too
        rest = free - fillers

        def rest_at(f: float) -> dict[str, float]:
            return {n: min(f, shares.get(n, 1.0)) for n in rest}

        factors.update(rest_at(_largest_factor(lambda f: fits({**factors, **rest_at(f)}))))
    fit.after = predict(cfg, pace, scaled(factors)).total
    fit.fits = fit.after <= budget
    fit.fillers = sorted(fillers)
    # as if every stage were the budget's to shorten (the user's at the others' factor)
    common = min(factors.values(), default=0.0)
    shortened = scaled({n: factors.get(n, 1.0 if n in free else common) for n in steps})
    changed = [n for n in steps if n in free and shortened[n] != steps[n]]
    fit.proposals = [p for n in changed for p in shorten(cfg, n, shortened[n])]
    if not fit.fits:  # the user's steps too: the fit says it kept what the budget would cut
        fit.proposals += [
            Proposal(steps_path(n), shortened[n], "", SHORTEN) for n in sorted(set(steps) - free)
        ]
    settled = settle(fit.proposals, user_settings(cfg))
    fit.changes = {steps_path(n): (steps[n], settled.settings[steps_path(n)]) for n in changed}
    fit.kept = settled.kept_lines
    return fit


def replan_filler(
    cfg: StudioConfig, pace: Pace, name: str, done: int, seconds: float, remaining: float, cap: int
) -> int:
    """Stage `name`, which fills the budget, planned again from its own pace: `done` steps
    took `seconds`, and the measurement before the first step (`pace`) was off by as much
    for every part of the run (a machine busier or quieter than when it measured). Its new
    total of steps: as many as fit in `remaining` seconds beside the later stages' planned
    steps and their evaluations, within `cap`, and at least `done` + MIN_STEPS."""
    own = seconds / max(done, 1)
    ratio = own / max(getattr(pace, f"{name}_step"), 1e-9)
    scaled = Pace(
        warmup_step=pace.warmup_step * ratio,
        grpo_step=pace.grpo_step * ratio,
        evaluation=pace.evaluation * ratio,
        checkpoint=pace.checkpoint,
        snapshot=pace.snapshot * ratio,
    )
    names = [n for n, _ in cfg.stages.planned()]
    later = {n: getattr(cfg.stages, n).steps for n in names[names.index(name) + 1 :]}

    def fits(more: int) -> bool:
        return predict(cfg, scaled, {name: more, **later}).total <= remaining

    low, high = 0, max(cap - done, 0)  # the most steps that fit, by bisection
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return min(cap, done + max(low, MIN_STEPS))


def _largest_factor(fits: Callable[[float], bool]) -> float:
    """The largest factor in [0, 1] that `fits`, by bisection (0 when none does)."""
    low, high = 0.0, 1.0
    for _ in range(40):
        mid = (low + high) / 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low


SHORTEN = say("the budget would shorten it")  # what a kept line says of the user's steps


def steps_path(stage: str) -> str:
    return f"stages.{stage}.steps"


def shorten(cfg: StudioConfig, stage: str, steps: int) -> list[Proposal]:
    """A stage shortened to `steps`, proposed, and its warm-up of the learning rate cut to
    fit in them: as long as the stage allows, even one the user set (a longer one is
    refused: config/checks.py)."""
    proposals = [Proposal(steps_path(stage), steps, "", SHORTEN)]
    if getattr(cfg.stages, stage).lr_warmup_steps > steps:
        path = f"stages.{stage}.lr_warmup_steps"
        proposals.append(Proposal(path, steps, "", keeps_meaning=True))
    return proposals
