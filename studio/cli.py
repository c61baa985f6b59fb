"""The command line: the studio's second front door to the same engine as the window.

grpo-studio                      open the studio window
grpo-studio train --config P     train headless (progress bar; Ctrl-C saves and exits);
                                 under torchrun, data-parallel over its processes
grpo-studio eval RUN_DIR         held-out metrics of a run's latest checkpoint
grpo-studio generate RUN_DIR T   completions of a prompt (Micro-GPT presets)
grpo-studio translate RUN_DIR S  translations (Tiny-Transformer presets; stdin with "-")
grpo-studio export RUN_DIR       an ONNX model of a run, verified against PyTorch
grpo-studio presets              the presets shipped with the studio
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studio.core.config import StudioConfig
    from studio.core.machine.distributed import Dist

PROG = "grpo-studio"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description="Train small models with GRPO.")
    sub = p.add_subparsers(dest="command")

    sub.add_parser("gui", help="open the studio window (the default)")
    sub.add_parser("presets", help="list the presets shipped with the studio")

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

    e = sub.add_parser("eval", help="held-out metrics of a run")
    e.add_argument("run_dir")
    e.add_argument("--split", default="test", choices=["valid", "test"])
    e.add_argument("--limit", type=int, default=1000, help="examples to evaluate")
    e.add_argument("--decoding", choices=["greedy", "beam"], help="default: the run's")

    g = sub.add_parser("generate", help="complete prompts with a run's model")
    g.add_argument("run_dir")
    g.add_argument("prompts", nargs="+")
    g.add_argument("--samples", type=int, default=1, help="completions per prompt")
    g.add_argument("--temperature", type=float, default=0.0, help="0: greedy")

    tr = sub.add_parser("translate", help="translate sentences with a run's model")
    tr.add_argument("run_dir")
    tr.add_argument("sentences", nargs="*", help='sentences; "-" or none reads stdin')
    tr.add_argument("--decoding", choices=["greedy", "beam"], default="greedy")
    tr.add_argument("--beam_size", type=int, default=4)
    x = sub.add_parser("export", help="export a run's model to ONNX, verified")
    x.add_argument("run_dir")
    x.add_argument("--out", help="output folder (default: RUN_DIR/exports)")
    x.add_argument("--int8", action="store_true", help="also write int8-quantized copies")
    return p


# ---- progress


class Progress:
    """One self-updating line on a terminal; a line every few seconds otherwise."""

    def __init__(self, stream: Any = sys.stderr) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last_print = 0.0
        self.last_eval = ""
        self.reward: float | None = None

    def __call__(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "eval":
            name = record["metric"]
            self.last_eval = f"{name} {record.get(f'eval/{name}', float('nan')):.3f}"
            self._line(f"eval at step {record['step']}: {self.last_eval}", final=True)
        elif kind == "step":
            self._step(record)
        elif kind == "stage":
            self._line(
                f"{record['stage']} {record['event']} at step {record['step']} "
                f"({record['reason']})",
                final=True,
            )
        elif kind == "log" and record["level"] != "info":
            self._line(f"{record['level']}: {record['message']}", final=True)
        elif kind == "done":
            self._line(f"done at step {record['step']}: {record['reason']}", final=True)

    def _step(self, r: dict[str, Any]) -> None:
        if "reward/mean" in r:
            self.reward = r["reward/mean"]
        step, total = r["step"], r["total_steps"]
        rate = step / r["elapsed"] if r.get("elapsed") else 0.0
        eta = (total - step) / rate if rate > 0 else 0.0
        width = 20
        filled = int(width * step / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        parts = [f"{r['stage']:6s} [{bar}] {step}/{total}", f"loss {r['loss']:.4f}"]
        if self.reward is not None and r["stage"] == "grpo":
            parts.append(f"reward {self.reward:.3f}")
        if self.last_eval:
            parts.append(self.last_eval)
        parts.append(f"{rate:.2f} steps/s ETA {int(eta // 60)}:{int(eta % 60):02d}")
        now = time.monotonic()
        if self.tty or now - self.last_print > 5 or step == total:
            self._line("  ".join(parts), final=not self.tty)
            self.last_print = now

    def _line(self, text: str, final: bool) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


# ---- commands


def cmd_presets(_: argparse.Namespace) -> int:
    from studio.core.config import load_config, preset_files

    for name, path in sorted(preset_files().items()):
        cfg = load_config(path)
        print(f"{name:18s} {cfg.name}: {cfg.description}")
    return 0


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
    if main_rank:
        where = f" ({dist.world_size} processes)" if dist.active else ""
        print(f"run folder: {trainer.run_dir}{where}", file=sys.stderr)

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
        print(f"{final['reason']} at step {final['step']}; run folder: {trainer.run_dir}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    import torch

    from studio.core.runs.loading import load_trained

    cfg, task, model = load_trained(Path(args.run_dir))
    with torch.no_grad():
        metrics = task.evaluate(
            model,
            split=args.split,
            limit=args.limit,
            decoding=args.decoding or cfg.eval.decoding,
            beam_size=cfg.eval.beam_size,
        )
    for name, value in metrics.items():
        print(f"{name}: {value:.4f}")
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    import torch

    from studio.core.runs.loading import load_trained
    from studio.core.tasks.base import Example, Sampling

    cfg, task, model = load_trained(Path(args.run_dir))
    greedy = args.temperature <= 0
    sampling = Sampling(
        temperature=1.0 if greedy else args.temperature,
        top_k=1 if greedy else cfg.grpo.top_k,
        top_p=cfg.grpo.top_p,
        max_new_tokens=cfg.grpo.max_new_tokens,
    )
    examples = [Example(prompt=p, display=p) for p in args.prompts]
    with torch.no_grad():
        rollout = task.rollout(model, examples, args.samples, sampling)
    for i, prompt in enumerate(args.prompts):
        for completion in rollout.completions[i * args.samples : (i + 1) * args.samples]:
            print(f"{prompt}{completion}")
    return 0


def cmd_translate(args: argparse.Namespace) -> int:
    from studio.core.runs.loading import load_trained

    cfg, task, model = load_trained(Path(args.run_dir))
    if cfg.task.NAME != "translation":
        raise UsageError(
            f"{args.run_dir} trained the {cfg.task.NAME} task, not translation; "
            f"use `{PROG} generate` for it"
        )
    from studio.core.tasks.translation.decoding import translate

    sentences = args.sentences
    if not sentences or sentences == ["-"]:
        sentences = [line.strip() for line in sys.stdin if line.strip()]
    for line in translate(model, task, sentences, decoding=args.decoding, beam_size=args.beam_size):
        print(line)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from studio.core.export.pipeline import export_run

    def progress(message: str, fraction: float) -> None:
        print(f"[{fraction:4.0%}] {message}", file=sys.stderr)

    result = export_run(
        Path(args.run_dir),
        Path(args.out) if args.out else None,
        quantize=args.int8,
        progress=progress,
    )
    print(result.summary)
    return 0


def cmd_gui(_: argparse.Namespace, argv: Sequence[str] = ()) -> int:
    from studio.app.main_window import run_app

    return run_app(list(argv))


class UsageError(ValueError):
    """The command line was used wrongly; the message says how to use it."""


COMMANDS = {
    "train": cmd_train,
    "eval": cmd_eval,
    "generate": cmd_generate,
    "translate": cmd_translate,
    "export": cmd_export,
    "presets": cmd_presets,
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    if args.command in (None, "gui"):
        return cmd_gui(args, [sys.argv[0]])
    try:
        return COMMANDS[args.command](args)
    except (ValueError, OSError) as err:
        # Config, data and run-folder problems carry messages written for the user.
        if os.environ.get("GRPO_STUDIO_DEBUG"):
            raise
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2


def gui_main() -> int:
    return cmd_gui(argparse.Namespace(), [sys.argv[0]])


if __name__ == "__main__":
    raise SystemExit(main())
