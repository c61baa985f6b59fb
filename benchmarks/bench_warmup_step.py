"""The Tiny-Transformer's warm-up step on real batches against its FLOP floor.

Loads a sentence-pair file as a user gives it (the settings fitted to it), draws real
warm-up batches two ways: `batch_size` pairs at random (stages.warmup.batch_tokens 0) and
pairs of like length filling a token budget (batch_tokens N), and for each reports:

- the step's time (median of `--steps`, after 3 not counted), on `--threads` threads;
- its floor: the matmul FLOPs of the REAL tokens (padding left out: it is work the step
  need not do) at this sitting's best (2048 x 2048) matmul rate, counted by hand as
  benchmarks/flops.py counts them (2 FLOPs a multiply-add, projections, attention
  products over real lengths, the output head; backward twice the forward);
- time / floor, real tokens (source and target) per second, and the share of padding;
- where the time goes: the step's operators by self CPU time (torch.profiler).

    OMP_NUM_THREADS=1 python benchmarks/bench_warmup_step.py \
        --data path/to/tatoeba-cmn-eng.tsv --tokens 800
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

import torch
from flops import matmul_gflops
from torch.profiler import ProfilerActivity, profile

from studio.core.catalogue import load_config
from studio.core.models.tiny_transformer import TinyTransformerConfig
from studio.core.tasks import build_task
from studio.core.tasks.base import Example
from studio.core.tasks.translation.task import TranslationTask
from studio.core.training.stages.plan import new_optimizer
from studio.core.training.steps.update import Learner, StepOptions
from studio.core.training.steps.warmup_step import supervised_step


def sentence_flops(cfg: TinyTransformerConfig, vocab: int, s: int, t: int) -> int:
    """Forward matmul FLOPs of one pair of s source and t target tokens (EOS and BOS in)."""
    d, f = cfg.d_model, cfg.d_ff
    block = 2 * d * d * 4 + 2 * 2 * d * f  # q, k, v, out; the feed-forward's two layers
    encoder = cfg.n_encoder_layers * (s * block + 2 * 2 * s * s * d)
    # self-attention block, cross q and out, the feed-forward; cross keys and values per
    # source token; attention over t targets and s sources
    per_target = block + 2 * d * d * 2
    decoder = cfg.n_decoder_layers * (
        t * per_target + s * 2 * d * 2 * d + 2 * 2 * t * t * d + 2 * 2 * t * s * d
    )
    return encoder + decoder + 2 * d * vocab * t


def lengths(task: TranslationTask, e: Example, cut: int) -> tuple[int, int]:
    return (
        min(len(task.encode_source(e.prompt)) + 1, cut),
        min(len(task.encode_target(e.reference)) + 1, cut),
    )


def measure(task: TranslationTask, cfg, model, draw, steps: int, peak: float) -> dict:
    stage = cfg.stages.warmup
    learner = Learner(
        model=model,
        optimizer=new_optimizer(model, stage, cfg.training, torch.device("cpu")),
        tcfg=cfg.training,
    )
    cut = cfg.model.max_len
    times, real, padded, flops, pairs = [], 0, 0, 0, 0
    for i in range(steps + 3):
        batch = draw()
        sizes = [lengths(task, e, cut) for e in batch]
        started = time.perf_counter()
        supervised_step(learner, task, [batch], StepOptions())
        if i < 3:
            continue
        times.append(time.perf_counter() - started)
        pairs += len(batch)
        real += sum(s + t for s, t in sizes)
        padded += len(batch) * (max(s for s, _ in sizes) + max(t for _, t in sizes))
        vocab = task.target_tok.vocab_size
        flops += 3 * sum(sentence_flops(cfg.model, vocab, s, t) for s, t in sizes)
    step = statistics.median(times)
    per_step = flops / len(times)
    floor = per_step / (peak * 1e9)
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for _ in range(3):
            supervised_step(learner, task, [draw()], StepOptions())
    ops = Counter()
    for event in prof.key_averages():
        ops[event.key] += event.self_cpu_time_total
    total = sum(ops.values())
    return {
        "step_ms": step * 1000,
        "pairs": pairs / len(times),
        "floor_ms": floor * 1000,
        "ratio": step / floor,
        "tokens_per_s": real / sum(times),
        "pairs_per_s": pairs / sum(times),
        "padding": 1 - real / padded,
        "top": [(name, us / total) for name, us in ops.most_common(8)],
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", required=True, help="a sentence-pair file, as it comes")
    p.add_argument("--tokens", type=int, nargs="+", default=[800], help="batch_tokens to try")
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--set", dest="overrides", action="append", default=[])
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    cfg = load_config("tiny_transformer", [f"data.path={args.data}", *args.overrides])
    task = build_task(cfg)
    assert isinstance(task, TranslationTask)
    loaded = task.load_report()
    if loaded is not None:
        loaded.apply_settings(cfg)
    peak = matmul_gflops(args.threads)
    rng = random.Random(0)
    size = cfg.stages.warmup.batch_size
    top = task.num_levels - 1
    variants = {f"{size} pairs at random": lambda: task.sample(size, rng, top)}
    for n in args.tokens:
        variants[f"like lengths, {n} tokens"] = lambda n=n: task.sample_tokens(n, rng, top)
    rows = {}
    for name, draw in variants.items():
        torch.manual_seed(0)
        model = task.build_model(cfg.model)
        rows[name] = measure(task, cfg, model, draw, args.steps, peak)
    print(f"command: python {' '.join(sys.argv)}")
    print(f"matmul rate of this sitting: {peak:.1f} GFLOP/s on {args.threads} thread(s)\n")
    print(
        "| batches | pairs a step | step ms | floor ms (real tokens) | time / floor | "
        "real tokens / s | pairs / s | padding |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, r in rows.items():
        print(
            f"| {name} | {r['pairs']:.1f} | {r['step_ms']:.0f} | {r['floor_ms']:.0f} | "
            f"{r['ratio']:.2f}x | {r['tokens_per_s']:,.0f} | {r['pairs_per_s']:.0f} | "
            f"{r['padding']:.0%} |"
        )
    for name, r in rows.items():
        shares = ", ".join(f"{op} {share:.0%}" for op, share in r["top"])
        print(f"\n{name}, self CPU time by operator: {shares}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
