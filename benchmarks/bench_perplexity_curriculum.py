"""Does a curriculum by the model's own perplexity help? The same budget with and without.

For each seed it trains the preset twice with the same steps (the warm-up's early stop
off, so both arms get the same number of warm-up steps): once without a curriculum, once
with curriculum.difficulty "perplexity" (curriculum.stages equal shares of a seeded
sample of curriculum.pool training examples, scored by the model at every stage, the
warm-up paced by equal shares of its steps, GRPO by the reward rule). Each run is then
evaluated on the held-out TEST split, for the checkpoint GRPO started from
(checkpoints/grpo_start.pt) and the final one. It prints a markdown table with the
scoring's cost (examples scored, seconds) and each run's curriculum log.

    OMP_NUM_THREADS=1 python benchmarks/bench_perplexity_curriculum.py --seeds 0 1
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import torch
from bench_learning import train_and_test


def one_run(preset: str, seed: int, overrides: list[str], out: Path, limit: int) -> dict:
    run = train_and_test(preset, seed, overrides, out, limit)
    trainer, records, steps = run.trainer, run.records, run.steps
    metric = trainer.task.EVAL_METRIC
    before, after, wall = run.before, run.after, run.wall
    ppl = trainer.ppl
    grpo_stages = [
        r["curriculum/stage"] for r in steps if "curriculum/stage" in r and r["stage"] == "grpo"
    ]
    return {
        "seed": seed,
        "arm": "perplexity" if ppl is not None else "none",
        "run_dir": trainer.run_dir,
        "metric": metric,
        "wall": wall,
        "warm_steps": sum(1 for r in steps if r["stage"] == "warmup"),
        "grpo_steps": sum(1 for r in steps if r["stage"] == "grpo"),
        "before": before[metric],
        "after": after[metric],
        "scored": ppl.scored if ppl is not None else 0,
        "scoring_s": ppl.seconds if ppl is not None else 0.0,
        "grpo_stage": int(max(grpo_stages)) + 1 if grpo_stages else None,
        "logs": [
            f"{r['step']}: {r['message']}"
            for r in records
            if r["kind"] == "log" and r["message"].startswith("curriculum:")
        ],
        "curve": [
            (r["step"], r["stage"], r[f"eval/{metric}"]) for r in records if r["kind"] == "eval"
        ],
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="micro_gpt")
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--warmup-steps", type=int, default=250)
    p.add_argument("--grpo-steps", type=int, default=150)
    p.add_argument("--stages", type=int, default=5)
    p.add_argument("--pool", type=int, default=2000)
    p.add_argument("--set", dest="overrides", action="append", default=[])
    p.add_argument("--limit", type=int, default=500, help="test examples evaluated")
    p.add_argument("--out", default="benchmarks/out/perplexity_curriculum")
    args = p.parse_args()
    torch.set_num_threads(1)
    common = [
        f"stages.warmup.steps={args.warmup_steps}",
        "stages.warmup.stop_at=null",  # the same warm-up steps in both arms
        "stages.warmup.patience=0",
        f"stages.grpo.steps={args.grpo_steps}",
        "training.threads=1",
        "training.device=cpu",
        *args.overrides,
    ]
    with_curriculum = [
        "curriculum.enabled=true",
        "curriculum.difficulty=perplexity",
        f"curriculum.stages={args.stages}",
        f"curriculum.pool={args.pool}",
    ]
    load = os.getloadavg()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    rows = []
    for seed in args.seeds:  # the arms alternate, so a busier spell hits both alike
        for arm in ([], with_curriculum):
            rows.append(one_run(args.preset, seed, [*common, *arm], Path(args.out), args.limit))
    end_load = os.getloadavg()

    metric = rows[0]["metric"]
    scale = 100 if metric in ("accuracy", "success") else 1  # points
    print(f"\ncommand: OMP_NUM_THREADS=1 python {' '.join(sys.argv)}")
    print(
        f"date {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit}, 1 torch thread, "
        f"load average {load[0]:.1f} at the start, {end_load[0]:.1f} at the end\n"
    )
    print(
        f"| seed | curriculum | warm-up steps | test {metric} after warm-up | GRPO steps | "
        f"test {metric} after GRPO | GRPO stage reached | examples scored | scoring s | "
        "total s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        reached = f"{r['grpo_stage']} of {args.stages}" if r["arm"] != "none" else "—"
        print(
            f"| {r['seed']} | {r['arm']} | {r['warm_steps']} | {r['before'] * scale:.1f} | "
            f"{r['grpo_steps']} | {r['after'] * scale:.1f} | {reached} | {r['scored']:,} | "
            f"{r['scoring_s']:.1f} | {r['wall']:.0f} |"
        )
    for arm in ("none", "perplexity"):
        mine = [r for r in rows if r["arm"] == arm]
        before = sum(r["before"] for r in mine) / len(mine) * scale
        after = sum(r["after"] for r in mine) / len(mine) * scale
        print(f"\nmean over seeds, {arm}: after warm-up {before:.1f}, after GRPO {after:.1f}")
    for r in rows:
        print(f"\nseed {r['seed']}, {r['arm']} ({r['run_dir']})")
        print(
            f"eval curve (step:stage:valid {metric}): "
            + ", ".join(f"{s}:{st[0]}:{v:.3f}" for s, st, v in r["curve"])
        )
        for line in r["logs"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
