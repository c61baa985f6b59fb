"""Both directions in one model against two single-direction models, same total budget.

On the built-in demo corpus (zh<->en) it warms up a zh->en model and an en->zh model for
`--steps` steps each, and one both-ways model (task.both_directions) for twice as many,
then scores each direction on the same TEST pairs (corpus chrF and BLEU, greedy).

    OMP_NUM_THREADS=1 python benchmarks/bench_directions.py --seeds 0 --steps 800
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import torch

from studio.core.catalogue import load_config
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.training.loop.trainer import Trainer


def train(seed: int, steps: int, overrides: list[str], out: Path, limit: int) -> dict:
    budget = [
        f"stages.warmup.steps={steps}",
        "stages.warmup.stop_at=null",
        "stages.warmup.patience=0",
        "stages.grpo.steps=0",
        "run.checkpoint_every=0",
        f"training.seed={seed}",
        *overrides,
    ]
    started = time.perf_counter()
    trainer = Trainer(load_config("tiny_transformer", budget), save_dir=out)
    trainer.run()
    wall = time.perf_counter() - started
    cfg, task, model = load_trained(trainer.run_dir, checkpoint=latest_checkpoint(trainer.run_dir))
    with torch.no_grad():
        ways = task.evaluate_directions(model, split="test", limit=limit)  # greedy
    print(f"seed {seed}, {' '.join(overrides) or 'zh->en'}: {ways}", flush=True)
    return {"wall": wall, "ways": ways}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0])
    p.add_argument("--steps", type=int, default=800, help="warm-up steps per direction")
    p.add_argument("--limit", type=int, default=500, help="test pairs evaluated")
    p.add_argument("--out", default="benchmarks/out/directions")
    p.add_argument("--set", dest="overrides", action="append", default=[], help="smoke tests only")
    args = p.parse_args()
    out = Path(args.out)
    rows = []
    for seed in args.seeds:
        zh_en = train(seed, args.steps, args.overrides, out, args.limit)
        en_zh = train(
            seed,
            args.steps,
            ["task.source_lang=en", "task.target_lang=zh", *args.overrides],
            out,
            args.limit,
        )
        both = train(
            seed, 2 * args.steps, ["task.both_directions=true", *args.overrides], out, args.limit
        )
        rows.append((seed, zh_en, en_zh, both))
    print(f"\ncommand: python {' '.join(sys.argv)}\n")
    print(
        "| seed | direction | single-direction model chrF / BLEU | both-ways model | difference |"
    )
    print("|---|---|---|---|---|")
    for seed, zh_en, en_zh, both in rows:
        for name, single in (("zh->en", zh_en), ("en->zh", en_zh)):
            s, b = single["ways"][name], both["ways"][name]
            print(
                f"| {seed} | {name} | {s['chrf']:.1f} / {s['bleu']:.1f} | "
                f"{b['chrf']:.1f} / {b['bleu']:.1f} | {b['chrf'] - s['chrf']:+.1f} chrF |"
            )
        walls = zh_en["wall"] + en_zh["wall"], both["wall"]
        print(f"| {seed} | wall s | {walls[0]:.0f} (both single models) | {walls[1]:.0f} | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
