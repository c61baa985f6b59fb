"""Benchmark: Micro-GPT sampling with the shared prompt cache vs recomputing every step.

Times `MicroGPT.generate` at the preset's size (6 layers, d_model 256, about 3.8M
parameters) on a GRPO-shaped batch: P prompts x G samples, each decoding a fixed number
of new tokens (no early stop, so both paths do the same amount of sampling). The cached
path runs each prompt's prefix once and decodes into a preallocated key/value cache; the
baseline recomputes the whole sequence, prefix included, for every new token. Both run in
the same process, alternating, after warm-up runs; the table shows medians.

    python benchmarks/bench_kv_cache.py                 # 4 prompts x 8 samples x 16 tokens
    python benchmarks/bench_kv_cache.py --repeats 3     # a quick check
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from studio.core.models.micro_gpt import MicroGPT, MicroGPTConfig, num_parameters


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--prompts", type=int, default=4, help="P: prompts per batch")
    p.add_argument("--group", type=int, default=8, help="G: samples per prompt")
    p.add_argument("--new-tokens", type=int, default=16, help="tokens decoded per sample")
    p.add_argument("--prompt-len", type=int, default=6, help='prompt tokens ("12+34=" is 6)')
    p.add_argument("--vocab", type=int, default=16, help="vocabulary size (arithmetic: 16)")
    p.add_argument("--warmup", type=int, default=2, help="untimed runs of each path first")
    p.add_argument("--repeats", type=int, default=7, help="timed runs of each path")
    p.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: default)")
    p.add_argument("--device", default="cpu", help="cpu or cuda")
    return p.parse_args(argv)


def sample_once(
    model: MicroGPT,
    ids: torch.Tensor,
    mask: torch.Tensor,
    args: argparse.Namespace,
    use_cache: bool,
) -> float:
    """Seconds for one batch of samples."""
    if ids.device.type == "cuda":
        torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(
        ids,
        mask,
        num_samples=args.group,
        max_new_tokens=args.new_tokens,
        eos_id=None,
        use_cache=use_cache,
    )
    if ids.device.type == "cuda":
        torch.cuda.synchronize()  # kernels run asynchronously; wait before reading the clock
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    torch.manual_seed(0)
    model = MicroGPT(MicroGPTConfig(), args.vocab, pad_id=0).to(device).eval()
    ids = torch.randint(2, args.vocab, (args.prompts, args.prompt_len), device=device)
    mask = torch.ones_like(ids, dtype=torch.bool)

    for _ in range(args.warmup):
        sample_once(model, ids, mask, args, True)
        sample_once(model, ids, mask, args, False)
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.repeats):  # alternate so that machine load hits both alike
        for use_cache in (True, False):
            times[use_cache].append(sample_once(model, ids, mask, args, use_cache))

    n = args.prompts * args.group
    print(
        f"Micro-GPT {num_parameters(model) / 1e6:.2f}M params on {device}, "
        f"{torch.get_num_threads()} threads: {args.prompts} prompts x {args.group} samples "
        f"x {args.new_tokens} new tokens, prompt {args.prompt_len} tokens; "
        f"median of {args.repeats}"
    )
    print(f"{'path':<22}{'ms / batch':>12}{'tokens / s':>12}")
    for use_cache, name in ((True, "shared prompt cache"), (False, "recompute each step")):
        med = statistics.median(times[use_cache])
        print(f"{name:<22}{med * 1e3:>12.1f}{n * args.new_tokens / med:>12.0f}")
    ratio = statistics.median(times[False]) / statistics.median(times[True])
    print(f"speed-up: {ratio:.2f}x")


if __name__ == "__main__":
    main()
