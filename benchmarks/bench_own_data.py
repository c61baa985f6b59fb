"""Does GRPO learn on the user's own, realistic data with the defaults as shipped?

Writes a made-up corpus that behaves like real text (studio.core.data.realistic_corpus)
as a Tatoeba/Anki export (English, Chinese, attribution), gives it to the
Tiny-Transformer preset as data.path with nothing else set (so the columns are found by
script and the settings fitted to the data), and for each seed:

1. trains the warm-up until its patience ends it, then the GRPO stage;
2. the control: from the same checkpoint GRPO started from (checkpoints/grpo_start.pt),
   the GRPO stage again with grpo.shuffle_rewards (each sample gets another's reward);
3. evaluates on the TEST split the GRPO start and every kept GRPO checkpoint of both
   runs (`--set run.keep_checkpoints=N` keeps more): corpus chrF, BLEU and the
   output/reference length ratio.

    OMP_NUM_THREADS=1 python benchmarks/bench_own_data.py --seeds 0 --pairs 8000

`--data FILE` gives a real file instead (a Tatoeba export as it comes), with settings as a
user would give them: `--set task.source_lang=fr --set task.target_lang=en`.

On a machine too slow for the fitted warm-up, `--warmup-cap N` lowers its step cap
(applied after the fitted settings) and `--set stages.grpo.steps=N` shortens GRPO and
its control alike; the figures then answer a smaller question, and say so.
`--from-run RUN_DIR` reuses a finished run's warm-up: the GRPO stage and its control
start from its grpo_start.pt, `--seeds` then seeding GRPO's sampling only;
`--no-control` leaves the control out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import torch
from bench_learning import test_metric

from studio.core.catalogue import load_config
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
from studio.core.runs.checkpoints import CHECKPOINT_DIR, step_checkpoints, step_of
from studio.core.runs.folder import CONFIG_FILE, METRICS_FILE, TASK_FILE
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer


def start_copy(run_dir: Path, out: Path, suffix: str) -> Path:
    """A copy of the run up to the GRPO start, whose only checkpoint is grpo_start.pt."""
    copy = out / f"{run_dir.name}-{suffix}"
    (copy / CHECKPOINT_DIR).mkdir(parents=True)
    for name in (CONFIG_FILE, TASK_FILE, METRICS_FILE):
        shutil.copy(run_dir / name, copy / name)
    start = run_dir / CHECKPOINT_DIR / "grpo_start.pt"
    step = torch.load(start, weights_only=False)["position"]["global_step"]
    shutil.copy(start, copy / CHECKPOINT_DIR / f"step_{step:07d}.pt")
    shutil.copy(start, copy / CHECKPOINT_DIR / "grpo_start.pt")
    return copy


def control_folder(run_dir: Path, out: Path) -> Path:
    return start_copy(run_dir, out, "control")


def grpo_from(run_dir: Path, overrides: list[str]) -> float:
    """Train a run folder's GRPO stage on from its last checkpoint; the wall seconds."""
    started = time.perf_counter()
    Trainer(load_run_config(run_dir, overrides), resume_from=run_dir).run()
    return time.perf_counter() - started


def test_curve(run_dir: Path, limit: int) -> list[tuple[int, dict[str, float]]]:
    """Test metrics at every kept GRPO checkpoint (run.keep_checkpoints decides how many)."""
    start = torch.load(run_dir / CHECKPOINT_DIR / "grpo_start.pt", weights_only=False)
    first = start["position"]["global_step"]
    kept = [(step_of(p), p) for p in step_checkpoints(run_dir)]
    return [(s, test_metric(run_dir, p, limit)) for s, p in sorted(kept) if s and s > first]


def train_capped(
    preset: str, data: Path, seed: int, out: Path, overrides: list[str], warmup_cap: int | None
) -> Path:
    """Train `preset` on `data` (its report printed), the warm-up cut at `warmup_cap`
    steps after the settings fitted to the data (which set the warm-up's own cap)."""
    cfg = load_config(preset, [f"data.path={data}", f"training.seed={seed}", *overrides])
    trainer = Trainer(cfg, save_dir=out)
    if warmup_cap:
        warmup = trainer.cfg.stages.warmup
        warmup.steps = min(warmup.steps, warmup_cap)
    print(trainer.task.report(), flush=True)
    trainer.run()
    return trainer.run_dir


def train_or_reuse(
    preset: str,
    data: Path,
    seed: int,
    out: Path,
    overrides: list[str],
    warmup_cap: int | None,
    from_run: Path | None,
) -> Path:
    """A run of `preset` on `data` trained here (train_capped), or with `from_run` its GRPO
    stage again from that finished run's warm-up, with today's code; the run folder."""
    if from_run is None:
        return train_capped(preset, data, seed, out, overrides, warmup_cap)
    run_dir = start_copy(from_run, out, "grpo")
    grpo_from(run_dir, [f"training.seed={seed}", *overrides])
    return run_dir


def stage_times(steps: list[dict]) -> dict[str, float]:
    """Steps and seconds of each stage, from a run's step records."""
    out: dict[str, float] = {}
    for stage in ("warmup", "grpo"):
        ours = [r for r in steps if r["stage"] == stage]
        out[f"{stage}_steps"], out[f"{stage}_s"] = len(ours), sum(r["time/step"] for r in ours)
    return out


def one_seed(
    data: Path,
    seed: int,
    out: Path,
    limit: int,
    overrides: list[str],
    warmup_cap: int | None,
    from_run: Path | None,
    with_control: bool = True,
) -> dict:
    started = time.perf_counter()
    run_dir = train_or_reuse("tiny_transformer", data, seed, out, overrides, warmup_cap, from_run)
    wall = time.perf_counter() - started
    control = control_folder(run_dir, out) if with_control else None
    control_wall = grpo_from(control, ["grpo.shuffle_rewards=true"]) if control else 0.0
    records = read_metrics(run_dir)
    evals = [r for r in records if r["kind"] == "eval"]
    steps = [r for r in records if r["kind"] == "step"]

    def scores(curve: list[tuple[int, dict[str, float]]]) -> list[tuple]:
        return [
            (s, round(m["chrf"], 2), round(m["bleu"], 2), round(m["length_ratio"], 3))
            for s, m in curve
        ]

    grpo_curve = test_curve(run_dir, limit)
    control_curve = test_curve(control, limit) if control else []
    return {
        "seed": seed,
        "run_dir": str(run_dir),
        **stage_times(steps),
        "wall_s": wall,
        "control_wall_s": control_wall,
        "start": test_metric(run_dir, run_dir / CHECKPOINT_DIR / "grpo_start.pt", limit),
        "grpo": grpo_curve[-1][1],
        "control": control_curve[-1][1] if control_curve else None,
        "grpo_test_curve": scores(grpo_curve),
        "control_test_curve": scores(control_curve),
        "curve": [(r["step"], r["stage"], round(r["eval/chrf"], 1)) for r in evals],
        "ends": [r["reason"] for r in records if r["kind"] == "stage" and r["event"] == "end"],
        # what run.time_budget planned (the estimate shown before Start), when it has one
        "time_fit": next((r["time_fit"] for r in records if "time_fit" in r), None),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--pairs", type=int, default=8000, help="pairs in the made-up corpus")
    p.add_argument("--corpus_seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=1000, help="test pairs evaluated")
    p.add_argument("--out", default="benchmarks/out/own_data")
    p.add_argument("--data", type=Path, help="a real pair file instead of the made-up corpus")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        help="a setting as the user gives it (languages of --data; smoke tests)",
    )
    p.add_argument(
        "--warmup-cap", type=int, help="lower the fitted warm-up cap (a machine too slow)"
    )
    p.add_argument(
        "--from-run",
        type=Path,
        help="skip the warm-up: the GRPO stage and its control from this finished run's "
        "grpo_start.pt (its warm-up, with the seed and data it was trained on)",
    )
    p.add_argument(
        "--no-control",
        action="store_true",
        help="the GRPO stage only, without its shuffled-reward control (a setting's first look)",
    )
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data = args.data or write_tatoeba_file(
        out / f"cmn-{args.pairs}.txt", realistic_pairs(args.pairs, args.corpus_seed)
    )
    rows = []
    for seed in args.seeds:
        rows.append(
            one_seed(
                data,
                seed,
                out,
                args.limit,
                args.overrides,
                args.warmup_cap,
                args.from_run,
                with_control=not args.no_control,
            )
        )
        print(json.dumps({k: v for k, v in rows[-1].items() if k != "curve"}), flush=True)
    for r in rows:
        (out / f"seed{r['seed']}.json").write_text(json.dumps(r, indent=1), encoding="utf-8")
    print(f"\ncommand: python {' '.join(sys.argv)}\n")
    print(
        "| seed | warm-up steps (s) | GRPO steps (s) | test chrF / BLEU / len at GRPO start | "
        "after GRPO | after the shuffled-reward control | GRPO - start | GRPO - control | "
        "wall s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        s, g, c = r["start"], r["grpo"], r["control"]

        def cell(m):
            return f"{m['chrf']:.1f} / {m['bleu']:.1f} / {m['length_ratio']:.3f}" if m else "-"

        margin = f"{g['chrf'] - c['chrf']:+.1f} chrF" if c else "-"
        print(
            f"| {r['seed']} | {r['warmup_steps']} ({r['warmup_s']:.0f}) | {r['grpo_steps']} "
            f"({r['grpo_s']:.0f}) | {cell(s)} | {cell(g)} "
            f"| {cell(c)} | {g['chrf'] - s['chrf']:+.1f} chrF, {g['bleu'] - s['bleu']:+.1f} BLEU "
            f"| {margin} | {r['wall_s']:.0f} |"
        )
    for r in rows:
        fit = r["time_fit"]
        if fit is not None:
            print(
                f"\nseed {r['seed']}: time budget {fit['budget_s']:.0f} s, estimate before "
                f"Start {fit['before_s']:.0f} s, planned {fit['after_s']:.0f} s "
                f"({fit['changes']}); real wall {r['wall_s']:.0f} s, "
                f"{r['wall_s'] / fit['after_s']:.2f}x the plan"
            )
        print(f"\nseed {r['seed']}: stages ended {r['ends']}; valid chrF {r['curve']}")
        print(f"test (step, chrF, BLEU, len) at GRPO's kept checkpoints: {r['grpo_test_curve']}")
        print(f"and at the control's: {r['control_test_curve']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
