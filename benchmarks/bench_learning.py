"""Does GRPO learn? Warm-up, then GRPO, on a preset, for several seeds, within a time budget.

For each seed it trains the preset headless, then evaluates on the held-out TEST split
both the checkpoint the GRPO stage started from (checkpoints/grpo_start.pt) and the
final one, and prints a markdown table plus each run's eval curve (valid split, as the
trainer logged it). `--control shuffled` repeats the runs with rewards shuffled within
each batch (the reward no longer says which sample was good), to show the reward and
not just sharper sampling does the work.

    python benchmarks/bench_learning.py --preset micro_gpt --seeds 0 1 --budget 600
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import torch

from studio.core.catalogue import load_config
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer


def test_metric(run_dir: Path, checkpoint: Path, limit: int) -> dict[str, float]:
    cfg, task, model = load_trained(run_dir, checkpoint=checkpoint)
    return task.evaluate(model, split="test", limit=limit, decoding=cfg.eval.decoding_of("test"))


@dataclass
class FinishedRun:
    """A preset trained headless for one seed, and its test metrics at both ends of GRPO."""

    trainer: Trainer
    records: list[dict]
    wall: float
    before: dict[str, float]  # checkpoints/grpo_start.pt
    after: dict[str, float]  # the last checkpoint

    @property
    def steps(self) -> list[dict]:
        return [r for r in self.records if r["kind"] == "step"]


def train_and_test(
    preset: str, seed: int, overrides: list[str], out: Path, limit: int
) -> FinishedRun:
    cfg = load_config(preset, [*overrides, f"training.seed={seed}"])
    started = time.perf_counter()
    trainer = Trainer(cfg, save_dir=out)
    trainer.run()
    wall = time.perf_counter() - started
    run_dir = trainer.run_dir
    before = test_metric(run_dir, run_dir / "checkpoints" / "grpo_start.pt", limit)
    after = test_metric(run_dir, latest_checkpoint(run_dir), limit)
    return FinishedRun(trainer, read_metrics(run_dir), wall, before, after)


def one_run(preset: str, seed: int, overrides: list[str], out: Path, limit: int) -> dict:
    run = train_and_test(preset, seed, overrides, out, limit)
    records, steps = run.records, run.steps
    metric = run.trainer.task.EVAL_METRIC
    ends = {r["stage"]: r for r in records if r["kind"] == "stage" and r["event"] == "end"}
    warm_wall = sum(r["time/step"] for r in steps if r["stage"] == "warmup")
    curve = [(r["step"], r["stage"], r[f"eval/{metric}"]) for r in records if r["kind"] == "eval"]
    return {
        "seed": seed,
        "run_dir": run.trainer.run_dir,
        "metric": metric,
        "wall": run.wall,
        "warm_steps": ends.get("warmup", {}).get("step", 0),
        "warm_wall": warm_wall,
        "grpo_steps": sum(1 for r in steps if r["stage"] == "grpo"),
        "before": run.before,
        "after": run.after,
        "curve": curve,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="micro_gpt")
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--set", dest="overrides", action="append", default=[])
    p.add_argument("--budget", type=float, default=600, help="seconds allowed per seed")
    p.add_argument("--limit", type=int, default=500, help="test examples evaluated")
    p.add_argument("--control", choices=["none", "shuffled"], default="none")
    p.add_argument("--out", default="benchmarks/out/learning")
    args = p.parse_args()
    torch.set_num_threads(torch.get_num_threads())
    overrides = list(args.overrides)
    if args.control == "shuffled":
        overrides.append("grpo.shuffle_rewards=true")
    rows = [one_run(args.preset, s, overrides, Path(args.out), args.limit) for s in args.seeds]

    metric = rows[0]["metric"]
    print(f"\ncommand: python {' '.join(sys.argv)}\n")
    print(
        f"| seed | warm-up steps | warm-up s | test {metric} after warm-up | GRPO steps | "
        f"test {metric} after GRPO | gain | total s | within budget |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    ok = True
    for r in rows:
        b, a = r["before"][metric], r["after"][metric]
        scale = 100 if metric in ("accuracy", "success") else 1  # points
        within = r["wall"] <= args.budget
        ok &= within
        print(
            f"| {r['seed']} | {r['warm_steps']} | {r['warm_wall']:.0f} | {b * scale:.1f} | "
            f"{r['grpo_steps']} | {a * scale:.1f} | {(a - b) * scale:+.1f} | "
            f"{r['wall']:.0f} | {'yes' if within else 'NO'} |"
        )
    for r in rows:
        extras = {k: round(v, 3) for k, v in r["after"].items() if k != metric}
        print(f"\nseed {r['seed']} ({r['run_dir']}): other test metrics after GRPO {extras}")
        print(
            "eval curve (step, stage, valid "
            + metric
            + "): "
            + ", ".join(f"{s}:{st[0]}:{v:.3f}" for s, st, v in r["curve"])
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
