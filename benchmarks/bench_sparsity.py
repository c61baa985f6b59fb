"""What magnitude sparsification costs and saves (issue 18): metric, sizes and speed.

For each preset it trains a dense run and, with the same budget, runs pruned during
training (sparsity.target on the cubic ramp from --start to --end, per-layer), then prunes
the dense run after training (grpo-studio prune: at once, and with a short supervised
fine-tune, masks held). For every model it reports the sparsity reached, the parameters and
non-zero ones, the held-out TEST metric (accuracy or chrF, greedy), the checkpoint's size,
the ONNX export as written (pruned matrices as sparse initializers where smaller), the same
graphs dense and gzip-compressed, and the time to decode the export's held-out examples:
onnxruntime on the file as written and on a dense copy of it, and PyTorch.

    OMP_NUM_THREADS=1 python benchmarks/bench_sparsity.py --threads 1 --out /tmp/bench_sparsity

Budgets are short so that everything runs in about half an hour on a busy 2-core machine
(PLANS below; --scale shrinks them further for a smoke test).
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import torch
from onnx import numpy_helper

from studio.core.catalogue import load_config
from studio.core.export.adapters import adapter_for
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import open_runner, snippet_module
from studio.core.models.sparsity import zero_share
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.training.loop.trainer import Trainer
from studio.core.training.tools.prune import prune_run

# per preset: stage budgets, the during-training ramp, fine-tune steps, other settings
PLANS: dict[str, dict[str, Any]] = {
    "quick_micro_gpt": {  # the warm-up's early stop at 30% off: every model trains as long
        "warmup": 300,
        "grpo": 100,
        "start": 50,
        "end": 250,
        "finetune": 50,
        "seeds": [0],
        "set": ["stages.warmup.stop_at=null", "eval.every=0", "eval.size=200"],
    },
    "tiny_transformer": {  # shortened: the shipped warm-up is 3,000 steps of 32, then GRPO
        "warmup": 120,
        "grpo": 0,
        "start": 20,
        "end": 80,
        "finetune": 30,
        "seeds": [0],
        "set": ["stages.warmup.batch_size=16", "eval.every=0", "eval.size=100"],
    },
}
EXAMPLES = 20  # held-out examples decoded for the timings
REPEATS = 3  # timings: the median of this many


def test_metric(run_dir: Path, limit: int) -> float:
    cfg, task, model = load_trained(run_dir)
    found = task.evaluate(model, split="test", limit=limit)  # greedy
    value = found[task.EVAL_METRIC]
    return 100 * value if task.EVAL_METRIC == "accuracy" else value


def densified(path: Path) -> bytes:
    """An ONNX file with its sparse initializers made dense again."""
    proto = onnx.load(str(path))
    graph = proto.graph
    for sparse in graph.sparse_initializer:
        values = numpy_helper.to_array(sparse.values)
        dense = np.zeros(int(np.prod(sparse.dims)), dtype=values.dtype)
        dense[numpy_helper.to_array(sparse.indices)] = values
        graph.initializer.append(
            numpy_helper.from_array(dense.reshape(tuple(sparse.dims)), sparse.values.name)
        )
    del graph.sparse_initializer[:]
    return proto.SerializeToString()


def median_seconds(work: Any) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(run_dir: Path, out: Path, limit: int) -> dict[str, Any]:
    cfg, task, model = load_trained(run_dir)
    arch = cfg.model.ARCH
    zeros, prunable = zero_share(model)
    params = sum(p.numel() for p in model.parameters())
    nonzero = sum(int((p != 0).sum()) for p in model.parameters())
    exported = export_run(run_dir, out / "export", seed=0)
    graphs = [out / "export" / n for n in snippet_module(arch).FILES.values()]
    dense_dir = out / "dense"
    shutil.copytree(out / "export", dense_dir, dirs_exist_ok=True)
    dense_bytes = gz_bytes = 0
    for path in graphs:
        data = densified(path)
        (dense_dir / path.name).write_bytes(data)
        dense_bytes += len(data)
        gz_bytes += len(gzip.compress(data, compresslevel=6))
    adapter = adapter_for(task, model, EXAMPLES)
    as_written, dense = open_runner(arch, out / "export"), open_runner(arch, dense_dir)
    assert adapter.onnx_outputs(as_written) == adapter.onnx_outputs(dense)  # same answers
    with torch.no_grad():
        torch_s = median_seconds(lambda: adapter.torch_outputs(model))
    return {
        "sparsity": zeros / prunable,
        "params": params,
        "nonzero": nonzero,
        "metric": test_metric(run_dir, limit),
        "checkpoint_mb": latest_checkpoint(run_dir).stat().st_size / 1e6,
        "onnx_mb": sum(p.stat().st_size for p in graphs) / 1e6,
        "sparse_matrices": exported.sparsity.matrices if exported.sparsity else 0,
        "dense_mb": dense_bytes / 1e6,
        "gzip_mb": gz_bytes / 1e6,
        "ort_s": median_seconds(lambda: adapter.onnx_outputs(as_written)),
        "ort_dense_s": median_seconds(lambda: adapter.onnx_outputs(dense)),
        "torch_s": torch_s,
    }


def row(preset: str, seed: int, condition: str, r: dict[str, Any]) -> str:
    return (
        f"| {preset} | {seed} | {condition} | {r['sparsity']:.0%} | {r['params']:,} "
        f"| {r['nonzero']:,} | {r['metric']:.1f} | {r['checkpoint_mb']:.2f} "
        f"| {r['onnx_mb']:.2f} ({r['sparse_matrices']}) | {r['dense_mb']:.2f} "
        f"| {r['gzip_mb']:.2f} | {r['ort_s']:.3f} / {r['ort_dense_s']:.3f} | {r['torch_s']:.3f} |"
    )


def run_preset(preset: str, seed: int, args: argparse.Namespace) -> None:
    plan = PLANS[preset]
    scale = args.scale
    warmup, grpo = max(round(plan["warmup"] * scale), 1), round(plan["grpo"] * scale)
    start, end = round(plan["start"] * scale), round(plan["end"] * scale)
    finetune = max(round(plan["finetune"] * scale), 1)
    base = [
        f"stages.warmup.steps={warmup}",
        f"stages.grpo.steps={grpo}",
        f"training.threads={args.threads}",
        "training.device=cpu",
        f"training.seed={seed}",
        "run.checkpoint_every=0",
        "run.probe_every=0",
        *plan["set"],
    ]
    root = args.out / f"{preset}-s{seed}"

    def train(name: str, extra: list[str]) -> Path:
        started = time.perf_counter()
        trainer = Trainer(load_config(preset, [*base, *extra]), save_dir=root / name)
        trainer.run()
        print(f"  trained {name} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        return trainer.run_dir

    def report(condition: str, run_dir: Path) -> None:
        r = measure(run_dir, root / f"{condition.replace(' ', '_')}-files", args.limit)
        print(row(preset, seed, condition, r), flush=True)

    dense = train("dense", [])
    report("dense", dense)
    for level in args.levels:
        ramp = [
            f"sparsity.target={level}",
            f"sparsity.start_step={start}",
            f"sparsity.end_step={end}",
            "sparsity.every=10",
        ]
        report(f"during {level:.0%}", train(f"during{level}", ramp))
    for level in args.levels:
        pruned = prune_run(dense, level, save_dir=root / f"after{level}")
        report(f"after {level:.0%}", pruned.run_dir)
        tuned = prune_run(dense, level, finetune_steps=finetune, save_dir=root / f"tuned{level}")
        report(f"after {level:.0%} + {finetune} steps", tuned.run_dir)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--presets", nargs="+", default=list(PLANS), choices=list(PLANS))
    p.add_argument("--levels", type=float, nargs="+", default=[0.5, 0.8, 0.9])
    p.add_argument("--seeds", type=int, nargs="+", help="default: each preset's own (PLANS)")
    p.add_argument("--limit", type=int, default=200, help="held-out TEST examples")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--scale", type=float, default=1.0, help="multiply every step budget")
    p.add_argument("--out", type=Path, default=Path("/tmp/bench_sparsity"))
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    shutil.rmtree(args.out, ignore_errors=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    started = time.perf_counter()
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit}, load average "
        f"{os.getloadavg()[0]:.1f}, {args.threads} torch thread(s)"
    )
    print(
        "| preset | seed | model | sparsity | parameters | non-zero | test metric "
        "| checkpoint MB | ONNX MB as written (sparse matrices) | ONNX MB dense | dense, gzip MB "
        "| ORT decode s (as written / dense) | PyTorch decode s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for preset in args.presets:
        for seed in args.seeds or PLANS[preset]["seeds"]:
            run_preset(preset, seed, args)
    print(
        f"whole benchmark: {time.perf_counter() - started:.0f} s, load average "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
