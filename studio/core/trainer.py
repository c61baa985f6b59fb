"""The training loop: stages (supervised warm-up, then GRPO), evaluation, checkpoints.

The trainer is a stream: after every step it hands one plain record (floats, ints,
strings, lists; never tensors) to each listener and appends it to the run folder's
metrics.jsonl. It never knows who listens: the CLI prints progress, the GUI's worker
relays signals. Between steps it honours pause, resume, stop and single-step requests
(TrainerControl), and it checkpoints every N steps and whenever it stops, so a run can
be resumed with nothing lost but the steps since the last checkpoint.

Under torchrun (a `Dist` from distributed.py) every rank runs this same loop on its
share of each batch; rank 0 alone writes the run folder, evaluates, and reports to the
metrics file, and every decision that changes the loop's course is one all ranks share.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from studio.core import checkpoint as ckpt
from studio.core.config import StageConfig, StudioConfig, save_config, task_name
from studio.core.control import TrainerControl
from studio.core.device import autocast, check_amp, peak_memory_mb, resolve_device
from studio.core.distributed import (
    SINGLE,
    Dist,
    check_batch_sizes,
    check_resume_world,
    local_device,
    wrap,
)
from studio.core.models.sampling import mix_seed
from studio.core.runs import (
    CONFIG_FILE,
    METRICS_FILE,
    TASK_FILE,
    MetricsWriter,
    RunError,
    atomic_write,
    atomic_write_json,
    check_run_dir,
    default_save_dir,
    new_run_dir,
    truncate_metrics,
)
from studio.core.schedule import LearningRate
from studio.core.steps import StepOutcome, grpo_step, supervised_step
from studio.core.tasks import task_class
from studio.core.tasks.base import Task

Listener = Callable[[dict[str, Any]], None]
STAGES = ("warmup", "grpo")
GRPO_START = "grpo_start.pt"  # the checkpoint the GRPO stage started from


@dataclass
class Position:
    """Where the run is: what a checkpoint restores."""

    stage_index: int = 0  # index into the planned stages
    stage_step: int = 0  # optimizer steps done in the current stage
    global_step: int = 0  # optimizer steps done in all stages
    level: int = 0  # curriculum level unlocked
    best: float | None = None  # best eval metric of the stage (early stopping)
    bad_evals: int = 0  # evals since the best one
    last_eval_step: int = -1
    skipped: int = 0  # non-finite steps refused
    elapsed: float = 0.0  # seconds of training, over all sessions of this run


def seed_everything(seed: int, deterministic: bool) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    if deterministic:
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        torch.use_deterministic_algorithms(True, warn_only=True)


def build_task(cfg: StudioConfig) -> Task:
    """The task named by the config, with its data loaded (errors name the fix)."""
    task = task_class(task_name(cfg))(cfg.task, cfg.data, seed=cfg.training.seed)
    if cfg.model.ARCH not in task.ARCHITECTURES:
        raise RunError(
            f"model.arch: the {task.NAME} task trains {', '.join(task.ARCHITECTURES)}"
            f", not {cfg.model.ARCH}; pick a matching preset"
        )
    return task


class Trainer:
    """Runs a config's stages on its task, reporting to listeners and a run folder."""

    def __init__(
        self,
        cfg: StudioConfig,
        *,
        save_dir: Path | None = None,
        resume_from: Path | None = None,
        control: TrainerControl | None = None,
        listeners: Sequence[Listener] = (),
        dist: Dist = SINGLE,
    ) -> None:
        self.cfg = cfg
        self.control = control or TrainerControl()
        self.listeners: list[Listener] = list(listeners)
        self.dist = dist
        tcfg = cfg.training
        self.device = local_device(dist, resolve_device(tcfg.device))
        check_amp(tcfg.amp, self.device)
        self.plan = [
            (name, stage)
            for name, stage in zip(STAGES, (cfg.stages.warmup, cfg.stages.grpo))
            if stage.steps > 0
        ]
        check_batch_sizes(dist, {f"stages.{n}.batch_size": s.batch_size for n, s in self.plan})
        if tcfg.threads:
            torch.set_num_threads(tcfg.threads)
        seed_everything(tcfg.seed, tcfg.deterministic)
        self.rng = random.Random(tcfg.seed)  # draws the training examples, the same on all ranks

        self.task = build_task(cfg)
        resume_state = None
        if resume_from is not None:
            self.run_dir = check_run_dir(Path(resume_from))
            found = ckpt.latest_checkpoint(self.run_dir)
            if found is None:
                raise RunError(
                    f"{self.run_dir}: has no checkpoint to resume from; start a new "
                    "run with the same config instead"
                )
            resume_state = ckpt.load_checkpoint(found, self.device)
            check_resume_world(self.run_dir, resume_state.get("world_size", 1), dist)
            self.task.load_state_dict(resume_state["task"])
        self.model: nn.Module = self.task.build_model(cfg.model).to(self.device)
        self.net = wrap(self.model, dist, self.device)  # what steps train: DDP when distributed
        self.ref_model: nn.Module | None = None
        self.pos = Position(level=cfg.curriculum.start_level)
        self.reward_window: deque[float] = deque(maxlen=cfg.curriculum.window)
        self.optimizer: torch.optim.Optimizer | None = None
        self.schedule: LearningRate | None = None
        self.scaler = torch.amp.GradScaler("cuda") if tcfg.amp == "fp16" else None

        if resume_state is None:
            made = None
            if dist.is_main:
                made = str(
                    new_run_dir(Path(save_dir or cfg.run.save_dir or default_save_dir()), cfg.name)
                )
            self.run_dir = Path(dist.broadcast(made))
        if dist.is_main:
            save_config(cfg, self.run_dir / CONFIG_FILE)
            atomic_write_json(
                self.run_dir / TASK_FILE, {"name": self.task.NAME, "state": self.task.state_dict()}
            )
        self._resume_state = resume_state

    # ---- listeners and records

    def add_listener(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _emit(self, record: dict[str, Any]) -> None:
        for listener in self.listeners:
            listener(record)

    def _log(self, message: str, level: str = "info") -> None:
        self._emit(
            {"kind": "log", "level": level, "message": message, "step": self.pos.global_step}
        )

    @property
    def total_steps(self) -> int:
        return sum(stage.steps for _, stage in self.plan)

    # ---- stages

    def _stage(self) -> tuple[str, StageConfig]:
        return self.plan[self.pos.stage_index]

    def _stage_lr(self, stage: StageConfig, batch: int) -> float:
        tcfg = self.cfg.training
        if tcfg.scale_lr_with_batch:  # the seed's rule: lr grows with sqrt(batch size)
            return stage.lr * math.sqrt(batch * tcfg.grad_accum / tcfg.lr_reference_batch)
        return stage.lr

    def _start_stage(self, state: dict[str, Any] | None) -> None:
        """Fresh optimizer and schedule for the stage; restored from `state` on resume."""
        name, stage = self._stage()
        tcfg = self.cfg.training
        params = [p for p in self.model.parameters() if p.requires_grad]
        self.optimizer = torch.optim.AdamW(
            params,
            lr=stage.lr,
            betas=(tcfg.adam_beta1, tcfg.adam_beta2),
            weight_decay=tcfg.weight_decay,
            fused=self.device.type in ("cpu", "cuda"),  # one kernel for all parameters
        )
        self.schedule = LearningRate(
            self.optimizer,
            peak=self._stage_lr(stage, stage.batch_size),
            total_steps=stage.steps,
            schedule=stage.lr_schedule,
            warmup_steps=stage.lr_warmup_steps,
            patience=stage.plateau_patience,
        )
        self.ref_model = None
        if name == "grpo" and self.cfg.grpo.beta > 0:
            # the reference is the policy as the GRPO stage found it, frozen
            self.ref_model = copy.deepcopy(self.model).eval().requires_grad_(False)
        if state is not None:
            self.optimizer.load_state_dict(state["optimizer"])
            self.schedule.load_state_dict(state["schedule"])
            if self.ref_model is not None and state.get("ref_model") is not None:
                self.ref_model.load_state_dict(state["ref_model"])
            if self.scaler is not None and state.get("scaler") is not None:
                self.scaler.load_state_dict(state["scaler"])
        else:
            self.pos.best, self.pos.bad_evals = None, 0
            if name == "grpo":
                self._save_grpo_start()
            self._emit(
                {
                    "kind": "stage",
                    "stage": name,
                    "step": self.pos.global_step,
                    "event": "start",
                    "reason": f"{stage.steps} steps",
                }
            )

    # ---- checkpoints

    def _state(self) -> dict[str, Any]:
        """What a checkpoint holds (a collective in a distributed run: call on every rank)."""
        rng = ckpt.rng_state(self.rng)
        return {
            "version": 1,
            "world_size": self.dist.world_size,
            "position": vars(self.pos).copy(),
            "reward_window": list(self.reward_window),
            "model": self.model.state_dict(),
            "ref_model": self.ref_model.state_dict() if self.ref_model is not None else None,
            "optimizer": self.optimizer.state_dict() if self.optimizer is not None else None,
            "schedule": self.schedule.state_dict() if self.schedule is not None else None,
            "scaler": self.scaler.state_dict() if self.scaler is not None else None,
            "rng": rng,
            # each rank's own generators (dropout, augmentation noise differ per rank)
            "rng_ranks": self.dist.gather_objects(rng) if self.dist.active else None,
            "task": self.task.state_dict(),
        }

    def save_checkpoint(self) -> Path:
        """Checkpoint now (rank 0 writes; every rank must call it, and gets the path)."""
        state = self._state()
        path = None
        if self.dist.is_main:
            path = ckpt.save_checkpoint(
                self.run_dir, self.pos.global_step, state, keep=self.cfg.run.keep_checkpoints
            )
        path = Path(self.dist.broadcast(str(path) if path is not None else None))
        self._emit({"kind": "checkpoint", "step": self.pos.global_step, "path": str(path)})
        return path

    def _save_grpo_start(self) -> None:
        """Keep the model GRPO starts from (checkpoints/grpo_start.pt), to compare against."""
        state = self._state()
        state["optimizer"] = None  # resuming from it starts the stage afresh
        if self.dist.is_main:
            atomic_write(
                self.run_dir / ckpt.CHECKPOINT_DIR / GRPO_START, lambda f: torch.save(state, f)
            )

    def _restore(self, state: dict[str, Any]) -> None:
        self.pos = Position(**state["position"])
        self.reward_window.extend(state["reward_window"])
        self.model.load_state_dict(state["model"])
        if self.pos.stage_index < len(self.plan) and state["optimizer"] is not None:
            self._start_stage(state)
        ranks = state.get("rng_ranks")
        ckpt.restore_rng(ranks[self.dist.rank] if ranks else state["rng"], self.rng)
        if self.dist.is_main:
            truncate_metrics(self.run_dir, self.pos.global_step)

    # ---- evaluation

    def evaluate(self) -> dict[str, Any]:
        """Held-out metrics now, without disturbing the training's random streams."""
        ecfg = self.cfg.eval
        metrics = None
        if self.dist.is_main:  # the other ranks wait for its numbers
            self.model.eval()
            devices = [self.device] if self.device.type == "cuda" else []
            with (
                torch.random.fork_rng(devices=devices),
                torch.no_grad(),
                autocast(self.cfg.training.amp, self.device),
            ):
                metrics = self.task.evaluate(
                    self.model,
                    split="valid",
                    limit=ecfg.size,
                    decoding=ecfg.decoding,
                    beam_size=ecfg.beam_size,
                )
        metrics = self.dist.broadcast(metrics)
        self.pos.last_eval_step = self.pos.global_step
        record = {
            "kind": "eval",
            "stage": self._stage()[0],
            "step": self.pos.global_step,
            "metric": self.task.EVAL_METRIC,
        }
        record.update({f"eval/{k}": float(v) for k, v in metrics.items()})
        self._emit(record)
        return record

    def _early_stop(self, metric: float, stage: StageConfig) -> str | None:
        """Why the stage should end now, or None."""
        if self.schedule is not None:
            self.schedule.observe(metric)
        if self.pos.best is None or metric > self.pos.best:
            self.pos.best, self.pos.bad_evals = metric, 0
        else:
            self.pos.bad_evals += 1
        if stage.stop_at is not None and metric >= stage.stop_at:
            return f"reached {self.task.EVAL_METRIC} {metric:.3f} >= {stage.stop_at}"
        if stage.patience and self.pos.bad_evals >= stage.patience:
            return f"no better {self.task.EVAL_METRIC} in {stage.patience} evaluations"
        return None

    # ---- one step

    def _step(self) -> StepOutcome:
        name, stage = self._stage()
        cfg, tcfg = self.cfg, self.cfg.training
        want_flow = bool(cfg.run.grad_flow_every) and (
            (self.pos.global_step + 1) % cfg.run.grad_flow_every == 0
        )
        amp = autocast(tcfg.amp, self.device)
        top = self.task.num_levels - 1
        level = min(self.pos.level, top) if cfg.curriculum.enabled else top
        # every rank draws the whole batch (its rng stays in step) and keeps its share
        share = self.dist.share
        if name == "warmup":
            batches = [
                share(self.task.sample(stage.batch_size, self.rng, top))
                for _ in range(tcfg.grad_accum)
            ]
            return supervised_step(
                self.net,
                self.task,
                batches,
                self.optimizer,
                tcfg,
                self.scaler,
                amp,
                want_flow,
                dist=self.dist,
            )
        batches = [
            share(self.task.sample(stage.batch_size, self.rng, level))
            for _ in range(tcfg.grad_accum)
        ]
        return grpo_step(
            self.net,
            self.ref_model,
            self.task,
            batches,
            self.optimizer,
            cfg.grpo,
            tcfg,
            self.scaler,
            amp,
            want_flow,
            cfg.run.sample_groups,
            dist=self.dist,
            # rollouts sample from noise fixed by (seed, step): the same whatever the split
            seed=mix_seed(tcfg.seed, self.pos.global_step),
        )

    def _advance_curriculum(self, reward_mean: float | None) -> None:
        ccfg = self.cfg.curriculum
        if not ccfg.enabled or reward_mean is None or not math.isfinite(reward_mean):
            return
        self.reward_window.append(reward_mean)
        full = len(self.reward_window) == self.reward_window.maxlen
        if (
            full
            and sum(self.reward_window) / len(self.reward_window) >= ccfg.threshold
            and self.pos.level < self.task.num_levels - 1
        ):
            self.pos.level += 1
            self.reward_window.clear()
            self._log(f"curriculum: level {self.pos.level} unlocked")

    def _sync_reference(self) -> None:
        """Copy the policy into the reference model every grpo.ref_sync_steps steps."""
        every = self.cfg.grpo.ref_sync_steps
        if self.ref_model is not None and every and self.pos.stage_step % every == 0:
            self.ref_model.load_state_dict(self.model.state_dict())

    def _record(self, outcome: StepOutcome, step_time: float) -> dict[str, Any]:
        name, stage = self._stage()
        record: dict[str, Any] = {
            "kind": "step",
            "stage": name,
            "step": self.pos.global_step,
            "stage_step": self.pos.stage_step,
            "total_steps": self.total_steps,
            "elapsed": self.pos.elapsed,
        }
        record.update(outcome.metrics)
        record.update(
            {
                "optim/lr": self.optimizer.param_groups[0]["lr"],
                "optim/skipped": self.pos.skipped,
                "time/step": step_time,
                "perf/steps_per_s": 1.0 / max(step_time, 1e-9),
                "memory/peak_mb": peak_memory_mb(self.device),
            }
        )
        if name == "grpo":
            record["curriculum/level"] = self.pos.level
        if outcome.grad_flow is not None:
            record["grad_flow"] = outcome.grad_flow
        if outcome.samples:
            record["samples"] = outcome.samples
        return record

    # ---- the loop

    def run(self, max_steps: int | None = None) -> dict[str, Any]:
        """Train until the stages are done, `max_steps` total steps, or a stop request."""
        resumed = self._resume_state is not None
        if resumed:
            self._restore(self._resume_state)  # truncates metrics past the checkpoint
            self._resume_state = None
        writer = MetricsWriter(self.run_dir / METRICS_FILE) if self.dist.is_main else None
        if writer is not None:
            self.listeners.insert(0, writer)
        try:
            if resumed:
                self._log(f"resumed at step {self.pos.global_step}")
            try:
                reason = self._loop(max_steps)
            except BaseException:
                # the original error matters more than a failed report of it (a full disk)
                with contextlib.suppress(Exception):
                    self._emit({"kind": "done", "step": self.pos.global_step, "reason": "error"})
                raise
            final = {"kind": "done", "step": self.pos.global_step, "reason": reason}
            self._emit(final)
            return final
        finally:
            if writer is not None:
                self.listeners.remove(writer)
                writer.close()

    def _loop(self, max_steps: int | None) -> str:
        cfg = self.cfg
        if self.optimizer is None and self.pos.stage_index < len(self.plan):
            self._start_stage(None)
        while self.pos.stage_index < len(self.plan):
            name, stage = self._stage()
            if self.pos.last_eval_step != self.pos.global_step and self.pos.stage_step == 0:
                self.evaluate()  # the baseline the stage starts from
            end_reason = None
            while self.pos.stage_step < stage.steps:
                if max_steps is not None and self.pos.global_step >= max_steps:
                    self.save_checkpoint()
                    return "step limit"
                # a stop asked of any rank stops all of them at the same step
                if self.dist.any(not self.control.wait_for_turn()):
                    self.save_checkpoint()
                    return "stopped"
                started = time.perf_counter()
                self.schedule.apply(self.pos.stage_step)
                outcome = self._step()
                self.pos.stage_step += 1
                self.pos.global_step += 1
                self.pos.skipped += outcome.skipped
                if outcome.skipped:
                    self._log(
                        f"step {self.pos.global_step}: loss or gradient was not finite; "
                        "the update was skipped",
                        "warning",
                    )
                self._advance_curriculum(outcome.reward_mean)
                self._sync_reference()
                step_time = time.perf_counter() - started
                self.pos.elapsed += step_time
                self._emit(self._record(outcome, step_time))
                every = cfg.eval.every
                if every and self.pos.stage_step % every == 0 and self.pos.stage_step < stage.steps:
                    metric = self.evaluate()[f"eval/{self.task.EVAL_METRIC}"]
                    end_reason = self._early_stop(metric, stage)
                    if end_reason:
                        break
                if (
                    cfg.run.checkpoint_every
                    and self.pos.global_step % cfg.run.checkpoint_every == 0
                ):
                    self.save_checkpoint()
            if self.pos.last_eval_step != self.pos.global_step:
                self.evaluate()
            self._emit(
                {
                    "kind": "stage",
                    "stage": name,
                    "step": self.pos.global_step,
                    "event": "end",
                    "reason": end_reason or "all steps done",
                }
            )
            self._finish_stage(name)
        return "finished"

    def _finish_stage(self, name: str) -> None:
        """Move to the next stage and checkpoint there (the warm-up's end is kept apart)."""
        self.pos.stage_index += 1
        self.pos.stage_step = 0
        if self.pos.stage_index < len(self.plan):
            self._start_stage(None)
        self.save_checkpoint()


def load_run_config(run_dir: Path, overrides: Sequence[str] = ()) -> StudioConfig:
    """The config a run folder was trained with, plus `--set` overrides."""
    from studio.core.config import load_config

    return load_config(check_run_dir(run_dir) / CONFIG_FILE, list(overrides))


def load_trained(
    run_dir: Path, device: str = "cpu", checkpoint: Path | None = None
) -> tuple[StudioConfig, Task, nn.Module]:
    """Config, task and model of a run (its latest checkpoint, or `checkpoint`), in eval mode."""
    cfg = load_run_config(run_dir)
    found = checkpoint or ckpt.latest_checkpoint(run_dir)
    if found is None:
        raise RunError(f"{run_dir}: has no checkpoint yet; train first (grpo-studio train)")
    state = ckpt.load_checkpoint(found, device)
    task = build_task(cfg)
    task.load_state_dict(state["task"])
    model = task.build_model(cfg.model)
    model.load_state_dict(state["model"])
    return cfg, task, model.to(device).eval()


def read_task_file(run_dir: Path) -> dict[str, Any]:
    return json.loads((Path(run_dir) / TASK_FILE).read_text(encoding="utf-8"))
