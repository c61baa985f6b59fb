"""Benchmark: Tiny-Transformer sampling with the decoder KV cache versus without.

Samples 32 translations (4 sources x 8 samples, as a GRPO rollout does) of exactly 24
tokens each (EOS is never sampled: eos_id=-1) from an untrained model of the preset's
size (d_model 128, 4 heads, 4+4 layers, d_ff 512, 2000-token vocabularies). Both modes
run the same model code and the same token sampler, and encode each source once for its
8 samples; they differ in the decoder only. With the cache, each step feeds one new
token per row against stored self-attention keys/values and cross-attention keys/values
projected once per source. Without it, each step reruns the whole decoder over the
prefix (self-attention, cross-attention projections, output layer at every position),
as a model with no cache must. The two modes alternate within one process so that
drift in machine load touches both alike; the medians of the repeats and their ratio
are printed. Untrained weights do not change the cost: every row runs all 24 steps.

--update also times the GRPO update's teacher-forced log-probs (forward + backward,
8 sources x 8 samples of 24 tokens, sources of 16 tokens): each source encoded once and
shared by its 8 samples (`group_size`, what the task does) versus the source repeated
for every sample.

    python benchmarks/bench_translation_cache.py [--repeats 7] [--device cpu|cuda]
        [--threads N] [--update]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import torch

from studio.core.models.tiny_transformer import TinyTransformer, TinyTransformerConfig

SOURCES, SAMPLES, NEW_TOKENS, SOURCE_LEN, VOCAB = 4, 8, 24, 16, 2000
UPDATE_SOURCES = 8  # the preset's GRPO batch: 8 sources x 8 samples


def _timed(fn: Callable[[], object], device: str) -> float:
    if device.startswith("cuda"):
        torch.cuda.synchronize()
    start = time.perf_counter()
    fn()
    if device.startswith("cuda"):
        torch.cuda.synchronize()
    return time.perf_counter() - start


def time_once(model: TinyTransformer, src: torch.Tensor, mask: torch.Tensor, cached: bool) -> float:
    torch.manual_seed(0)
    out: list = []

    def sample() -> None:
        out.append(
            model.generate(
                src,
                mask,
                num_samples=SAMPLES,
                max_new_tokens=NEW_TOKENS,
                bos_id=1,
                eos_id=-1,
                use_cache=cached,
            )
        )

    elapsed = _timed(sample, str(src.device))
    assert out[0].tokens.shape == (SOURCES * SAMPLES, NEW_TOKENS)
    return elapsed


def time_update(model: TinyTransformer, device: str, repeats: int) -> tuple[float, float]:
    """Median seconds of forward + backward of the log-probs, grouped and repeated."""
    g = SAMPLES
    src = torch.randint(4, VOCAB, (UPDATE_SOURCES, SOURCE_LEN), device=device)  # (P, S)
    mask = torch.ones_like(src, dtype=torch.bool)
    tgt_in = torch.randint(4, VOCAB, (UPDATE_SOURCES * g, NEW_TOKENS), device=device)  # (N, T)

    def grouped() -> None:
        model.zero_grad()
        model(src, mask, tgt_in, group_size=g).float().log_softmax(-1).mean().backward()

    def repeated() -> None:
        model.zero_grad()
        rows = src.repeat_interleave(g, 0), mask.repeat_interleave(g, 0)
        model(*rows, tgt_in).float().log_softmax(-1).mean().backward()

    model.train()
    times: dict[str, list[float]] = {"grouped": [], "repeated": []}
    grouped()  # warm-up
    repeated()
    for _ in range(repeats):
        times["grouped"].append(_timed(grouped, device))
        times["repeated"].append(_timed(repeated, device))
    model.eval()
    return statistics.median(times["grouped"]), statistics.median(times["repeated"])


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
    parser.add_argument(
        "--update", action="store_true", help="also time the GRPO update's grouped log-probs"
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
    if args.update:
        grouped, repeated = time_update(model, args.device, args.repeats)
        print(
            f"GRPO update log-probs, forward + backward, {UPDATE_SOURCES}x{SAMPLES} x "
            f"{NEW_TOKENS} tokens:"
        )
        print(f"  source once per group  {grouped * 1e3:8.1f} ms")
        print(f"  source per sample      {repeated * 1e3:8.1f} ms")
        print(f"  speed-up               {repeated / grouped:8.2f}x")


if __name__ == "__main__":
    main()
