"""What cross-layer weight sharing (model.share_layers) costs and saves on a preset.

For each k it trains the preset with the same fixed budget (warm-up and GRPO step counts,
the warm-up's early stop off, so both sides train the same number of steps), then
reports the parameters, the weights' size (a state dict as torch.save writes it), the
checkpoint and the ONNX export's size, the median time of a warm-up and of a GRPO step,
and the held-out TEST metric after the warm-up and at the end. Run with one thread on a
quiet machine; the sides run one after the other in one sitting.

    python benchmarks/bench_share_layers.py --preset micro_gpt --share 1 2 \\
        --warmup 250 --grpo 60 --threads 1 --out /tmp/bench_share
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

import torch

from studio.core.catalogue import load_config
from studio.core.export.pipeline import export_run
from studio.core.models.micro_gpt import num_parameters
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer


def test_metric(run_dir: Path, checkpoint: Path | None, limit: int) -> float:
    cfg, task, model = load_trained(run_dir, checkpoint=checkpoint)
    metrics = task.evaluate(model, split="test", limit=limit)  # greedy
    return metrics[task.EVAL_METRIC]


def weights_bytes(model: torch.nn.Module) -> int:
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    return buffer.tell()


def one(args: argparse.Namespace, k: int) -> dict[str, float]:
    overrides = [
        f"model.share_layers={k}",
        f"stages.warmup.steps={args.warmup}",
        "stages.warmup.stop_at=null",
        f"stages.grpo.steps={args.grpo}",
        f"training.threads={args.threads}",
        "training.device=cpu",
        f"eval.every={args.eval_every}",
        "run.checkpoint_every=0",
        f"training.seed={args.seed}",
    ]
    trainer = Trainer(load_config(args.preset, overrides), save_dir=args.out / f"k{k}")
    started = time.perf_counter()
    trainer.run()
    total = time.perf_counter() - started
    run_dir = trainer.run_dir
    steps = [r for r in read_metrics(run_dir) if r["kind"] == "step"]
    step_ms = {
        stage: 1000 * statistics.median(r["time/step"] for r in steps if r["stage"] == stage)
        for stage in ("warmup", "grpo")
    }
    exported = export_run(run_dir)
    onnx_bytes = sum(f.stat().st_size for f in exported.files if f.suffix == ".onnx")
    return {
        "k": k,
        "params": num_parameters(trainer.model),
        "weights_mb": weights_bytes(trainer.model) / 1e6,
        "checkpoint_mb": latest_checkpoint(run_dir).stat().st_size / 1e6,
        "onnx_mb": onnx_bytes / 1e6,
        "onnx_checked": exported.verification.passed,
        "warmup_ms": step_ms["warmup"],
        "grpo_ms": step_ms["grpo"],
        "after_warmup": 100 * test_metric(run_dir, run_dir / "checkpoints" / "grpo_start.pt", 500),
        "final": 100 * test_metric(run_dir, None, 500),
        "total_s": total,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="micro_gpt")
    p.add_argument("--share", type=int, nargs="+", default=[1, 2])
    p.add_argument("--warmup", type=int, default=250)
    p.add_argument("--grpo", type=int, default=60)
    p.add_argument("--eval-every", type=int, default=100)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("/tmp/bench_share"))
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    print(
        "| k | parameters | weights MB | checkpoint MB | ONNX MB (checked) | warm-up step ms "
        "| GRPO step ms | test acc. after warm-up | test acc. after GRPO | total s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for k in args.share:
        r = one(args, k)
        print(
            f"| {r['k']} | {r['params']:,} | {r['weights_mb']:.2f} | {r['checkpoint_mb']:.2f} "
            f"| {r['onnx_mb']:.2f} ({'yes' if r['onnx_checked'] else 'NO'}) "
            f"| {r['warmup_ms']:.0f} | {r['grpo_ms']:.0f} | {r['after_warmup']:.1f} "
            f"| {r['final']:.1f} | {r['total_s']:.0f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
