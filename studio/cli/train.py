"""grpo-studio train: a preset (or a run to resume) trained headless, with a progress line;
Ctrl-C stops after the current step and saves a checkpoint. Under torchrun every process
runs this command and trains its share."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.cli.progress import Progress
from studio.cli.usage import PROG, UsageError

if TYPE_CHECKING:
    from studio.core.config import StudioConfig
    from studio.core.machine.distributed import Dist


def register(sub: argparse._SubParsersAction) -> None:
    t = sub.add_parser("train", help="train headless from a preset")
    t.add_argument("--config", help="preset file or shipped preset name (e.g. micro_gpt)")
    t.add_argument("--resume", metavar="RUN_DIR", help="continue this run in place")
    t.add_argument("--steps", type=int, help="cap the total optimizer steps over all stages")
    t.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a config value after the preset, e.g. training.seed=1",
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
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=cmd_train)


def _train_overrides(args: argparse.Namespace) -> list[str]:
    overrides = list(args.overrides)
    if args.save_dir:
        overrides.append(f"run.save_dir={args.save_dir}")
    if args.data_path:
        overrides.append(f"data.path={args.data_path}")
    if args.device:
        overrides.append(f"training.device={args.device}")
    if args.amp:
        overrides.append(f"training.amp={args.amp}")
    return overrides


def cmd_train(args: argparse.Namespace) -> int:
    from studio.core.config import load_config
    from studio.core.machine import distributed
    from studio.core.machine.device import resolve_device
    from studio.core.runs.loading import load_run_config

    overrides = _train_overrides(args)
    if args.resume:
        cfg = load_run_config(Path(args.resume), overrides)
    elif args.config:
        cfg = load_config(args.config, overrides)
    else:
        raise UsageError(
            "train needs --config PRESET (or --resume RUN_DIR); "
            f"see `{PROG} presets` for the shipped presets"
        )
    # under torchrun (RANK and WORLD_SIZE set) this joins the process group; else nothing
    with distributed.process_group(resolve_device(cfg.training.device)) as dist:
        return _train(cfg, args, dist)


def _train(cfg: StudioConfig, args: argparse.Namespace, dist: Dist) -> int:
    from studio.core.training.control import TrainerControl
    from studio.core.training.trainer import Trainer

    control = TrainerControl()
    main_rank = dist.is_main  # the other ranks train in silence
    listeners = [] if args.quiet or not main_rank else [Progress()]
    trainer = Trainer(
        cfg,
        resume_from=Path(args.resume) if args.resume else None,
        control=control,
        listeners=listeners,
        dist=dist,
    )
    run_dir = trainer.start()  # the run folder is made here, not by building the trainer
    if main_rank:
        if trainer.task.report():  # the data as loaded, before any step trains on it
            print(trainer.task.report(), file=sys.stderr)
        where = f" ({dist.world_size} processes)" if dist.active else ""
        print(f"run folder: {run_dir}{where}", file=sys.stderr)

    def on_signal(signum: int, frame: Any) -> None:
        if not control.stop_requested and main_rank:
            print(
                "\nstopping after this step and saving a checkpoint"
                + ("" if dist.active else " (Ctrl-C again quits at once)"),
                file=sys.stderr,
            )
        control.stop()
        if not dist.active:
            signal.signal(signal.SIGINT, signal.default_int_handler)

    # torchrun passes a Ctrl-C on to every process (and may follow with SIGTERM): each
    # keeps its handler so that all of them finish the step and rank 0 saves
    handled = [signal.SIGINT, signal.SIGTERM] if dist.active else [signal.SIGINT]
    previous = {sig: signal.signal(sig, on_signal) for sig in handled}
    try:
        final = trainer.run(max_steps=args.steps)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if main_rank:
        print(f"{final['reason']} at step {final['step']}; run folder: {run_dir}")
    return 0
