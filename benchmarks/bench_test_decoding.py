"""Greedy decoding against beam search on the test split of finished translation runs.

For each run folder of bench_own_data.py (a run and its shuffled-reward control), the test
split is translated from the GRPO start (checkpoints/grpo_start.pt) and from the last
checkpoint, by each decoding asked for; one JSON line per evaluation: chrF, BLEU, length
ratio and the seconds it took.

    OMP_NUM_THREADS=1 python benchmarks/bench_test_decoding.py RUN_DIR [RUN_DIR ...] \
        --decodings greedy beam:4 beam:4:1.3

A decoding is `greedy` or `beam:K[:LP]` (K beams, LP the length normalisation's exponent,
task.beam_length_penalty; the run's own when left out).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.runs.checkpoints import CHECKPOINT_DIR, latest_checkpoint
from studio.core.runs.loading import load_trained


def parse_decoding(text: str) -> tuple[Decoding, float | None]:
    method, *numbers = text.split(":")
    if method == "greedy" and not numbers:
        return GREEDY_DECODING, None
    if method == "beam" and 1 <= len(numbers) <= 2:
        penalty = float(numbers[1]) if len(numbers) == 2 else None
        return Decoding.beam(int(numbers[0])), penalty
    raise argparse.ArgumentTypeError(f"{text}: give greedy or beam:K[:LP]")


def evaluate(run_dir: Path, checkpoint: Path, decodings: list[str], limit: int) -> list[dict]:
    _, task, model = load_trained(run_dir, checkpoint=checkpoint)
    own = task.cfg
    rows = []
    for text in decodings:
        decoding, penalty = parse_decoding(text)
        task.cfg = own if penalty is None else replace(own, beam_length_penalty=penalty)
        started = time.perf_counter()
        metrics = task.evaluate(model, split="test", limit=limit, decoding=decoding)
        seconds = time.perf_counter() - started
        rows.append(
            {"run": str(run_dir), "checkpoint": checkpoint.name, "decoding": text}
            | {k: round(v, 3) for k, v in metrics.items()}
            | {"seconds": round(seconds, 1)}
        )
    return rows


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", type=Path)
    p.add_argument("--decodings", nargs="+", default=["greedy", "beam:4"])
    p.add_argument("--limit", type=int, default=1000, help="test pairs evaluated")
    args = p.parse_args()
    for text in args.decodings:
        parse_decoding(text)  # a bad one before any evaluation
    for run_dir in args.runs:
        start = run_dir / CHECKPOINT_DIR / "grpo_start.pt"
        last = latest_checkpoint(run_dir)
        for checkpoint in (start, last):
            if checkpoint is None or not checkpoint.exists():
                continue
            for row in evaluate(run_dir, checkpoint, args.decodings, args.limit):
                print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
