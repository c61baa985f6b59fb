"""Learning from a bigger model (issue 18): a half-size student, with and without a teacher.

For each preset it trains a teacher once (the preset's model, a fixed supervised warm-up,
no GRPO), then, for each seed, a student with about half the teacher's parameters for
the same warm-up steps on the same examples: without a teacher ("none"), with the
teacher's soft targets ("soft": distill.weight 0.5 at temperature 2), and, when asked,
with the examples the teacher writes as well ("soft+written"), or with gentler soft
targets ("soft-t1": temperature 1; "light": weight 0.2 at temperature 1). Every run's
held-out TEST metric is computed from its final checkpoint (bench_learning.test_metric)
and printed as a markdown table, with the parameter counts and the warm-up's wall time
(a step with a teacher also runs the teacher's forward pass).

    OMP_NUM_THREADS=1 python benchmarks/bench_distill.py --presets micro_gpt tiny_transformer \\
        --seeds 0 1 --out /tmp/bench_distill

`--teacher PRESET=RUN_DIR` reuses a teacher trained before instead of training it again;
`--student-steps N` gives the students a longer (or shorter) warm-up than the preset's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import torch
from bench_learning import test_metric

from studio.core.catalogue import load_config
from studio.core.models.micro_gpt import num_parameters
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer


@dataclass(frozen=True)
class Budget:
    """A preset's share of the benchmark: the teacher's and the students' warm-up steps,
    and the overrides that make the student half the teacher's size."""

    teacher_steps: int
    student_steps: int
    student: tuple[str, ...]


BUDGETS = {
    # 6 -> 3 decoder blocks (the 16-token vocabulary keeps the embeddings small)
    "micro_gpt": Budget(400, 250, ("model.n_layers=3",)),
    # 4+4 -> 2+2 blocks: 54% of the parameters (the embeddings of the character and BPE
    # vocabularies stay whole)
    "tiny_transformer": Budget(600, 250, ("model.n_encoder_layers=2", "model.n_decoder_layers=2")),
}
# a fixed budget: no early stop, no GRPO, no evaluation but the stage's ends
FIXED = [
    "stages.grpo.steps=0",
    "stages.warmup.stop_at=null",
    "stages.warmup.patience=0",
    "eval.every=0",
    "eval.size=100",  # the trainer's own evaluations at the stage's ends (valid split)
    "run.checkpoint_every=0",
    "run.probe_every=0",
    "training.device=cpu",
]
CONDITIONS = {
    "none": [],
    "soft": ["distill.weight=0.5", "distill.temperature=2"],
    "soft+written": ["distill.weight=0.5", "distill.temperature=2", "distill.synthetic=2000"],
    # gentler soft targets: unsoftened, and a smaller share of the loss
    "soft-t1": ["distill.weight=0.5", "distill.temperature=1"],
    "light": ["distill.weight=0.2", "distill.temperature=1"],
}


@dataclass
class Result:
    preset: str
    seed: int | None  # None: the teacher
    condition: str
    run_dir: Path
    parameters: int
    steps: int
    warmup_s: float  # the steps' own time, evaluations not included
    metric: str
    test: float


def measured(preset: str, seed: int | None, condition: str, run_dir: Path, limit: int) -> Result:
    """What a finished run folder says: its size, steps, warm-up time and test metric."""
    _, task, model = load_trained(run_dir)
    steps = [r for r in read_metrics(run_dir) if r["kind"] == "step"]
    score = test_metric(run_dir, latest_checkpoint(run_dir), limit)
    return Result(
        preset,
        seed,
        condition,
        run_dir,
        num_parameters(model),
        len(steps),
        sum(r["time/step"] for r in steps),
        task.EVAL_METRIC,
        score[task.EVAL_METRIC],
    )


def one(
    preset: str, seed: int | None, condition: str, overrides: list[str], out: Path, limit: int
) -> Result:
    started = time.perf_counter()
    trainer = Trainer(load_config(preset, overrides), save_dir=out)
    trainer.run()
    r = measured(preset, seed, condition, trainer.run_dir, limit)
    print(
        f"  {preset} {condition} seed {seed}: {r.parameters:,} parameters, {r.steps} steps "
        f"in {r.warmup_s:.0f} s, test {r.metric} {r.test:.4g} "
        f"({time.perf_counter() - started:.0f} s in all; {r.run_dir})",
        file=sys.stderr,
        flush=True,
    )
    return r


def shown(result: Result) -> str:
    """Accuracy as a percentage, chrF as it is (0-100)."""
    value = result.test * 100 if result.metric == "accuracy" else result.test
    return f"{value:.1f}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--presets", nargs="+", default=list(BUDGETS), choices=list(BUDGETS))
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--conditions", nargs="+", default=["none", "soft"], choices=list(CONDITIONS))
    p.add_argument("--teacher", action="append", default=[], help="PRESET=RUN_DIR to reuse")
    p.add_argument("--limit", type=int, default=500, help="test examples evaluated")
    p.add_argument("--student-steps", type=int, help="the students' warm-up steps")
    p.add_argument("--out", default="benchmarks/out/distill")
    args = p.parse_args()
    torch.set_num_threads(1)
    reused = dict(t.split("=", 1) for t in args.teacher)
    out = Path(args.out)
    results: list[Result] = []
    for preset in args.presets:
        budget = BUDGETS[preset]
        if preset in reused:
            teacher = measured(preset, None, "teacher", Path(reused[preset]), args.limit)
        else:
            steps = f"stages.warmup.steps={budget.teacher_steps}"
            teacher = one(preset, None, "teacher", [*FIXED, steps], out / preset, args.limit)
        results.append(teacher)
        for seed in args.seeds:
            for condition in args.conditions:
                overrides = [
                    *FIXED,
                    *budget.student,
                    f"stages.warmup.steps={args.student_steps or budget.student_steps}",
                    f"training.seed={seed}",
                    *CONDITIONS[condition],
                ]
                if condition != "none":
                    overrides.append(f"distill.teacher={teacher.run_dir}")
                results.append(one(preset, seed, condition, overrides, out / preset, args.limit))

    print("| preset | run | seed | parameters | warm-up steps | warm-up s | test metric |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        seed = "" if r.seed is None else str(r.seed)
        print(
            f"| {r.preset} | {r.condition} | {seed} | {r.parameters:,} | {r.steps} | "
            f"{r.warmup_s:.0f} | {r.metric} {shown(r)} |"
        )
    for preset in args.presets:
        for condition in args.conditions:
            mine = [r for r in results if r.preset == preset and r.condition == condition]
            if mine:
                mean = statistics.mean(float(shown(r)) for r in mine)
                print(f"{preset} {condition}: mean test {mine[0].metric} {mean:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
