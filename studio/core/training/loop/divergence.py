"""A run that has diverged: too many updates refused in a row, stopped with a message.

An update whose loss or gradient is not finite is skipped (update.py), so a NaN never
reaches the weights; an fp16 run's gradient scaler skips a few on purpose while it finds
its scale. But a run whose every update is skipped trains nothing and only burns time: its
weights have grown past what the model's arithmetic holds, almost always from a learning
rate far too high. After `training.max_skipped_in_a_row` skipped updates in a row the
trainer stops with `Diverged`, naming the likely cause and the last checkpoint written
before the streak began (the model before it went wrong).
"""

from __future__ import annotations

import re
from pathlib import Path

from studio.core.config.sections import StageConfig, TrainingConfig
from studio.core.files import inside
from studio.core.messages import Message, say
from studio.core.runs.folder import CHECKPOINT_DIR
from studio.core.training.stages.state import Position

_STEP_FILE = re.compile(r"step_(\d+)\.pt")


class Diverged(ValueError):
    """Training diverged; the message names the likely cause and the last good checkpoint."""


def last_checkpoint_before(run_dir: Path, step: int) -> Path | None:
    """The newest checkpoints/step_*.pt of `run_dir` at or before `step`, or None."""
    found = []
    for path in inside(run_dir, Path(run_dir) / CHECKPOINT_DIR).glob("step_*.pt"):
        match = _STEP_FILE.fullmatch(path.name)
        if match and int(match[1]) <= step:
            found.append((int(match[1]), path))
    return max(found)[1] if found else None


def divergence_message(
    run_dir: Path, *, step: int, streak: int, stage: str, lr: float, limit: int
) -> Message:
    """Why the run stopped at `step` after `streak` skipped updates, and what to do.

    Skipped updates leave the weights as they were, so the weights broke at the last
    update that went through, just before the streak; a checkpoint from before that
    update holds the model before it went wrong."""
    first = step - streak + 1
    skipped = say(
        "training diverged: the {n} updates of steps {first}-{step} were all skipped, their "
        "loss or gradient not finite (training.max_skipped_in_a_row is {limit})",
        n=streak,
        first=first,
        step=step,
        limit=limit,
    )
    broke = first - 1  # the last update applied: its weights give what is not finite
    if broke < 1:
        return say(
            "{skipped}, from the very first step: check the data, the model's settings and "
            "training.amp, and the learning rate (stages.{stage}.lr is {lr})",
            skipped=skipped,
            stage=stage,
            lr=f"{lr:g}",
        )
    good = last_checkpoint_before(run_dir, broke - 1)
    if good is not None:
        saved = say(
            "the newest checkpoint from before step {step} is {path}", step=broke, path=good
        )
    else:
        saved = say("no checkpoint was written before step {step}", step=broke)
    return say(
        "{skipped}, since the update of step {step}. The likely cause is the learning rate "
        "(stages.{stage}.lr is {lr}): lower it by 10x or more and train again; {saved}",
        skipped=skipped,
        step=broke,
        stage=stage,
        lr=f"{lr:g}",
        saved=saved,
    )


def check_divergence(
    pos: Position, tcfg: TrainingConfig, stage_name: str, stage: StageConfig, run_dir: Path
) -> None:
    """Raise Diverged once training.max_skipped_in_a_row updates in a row were skipped."""
    limit, streak = tcfg.max_skipped_in_a_row, pos.skipped_in_a_row
    if limit and streak >= limit:
        raise Diverged(
            divergence_message(
                run_dir,
                step=pos.global_step,
                streak=streak,
                stage=stage_name,
                lr=stage.lr,
                limit=limit,
            )
        )
