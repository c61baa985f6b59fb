"""Does GRPO learn the user's own prompts with the "Your own text" preset as shipped?

Gives the preset a real file nobody here wrote, as it comes: codespell's dictionary of
common misspellings (`misspelling->correction`, several corrections comma-separated),
read at run time from the path given with --data (codespell ships it as
codespell_lib/data/dictionary.txt; it is never copied into this repository). For each
seed it:

1. trains the preset with data.path set and nothing else (the settings fitted to the
   file: splits, max_len, max_new_tokens, the warm-up's cap), warm-up then GRPO;
2. the control: from the same checkpoint GRPO started from (checkpoints/grpo_start.pt),
   the GRPO stage again with grpo.shuffle_rewards (each sample gets another's reward);
3. evaluates on the TEST split the GRPO start, the end of GRPO and the end of the
   control: exact-answer accuracy (the greedy answer is one of the acceptable
   corrections) and mean sentence chrF.

    OMP_NUM_THREADS=1 python benchmarks/bench_own_text.py --seeds 0 1

On a machine too slow for the fitted warm-up, `--warmup-cap N` lowers its step cap
(applied after the fitted settings), and `--set KEY=VALUE` changes a setting for the
run and its control alike (`--set stages.grpo.steps=N`); the figures then answer a
smaller question, and say so. `--from-run RUN_DIR` reuses a finished run's warm-up: GRPO
and its control start from its grpo_start.pt under the run's resolved config, so a setting
the preset changed since is given again with --set.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench_learning import test_metric
from bench_own_data import control_folder, grpo_from, stage_times, train_or_reuse

from studio.core.runs.checkpoints import CHECKPOINT_DIR, latest_checkpoint
from studio.core.runs.metrics_file import read_metrics


def one_seed(
    data: Path,
    seed: int,
    out: Path,
    limit: int,
    overrides: list[str],
    warmup_cap: int | None,
    from_run: Path | None = None,
) -> dict:
    started = time.perf_counter()
    run_dir = train_or_reuse("own_text", data, seed, out, overrides, warmup_cap, from_run)
    wall = time.perf_counter() - started
    control = control_folder(run_dir, out)
    control_wall = grpo_from(control, ["grpo.shuffle_rewards=true", *overrides])
    records = read_metrics(run_dir)
    steps = [r for r in records if r["kind"] == "step"]
    evals = [r for r in records if r["kind"] == "eval"]
    return {
        "seed": seed,
        "run_dir": str(run_dir),
        **stage_times(steps),
        "wall_s": wall,
        "control_wall_s": control_wall,
        "start": test_metric(run_dir, run_dir / CHECKPOINT_DIR / "grpo_start.pt", limit),
        "grpo": test_metric(run_dir, latest_checkpoint(run_dir), limit),
        "control": test_metric(control, latest_checkpoint(control), limit),
        "curve": [(r["step"], r["stage"], round(100 * r["eval/accuracy"], 1)) for r in evals],
        "ends": [r["reason"] for r in records if r["kind"] == "stage" and r["event"] == "end"],
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument(
        "--data", type=Path, required=True, help="codespell's dictionary.txt, as it comes"
    )
    p.add_argument("--limit", type=int, default=1000, help="test prompts evaluated")
    p.add_argument("--out", default="benchmarks/out/own_text")
    p.add_argument("--set", dest="overrides", action="append", default=[])
    p.add_argument(
        "--warmup-cap", type=int, help="lower the fitted warm-up cap (a machine too slow)"
    )
    p.add_argument(
        "--from-run",
        type=Path,
        help="skip the warm-up: GRPO and its control from this finished run's grpo_start.pt "
        "(its resolved config: give --set for settings changed since)",
    )
    args = p.parse_args()
    if not args.data.is_file():
        print(f"{args.data}: not found; give --data the codespell dictionary", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for seed in args.seeds:
        rows.append(
            one_seed(
                args.data, seed, out, args.limit, args.overrides, args.warmup_cap, args.from_run
            )
        )
        print(json.dumps(rows[-1]), flush=True)
        (out / f"seed{seed}.json").write_text(json.dumps(rows[-1], indent=1), encoding="utf-8")
    print(f"\ncommand: OMP_NUM_THREADS=1 python {' '.join(sys.argv)}\n")
    print(
        "| seed | warm-up steps (s) | test exact / chrF at GRPO start | after GRPO | after the "
        "shuffled-reward control | GRPO - start | GRPO - control | run s | control s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        s, g, c = r["start"], r["grpo"], r["control"]

        def cell(m: dict) -> str:
            return f"{100 * m['accuracy']:.1f} / {m['chrf']:.1f}"

        print(
            f"| {r['seed']} | {r['warmup_steps']} ({r['warmup_s']:.0f}) | {cell(s)} | {cell(g)} "
            f"| {cell(c)} | {100 * (g['accuracy'] - s['accuracy']):+.1f} points "
            f"| {100 * (g['accuracy'] - c['accuracy']):+.1f} points | {r['wall_s']:.0f} "
            f"| {r['control_wall_s']:.0f} |"
        )
    for r in rows:
        print(f"\nseed {r['seed']}: stages ended {r['ends']}; valid accuracy {r['curve']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
