"""A curriculum by the model's own difficulty: training examples ordered by the current
model's perplexity on their references, unlocked in stages, easiest first.

With curriculum.difficulty "perplexity", each training stage (the warm-up, then GRPO)
starts at curriculum stage 0. At every curriculum stage but the last, a seeded sample of
at most curriculum.pool training examples (`Task.training_pool`) is scored by the model
as it is at that moment (`Task.example_losses`: the mean cross-entropy of the reference,
nats per token, in eval mode without gradients), sorted easiest first and cut into
curriculum.stages equal buckets; stage k draws its batches uniformly from buckets
0..k. The last stage is the whole training set (`Task.sample`, as without a
curriculum), so nothing is left out for good. The warm-up moves to stage k at step
floor(k * steps / stages) of its steps; GRPO when the mean reward over curriculum.window
steps reaches curriculum.threshold (the rule that unlocks levels).

Exact resume: the sample is drawn from a generator seeded by (training.seed, training
stage, curriculum stage), so it is redrawn identically; the order its scoring gave is
in the checkpoint (`state_dict`), since the model that scored it has moved on since. A
stage not yet scored when the checkpoint was written is scored on resume by the
checkpoint's model, the one the uninterrupted run scored it with.

Under torchrun the pool is scored in fixed chunks shared out over the ranks and
gathered, so every rank holds the order one process computes and draws the same batches.

References: Bengio et al. 2009, "Curriculum learning"; Kumar et al. 2010, "Self-paced
learning for latent variable models" (the learner's own loss says what is easy);
Platanios et al. 2019, "Competence-based curriculum learning for neural machine
translation".
"""

from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass
from typing import Any

import torch
from torch import nn

from studio.core.config.sections import CurriculumConfig
from studio.core.machine.distributed import SINGLE, Dist
from studio.core.messages import Message, say
from studio.core.tasks.base import Example, Task, TaskError

# examples per scoring forward; chunks start at fixed indices, so one process and several
# score each example in the same company (padding and all) and get the same numbers
SCORE_BATCH = 256


def uses_perplexity(ccfg: CurriculumConfig) -> bool:
    return ccfg.enabled and ccfg.difficulty == "perplexity"


def score_examples(
    task: Task,
    model: nn.Module,
    examples: list[Example],
    *,
    dist: Dist = SINGLE,
    autocast: contextlib.AbstractContextManager | None = None,
) -> list[float]:
    """Each example's mean reference cross-entropy (nats per token) under `model` (the
    bare model, not a DDP wrapper), in eval mode, without gradients, random streams left
    as they were. A collective under torchrun: rank r scores chunks r, r + W, ... and
    every rank gets all the scores."""
    starts = range(0, len(examples), SCORE_BATCH)
    mine: dict[int, list[float]] = {}
    was_training = model.training
    model.eval()
    device = next(model.parameters()).device
    devices = [device] if device.type == "cuda" else []
    try:
        with (
            torch.random.fork_rng(devices=devices),
            torch.no_grad(),
            autocast or contextlib.nullcontext(),
        ):
            for i, start in enumerate(starts):
                if i % dist.world_size == dist.rank:
                    chunk = examples[start : start + SCORE_BATCH]
                    mine[start] = task.example_losses(model, chunk).float().tolist()
    finally:
        model.train(was_training)
    scores = {start: part for got in dist.gather_objects(mine) for start, part in got.items()}
    return [x for start in starts for x in scores[start]]


def easiest_first(nll: list[float]) -> list[int]:
    """Indices of `nll` from the lowest loss up (ties: the earlier index first)."""
    return sorted(range(len(nll)), key=lambda i: (nll[i], i))


def unlocked_count(size: int, stage: int, stages: int) -> int:
    """Examples of a pool of `size` open at `stage`: buckets 0..stage of `stages` equal ones."""
    return (stage + 1) * size // stages


@dataclass(frozen=True)
class Scoring:
    """One scoring of the pool, for the log and the benchmark."""

    stage: int  # 0-based
    stages: int
    scored: int
    unlocked: int
    seconds: float
    unlocked_nll: float  # mean loss of the unlocked examples, nats/token
    pool_nll: float  # mean loss of all scored examples

    def message(self) -> Message:
        return say(
            "curriculum: stage {stage} of {stages}: the {unlocked} easiest of {scored} examples "
            "(scored in {seconds} s), mean reference loss {nll} nats/token against {all} for "
            "all",
            stage=self.stage + 1,
            stages=self.stages,
            unlocked=f"{self.unlocked:,}",
            scored=f"{self.scored:,}",
            seconds=f"{self.seconds:.1f}",
            nll=f"{self.unlocked_nll:.3f}",
            all=f"{self.pool_nll:.3f}",
        )


def whole_set_message(stages: int) -> Message:
    return say(
        "curriculum: stage {stage} of {stages}: the whole training set", stage=stages, stages=stages
    )


class PerplexityCurriculum:
    """Where a run's perplexity curriculum is: the training stage it paces, its stage, and
    the order its pool was scored in."""

    def __init__(self, ccfg: CurriculumConfig, task: Task, seed: int, dist: Dist = SINGLE):
        self.stages, self.limit = ccfg.stages, ccfg.pool
        self.task, self.seed, self.dist = task, seed, dist
        self.phase = ""  # the training stage paced: "warmup", "grpo"
        self.stage = 0
        self.order: list[int] | None = None  # pool indices easiest first; None: not scored
        self.nll: list[float] = []  # the pool's losses, ascending
        self.scored = 0  # examples scored over the run, all sessions
        self.seconds = 0.0  # time spent scoring them
        self._pool: list[Example] | None = None  # redrawn from the seed, never saved

    @property
    def last(self) -> bool:
        """The last stage: the whole training set, nothing to score."""
        return self.stage >= self.stages - 1

    def begin(self, phase: str) -> None:
        """A training stage starts afresh: back to the easiest stage, to be scored."""
        self.phase, self.stage = phase, 0
        self._moved()

    def pace(self, done: int, steps: int) -> bool:
        """The warm-up's pacing: stage k from step floor(k * steps / stages) of its
        `steps`, `done` of them done. True when the stage moved."""
        want = min(self.stages - 1, done * self.stages // steps) if steps else 0
        if want <= self.stage:
            return False
        self.stage = want
        self._moved()
        return True

    def unlock_next(self) -> bool:
        """GRPO's pacing (the reward passed the threshold): the next stage, if any."""
        if self.last:
            return False
        self.stage += 1
        self._moved()
        return True

    def _moved(self) -> None:
        self.order, self.nll, self._pool = None, [], None

    def _drawn_pool(self) -> list[Example]:
        """The stage's sample of training examples, the same every time it is drawn."""
        if self._pool is None:
            rng = random.Random(f"perplexity-curriculum-{self.seed}-{self.phase}-{self.stage}")
            self._pool = self.task.training_pool(self.limit, rng)
            if self.order is not None and len(self.order) != len(self._pool):
                raise TaskError(
                    say(
                        "{task}: the checkpoint's perplexity curriculum scored {n} training "
                        "examples, but the task now has {m} to draw; resume with the task and "
                        "data settings the run was started with",
                        task=self.task.NAME,
                        n=len(self.order),
                        m=len(self._pool),
                    )
                )
        return self._pool

    def score_if_due(
        self, model: nn.Module, autocast: contextlib.AbstractContextManager | None = None
    ) -> Scoring | None:
        """Score the stage's pool with `model` now unless it is scored or the last stage
        (a collective under torchrun). The order is set only once every score is in, so
        a stop mid-scoring leaves the stage to be scored again, by the same model."""
        if self.last or self.order is not None:
            return None
        pool = self._drawn_pool()
        started = time.perf_counter()
        nll = score_examples(self.task, model, pool, dist=self.dist, autocast=autocast)
        seconds = time.perf_counter() - started
        order = easiest_first(nll)
        self.order, self.nll = order, [nll[i] for i in order]
        self.scored += len(pool)
        self.seconds += seconds
        count = unlocked_count(len(pool), self.stage, self.stages)
        return Scoring(
            stage=self.stage,
            stages=self.stages,
            scored=len(pool),
            unlocked=count,
            seconds=seconds,
            unlocked_nll=sum(self.nll[:count]) / count,
            pool_nll=sum(self.nll) / len(self.nll),
        )

    def unlocked(self) -> list[Example]:
        """The examples the stage draws from, easiest first (none at the last stage)."""
        if self.last:
            return []
        if self.order is None:
            raise RuntimeError("the perplexity curriculum's stage has not been scored")
        pool = self._drawn_pool()
        return [pool[i] for i in self.order[: unlocked_count(len(pool), self.stage, self.stages)]]

    def sample(self, n: int, rng: random.Random) -> list[Example] | None:
        """n examples drawn uniformly from the unlocked ones with `rng` (the trainer's,
        which the checkpoint keeps); None at the last stage: draw from the task."""
        if self.last:
            return None
        unlocked = self.unlocked()
        return [unlocked[rng.randrange(len(unlocked))] for _ in range(n)]

    def metrics(self) -> dict[str, float]:
        """The step record's curriculum keys (metrics.py declares them)."""
        out = {"curriculum/stage": float(self.stage)}
        if self.order is not None and self.nll:
            count = unlocked_count(len(self.nll), self.stage, self.stages)
            out["curriculum/unlocked_nll"] = sum(self.nll[:count]) / count
            out["curriculum/scored_nll"] = sum(self.nll) / len(self.nll)
        return out

    def state_dict(self) -> dict[str, Any]:
        """Plain values (a checkpoint is read with weights_only=True)."""
        return {
            "phase": self.phase,
            "stage": self.stage,
            "order": None if self.order is None else list(self.order),
            "nll": list(self.nll),
            "scored": self.scored,
            "seconds": self.seconds,
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.phase, self.stage = str(state["phase"]), int(state["stage"])
        self.order = None if state["order"] is None else [int(i) for i in state["order"]]
        self.nll = [float(x) for x in state["nll"]]
        self.scored, self.seconds = int(state["scored"]), float(state["seconds"])
        self._pool = None
