"""grpo-studio train: a preset (or a run to resume) trained headless, with a progress line.

Ctrl-C or SIGTERM (a desktop session ending, a batch scheduler) stops at the last finished
step and saves a checkpoint; a second one quits at once, keeping the checkpoints written
so far. A step limit (--steps) is kept in the run's config, so a resumed run stops there
too unless given another. Under torchrun every process runs this command and trains its
share."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.cli.progress import Progress
from studio.cli.usage import PROG, UsageError

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig
    from studio.core.machine.distributed import Dist
    from studio.core.training.loop.control import TrainerControl
    from studio.core.training.loop.trainer import Trainer
    from studio.core.training.probes.time_probe import TimeEstimate


def register(sub: argparse._SubParsersAction) -> None:
    t = sub.add_parser("train", help="train headless from a preset")
    t.add_argument("--config", help="preset file or shipped preset name (e.g. micro_gpt)")
    t.add_argument("--resume", metavar="RUN_DIR", help="continue this run in place")
    t.add_argument(
        "--checkpoint",
        metavar="NAME",
        help="with --resume: the checkpoint to continue from, a file in RUN_DIR/checkpoints "
        "or a step number (default: the newest that can be read)",
    )
    t.add_argument(
        "--steps",
        type=int,
        help="stop after this many optimizer steps over all stages (a resumed run keeps it)",
    )
    t.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a config value after the preset, e.g. training.seed=1",
    )
    t.add_argument(
        "--model",
        metavar="FOLDER",
        help="train a model of yours instead of the preset's: a Hugging Face folder on this "
        "computer (grpo-studio models lists those it finds)",
    )
    t.add_argument(
        "--lora",
        action="store_true",
        help="with --model: train small LoRA adapters beside the frozen weights",
    )
    t.add_argument("--save_dir", help="folder that holds runs (default: user data directory)")
    t.add_argument("--data_path", help="the user's data file or folder (sets data.path)")
    t.add_argument("--device", choices=["auto", "cpu", "cuda"], help="where to train")
    t.add_argument(
        "--amp",
        nargs="?",
        const="bf16",
        choices=["off", "bf16", "fp16"],
        help="mixed precision (bare --amp: bf16)",
    )
    t.add_argument(
        "--memory_budget",
        metavar="SIZE",
        help="fit the run into this much memory (4GB, 6 GB, 512MB, or free: what the GPU "
        "has free, on the CPU the RAM available); sets training.memory_budget",
    )
    t.add_argument(
        "--allow-code",
        dest="allow_code",
        action="append",
        default=[],
        metavar="FILE.py",
        help="let the reward function the preset names (task.user_reward) run from this file",
    )
    t.add_argument(
        "--estimate",
        action="store_true",
        help="measure a few steps on this machine, print how long the run would take and "
        "what would shorten it, and exit without training (nothing is written)",
    )
    t.add_argument(
        "--no-estimate",
        dest="no_estimate",
        action="store_true",
        help="skip the estimate line printed before training (a few seconds of measuring)",
    )
    t.add_argument(
        "--time_budget",
        metavar="DURATION",
        help="fit the run into this much time on this machine (30min, 1h, 90s; a plain "
        "number is seconds); sets run.time_budget",
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=cmd_train)


def _train_overrides(args: argparse.Namespace) -> list[str]:
    overrides = list(args.overrides)
    if args.steps is not None:
        overrides.append(f"run.max_steps={args.steps}")
    if args.save_dir:
        overrides.append(f"run.save_dir={args.save_dir}")
    if args.data_path:
        overrides.append(f"data.path={args.data_path}")
    if args.device:
        overrides.append(f"training.device={args.device}")
    if args.amp:
        overrides.append(f"training.amp={args.amp}")
    if args.memory_budget is not None:
        overrides.append(f"training.memory_budget={args.memory_budget}")
    if args.time_budget is not None:
        overrides.append(f"run.time_budget={args.time_budget}")
    return overrides


def _model_overrides(args: argparse.Namespace) -> list[str]:
    """--model FOLDER [--lora]: the preset's model section replaced by that folder's (a
    causal LM's or a translator's, by what it holds; a translator's pair as the task's
    languages), before the --set overrides; refused when the preset's task cannot train it."""
    from studio.core.catalogue import load_config, model_of_yours

    if not args.model:
        return []
    task = load_config(args.config).task.NAME
    settings = model_of_yours(args.model, lora=args.lora, task=task)
    return [f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in settings.items()]


def _check_options(args: argparse.Namespace) -> None:
    """Refuse options that would be ignored or cannot work, before anything loads."""
    if args.resume and args.config:
        raise UsageError(
            "--config and --resume together: a resumed run keeps the config it was started "
            "with; drop --config (change a setting with --set KEY=VALUE)"
        )
    if not args.resume and not args.config:
        raise UsageError(
            "train needs --config PRESET (or --resume RUN_DIR); "
            f"see `{PROG} presets` for the shipped presets"
        )
    if args.checkpoint and not args.resume:
        raise UsageError(
            "--checkpoint goes with --resume RUN_DIR (the checkpoint to continue from)"
        )
    if args.estimate and args.resume:
        raise UsageError(
            "--estimate goes with --config PRESET (a run not started yet); a resumed run's "
            "progress line shows the time it has left"
        )
    if args.estimate and args.no_estimate:
        raise UsageError("--estimate and --no-estimate together: drop one of them")
    if args.lora and not args.model:
        raise UsageError("--lora goes with --model FOLDER (a model of yours to train)")
    if args.model and args.resume:
        raise UsageError(
            "--model and --resume together: a resumed run keeps the model it was started "
            "with; drop --model"
        )
    if args.steps is not None and args.steps < 1:
        raise UsageError(f"--steps: must be a positive number of steps, got {args.steps}")


def cmd_train(args: argparse.Namespace) -> int:
    from studio.core.catalogue import load_config
    from studio.core.machine import distributed
    from studio.core.machine.device import resolve_device
    from studio.core.runs.resume import resume_config
    from studio.core.tasks.user_reward import look_beside

    _check_options(args)
    overrides = _model_overrides(args) + _train_overrides(args)
    if args.resume:
        cfg = resume_config(Path(args.resume), overrides)
    else:
        cfg = load_config(args.config, overrides)
        look_beside(args.config)  # the preset's own reward file may sit beside it
    _allow_code(cfg, args.allow_code)
    # under torchrun (RANK and WORLD_SIZE set) this joins the process group; else nothing
    with distributed.process_group(resolve_device(cfg.training.device)) as dist:
        return _train(cfg, args, dist)


def _allow_code(cfg: StudioConfig, files: list[str]) -> None:
    """A preset naming the user's reward function runs code: only from a file allowed with
    --allow-code (a preset can come from anyone, so naming the code in it is not consent).
    An --allow-code the run does not need is refused, not ignored."""
    from studio.core.tasks.user_reward import (
        allow_user_code,
        check_user_code,
        user_code_file,
        user_reward_spec,
    )

    spec = user_reward_spec(cfg.task)
    needed = user_code_file(spec) if spec else None
    for name in files:
        if allow_user_code(name) != needed:
            raise UsageError(
                f"--allow-code {name}: this run names no code in that file "
                f"(task.user_reward: {spec or 'not set'}); drop the option"
            )
    check_user_code(cfg.task)


def _train(cfg: StudioConfig, args: argparse.Namespace, dist: Dist) -> int:
    from studio.core.training.loop.control import TrainerControl
    from studio.core.training.loop.trainer import Trainer

    control = TrainerControl()
    main_rank = dist.is_main  # the other ranks train in silence
    listeners = [] if args.quiet or not main_rank else [Progress()]
    trainer = Trainer(
        cfg,
        resume_from=Path(args.resume) if args.resume else None,
        resume_checkpoint=args.checkpoint,
        control=control,
        listeners=listeners,
        dist=dist,
    )
    if args.estimate:  # measured, printed, and nothing written
        print(_estimate(trainer).report())
        return 0
    try:
        run_dir = trainer.start()  # the run folder is made here, not by building the trainer
        if main_rank and not args.resume and not args.no_estimate and not dist.active:
            print(_estimate(trainer).line(), file=sys.stderr)
        fitted = trainer.time_estimate
        if main_rank and fitted is not None and fitted.fit is not None:
            print(fitted.fit.text(), file=sys.stderr)  # what run.time_budget changed, and why
        if main_rank:
            if trainer.task.report():  # the data as loaded, before any step trains on it
                print(trainer.task.report(), file=sys.stderr)
            if trainer.memory_fit is not None:  # what training.memory_budget changed, and why
                print(trainer.memory_fit.text(), file=sys.stderr)
            where = f" ({dist.world_size} processes)" if dist.active else ""
            print(f"run folder: {run_dir}{where}", file=sys.stderr)
        # torchrun passes a Ctrl-C on to every process (and may follow with SIGTERM): each
        # keeps stopping, so that all of them finish the step and rank 0 saves
        with StopOnSignal(control, announce=main_rank, escalate=not dist.active):
            final = trainer.run()
        if main_rank:
            print(f"{final['reason']} at step {final['step']}; run folder: {run_dir}")
    except KeyboardInterrupt:  # a second Ctrl-C, or one before the loop listens for it
        if main_rank:
            kept = _kept(trainer.run_dir) if trainer.run_dir else "no run folder was made"
            print(f"\n{PROG}: quit at once; {kept}", file=sys.stderr)
        return 130
    return 0


def _estimate(trainer: Trainer) -> TimeEstimate:
    """The run's time estimate: the one its time budget was fitted with, or one measured
    now. Its start counts from this process's start (imports, the data, the model)."""
    import time

    import psutil

    from studio.core.training.probes.time_probe import estimate_run

    if trainer.time_estimate is not None:
        return trainer.time_estimate
    started = time.time() - psutil.Process().create_time()
    return estimate_run(trainer.cfg, trainer.task, trainer.device, start_seconds=started)


class StopOnSignal:
    """Within this scope the first Ctrl-C (SIGINT) or SIGTERM (a desktop session ending, a
    batch scheduler) asks the trainer to stop at the last finished step and checkpoint;
    with `escalate`, a second one raises KeyboardInterrupt, to quit at once. The previous
    handlers are put back on leaving."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self, control: TrainerControl, *, announce: bool, escalate: bool) -> None:
        self.control = control
        self.announce = announce
        self.escalate = escalate
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> StopOnSignal:
        self._previous = {sig: signal.signal(sig, self._stop) for sig in self.SIGNALS}
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    def _stop(self, signum: int, frame: Any) -> None:
        if self.announce and not self.control.stop_requested:
            what = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
            again = " (Ctrl-C again quits at once)" if self.escalate else ""
            print(
                f"\n{what}: stopping at the last finished step and saving a checkpoint{again}",
                file=sys.stderr,
            )
        self.control.stop()
        if self.escalate:
            for sig in self.SIGNALS:
                signal.signal(sig, _quit_at_once)


def _quit_at_once(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _kept(run_dir: Path) -> str:
    """What a run quit at once still has: its last checkpoint, if any."""
    from studio.core.runs.checkpoints import latest_checkpoint

    found = latest_checkpoint(run_dir)
    if found is None:
        return f"{run_dir} has no checkpoint yet"
    return (
        f"{run_dir} keeps its last checkpoint, {found.name} "
        f"(resume: {PROG} train --resume {run_dir})"
    )
