"""Benchmark: Tiny-Transformer sampling with the decoder KV cache versus without.

Samples 32 translations (4 sources x 8 samples, as a GRPO rollout does) of exactly 24
tokens each (EOS is never sampled: eos_id=-1) from an untrained model of the preset's
size (d_model 128, 4 heads, 4+4 layers, d_ff 512, 2000-token vocabularies). The two modes
alternate within one process so that drift in machine load touches both alike; the
medians of the repeats and their ratio are printed. Untrained weights do not change the
cost: every row runs all 24 steps either way.

    python benchmarks/bench_translation_cache.py [--repeats 7] [--device cpu|cuda] [--threads N]
"""

from __future__ import annotations

import argparse
import statistics
import time

import torch

from studio.core.models.tiny_transformer import TinyTransformer, TinyTransformerConfig

SOURCES, SAMPLES, NEW_TOKENS, SOURCE_LEN, VOCAB = 4, 8, 24, 16, 2000


def time_once(model: TinyTransformer, src: torch.Tensor, mask: torch.Tensor, cached: bool) -> float:
    torch.manual_seed(0)
    if src.is_cuda:
        torch.cuda.synchronize()
    start = time.perf_counter()
    out = model.generate(
        src,
        mask,
        num_samples=SAMPLES,
        max_new_tokens=NEW_TOKENS,
        bos_id=1,
        eos_id=-1,
        use_cache=cached,
    )
    if src.is_cuda:
        torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    assert out.tokens.shape == (SOURCES * SAMPLES, NEW_TOKENS)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs of each mode")
    parser.add_argument("--device", default="cpu")
    parser.add_argument(
        "--threads",
        type=int,
        default=0,
        help="torch CPU threads (0: torch's choice); on a "
        "busy machine 1 avoids threads waiting on each other, which swamps the timings",
    )
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)

    torch.manual_seed(0)
    cfg = TinyTransformerConfig()  # the preset's shape
    model = TinyTransformer(cfg, VOCAB, VOCAB, pad_id=0).to(args.device).eval()
    src = torch.randint(4, VOCAB, (SOURCES, SOURCE_LEN), device=args.device)  # (P, S)
    mask = torch.ones_like(src, dtype=torch.bool)

    for cached in (True, False):  # warm-up: allocator, kernels, thread pools
        time_once(model, src, mask, cached)
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.repeats):
        for cached in (True, False):
            times[cached].append(time_once(model, src, mask, cached))

    with_cache, without = statistics.median(times[True]), statistics.median(times[False])
    params = sum(p.numel() for p in model.parameters())
    print(
        f"Tiny-Transformer {params / 1e6:.2f}M params, {SOURCES}x{SAMPLES} samples x "
        f"{NEW_TOKENS} tokens on {args.device} ({torch.get_num_threads()} threads), "
        f"median of {args.repeats}:"
    )
    print(f"  with KV cache    {with_cache * 1e3:8.1f} ms")
    print(f"  without cache    {without * 1e3:8.1f} ms")
    print(f"  speed-up         {without / with_cache:8.2f}x")


if __name__ == "__main__":
    main()
