"""Pruning a trained run after the fact: its weights cut to a target sparsity in a new run
folder, optionally fine-tuned with the masks held.

`prune_run` reads the run's newest readable checkpoint, prunes its Linear and convolution
weights by magnitude at once (studio.core.models.sparsity) and writes a new run folder
beside it, so the original is never changed (the folder says it is being pruned, in
pruning.txt, until its checkpoint is written): its config with the sparsity section set
(the target reached at step 0, so a run that trains on holds the masks), its task state
and data report, and a checkpoint of the pruned model with its masks. Without fine-tuning
that checkpoint is the original's, pruned. With `finetune_steps` it is the pruned model at
step 0 with no optimizer (as grpo_start.pt is), and the trainer resumes the new folder
for that many steps of one stage, by default the supervised warm-up: teacher forcing
repairs what pruning broke faster than rewards do. The held-out metric is measured before
pruning, after it and after fine-tuning, on the same examples (eval.size of 'valid').
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from studio.core.catalogue import config_from_dict
from studio.core.config.arguments import ArgumentError
from studio.core.config.loading import config_to_dict, save_config
from studio.core.config.sections import STAGE_NAMES, StudioConfig
from studio.core.files import (
    atomic_write,
    atomic_write_json,
    atomic_write_text,
    inside,
    read_limited,
)
from studio.core.machine.distributed import SINGLE
from studio.core.messages import say
from studio.core.models.sparsity import Pruner, Schedule, Scope
from studio.core.runs import checkpoints as ckpt
from studio.core.runs.folder import (
    CONFIG_FILE,
    DATA_REPORT_FILE,
    PRUNING_FILE,
    TASK_FILE,
    check_run_dir,
    new_run_dir,
)
from studio.core.runs.loading import load_run
from studio.core.training.loop.trainer import Listener, Trainer
from studio.core.training.stages.evaluation import held_out_metrics
from studio.core.training.stages.state import Position, seed_everything, training_state

MAX_TARGET = 0.95  # as sparsity.target
REPORT = (64 * 1024**2, "a data report (at most 64 MB)")  # data_report.txt: one page of text


@dataclass
class PruneResult:
    """The new run folder and what pruning (and fine-tuning) did to the held-out metric."""

    run_dir: Path
    sparsity: float  # share of the prunable weights at zero
    metric: str  # the task's headline metric
    before: float
    pruned: float
    finetuned: float | None  # None: not fine-tuned

    def summary(self) -> str:
        line = (
            f"Pruned {self.sparsity:.0%} of the weights into {self.run_dir}; held-out "
            f"{self.metric} {self.before:.4g} -> {self.pruned:.4g} pruned"
        )
        if self.finetuned is not None:
            line += f" -> {self.finetuned:.4g} fine-tuned"
        return line


def _check_arguments(target: float, finetune_steps: int, stage: str) -> None:
    # ArgumentErrors: the command line names its options, the API its arguments
    if not 0 < target <= MAX_TARGET:
        raise ArgumentError(
            "sparsity",
            say(
                "{value} is not a share of the weights to prune; give a number above 0 and at "
                "most {most} (0.8 prunes 80%)",
                value=target,
                most=MAX_TARGET,
            ),
        )
    if finetune_steps < 0:
        raise ArgumentError(
            "finetune_steps",
            say("{value} is below 0; give 0 (no fine-tuning) or more", value=finetune_steps),
        )
    if stage not in STAGE_NAMES:
        raise ArgumentError(
            "finetune_stage",
            say("{value} is not a stage; use warmup or grpo", value=repr(stage)),
        )


def _pruned_config(
    cfg: StudioConfig, target: float, scope: Scope, embeddings: bool, steps: int, stage: str
) -> StudioConfig:
    data: dict[str, Any] = config_to_dict(cfg)
    data["name"] = f"{cfg.name} pruned {target:.0%}"
    data["sparsity"] = {
        **data.get("sparsity", {}),
        "target": target,
        "start_step": 0,
        "end_step": 0,
        "scope": scope,
        "embeddings": embeddings,
    }
    if steps:  # one stage of `steps`, run to its end
        for name in STAGE_NAMES:
            data["stages"][name].update(
                steps=steps if name == stage else 0, stop_at=None, patience=0
            )
        data["run"]["max_steps"] = None
    return config_from_dict(data)


def prune_run(
    run_dir: Path,
    target: float,
    *,
    finetune_steps: int = 0,
    stage: str = "warmup",
    scope: Scope = "layer",
    embeddings: bool = False,
    save_dir: Path | None = None,
    listeners: Sequence[Listener] = (),
) -> PruneResult:
    """Prune a run's weights to `target` (a share, 0 < target <= 0.95) into a new run
    folder in `save_dir` (default: beside the run), fine-tuned `finetune_steps` steps of
    `stage` if asked; `listeners` hear the fine-tuning's records. Raises ArgumentError or
    RunError with the fix for bad arguments and unreadable runs."""
    _check_arguments(target, finetune_steps, stage)
    run_dir = check_run_dir(Path(run_dir))
    run = load_run(run_dir)
    cfg = _pruned_config(run.cfg, target, scope, embeddings, finetune_steps, stage)
    device = torch.device("cpu")

    def metric() -> float:
        found = held_out_metrics(run.task, run.model, cfg.eval, "off", device)
        return found[run.task.EVAL_METRIC]

    before = metric()
    pruner = Pruner(run.model, Schedule(target, 0, 0, cfg.sparsity.every), scope, embeddings)
    pruner.at_step(0)
    pruned = metric()

    folder = new_run_dir(Path(save_dir) if save_dir else run_dir.parent, cfg.name)
    mark = folder / PRUNING_FILE  # first: a prune killed before its checkpoint says so
    atomic_write_text(mark, f"{run_dir}\n")
    save_config(cfg, folder / CONFIG_FILE)
    atomic_write_json(folder / TASK_FILE, {"name": run.task.NAME, "state": run.task.state_dict()})
    report = inside(run_dir, run_dir / DATA_REPORT_FILE)
    if report.is_file():
        atomic_write(folder / DATA_REPORT_FILE, lambda f: f.write(read_limited(report, *REPORT)))
    if finetune_steps:  # step 0 of the new plan, no optimizer: the stage starts afresh
        seed_everything(cfg.training.seed, cfg.training.deterministic)
        state = training_state(
            Position(),
            model=run.model,
            ref_model=None,
            optimizer=None,
            schedule=None,
            scaler=None,
            rng=random.Random(cfg.training.seed),
            reward_window=[],
            task=run.task,
            dist=SINGLE,
        )
        step = 0
    else:  # the original's checkpoint, pruned: where it was, as it was
        state = ckpt.load_checkpoint(run.checkpoint)
        state["model"] = run.model.state_dict()
        step = ckpt.step_of(run.checkpoint) or 0
    state["sparsity"] = pruner.state_dict()
    ckpt.save_checkpoint(folder, step, state)
    mark.unlink()  # the folder holds a model now: fine-tuning it can resume

    finetuned = None
    if finetune_steps:
        trainer = Trainer(cfg, resume_from=folder, listeners=listeners)
        trainer.run()
        found = held_out_metrics(trainer.task, trainer.model, cfg.eval, "off", trainer.device)
        finetuned = found[run.task.EVAL_METRIC]
        if trainer.pruner is not None:
            pruner = trainer.pruner
    return PruneResult(folder, pruner.sparsity(), run.task.EVAL_METRIC, before, pruned, finetuned)
