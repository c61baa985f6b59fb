"""How long a run will take on this machine, measured rather than guessed.

A few real steps of each stage the run plans, on real batches of the run's own data and
config, with a fresh model and optimizer: the first step of each stage is left out of
the pace (first calls allocate and warm caches), the median of the rest is the pace.
Held-out evaluations of a few examples at two sizes give the cost of an evaluation (the
line through them taken to eval.size), one checkpoint written to memory and one policy
snapshot the rest. The
prediction (machine/time_budget.py) is each stage's steps at its pace, plus its
evaluations at eval.every, checkpoints, snapshots and the start (data, model, this probe).

What it leaves out, and so what can make a run differ: a stage that ends early (stop_at,
patience: the figure is then a bound, "at most"); completions of a trained model, which
can be shorter than the untrained probe's (GRPO and decoding evaluations may then run
faster than measured); one-off work at a stage's start (back-translation, a teacher's
examples, the perplexity curriculum's scoring); and the machine's load, which moves every
step (a shared machine's estimate is as steady as its load).

Like memory_probe.py, it leaves no state behind: the model and optimizers are its own and
dropped, every random generator is as it was (Python's, numpy's, torch's), the torch
thread count is restored, and nothing is written anywhere. It is bounded: each stage stops
after PROBE_STEPS steps or STAGE_SECONDS, whichever comes first (a step slower than that
is measured once).
"""

from __future__ import annotations

import copy
import io
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import torch

from studio.core.config.budgets import parse_time_budget
from studio.core.machine.device import autocast, resolve_device
from studio.core.machine.time_budget import (
    Pace,
    Prediction,
    fit_time_budget,
    format_minutes,
    predict,
)
from studio.core.models.sampling import mix_seed
from studio.core.tasks.base import Example, Task
from studio.core.training.stages.evaluation import held_out_metrics
from studio.core.training.stages.plan import new_optimizer
from studio.core.training.stages.probe import probe_snapshot
from studio.core.training.stages.state import restore_rng, rng_state
from studio.core.training.steps.grpo_step import grpo_step
from studio.core.training.steps.update import Learner, StepOptions
from studio.core.training.steps.warmup_step import supervised_step

if TYPE_CHECKING:
    from studio.core.config.sections import GRPOConfig, StageConfig, StudioConfig
    from studio.core.machine.time_budget import TimeFit

PROBE_STEPS = {"warmup": 5, "grpo": 3}  # steps measured per stage, the first left out
STAGE_SECONDS = 2.0  # a stage's measuring stops after this long (at least two steps)
EVAL_EXAMPLES = (8, 32)  # held-out examples the probe evaluates, twice (a line to eval.size)


class ProbeCancelled(Exception):
    """The caller no longer wants the estimate (the window's settings changed)."""


Cancelled = Callable[[], bool]

# what shortens a run, by the part of it that costs: (setting, what to do)
LEVERS = {
    "warmup": ("stages.warmup.steps", "fewer warm-up steps"),
    "grpo": ("stages.grpo.steps", "fewer GRPO steps or a smaller group (grpo.num_generations)"),
    "evaluations": ("eval.size", "a smaller eval.size or a larger eval.every"),
    "checkpoints": ("run.checkpoint_every", "a larger run.checkpoint_every"),
}


@dataclass
class TimeEstimate:
    """A run's predicted wall time on this machine, the pace it came from, and what the
    probe itself took."""

    prediction: Prediction
    pace: Pace
    probe_seconds: float
    fit: TimeFit | None = None  # run.time_budget's, when the run has one

    @property
    def seconds(self) -> float:
        return self.prediction.total

    def costs(self) -> dict[str, float]:
        """Seconds by the part a user can shorten: each stage's steps, all evaluations,
        all checkpoints."""
        p = self.prediction
        out = {s.name: s.steps_seconds for s in p.stages}
        out["evaluations"] = sum(s.eval_seconds for s in p.stages)
        out["checkpoints"] = p.checkpoints * p.checkpoint_seconds
        return out

    def levers(self) -> list[str]:
        """The parts that cost the most (at least a fifth of the run), costliest first."""
        total = max(self.seconds, 1e-9)
        ranked = sorted(self.costs().items(), key=lambda kv: kv[1], reverse=True)
        return [name for name, s in ranked if s >= 0.2 * total][:2]

    def line(self) -> str:
        """One line: 'estimate: about 12 min on this machine (...); fewer warm-up steps
        would shorten it most'."""
        bound = "at most" if self.prediction.at_most else "about"
        parts = ", ".join(
            f"{_stage_word(s.name)} {format_minutes(s.seconds)}" for s in self.prediction.stages
        )
        text = f"estimate: {bound} {format_minutes(self.seconds)} on this machine ({parts})"
        levers = self.levers()
        if levers:
            text += f"; {LEVERS[levers[0]][1]} would shorten it most"
        return text

    def report(self) -> str:
        """The estimate in full, for `train --estimate`: each part, how it was measured."""
        p = self.prediction
        lines = [self.line()]
        for s in p.stages:
            early = " (it can end early: stop_at or patience; the figure is its cap)"
            lines.append(
                f"  {_stage_word(s.name)}: {s.steps:,} steps x {pace_text(s.seconds_per_step)}"
                f" = {format_minutes(s.steps_seconds)}, {s.evaluations} evaluations x "
                f"{pace_text(s.seconds_per_evaluation)}{early if s.can_end_early else ''}"
            )
        lines.append(
            f"  checkpoints: {p.checkpoints} x {pace_text(p.checkpoint_seconds)}; policy "
            f"snapshots: {p.snapshots} x {pace_text(p.snapshot_seconds)}; start (data, model, "
            f"this measurement): {format_minutes(p.start_seconds)}"
        )
        for name in self.levers():
            path, what = LEVERS[name]
            lines.append(
                f"  to shorten it: {what} ({path}; {format_minutes(self.costs()[name])} now)"
            )
        lines.append(f"  measured in {self.probe_seconds:.1f} s on real batches of this run")
        if self.fit is not None:
            lines.append(self.fit.text())
        return "\n".join(lines)


def _stage_word(name: str) -> str:
    return {"warmup": "warm-up", "grpo": "GRPO"}.get(name, name)


def pace_text(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def measure_pace(
    cfg: StudioConfig,
    task: Task,
    device: torch.device,
    *,
    cancelled: Cancelled | None = None,
    own_threads: bool = True,
) -> tuple[Pace, float]:
    """The pace of a run of `cfg` on `task` (built, its data loaded) on `device`, and the
    seconds measuring took (the pace's start is left at 0 for the caller). Leaves no
    state behind (the module's docstring). `own_threads`: set training.threads for the
    measurement (the window, whose runs set it themselves, measures with the process's)."""
    began = time.perf_counter()
    tcfg = cfg.training
    threads = torch.get_num_threads()
    saved = rng_state(random.Random())
    devices = [device] if device.type == "cuda" else []
    try:
        if tcfg.threads and own_threads:
            torch.set_num_threads(tcfg.threads)
        with torch.random.fork_rng(devices=devices):
            torch.manual_seed(tcfg.seed)
            parts = _measure(cfg, task, device, cancelled or (lambda: False))
    finally:
        restore_rng(saved, random.Random())
        torch.set_num_threads(threads)
    took = time.perf_counter() - began
    return Pace(**parts), took


def _measure(
    cfg: StudioConfig, task: Task, device: torch.device, cancelled: Cancelled
) -> dict[str, float]:
    tcfg = cfg.training
    rng = random.Random(tcfg.seed)
    model = task.build_model(cfg.model).to(device)
    amp = autocast(tcfg.amp, device)
    parts: dict[str, float] = {}
    optimizer: torch.optim.Optimizer | None = None
    for name, stage in cfg.stages.planned():
        optimizer = new_optimizer(model, stage, tcfg, device)
        ref = copy.deepcopy(model).eval().requires_grad_(False) if name == "grpo" else None
        learner = Learner(
            model=model,
            optimizer=optimizer,
            tcfg=tcfg,
            autocast=amp,
            scaler=torch.amp.GradScaler("cuda") if tcfg.amp == "fp16" else None,
            ref_model=ref if cfg.grpo.beta > 0 else None,
        )

        if name == "grpo":  # its prompts as the run draws them: a round trip's among them
            task.begin_stage(name)  # (the warm-up's may back-translate: the run's to do)
        step = _stepper(cfg, task, learner, name, stage, rng)
        parts[f"{name}_step"] = _time_steps(step, PROBE_STEPS[name], cancelled)
    if cancelled():
        raise ProbeCancelled
    parts["evaluation"] = _time_evaluation(cfg, task, model, device)
    parts["checkpoint"] = _time_checkpoint(model, optimizer)
    started = time.perf_counter()
    if cfg.run.probe_every:
        probe_snapshot(task, model, tcfg.amp, device)
    parts["snapshot"] = time.perf_counter() - started if cfg.run.probe_every else 0.0
    return parts


def _stepper(
    cfg: StudioConfig,
    task: Task,
    learner: Learner,
    name: str,
    stage: StageConfig,
    rng: random.Random,
) -> Callable[[int], None]:
    """Step i of stage `name` as the trainer takes it (the gradient flow and the sample
    groups it reports too), on batches drawn with `rng` as the trainer draws them."""
    tcfg, top = cfg.training, task.num_levels - 1
    tokens = stage.batch_tokens if name == "warmup" else 0

    def draw() -> list[Example]:
        drawn = task.sample_tokens(tokens, rng, top) if tokens else None
        return drawn if drawn is not None else task.sample(stage.batch_size, rng, top)

    def batches() -> list[list[Example]]:
        return [draw() for _ in range(tcfg.grad_accum)]

    run = cfg.run

    def flow(i: int) -> bool:  # the per-layer gradients the trainer measures at this step
        return bool(run.grad_flow_every) and (i + 1) % run.grad_flow_every == 0

    def warmup(i: int) -> None:
        supervised_step(learner, task, batches(), StepOptions(grad_flow=flow(i)))

    def grpo(i: int) -> None:
        options = StepOptions(
            grad_flow=flow(i),
            sample_groups=run.sample_groups,
            seed=mix_seed(tcfg.seed, 1_000_003 + i),
        )
        drawn = batches()
        grpo_step(learner, task, drawn, written_lengths(cfg, task, drawn), options)

    return warmup if name == "warmup" else grpo


def written_lengths(cfg: StudioConfig, task: Task, batches: list[list[Example]]) -> GRPOConfig:
    """grpo settings whose samples are as long as the run's will be. An untrained model
    seldom samples its end token and writes grpo.max_new_tokens each time; after a
    warm-up on the references it writes about as long as they are (the GRPO step of a
    real Tatoeba run took 0.51 s, with samples of 10 tokens on average; the probe's
    untrained ones of 48 took 1.34 s). So when a warm-up comes first and the task knows
    its answers' lengths, the probe's samples stop at the batch's longest answer (a
    prompt without one, a round trip's, is taken to be answered as long)."""
    if not cfg.stages.warmup.steps:
        return cfg.grpo
    lengths = [task.answer_length(e) for batch in batches for e in batch]
    known = [n for n in lengths if n is not None]
    if not known:
        return cfg.grpo
    return replace(cfg.grpo, max_new_tokens=min(cfg.grpo.max_new_tokens, max(known)))


def _time_steps(step: Callable[[int], None], most: int, cancelled: Cancelled) -> float:
    """Seconds per step: the median of the steps after the first, taken until `most`
    steps or STAGE_SECONDS; the first alone when it took longer than that."""
    times: list[float] = []
    spent = 0.0
    for i in range(most):
        if cancelled():
            raise ProbeCancelled
        started = time.perf_counter()
        step(i)
        times.append(time.perf_counter() - started)
        spent += times[-1]
        if len(times) >= 2 and spent >= STAGE_SECONDS:
            break
        if len(times) == 1 and spent >= STAGE_SECONDS:
            return times[0]
    return statistics.median(times[1:]) if len(times) > 1 else times[0]


def _time_evaluation(
    cfg: StudioConfig, task: Task, model: torch.nn.Module, device: torch.device
) -> float:
    """One evaluation's seconds: the held-out examples evaluated at two sizes, the line
    through the two (a fixed cost per evaluation, one per example) taken to eval.size. A
    straight scaling of the smaller took a batched decode's fixed cost eval.size / 8 times
    (40% over on quick_micro_gpt; benchmarks/RESULTS.md)."""
    sizes = sorted({min(cfg.eval.size, n) for n in EVAL_EXAMPLES})
    took: dict[int, float] = {}
    # the smaller again last: its first reading holds the first call's costs
    for n in [*sizes, sizes[0]] if len(sizes) > 1 else sizes:
        probe_cfg = copy.copy(cfg.eval)
        probe_cfg.size = n
        started = time.perf_counter()
        held_out_metrics(task, model, probe_cfg, cfg.training.amp, device)
        took[n] = min(took.get(n, math.inf), time.perf_counter() - started)
    model.train()
    points = sorted(took.items())
    if len(points) == 1:
        n, seconds = points[0]
        return seconds * cfg.eval.size / n
    (n1, t1), (n2, t2) = points
    per = max(0.0, (t2 - t1) / (n2 - n1))
    fixed = max(0.0, t2 - per * n2)
    return fixed + per * cfg.eval.size


def _time_checkpoint(model: torch.nn.Module, optimizer: torch.optim.Optimizer | None) -> float:
    """One checkpoint's seconds: the model and optimizer state serialized into memory
    (the run folder is never touched), twice for the file written and its copy."""
    state = {"model": model.state_dict()}
    if optimizer is not None:
        state["optimizer"] = optimizer.state_dict()
    started = time.perf_counter()
    torch.save(state, io.BytesIO())
    return 2 * (time.perf_counter() - started)


def estimate_run(
    cfg: StudioConfig,
    task: Task,
    device: torch.device,
    *,
    start_seconds: float = 0.0,
    probe_in_run: bool = True,
    cancelled: Cancelled | None = None,
    own_threads: bool = True,
) -> TimeEstimate:
    """The estimate for a run of `cfg` (its data loaded into `task`), and the fit of its
    time budget (run.time_budget) when it has one; `cfg` is not changed. The start is
    `start_seconds` (data, model) and, when `probe_in_run` (the run measures before its
    first step: a budget's fit, the command line's estimate line), this measurement."""
    pace, took = measure_pace(cfg, task, device, cancelled=cancelled, own_threads=own_threads)
    pace = replace(pace, start=start_seconds + (took if probe_in_run else 0.0))
    budget = parse_time_budget(cfg.run.time_budget)
    if budget is None:
        return TimeEstimate(predict(cfg, pace), pace, took)
    fit = fit_time_budget(cfg, budget, pace)
    fitted = copy.deepcopy(cfg)
    fit.apply(fitted)
    return TimeEstimate(predict(fitted, pace), pace, took, fit)


def estimate_config(
    cfg: StudioConfig,
    cancelled: Cancelled | None = None,
    *,
    probe_in_run: bool | None = None,
    own_threads: bool = True,
) -> TimeEstimate:
    """The estimate for a config as a run would start it: its task built and its data
    loaded, the data's fitted settings applied (on a copy: `cfg` is not changed), then
    measured. For the window (on a pool thread). `probe_in_run`: whether the run will
    measure too (default: when it has a time budget to fit)."""
    from studio.core.tasks import build_task

    began = time.perf_counter()
    cfg = copy.deepcopy(cfg)
    task = build_task(cfg)
    loaded = task.load_report()
    if loaded is not None:
        loaded.apply_settings(cfg)
    device = resolve_device(cfg.training.device)
    if cancelled is not None and cancelled():
        raise ProbeCancelled
    # building the model is a part of the start too: the probe builds its own
    if probe_in_run is None:
        probe_in_run = parse_time_budget(cfg.run.time_budget) is not None
    return estimate_run(
        cfg,
        task,
        device,
        start_seconds=time.perf_counter() - began,
        probe_in_run=probe_in_run,
        cancelled=cancelled,
        own_threads=own_threads,
    )
