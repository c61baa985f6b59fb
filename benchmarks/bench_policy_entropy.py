"""The policy's entropy at GRPO's start, as grpo.unsure_temperature measures it.

For each run folder, the model of checkpoints/grpo_start.pt is sampled at temperature 1
(grpo.num_generations samples of each of 64 training prompts, drawn with the run's seed,
studio.core.training.steps.unsure_temperature) and its mean entropy printed, in nats a sampled
token, with the temperature GRPO would then sample at.

    OMP_NUM_THREADS=1 python benchmarks/bench_policy_entropy.py RUN_DIR [RUN_DIR ...]

Run it from the folder the runs' data paths are relative to.
"""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import replace
from pathlib import Path

from studio.core.runs.checkpoints import CHECKPOINT_DIR
from studio.core.runs.loading import load_trained
from studio.core.training.steps.unsure_temperature import choose_temperature, policy_entropy


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", type=Path)
    p.add_argument("--unsure", type=float, default=0.7, help="grpo.unsure_temperature")
    args = p.parse_args()
    for run_dir in args.runs:
        start = run_dir / CHECKPOINT_DIR / "grpo_start.pt"
        cfg, task, model = load_trained(run_dir, checkpoint=start)
        entropy = policy_entropy(
            task,
            model,
            cfg.grpo,
            cfg.stages.grpo.batch_size,
            contextlib.nullcontext(),
            cfg.training.seed,
        )
        choice = choose_temperature(replace(cfg.grpo, unsure_temperature=args.unsure), entropy)
        print(f"{run_dir}: {choice.message()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
