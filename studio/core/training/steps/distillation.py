"""Learning from a bigger model: a finished run's model teaches this run's warm-up.

Two ways, set in the config's `distill` section:
- soft targets (Hinton, Vinyals & Dean 2015, "Distilling the Knowledge in a Neural
  Network"): at every target position of the supervised loss, the student's next-token
  distribution is pulled towards the teacher's, both softened by a temperature T:
  KL(softmax(z_teacher / T) || softmax(z_student / T)) * T^2, the T^2 keeping the
  gradients' size as T changes. It is averaged over the positions, with the weights, of
  the task's cross-entropy (`Task.supervised_logits`), and the warm-up's loss becomes
  (1 - weight) * CE + weight * KL;
- examples the teacher writes (sequence-level distillation, Kim & Rush 2016): its greedy
  answers to `synthetic` distinct training prompts become extra (prompt, answer) pairs,
  `synthetic_share` of each warm-up batch.

The teacher is a run folder, which may come from someone else: it is read by
runs/loading.py (weights only), and refused, naming the fix, when it is not a finished run,
learned another task, was trained with other vocabulary settings, holds a shorter context
than the student, or when its checkpoint no longer has the hash this run recorded. The
student takes the teacher's tokenizer (its task state), so both models' logits index the
same tokens. The run records the teacher's folder, checkpoint and SHA-256 in its config.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from studio.core.config.fields import ConfigError
from studio.core.config.sections import DistillConfig, StudioConfig
from studio.core.files import RunError
from studio.core.messages import Message, joined, say
from studio.core.models.micro_gpt import num_parameters
from studio.core.runs.loading import TrainedRun, load_run, load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks.base import Example, SupervisedLogits, Task, TaskError

ANSWER_CHUNK = 256  # prompts the teacher answers at a time
FINISHED = ("finished", "step limit", "stopped")  # `done` reasons of a run that can teach


class DistillError(ConfigError):
    """The teacher cannot teach this run; the message names the setting and the fix."""


def soft_target_kl(
    student_logits: torch.Tensor, teacher_logits: torch.Tensor, temperature: float
) -> torch.Tensor:
    """KL(p_teacher || p_student) * T^2 at each position: logits (B, T, V) -> (B, T), with
    p = softmax(logits / temperature)."""
    log_student = F.log_softmax(student_logits.float() / temperature, dim=-1)
    log_teacher = F.log_softmax(teacher_logits.float() / temperature, dim=-1)
    kl = (log_teacher.exp() * (log_teacher - log_student)).sum(dim=-1)  # (B, T)
    return kl * temperature**2


@dataclass
class LossParts:
    """The warm-up loss with a teacher, and the two terms it mixes (scalars)."""

    total: torch.Tensor  # (1 - weight) * ce + weight * kl, with grad
    ce: torch.Tensor  # cross-entropy of the references
    kl: torch.Tensor | None  # the soft-target term; None when the teacher did not run


def distillation_loss(sup: SupervisedLogits, temperature: float, weight: float) -> LossParts:
    """(1 - weight) * CE + weight * KL, both means over the same target positions."""
    ce = sup.cross_entropy()
    if sup.teacher_logits is None:
        return LossParts(ce, ce, None)
    kl = sup.token_mean(soft_target_kl(sup.logits, sup.teacher_logits, temperature))
    return LossParts((1 - weight) * ce + weight * kl, ce, kl)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with Path(path).open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _refuse(message: str) -> DistillError:
    return DistillError(say("distill.teacher: {problem}", problem=message))


def _check_finished(where: Path) -> None:
    """A teacher is a run that ended by itself or was stopped, not one still training,
    killed, or ended by an error (its newest checkpoint may be what failed)."""
    records = read_metrics(where)
    last = records[-1] if records else {}
    if last.get("kind") != "done":
        raise _refuse(
            say(
                "{path} has not finished: its records end without the run's end (it is still "
                "training, or was killed); let it finish, resume it (grpo-studio train "
                "--resume {path}), or pick a finished run",
                path=where,
            )
        )
    if last.get("reason") not in FINISHED:
        raise _refuse(
            say(
                "{path} ended by {reason}, not by finishing; resume it to the end (grpo-studio "
                "train --resume) or pick a finished run",
                path=where,
                reason=repr(last.get("reason")),
            )
        )


def _check_same_task(where: Path, teacher: StudioConfig, cfg: StudioConfig, task: Task) -> None:
    if teacher.task.NAME != cfg.task.NAME:
        raise _refuse(
            say(
                "{path} learned the {theirs} task, this run trains {ours}; a teacher must have "
                "learned the same task: pick a {ours} run",
                path=where,
                theirs=teacher.task.NAME,
                ours=cfg.task.NAME,
            )
        )
    for name in task.VOCABULARY_FIELDS:
        theirs, ours = getattr(teacher.task, name), getattr(cfg.task, name)
        if theirs != ours:
            raise _refuse(_other_tokens(where, name, theirs, ours))
    theirs_len = getattr(teacher.model, "max_len", None)
    ours_len = getattr(cfg.model, "max_len", None)
    if theirs_len is not None and ours_len is not None and ours_len > theirs_len:
        raise DistillError(
            say(
                "model.max_len: {ours} is longer than the teacher's ({theirs}, {path}), which "
                "cannot read sequences that long; lower model.max_len to at most {theirs}",
                ours=ours_len,
                theirs=theirs_len,
                path=where,
            )
        )


def _other_tokens(where: Path, name: str, theirs: Any, ours: Any) -> Message:
    """A teacher trained with another task setting its tokenizer depends on."""
    return say(
        "{path} was trained with task.{name}: {theirs}, this run asks {ours}; the student "
        "takes its teacher's tokenizer so that their outputs name the same tokens: set "
        "task.{name}: {theirs}, or pick another teacher",
        path=where,
        name=name,
        theirs=repr(theirs),
        ours=repr(ours),
    )


def _read(where: Path, dcfg: DistillConfig, device: torch.device) -> TrainedRun:
    """The teacher's run, built without drawing from the run's random streams: the
    student starts from the weights the same seed gives it without a teacher."""
    try:
        with torch.random.fork_rng(devices=[]):
            return load_run(where, str(device), name=dcfg.checkpoint or None)
    except (RunError, TaskError) as err:
        raise _refuse(
            say("the teacher's run cannot be read: {problem}", problem=str(err))
        ) from None


@dataclass
class Distiller:
    """A loaded, frozen teacher, and the warm-up examples it wrote (once asked)."""

    dcfg: DistillConfig
    model: nn.Module | None  # eval mode, no grad, on the student's device; None: released
    run_dir: Path
    checkpoint: Path
    sha256: str
    parameters: int
    seed: int  # of the draw of the prompts the teacher answers
    examples: list[Example] | None = None  # its written examples, once `write_examples` ran
    notes: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, cfg: StudioConfig, task: Task, device: torch.device) -> Distiller:
        """The teacher cfg.distill names, checked against this run, with `task` (the
        student's) switched to the teacher's tokenizer. Fills in cfg.distill's teacher
        (absolute), checkpoint and sha256, which the run folder's config then records."""
        dcfg = cfg.distill
        where = Path(str(dcfg.teacher)).expanduser().resolve()
        try:
            teacher_cfg = load_run_config(where)
        except (RunError, ConfigError) as err:
            raise _refuse(str(err)) from None
        _check_same_task(where, teacher_cfg, cfg, task)
        _check_finished(where)
        run = _read(where, dcfg, device)
        digest = file_sha256(run.checkpoint)
        if dcfg.sha256 and dcfg.sha256 != digest:
            raise DistillError(
                say(
                    "distill.sha256: the teacher's checkpoint {path} has changed since this run "
                    "recorded it (sha256 {recorded}..., now {now}...); a different teacher "
                    "would make a different run: put the teacher's run folder back as it was, "
                    "or start a new run",
                    path=run.checkpoint,
                    recorded=dcfg.sha256[:12],
                    now=digest[:12],
                )
            )
        try:
            task.load_state_dict(run.task.state_dict())
        except TaskError as err:
            reason = str(err).split(";")[0]
            raise _refuse(
                say(
                    "the tokenizer of {path} cannot serve this run's task ({reason}); the "
                    "student takes its teacher's tokenizer: pick a teacher trained with this "
                    "run's task settings",
                    path=where,
                    reason=reason,
                )
            ) from None
        model = run.model.to(device).eval().requires_grad_(False)
        dcfg.teacher, dcfg.checkpoint, dcfg.sha256 = str(where), run.checkpoint.name, digest
        return cls(
            dcfg,
            model,
            where,
            run.checkpoint,
            digest,
            num_parameters(model),
            cfg.training.seed,
            notes=list(run.notes),
        )

    def describe(self, student: nn.Module) -> Message:
        """The log line a run starts with: which teacher, how big, how it teaches."""
        ways = []
        if self.dcfg.weight > 0:
            ways.append(
                say(
                    "soft targets at temperature {t}, {share} of the warm-up loss",
                    t=f"{self.dcfg.temperature:g}",
                    share=f"{self.dcfg.weight:.0%}",
                )
            )
        if self.dcfg.synthetic:
            ways.append(
                say(
                    "{n} examples it writes, {share} of each warm-up batch",
                    n=f"{self.dcfg.synthetic:,}",
                    share=f"{self.dcfg.synthetic_share:.0%}",
                )
            )
        return say(
            "distillation: teacher {path} ({checkpoint}, sha256 {sha}, {n} parameters; the "
            "student has {student}), by {ways}",
            path=self.run_dir,
            checkpoint=self.checkpoint.name,
            sha=self.sha256[:12],
            n=f"{self.parameters:,}",
            student=f"{num_parameters(student):,}",
            ways=joined(" and ", ways) if ways else say("nothing (weight 0)"),
        )

    def teacher(self) -> nn.Module:
        if self.model is None:
            raise RuntimeError("the teacher was released: it teaches the warm-up only")
        return self.model

    def weight_bytes(self) -> int:
        """What the teacher's weights and buffers hold in memory."""
        model = self.teacher()
        return sum(t.numel() * t.element_size() for t in (*model.parameters(), *model.buffers()))

    def release(self) -> None:
        """Let the teacher's model go (the warm-up is over: it teaches nothing else)."""
        self.model = None

    # ---- soft targets

    def loss(self, task: Task, model: nn.Module, examples: list[Example]) -> LossParts:
        """The warm-up loss of `examples` (the teacher runs only when its term counts)."""
        teacher = self.teacher() if self.dcfg.weight > 0 else None
        sup = task.supervised_logits(model, examples, teacher)
        return distillation_loss(sup, self.dcfg.temperature, self.dcfg.weight)

    # ---- examples the teacher writes

    def write_examples(self, task: Task) -> str | None:
        """Have the teacher answer `synthetic` distinct training prompts (greedy), once;
        the report of what it wrote, or None when there was nothing to do."""
        if self.examples is not None or not self.dcfg.synthetic:
            return None
        wanted = self.dcfg.synthetic
        rng = random.Random(f"distill-{self.seed}")  # apart from the training's own draws
        chosen = task.training_pool(wanted, rng)  # distinct, never held out
        answers: list[str] = []
        for i in range(0, len(chosen), ANSWER_CHUNK):
            answers += task.greedy_answers(self.teacher(), chosen[i : i + ANSWER_CHUNK])
        written = [
            Example(prompt=e.prompt, reference=answer, difficulty=e.difficulty, display=e.display)
            for e, answer in zip(chosen, answers)
            if answer.strip()
        ]
        self.examples = written
        same = sum(
            1 for e, answer in zip(chosen, answers) if answer.strip() and answer == e.reference
        )
        empty = len(chosen) - len(written)
        report = say(
            "distillation: the teacher wrote {n} warm-up examples, its greedy answers to "
            "{prompts} distinct training prompts ({same} the same as the reference); {empty} "
            "skipped (empty answer)",
            n=f"{len(written):,}",
            prompts=f"{len(chosen):,}",
            same=f"{same:,}",
            empty=f"{empty:,}",
        )
        if len(chosen) < wanted:
            fewer = say(
                "{wanted} were asked, but the training data holds only {n} distinct prompts",
                wanted=f"{wanted:,}",
                n=f"{len(chosen):,}",
            )
            return joined("; ", [report, fewer])
        return report

    def draw(
        self, n: int, rng: random.Random, real: Callable[[int], list[Example]]
    ) -> list[Example]:
        """A warm-up batch of n: synthetic_share of it from the teacher's examples (when it
        wrote any), the rest from `real` (the trainer's own draw), in an order from `rng`."""
        if not self.examples:
            return real(n)
        mine = round(n * self.dcfg.synthetic_share)
        batch = real(n - mine) + [rng.choice(self.examples) for _ in range(mine)]
        rng.shuffle(batch)
        return batch
