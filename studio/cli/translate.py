"""grpo-studio translate: a Tiny-Transformer run's translations of sentences given as
arguments or on standard input."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studio.cli.usage import PROG, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    tr = sub.add_parser("translate", help="translate sentences with a run's model")
    tr.add_argument("run_dir")
    tr.add_argument("sentences", nargs="*", help='sentences; "-" or none reads stdin')
    tr.add_argument("--decoding", choices=["greedy", "beam"], default="greedy")
    tr.add_argument("--beam_size", type=int, default=4)
    tr.set_defaults(run=cmd_translate)


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
