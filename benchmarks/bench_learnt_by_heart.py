"""How much better a finished translation run translates the pairs it trained on than new
ones: corpus chrF, BLEU and length ratio, greedy, on `--limit` pairs of the training split
(drawn at random, seed 0) and the first `--limit` of the valid and test splits.

GRPO draws its prompts from the training pairs; a wide gap says its reward mostly
describes sentences the warm-up already knows by heart.

    OMP_NUM_THREADS=1 python benchmarks/bench_learnt_by_heart.py RUN_DIR [--checkpoint FILE]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from studio.core.runs.checkpoints import CHECKPOINT_DIR
from studio.core.runs.loading import load_trained
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.rewards import corpus_metrics
from studio.core.tasks.translation.task import TranslationTask


def split_metrics(task: TranslationTask, model, limit: int) -> dict[str, dict[str, float]]:
    out = {}
    for split in ("train", "valid", "test"):
        pairs = task.splits[split]
        if split == "train" and len(pairs) > limit:
            pairs = random.Random(0).sample(pairs, limit)
        pairs = pairs[:limit]
        hyps = translate(model, task, [s for s, _ in pairs])  # greedy
        scores = corpus_metrics(hyps, [t for _, t in pairs], lang=task.cfg.target_lang)
        out[split] = {k: round(v, 2) for k, v in scores.items()} | {"pairs": len(pairs)}
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run_dir", type=Path)
    p.add_argument("--checkpoint", default="grpo_start.pt", help="a file in checkpoints/")
    p.add_argument("--limit", type=int, default=727, help="pairs of each split")
    args = p.parse_args()
    _, task, model = load_trained(
        args.run_dir, checkpoint=args.run_dir / CHECKPOINT_DIR / args.checkpoint
    )
    if not isinstance(task, TranslationTask):
        p.error(f"{args.run_dir}: not a translation run")
    print(json.dumps(split_metrics(task, model, args.limit)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
