"""grpo-studio prune: a trained run's weights cut to a target sparsity, by magnitude, into a
new run folder (the original is never changed), optionally fine-tuned with the masks held;
it prints the held-out metric before pruning, after it and after fine-tuning."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studio.cli.progress import Progress


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("prune", help="prune a run's smallest weights into a new run folder")
    p.add_argument("run_dir")
    p.add_argument(
        "--sparsity", type=float, required=True, help="share of the weights set to zero (0.8)"
    )
    p.add_argument(
        "--finetune-steps",
        dest="finetune_steps",
        type=int,
        default=0,
        help="then train this many steps with the pruned weights held at zero (default 0)",
    )
    p.add_argument(
        "--finetune-stage",
        dest="finetune_stage",
        choices=["warmup", "grpo"],
        default="warmup",
        help="the stage fine-tuning trains (default: the supervised warm-up)",
    )
    p.add_argument(
        "--scope",
        choices=["layer", "global"],
        default="layer",
        help="the same share of each layer (default), or the smallest of all together",
    )
    p.add_argument("--embeddings", action="store_true", help="prune the embedding tables too")
    p.add_argument("--save_dir", help="folder for the new run (default: beside RUN_DIR)")
    p.add_argument("--quiet", action="store_true", help="no progress bar while fine-tuning")
    p.set_defaults(run=cmd_prune)


def cmd_prune(args: argparse.Namespace) -> int:
    from studio.core.training.tools.prune import prune_run

    result = prune_run(
        Path(args.run_dir),
        args.sparsity,
        finetune_steps=args.finetune_steps,
        stage=args.finetune_stage,
        scope=args.scope,
        embeddings=args.embeddings,
        save_dir=Path(args.save_dir) if args.save_dir else None,
        listeners=[] if args.quiet else [Progress()],
    )
    print(result.summary())
    print(f"export it: grpo-studio export {result.run_dir}", file=sys.stderr)
    return 0
