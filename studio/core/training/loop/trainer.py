"""The training loop: stages (supervised warm-up, then GRPO), evaluation, checkpoints.

The trainer is a stream: after every step it hands one plain record (floats, ints,
strings, lists; never tensors) to each listener and appends it to the run folder's
metrics.jsonl. It never knows who listens: the CLI prints progress, the GUI's worker
relays signals. Between steps it honours pause, resume, stop and single-step requests
(TrainerControl), and it checkpoints every N steps and whenever it stops, so a run can
be resumed with nothing lost but the steps since the last checkpoint.

Building a trainer reads (a preset's data, a checkpoint to resume) but writes nothing; the
run folder and its config.yaml, task.json and data_report.txt are made when the run starts
(`start`, which `run` calls first), so a trainer built and never run leaves nothing behind.

Under torchrun (a `Dist` from machine/distributed.py) every rank runs this same loop on its
share of each batch; rank 0 alone writes the run folder, evaluates, and reports to the
metrics file, and every decision that changes the loop's course is one all ranks share.

The loop's parts live beside it in studio.core.training: the steps (steps/: warm-up and
GRPO, a teacher's part in the warm-up, the curriculum by the model's own perplexity), the
stages' optimizer, schedule and early stop, evaluation and a checkpoint's contents
(stages/), the machine's probes (probes/) and the records (reporting/). The run folder is
studio.core.runs'.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch
from torch import nn

from studio.core.config.budgets import parse_time_budget
from studio.core.config.checks import config_warnings, sparsity_end
from studio.core.config.experiments import parse_variants
from studio.core.config.fit import apply_fit, covers
from studio.core.config.loading import save_config
from studio.core.config.sections import StageConfig, StudioConfig
from studio.core.files import atomic_write_json, atomic_write_text
from studio.core.machine.device import autocast, check_amp, peak_memory_mb, resolve_device
from studio.core.machine.distributed import SINGLE, Dist, check_batch_sizes, local_device, wrap
from studio.core.machine.memory_budget import Fit
from studio.core.machine.time_budget import replan_filler
from studio.core.machine.torch_imports import import_torch_compiler
from studio.core.messages import say
from studio.core.models import frozen_reference
from studio.core.models.compiled import set_compiled
from studio.core.models.sampling import mix_seed
from studio.core.models.sparsity import pruner_for
from studio.core.runs.checkpoints import check_weights_fit, set_aside_newer
from studio.core.runs.folder import (
    CONFIG_FILE,
    DATA_REPORT_FILE,
    METRICS_FILE,
    TASK_FILE,
    check_run_dir,
    default_save_dir,
    new_run_dir,
)
from studio.core.runs.lock import RunLock
from studio.core.runs.metrics_file import MetricsWriter, ended, truncate_metrics
from studio.core.runs.warm_start import WarmStart, fit_warm_start, read_warm_start
from studio.core.tasks import build_task
from studio.core.tasks.base import Example
from studio.core.training.loop.averaging import RecentWeights
from studio.core.training.loop.control import StopRequested, TrainerControl
from studio.core.training.loop.divergence import check_divergence
from studio.core.training.loop.preflight import (
    check_before_training,
    check_left_to_train,
    check_variants,
)
from studio.core.training.probes.fits_machine import check_fits_machine
from studio.core.training.probes.memory_probe import fit_memory_budget, hand_back_freed_tensors
from studio.core.training.probes.time_probe import TimeEstimate, estimate_run
from studio.core.training.reporting.records import (
    Record,
    checkpoint_record,
    data_report_record,
    done_record,
    ended_by,
    eval_record,
    log_record,
    probe_record,
    stage_record,
    stamped,
    step_record,
)
from studio.core.training.stages.evaluation import held_out_metrics
from studio.core.training.stages.plan import (
    Second,
    decay_instead,
    early_stop,
    new_optimizer,
    new_schedule,
)
from studio.core.training.stages.probe import due, probe_snapshot
from studio.core.training.stages.schedule import LearningRate
from studio.core.training.stages.state import (
    Position,
    claim_run_folder,
    load_resume_state,
    restore_generators,
    restore_rng,
    rng_state,
    save_grpo_start,
    save_training_state,
    seed_everything,
    training_state,
)
from studio.core.training.steps.distillation import Distiller
from studio.core.training.steps.explain import StepExplainer
from studio.core.training.steps.grpo_step import grpo_step
from studio.core.training.steps.perplexity_curriculum import (
    PerplexityCurriculum,
    uses_perplexity,
    whole_set_message,
)
from studio.core.training.steps.unsure_temperature import choose_temperature, policy_entropy
from studio.core.training.steps.update import Learner, StepOptions, StepOutcome
from studio.core.training.steps.warmup_step import supervised_step

Listener = Callable[[Record], None]
PERPLEXITY_KEY = "perplexity_curriculum"  # the checkpoint's entry for its stage and order
# why a stage, and the run, ended at the budget
TIME_BUDGET_REACHED = say("time budget reached")


class Trainer:
    """Runs a config's stages on its task, reporting to listeners and a run folder."""

    def __init__(
        self,
        cfg: StudioConfig,
        *,
        save_dir: Path | None = None,
        resume_from: Path | None = None,
        resume_checkpoint: str | None = None,
        control: TrainerControl | None = None,
        listeners: Sequence[Listener] = (),
        dist: Dist = SINGLE,
    ) -> None:
        self._clock = time.perf_counter()  # run.time_budget counts from here (this session)
        self.cfg = cfg
        self.control = control or TrainerControl()
        self.listeners: list[Listener] = list(listeners)
        self.dist = dist
        self._set_up_machine()  # self.device, self.plan, self.rng
        self.task = build_task(cfg)
        warm = self._prepare_task(resumed=resume_from is not None)
        # a teacher (distill.teacher) hands the task its tokenizer before any model is
        # built (the budget's probes too, which count the teacher)
        self.distiller: Distiller | None = None
        if cfg.distill.teacher:
            self.distiller = Distiller.load(cfg, self.task, self.device)
        self.memory_fit = self._fit_memory_budget(fitting=resume_from is None)
        self.time_budget = parse_time_budget(cfg.run.time_budget)
        self.time_estimate = self._fit_time_budget(fitting=resume_from is None)
        if cfg.ui.experiment and resume_from is None:  # trained alone here (train, the API)
            variants = parse_variants(cfg.ui.experiment)
            check_variants(cfg, variants, self.task, self.device, self.distiller)
        self._save_dir = save_dir
        self.run_dir: Path | None = None  # known on resume; made by start() otherwise
        self._started = False
        self._lock: RunLock | None = None  # the run folder's, from start() to the run's end
        self._resume_state: dict[str, Any] | None = None
        self._ended = True  # a resumed run's records end with its done record
        self.resume_notes: list[str] = []  # what resuming passed over or set aside
        self._writer: MetricsWriter | None = None  # metrics.jsonl, while the run runs (rank 0)
        self._written = 0  # records in metrics.jsonl (a checkpoint notes how many it saw)
        if resume_from is not None:
            self._read_resume_state(Path(resume_from), resume_checkpoint)
        self.model: nn.Module = self._build_model(warm)
        self.net = wrap(self.model, dist, self.device)  # what steps train: DDP when distributed
        # magnitude pruning (models/sparsity.py): masks on the bare model's weights
        self.pruner = pruner_for(self.model, cfg.sparsity, sparsity_end(cfg))
        if not dist.active:
            self._hold_mid_step()
        # the last GRPO step, kept to answer the window's "explain this step" (explain.py)
        self.explainer = StepExplainer(
            self.task, self.model, cfg.grpo, autocast(cfg.training.amp, self.device)
        )
        self.control.serve(self.explainer.answer)
        self._step_rng: dict[str, Any] | None = None  # random state before the step under way
        self.ref_model: nn.Module | None = None
        self.pos = Position(level=cfg.curriculum.start_level)
        self.reward_window: deque[float] = deque(maxlen=cfg.curriculum.window)
        # curriculum.difficulty "perplexity": the model's own losses order the examples
        self.ppl = (
            PerplexityCurriculum(cfg.curriculum, self.task, cfg.training.seed, dist)
            if uses_perplexity(cfg.curriculum)
            else None
        )
        self._drawn_from: dict[str, float] = {}  # the curriculum stage the step drew from
        self.optimizer: torch.optim.Optimizer | None = None
        self.schedule: LearningRate | None = None
        self.scaler = torch.amp.GradScaler("cuda") if cfg.training.amp == "fp16" else None
        self.learner: Learner | None = None  # what the current stage's steps train with
        # stages.*.average_last: the weights at this stage's last evaluations (since a resume)
        self._recent = RecentWeights(0)
        self._last_metric: float | None = None  # the last evaluation's headline metric

    # ---- building, in the order it happens

    def _set_up_machine(self) -> None:
        """The device, the stages' plan checked against the ranks, torch's threads and
        the seeds: all before the first tensor is made."""
        cfg, dist, tcfg = self.cfg, self.dist, self.cfg.training
        self.device = local_device(dist, resolve_device(tcfg.device))
        check_amp(tcfg.amp, self.device)
        if tcfg.memory_budget.strip() and self.device.type == "cpu":
            # A budget holds only if a micro-batch leaves nothing behind for the next: worth
            # the page faults it costs (slower steps), so only when a budget asks. Before the
            # budget's probes, so that they run as training will.
            hand_back_freed_tensors()
        self.plan = cfg.stages.planned()
        check_batch_sizes(dist, {f"stages.{n}.batch_size": s.batch_size for n, s in self.plan})
        if tcfg.threads:
            torch.set_num_threads(tcfg.threads)
        import_torch_compiler()  # before this thread's first use of it, which may race another's
        seed_everything(tcfg.seed, tcfg.deterministic)
        self.rng = random.Random(tcfg.seed)  # draws the training examples, the same on all ranks

    def _prepare_task(self, *, resumed: bool) -> WarmStart | None:
        """The settings fitted to the user's data applied (but not over the user's), the
        config checked against the task, and training.init_from's warm start read: its
        tokenizers handed to the task now, its weights returned for the model (a resumed
        run has both in its own checkpoint)."""
        cfg = self.cfg
        loaded = self.task.load_report()
        if loaded is not None:  # settings chosen to fit the user's data, but not the user's
            loaded.apply_settings(cfg, resumed=resumed)
        # settings the model trains well with (a pretrained one's), but not the user's
        self.model_fit = apply_fit(cfg, cfg.model.proposals(cfg), resumed=resumed)
        check_before_training(cfg, self.task)
        warm = read_warm_start(cfg) if cfg.training.init_from and not resumed else None
        if warm is not None:
            self.task.load_state_dict(warm.task_state)
        return warm

    def _fit_memory_budget(self, *, fitting: bool) -> Fit | None:
        """training.memory_budget: settings changed to fit it, and why (a resumed run keeps
        the settings it was fitted with, which its config holds). Before any model or batch
        is made: can the run fit this machine at all? (A budget's fit builds models to
        probe: only their size is checked before it, the rest after.)"""
        cfg = self.cfg
        fitting = fitting and bool(cfg.training.memory_budget.strip())
        check_fits_machine(cfg, self.task, self.device, self.distiller, measure=not fitting)
        if not fitting:
            return None
        fit = fit_memory_budget(cfg, self.task, self.device, self.dist, self.distiller)
        if fit is not None:
            fit.apply(cfg)
        check_fits_machine(cfg, self.task, self.device, self.distiller)
        return fit

    def _fit_time_budget(self, *, fitting: bool) -> TimeEstimate | None:
        """run.time_budget: the stages' steps planned to fit it from a measured pace (a
        resumed run keeps the steps it was fitted with, and only ends at the budget); every
        rank plans the same steps."""
        cfg, dist = self.cfg, self.dist
        if self.time_budget is None:
            return None
        estimate = None
        if fitting and dist.is_main:
            estimate = estimate_run(
                cfg, self.task, self.device, start_seconds=time.perf_counter() - self._clock
            )
            if estimate.fit is not None:
                estimate.fit.apply(cfg)
        if dist.active:
            steps = dist.broadcast({n: s.steps for n, s in cfg.stages.all()})
            for name, stage in cfg.stages.all():
                stage.steps = steps[name]
        return estimate

    def _read_resume_state(self, run_dir: Path, checkpoint: str | None) -> None:
        """The checkpoint a resumed run goes on from, checked to have steps left to train,
        and the task's state (its tokenizers) from it."""
        self.run_dir = check_run_dir(run_dir)
        found = load_resume_state(self.run_dir, self.device, self.dist, checkpoint)
        self._resume_state, self.resume_notes = found.state, found.notes
        self._ended = ended(self.run_dir)
        check_left_to_train(
            self._resume_state, self.plan, self.cfg.run.max_steps, self.run_dir, self._ended
        )
        self.task.load_state_dict(self._resume_state["task"])

    def _build_model(self, warm: WarmStart | None) -> nn.Module:
        """The task's model on the device, with the warm start's weights; a resumed run's
        checkpoint is checked to fit it before anything is written."""
        model = self.task.build_model(self.cfg.model).to(self.device)
        if warm is not None:
            fit_warm_start(model, warm)
        set_compiled(model, self.cfg.training.compile)  # the reference, a copy, follows it
        if self._resume_state is not None:
            check_weights_fit(model, self._resume_state["model"], self._folder)
        return model

    def _hold_mid_step(self) -> None:
        """Pause and stop act mid-step too (control.py). The hook sits on the entry of every
        pass: the embeddings of the text models (sampling loops call them, not the model's
        forward), the model itself otherwise. A rank that stopped alone would leave the
        others waiting in a collective, so torchrun stops between steps only. (The hook
        holds the control, not the trainer: no reference cycle through the model, so a
        finished trainer is freed at once rather than by a slow GC pass.)"""
        hold = self.control.hold
        entries: list[nn.Module] = [m for m in self.model.modules() if isinstance(m, nn.Embedding)]
        for module in entries or [self.model]:
            module.register_forward_pre_hook(lambda *_: hold())

    def start(self) -> Path:
        """Make the run folder (a fresh one; a resumed run's is there already), write its
        config, task state and (new runs) the data's load report, and return it. `run`
        calls it first; a front door calls it itself to name the folder before training.
        A collective: every rank calls it."""
        if self._started:
            return self._folder
        run_dir = self.run_dir or self._new_run_dir()
        self._lock = claim_run_folder(run_dir, self.dist)  # one writer per run folder
        if self.dist.is_main:
            save_config(self.cfg, run_dir / CONFIG_FILE)
            atomic_write_json(
                run_dir / TASK_FILE, {"name": self.task.NAME, "state": self.task.state_dict()}
            )
            if self._resume_state is None and self.task.report():
                atomic_write_text(run_dir / DATA_REPORT_FILE, self.task.report() + "\n")
        self.run_dir, self._started = run_dir, True
        return run_dir

    def _new_run_dir(self) -> Path:
        """A fresh run folder: rank 0 makes it and tells every rank its name."""
        made = ""
        if self.dist.is_main:
            root = Path(self._save_dir or self.cfg.run.save_dir or default_save_dir())
            made = str(new_run_dir(root, self.cfg.name))
        return Path(self.dist.broadcast(made))

    @property
    def _folder(self) -> Path:
        """The run folder, for what happens once the run has started."""
        if self.run_dir is None:
            raise RuntimeError("the run has not started: call start() (or run()) first")
        return self.run_dir

    # ---- listeners and records

    def _emit(self, record: Record) -> None:
        record = stamped(record)
        if self._writer is not None:  # the file first: a listener that fails loses nothing
            self._writer(record)
            self._written += 1
        for listener in self.listeners:
            listener(record)

    def _log(self, message: str, level: str = "info") -> None:
        self._emit(log_record(self.pos.global_step, message, level))

    @property
    def total_steps(self) -> int:
        return sum(stage.steps for _, stage in self.plan)

    @property
    def steps_left(self) -> int:
        """The planned steps still to run: the rest of this stage and every later one. The
        steps of a stage that ended early are not among them (the ETA counted them)."""
        rest = self.plan[self.pos.stage_index :]
        return max(0, sum(stage.steps for _, stage in rest) - self.pos.stage_step)

    # ---- stages

    def _stage(self) -> tuple[str, StageConfig]:
        return self.plan[self.pos.stage_index]

    def _running(self) -> tuple[Learner, LearningRate]:
        """The current stage's learner and learning-rate schedule (it has started)."""
        if self.learner is None or self.schedule is None:
            raise RuntimeError("no stage has started")
        return self.learner, self.schedule

    def _start_stage(self, state: dict[str, Any] | None) -> None:
        """Fresh optimizer and schedule for the stage; restored from `state` on resume."""
        name, stage = self._stage()
        # a preparation that takes minutes (back-translation) is said before and after
        coming = self.task.preparing(name)
        if coming is not None:
            self._log(coming)
        self.task.begin_stage(name)
        made = self.task.prepared(name)
        if made is not None:
            self._log(made)
        self._recent = RecentWeights(stage.average_last)
        tcfg = self.cfg.training
        self.optimizer = new_optimizer(self.model, stage, tcfg, self.device)
        self.schedule = new_schedule(self.optimizer, stage, tcfg)
        self.ref_model = None
        if name != "warmup" and self.distiller is not None:
            self.distiller.release()  # as the memory estimate counts it: warm-up only
        if name == "grpo" and self.cfg.grpo.beta > 0:
            # the reference is the policy as the GRPO stage found it, frozen
            self.ref_model = frozen_reference(self.model)
        self.learner = Learner(
            model=self.net,
            optimizer=self.optimizer,
            tcfg=tcfg,
            autocast=autocast(tcfg.amp, self.device),
            scaler=self.scaler,
            ref_model=self.ref_model,
            dist=self.dist,
            pruner=self.pruner,
        )
        if state is not None:
            self.optimizer.load_state_dict(state["optimizer"])
            self.schedule.load_state_dict(state["schedule"])
            if self.ref_model is not None and state.get("ref_model") is not None:
                self.ref_model.load_state_dict(state["ref_model"])
            if self.scaler is not None and state.get("scaler") is not None:
                self.scaler.load_state_dict(state["scaler"])
        else:
            self.pos.best, self.pos.best_second, self.pos.bad_evals = None, None, 0
            self.pos.stage_seconds, self.pos.replanned = 0.0, False
            if self.ppl is not None:
                self.ppl.begin(name)
            if name == "grpo":
                save_grpo_start(self._folder, self._state(), self.dist)
            steps = say("{n} steps", n=stage.steps)
            start = stage_record(name, self.pos.global_step, "start", steps)
            # where a progress bar ends now: an earlier stage that stopped early ran fewer
            start["steps_left"] = self.steps_left
            self._emit(start)

    # ---- checkpoints

    def _state(self) -> dict[str, Any]:
        """What a checkpoint holds (a collective in a distributed run: call on every rank)."""
        state = training_state(
            self.pos,
            model=self.model,
            ref_model=self.ref_model,
            optimizer=self.optimizer,
            schedule=self.schedule,
            scaler=self.scaler,
            rng=self.rng,
            reward_window=self.reward_window,
            task=self.task,
            dist=self.dist,
        )
        if self.ppl is not None:
            state[PERPLEXITY_KEY] = self.ppl.state_dict()
        state["sparsity"] = self.pruner.state_dict() if self.pruner is not None else None
        return state

    def save_checkpoint(self) -> Path:
        """Checkpoint now (rank 0 writes; every rank must call it, and gets the path)."""
        keep = self.cfg.run.keep_checkpoints
        # what a resume keeps of metrics.jsonl: the records so far and this checkpoint's own
        self.pos.records = self._written + 1
        path = save_training_state(
            self._folder, self.pos.global_step, self._state(), keep, self.dist
        )
        self._emit(checkpoint_record(self.pos.global_step, path))
        return path

    def _restore(self, state: dict[str, Any]) -> None:
        self.pos = Position(**state["position"])
        self.reward_window.extend(state["reward_window"])
        self.model.load_state_dict(state["model"])
        if self.pruner is not None:
            self.pruner.load_state_dict(state.get("sparsity"))
        if self.pos.stage_index < len(self.plan) and state["optimizer"] is not None:
            self._start_stage(state)
        if self.ppl is not None:
            saved = state.get(PERPLEXITY_KEY)
            if saved is not None:
                self.ppl.load_state_dict(saved)
            elif self.pos.stage_index < len(self.plan):  # turned on for the resumed run
                self.ppl.begin(self._stage()[0])
        restore_generators(state, self.rng, self.dist)
        if self.dist.is_main:
            self._written = truncate_metrics(self._folder, self.pos.global_step, self.pos.records)
            self.resume_notes += set_aside_newer(self._folder, self.pos.global_step)

    # ---- evaluation

    def _held_out(self) -> dict[str, float]:
        """Held-out metrics of the model now (rank 0 measures, every rank gets them),
        without disturbing the training's random streams."""
        metrics: dict[str, float] = {}
        if self.dist.is_main:  # the other ranks wait for its numbers
            metrics = held_out_metrics(
                self.task, self.model, self.cfg.eval, self.cfg.training.amp, self.device
            )
        return self.dist.broadcast(metrics)

    def evaluate(self) -> Record:
        """Held-out metrics now, recorded; the weights kept for the stage's average."""
        metrics = self._held_out()
        self.pos.last_eval_step = self.pos.global_step
        self._last_metric = metrics.get(self.task.EVAL_METRIC)
        name, stage = self._stage()
        if stage.average_last > 1 and self.pos.stage_step > 0:
            self._recent.keep(self.model)
        record = eval_record(name, self.pos.global_step, self.task.EVAL_METRIC, metrics)
        self._emit(record)
        return record

    def _end_with_average(self, name: str) -> None:
        """stages.*.average_last: go on with the average of the weights at the stage's
        last evaluations if it scores better on the held-out split than the weights the
        stage ended with (those are kept otherwise); the log says which and by how much."""
        ended_with, kept = self._last_metric, len(self._recent)
        if kept < 2 or ended_with is None:
            return
        final = {k: v.detach().clone() for k, v in self.model.state_dict().items()}
        self.model.load_state_dict(self._recent.average())
        if self.pruner is not None:  # earlier weights were pruned by earlier masks
            self.pruner.apply()
        try:
            metrics = self._held_out()
        except StopRequested:  # the checkpoint a stop writes holds the trained weights
            self.model.load_state_dict(final)
            raise
        metric = self.task.EVAL_METRIC
        averaged, step = metrics.get(metric, float("-inf")), self.pos.global_step
        parts = {
            "stage": name,
            "k": kept,
            "metric": metric,
            "averaged": f"{averaged:.2f}",
            "last": f"{ended_with:.2f}",
        }
        if averaged > ended_with:
            self._last_metric = averaged
            self._emit(eval_record(name, step, metric, metrics))
            said = say(
                "{stage} end: the average of the weights at its last {k} evaluations scores "
                "{metric} {averaged} on the held-out split, the last weights {last}: went on "
                "with the average",
                **parts,
            )
        else:
            self.model.load_state_dict(final)
            said = say(
                "{stage} end: the average of the weights at its last {k} evaluations scores "
                "{metric} {averaged} on the held-out split, the last weights {last}: kept the "
                "last weights",
                **parts,
            )
        self._log(said)
        self._recent = RecentWeights(0)

    def _scheduled_eval(self, stage: StageConfig) -> str | None:
        """Evaluate when eval.every says this step should be and it has not been yet; say
        why the stage should end now, or None (the plateau schedule hears how many
        evaluations have not beaten the best, which `pos` keeps). The stage's last step
        is evaluated by the stage's end instead."""
        every, done = self.cfg.eval.every, self.pos.stage_step
        if not every or done == 0 or done % every or done >= stage.steps:
            return None
        if self.pos.last_eval_step == self.pos.global_step:
            return None
        found, second = self.evaluate(), self.task.EVAL_SECOND
        self._replan(stage)
        metric = found[f"eval/{self.task.EVAL_METRIC}"]
        gain = self.task.SECOND_GAIN
        also = None if second is None else Second(second, found[f"eval/{second}"], gain)
        reason = early_stop(metric, stage, self.pos, self.task.EVAL_METRIC, also)
        _, schedule = self._running()
        if reason is not None:
            end = decay_instead(metric, stage, self.pos, schedule, every)
            if end is not None:
                self._end_sooner(stage, end, reason, schedule.value(self.pos.stage_step))
                reason = None
        schedule.observe(self.pos.bad_evals)
        return reason

    def _replan(self, stage: StageConfig) -> None:
        """A stage that fills the time budget, at its first evaluation: its steps planned
        again from its own pace so far (time_budget.replan_filler), once, its cosine's end
        moved with them and written into the run's config. The measurement before the
        first step reads the machine of that moment: two runs started side by side read it
        a third slow and planned their warm-ups 10-20% short. Not the user's steps."""
        name, _ = self._stage()
        _, schedule = self._running()
        estimate, path = self.time_estimate, f"stages.{name}.steps"
        if (
            self.pos.replanned
            or not stage.fills_budget
            or self.time_budget is None
            or schedule.cut is not None
            or covers(self.cfg.user_set, path)
        ):
            return
        self.pos.replanned = True
        before, steps = stage.steps, stage.steps
        if self.dist.is_main and estimate is not None:
            fit = estimate.fit
            cap = fit.changes[path][0] if fit is not None and path in fit.changes else before
            remaining = self.time_budget - (time.perf_counter() - self._clock)
            steps = replan_filler(
                self.cfg,
                estimate.pace,
                name,
                self.pos.stage_step,
                self.pos.stage_seconds,
                remaining,
                cap,
            )
        steps = self.dist.broadcast(steps)
        if steps == before:
            return
        stage.steps = schedule.total_steps = steps
        self._rewrite_config()
        self._log(
            say(
                "{stage}: planned again from its own pace, {own} s a step (measured before "
                "the first step: {probe} s): {before} -> {after} steps, to end where the "
                "time budget leaves the later stages their time",
                stage=name,
                own=f"{self.pos.stage_seconds / max(self.pos.stage_step, 1):.3g}",
                probe=f"{getattr(estimate.pace, f'{name}_step'):.3g}" if estimate else "?",
                before=f"{before:,}",
                after=f"{steps:,}",
            )
        )

    def _rewrite_config(self) -> None:
        """The run's config.yaml written again (rank 0) after a choice made while training
        (a stage's new end, GRPO's temperature), so that a resumed run makes it too."""
        if self.dist.is_main:
            save_config(self.cfg, self._folder / CONFIG_FILE)

    def _end_sooner(self, stage: StageConfig, end: int, why: str, lr: float) -> None:
        """The stage's new last step `end`, its rate decaying to it (plan.decay_instead),
        written into the run's config so that a resumed run ends there too, and said."""
        name, _ = self._stage()
        stage.steps = end
        self._rewrite_config()
        self._log(
            say(
                "{stage}: {why}, but with its learning rate still {lr}: the rate now decays "
                "to its floor by step {end} of the stage, where it ends",
                stage=name,
                why=why,
                lr=f"{lr:.2g}",
                end=f"{end:,}",
            )
        )

    def _probe(self) -> None:
        """A snapshot of the policy on the task's fixed probe, when run.probe_every says
        (rank 0 takes it, like an evaluation)."""
        if not self.dist.is_main or not due(self.pos.global_step, self.cfg.run.probe_every):
            return
        snapshot = probe_snapshot(self.task, self.model, self.cfg.training.amp, self.device)
        if snapshot is not None:
            stage = self._stage()[0] if self.pos.stage_index < len(self.plan) else ""
            self._emit(probe_record(stage, self.pos.global_step, snapshot))

    # ---- one step

    def _step(self) -> StepOutcome:
        name, stage = self._stage()
        cfg, tcfg = self.cfg, self.cfg.training
        want_flow = bool(cfg.run.grad_flow_every) and (
            (self.pos.global_step + 1) % cfg.run.grad_flow_every == 0
        )
        learner, _ = self._running()
        top = self.task.num_levels - 1
        # the warm-up draws from every level; GRPO from those the curriculum has unlocked
        by_level = cfg.curriculum.enabled and cfg.curriculum.difficulty == "level"
        level = min(self.pos.level, top) if by_level and name == "grpo" else top
        self._pace_perplexity(name, stage)
        teacher = self.distiller if name == "warmup" else None  # it teaches the warm-up
        # every rank draws the whole batch (its rng stays in step) and keeps its share
        tokens = stage.batch_tokens if name == "warmup" else 0
        batches = [
            self.dist.share(self._draw(stage.batch_size, level, teacher, tokens))
            for _ in range(tcfg.grad_accum)
        ]
        if name == "warmup":
            options = StepOptions(grad_flow=want_flow)
            return supervised_step(learner, self.task, batches, options, teacher)
        options = StepOptions(
            grad_flow=want_flow,
            sample_groups=cfg.run.sample_groups,
            # rollouts sample from noise fixed by (seed, step): the same whatever the split
            seed=mix_seed(tcfg.seed, self.pos.global_step),
        )
        return grpo_step(learner, self.task, batches, cfg.grpo, options)

    def _draw(
        self, n: int, level: int, teacher: Distiller | None = None, tokens: int = 0
    ) -> list[Example]:
        """n training examples: from the perplexity curriculum's unlocked ones, or the task's
        levels up to `level` (with `tokens`, as many of like length as fill them, when the
        task can); with a `teacher`, its share of them from the examples it wrote."""
        if teacher is not None:
            return teacher.draw(n, self.rng, lambda k: self._draw(k, level))
        drawn = self.ppl.sample(n, self.rng) if self.ppl is not None else None
        if drawn is None and tokens:
            drawn = self.task.sample_tokens(tokens, self.rng, level)
        return drawn if drawn is not None else self.task.sample(n, self.rng, level)

    def _pace_perplexity(self, name: str, stage: StageConfig) -> None:
        """Before a step's batches: the warm-up's next stage when its share of the steps is
        done, and the stage's pool scored by the model as it is now (when not yet)."""
        ppl = self.ppl
        if ppl is None:
            return
        if name == "warmup" and ppl.pace(self.pos.stage_step, stage.steps) and ppl.last:
            self._log(whole_set_message(ppl.stages))
        tcfg = self.cfg.training
        scoring = ppl.score_if_due(self.model, autocast(tcfg.amp, self.device))
        if scoring is not None:
            self._log(scoring.message())
        self._drawn_from = ppl.metrics()

    def _teacher_writes(self) -> None:
        """The teacher's examples (distill.synthetic), written before the warm-up's first
        step (again, alike, when a run resumes in the warm-up) and reported."""
        if self.distiller is None:
            return
        report = self.distiller.write_examples(self.task)
        if report is not None:
            self._log(report)

    def _advance_curriculum(self, reward_mean: float | None) -> None:
        ccfg = self.cfg.curriculum
        if not ccfg.enabled or reward_mean is None or not math.isfinite(reward_mean):
            return
        self.reward_window.append(reward_mean)
        full = len(self.reward_window) == self.reward_window.maxlen
        if not full or sum(self.reward_window) / len(self.reward_window) < ccfg.threshold:
            return
        if self.ppl is not None:
            if self.ppl.unlock_next():  # scored before the next step's batches
                self.reward_window.clear()
                if self.ppl.last:
                    self._log(whole_set_message(self.ppl.stages))
        elif self.pos.level < self.task.num_levels - 1:
            self.pos.level += 1
            self.reward_window.clear()
            self._log(say("curriculum: level {level} unlocked", level=self.pos.level))

    def _sync_reference(self) -> None:
        """Copy the policy into the reference model every grpo.ref_sync_steps steps."""
        every = self.cfg.grpo.ref_sync_steps
        if self.ref_model is not None and every and self.pos.stage_step % every == 0:
            self.ref_model.load_state_dict(self.model.state_dict())

    def _record(self, outcome: StepOutcome, step_time: float) -> Record:
        learner, _ = self._running()
        record = step_record(
            self._stage()[0],
            self.pos,
            self.total_steps,
            outcome,
            steps_left=self.steps_left,
            lr=learner.optimizer.param_groups[0]["lr"],
            step_time=step_time,
            memory_mb=peak_memory_mb(self.device),
        )
        record.update(self._drawn_from)
        return record

    # ---- the loop

    def run(self, max_steps: int | None = None) -> Record:
        """Train until the stages are done, `max_steps` total steps (default:
        run.max_steps), or a stop request."""
        limit = max_steps if max_steps is not None else self.cfg.run.max_steps
        check_left_to_train(self._resume_state, self.plan, limit, self.run_dir, self._ended)
        self.start()
        try:
            return self._run_started(limit)
        finally:
            if self._lock is not None:
                self._lock.release()  # the folder is free for the next writer

    def _run_started(self, limit: int | None) -> Record:
        saved, self._resume_state = self._resume_state, None
        resumed = saved is not None
        if saved is not None:
            self._restore(saved)  # truncates metrics past the checkpoint
        if self.dist.is_main:
            self._writer = MetricsWriter(self._folder / METRICS_FILE)
        try:
            self._report_opening(resumed)
            if not resumed:  # the policy before training, the first snapshot
                with contextlib.suppress(StopRequested):  # the loop then stops at once
                    self._probe()
            try:
                reason = self._loop(limit)
            except BaseException as err:
                # the original error matters more than a failed report of it (a full disk)
                with contextlib.suppress(Exception):
                    self._emit(done_record(self.pos.global_step, ended_by(err)))
                raise
            final = done_record(self.pos.global_step, reason)
            self._emit(final)
            return final
        finally:
            if self._writer is not None:
                self._writer.close()
                self._writer = None

    def _report_opening(self, resumed: bool) -> None:
        """The run's first records: where a resumed run goes on from, or what a new run's
        data and budgets gave; then the config's warnings and the teacher's notes."""
        if resumed:
            self._log(say("resumed at step {step}", step=self.pos.global_step))
            for note in self.resume_notes:
                self._log(note, "warning")
        else:
            self._report_fits()
        for note in config_warnings(self.cfg):
            self._log(note, "warning")
        if self.distiller is not None:
            self._log(self.distiller.describe(self.model))
            for note in self.distiller.notes:
                self._log(note, "warning")

    def _report_fits(self) -> None:
        """A new run's opening records: what the data gave (first in the run's records),
        then what the time budget and the memory budget changed, and why."""
        if self.task.report():
            loaded = self.task.load_report()
            details = loaded.to_dict() if loaded is not None else None
            self._emit(data_report_record(self.task.report(), details))
        for line in [*self.model_fit.notes, *self.model_fit.kept_lines]:
            self._emit(log_record(self.pos.global_step, line))
        fit = self.time_estimate.fit if self.time_estimate is not None else None
        if fit is not None:
            record = log_record(self.pos.global_step, fit.text())
            record["time_fit"] = fit.to_dict()
            self._emit(record)
        if self.memory_fit is not None:
            record = log_record(self.pos.global_step, self.memory_fit.text())
            record["memory_fit"] = self.memory_fit.to_dict()
            self._emit(record)

    def _loop(self, max_steps: int | None) -> str:
        try:
            return self._train(max_steps)
        except StopRequested:
            # Stopped mid-step or mid-evaluation: nothing of an unfinished step was applied
            # (the optimizer steps last); rewind the random streams it drew from, so the
            # checkpoint is the state after the last finished step and resuming from it
            # trains on the same numbers as a run never stopped.
            if self._step_rng is not None:
                restore_rng(self._step_rng, self.rng)
                self._step_rng = None
            if self.optimizer is not None:
                self.optimizer.zero_grad(set_to_none=True)
            self.save_checkpoint()
            return "stopped"

    def _train(self, max_steps: int | None) -> str:
        """The stages from where the run stands; why the run ended."""
        if self.pruner is not None and self.pos.global_step == 0:
            self.pruner.at_step(0)  # a schedule that starts before the first step
        if self.optimizer is None and self.pos.stage_index < len(self.plan):
            self._start_stage(None)
        while self.pos.stage_index < len(self.plan):
            name, stage = self._stage()
            ended = self._train_stage(name, stage, max_steps)
            if ended is not None:
                return ended
        return "finished"

    def _train_stage(self, name: str, stage: StageConfig, max_steps: int | None) -> str | None:
        """The current stage's steps from where it stands, then its end; why the whole run
        ends here (a step limit, a stop, the time budget), or None to go on to the next."""
        if self.pos.last_eval_step != self.pos.global_step and self.pos.stage_step == 0:
            self.evaluate()  # the baseline the stage starts from
        if name == "grpo" and self.pos.stage_step == 0 and self.cfg.grpo.unsure_temperature:
            self._choose_grpo_temperature()
        # an evaluation the last step was due (a resumed run's, when a stop cut it short)
        stop_reason = self._scheduled_eval(stage)
        while stop_reason is None and self.pos.stage_step < stage.steps:
            if self._out_of_time():
                stop_reason = TIME_BUDGET_REACHED
                break
            halted = self._halt_before_step(name, max_steps)
            if halted is not None:
                return halted
            stop_reason = self._train_step(name, stage)
        return self._end_stage(name, stop_reason)

    def _halt_before_step(self, name: str, max_steps: int | None) -> str | None:
        """Before a step: the run ends here, checkpointed, at the step limit or a stop
        (asked of any rank, it stops all of them at the same step); else None, once the
        teacher has written its examples and a pause has been waited out."""
        if max_steps is not None and self.pos.global_step >= max_steps:
            self.save_checkpoint()
            return "step limit"
        if name == "warmup":
            self._teacher_writes()
        if self.dist.any(not self.control.wait_for_turn()):
            self.save_checkpoint()
            return "stopped"
        return None

    def _train_step(self, name: str, stage: StageConfig) -> str | None:
        """One step, its record and what follows it (probe, divergence check, evaluation,
        checkpoint); why the stage should end now, or None."""
        started = time.perf_counter()
        _, schedule = self._running()
        schedule.apply(self.pos.stage_step)
        self._step_rng = rng_state(self.rng)
        outcome = self._step()
        self._step_rng = None
        self.pos.stage_step += 1
        self.pos.global_step += 1
        self._count_step(outcome)
        self._advance_curriculum(outcome.metrics.get("reward/mean"))  # None in warm-up
        self._sync_reference()
        step_time = time.perf_counter() - started
        self.pos.elapsed += step_time
        self.pos.stage_seconds += step_time
        self._emit(self._record(outcome, step_time))
        self._probe()
        check_divergence(self.pos, self.cfg.training, name, stage, self._folder)
        stop_reason = self._scheduled_eval(stage)
        every = self.cfg.run.checkpoint_every
        if stop_reason is None and every and self.pos.global_step % every == 0:
            self.save_checkpoint()
        return stop_reason

    def _count_step(self, outcome: StepOutcome) -> None:
        """A finished step's pruning, its rollout kept for the explainer, and its skipped
        update counted (and logged)."""
        if self.pruner is not None:
            self.pruner.at_step(self.pos.global_step)
            outcome.metrics.update(self.pruner.metrics(self.pos.global_step))
        self.explainer.keep(self.pos.global_step, outcome.rollout, len(outcome.samples))
        self.pos.skipped += outcome.skipped
        self.pos.skipped_in_a_row = self.pos.skipped_in_a_row + 1 if outcome.skipped else 0
        if outcome.skipped:
            self._log(
                say(
                    "step {step}: loss or gradient was not finite; the update was skipped",
                    step=self.pos.global_step,
                ),
                "warning",
            )

    def _end_stage(self, name: str, stop_reason: str | None) -> str | None:
        """The stage's last evaluation, its averaged weights and its end record; then the
        next stage, or (at the time budget) the run's end: TIME_BUDGET_REACHED."""
        if self.pos.last_eval_step != self.pos.global_step:
            self.evaluate()
        self._end_with_average(name)
        reason = stop_reason or say("all steps done")
        self._emit(stage_record(name, self.pos.global_step, "end", reason))
        if reason == TIME_BUDGET_REACHED:  # no later stage starts: the run ends here
            self.pos.stage_index, self.pos.stage_step = len(self.plan), 0
            self.save_checkpoint()
            return TIME_BUDGET_REACHED
        self._finish_stage(name)
        return None

    def _choose_grpo_temperature(self) -> None:
        """grpo.unsure_temperature: the policy's entropy measured (rank 0) before GRPO's
        first step, and the temperature chosen by it written into the run's config as
        grpo.temperature, so that a run resumed within GRPO samples at it. (One resumed
        at GRPO's start measures the same weights again, with the same prompts: the same
        choice. grpo.unsure_temperature stays as the fit set it, or a resume would take
        the change for the user's.)"""
        gcfg = self.cfg.grpo
        entropy = 0.0
        if self.dist.is_main:
            entropy = policy_entropy(
                self.task,
                self.model,
                gcfg,
                self.cfg.stages.grpo.batch_size,
                autocast(self.cfg.training.amp, self.device),
                self.cfg.training.seed,
            )
        choice = choose_temperature(gcfg, self.dist.broadcast(entropy))
        gcfg.temperature = choice.temperature
        self._rewrite_config()
        self._log(choice.message())

    def _out_of_time(self) -> bool:
        """Whether run.time_budget has run out (counted from this trainer's making, so a
        resumed run has the whole budget again); the same answer on every rank."""
        if self.time_budget is None:
            return False
        return self.dist.any(time.perf_counter() - self._clock >= self.time_budget)

    def _finish_stage(self, name: str) -> None:
        """Move to the next stage and checkpoint there (the warm-up's end is kept apart)."""
        self.pos.stage_index += 1
        self.pos.stage_step = 0
        if self.pos.stage_index < len(self.plan):
            self._start_stage(None)
        self.save_checkpoint()
