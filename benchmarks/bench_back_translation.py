"""More data from less: does back-translation raise test chrF when most pairs are missing?

From the built-in demo corpus (zh->en) a fifth of the pairs is kept as pairs (a TSV) and
the rest's English side becomes a file of target sentences alone. Each seed trains the
Tiny-Transformer's warm-up twice with the same budget (the same number of warm-up
steps, no early stop, no GRPO): once on the pairs alone, once with back-translation
(task.back_translation: a reverse model trains first, to the plateau of its own valid
chrF, and its synthetic pairs are mixed in, tagged, at most task.back_translation_share
of each batch). Both are scored on the same TEST split of real pairs.

    OMP_NUM_THREADS=1 python benchmarks/bench_back_translation.py --seeds 0 1

`--bt-set KEY=VALUE` changes the back-translation run only (a share, a weight, a
decoding to compare); `--only alone|bt` runs one condition (exploration).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from bench_learning import test_metric

from studio.core.catalogue import load_config
from studio.core.data.demo_corpus import demo_pairs
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.training.loop.trainer import Trainer


def write_data(out: Path, kept_share: float, most: int | None) -> tuple[Path, Path, int, int]:
    """The pairs file and the file of English sentences alone (at most `most` of them)."""
    pairs = demo_pairs()
    random.Random(0).shuffle(pairs)
    k = int(len(pairs) * kept_share)
    alone = pairs[k:] if most is None else pairs[k : k + most]
    data, mono = out / "pairs.tsv", out / "mono.en"
    data.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs[:k]), encoding="utf-8")
    mono.write_text("".join(f"{en}\n" for _, en in alone), encoding="utf-8")
    return data, mono, k, len(alone)


def one_run(seed: int, overrides: list[str], out: Path, limit: int) -> dict:
    cfg = load_config("tiny_transformer", [*overrides, f"training.seed={seed}"])
    started = time.perf_counter()
    trainer = Trainer(cfg, save_dir=out)
    trainer.run()
    wall = time.perf_counter() - started
    test = test_metric(trainer.run_dir, latest_checkpoint(trainer.run_dir), limit)
    made = trainer.task.back_translated
    print(f"seed {seed}: test {test}" + (f"; {made.summary()}" if made else ""), flush=True)
    return {"wall": wall, "test": test, "made": made}


def reverse_cell(made) -> str:
    if made is None:
        return ""
    chrf = f"{made.valid_chrf:.1f}" if made.valid_chrf is not None else "-"
    return f"{made.steps:,} steps, best {made.best_step:,}: chrF {chrf}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--kept", type=float, default=0.2, help="share of the pairs kept as pairs")
    p.add_argument("--steps", type=int, default=800, help="warm-up steps, both conditions")
    p.add_argument("--limit", type=int, default=1000, help="test pairs evaluated")
    p.add_argument("--out", default="benchmarks/out/back_translation")
    p.add_argument("--set", dest="overrides", action="append", default=[], help="smoke tests only")
    p.add_argument("--bt-set", dest="bt_overrides", action="append", default=[])
    p.add_argument("--only", choices=["alone", "bt"], help="run one condition")
    p.add_argument("--mono", type=int, help="at most this many sentences alone (default: all)")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data, mono, n_pairs, n_mono = write_data(out, args.kept, args.mono)
    budget = [
        f"data.path={data}",
        f"stages.warmup.steps={args.steps}",
        "stages.warmup.stop_at=null",  # the same budget for both: no early stop
        "stages.warmup.patience=0",
        "task.fit_to_data=false",  # which would change the budget with the data
        "data.valid_fraction=0.1",
        "data.test_fraction=0.1",
        "eval.every=200",
        "stages.grpo.steps=0",
        "run.checkpoint_every=0",
        *args.overrides,
    ]
    with_bt = [
        *budget,
        "task.back_translation=true",
        f"task.text_path={mono}",
        *args.bt_overrides,
    ]
    skipped = {"wall": 0.0, "test": {"chrf": float("nan"), "bleu": float("nan")}, "made": None}
    rows = []
    for seed in args.seeds:
        alone = skipped if args.only == "bt" else one_run(seed, budget, out, args.limit)
        bt = skipped if args.only == "alone" else one_run(seed, with_bt, out, args.limit)
        rows.append((seed, alone, bt))
    print(f"\ncommand: python {' '.join(sys.argv)}\n")
    print(f"{n_pairs:,} pairs kept as pairs, {n_mono:,} English sentences alone\n")
    print(
        "| seed | test chrF / BLEU, pairs alone | with back-translation | gain | "
        "synthetic pairs | reverse model (valid chrF) | wall s (alone, with) |"
    )
    print("|---|---|---|---|---|---|---|")
    for seed, alone, bt in rows:
        a, b, made = alone["test"], bt["test"], bt["made"]
        print(
            f"| {seed} | {a['chrf']:.1f} / {a['bleu']:.1f} | {b['chrf']:.1f} / {b['bleu']:.1f} "
            f"| {b['chrf'] - a['chrf']:+.1f} chrF | {len(made.pairs) if made else 0:,} "
            f"| {reverse_cell(made)} | {alone['wall']:.0f}, {bt['wall']:.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
