"""Matmul FLOPs of one GRPO step of a GPT-shaped decoder, counted by hand.

Convention: only matrix products count, at 2 FLOPs per multiply-add (a (m, k) @ (k, n)
product is 2mkn). Included: the q/k/v, output, MLP and output-head projections, and the
two attention products (scores q.k and the weighted sum of values). Left out: embedding
look-ups, layer norms, GELU, softmax, the loss and the optimizer, which are elementwise
and together well under 1% of the matmuls at this size. Attention is counted dense:
every query against every key it is given, as masked scaled_dot_product_attention
computes it (a causal count would halve those terms; they are ~1% here either way). A
backward pass costs twice its forward (the gradients of the inputs and of the weights).

One step of group size G over P prompts (N = P*G rows), Tp prompt tokens, T new tokens:
  rollout      T forward passes; with a KV cache, the prompt once, then one token a
               pass attending to the cache; without one, the whole sequence each pass
  reference    one forward of the N sequences under no_grad: with the prompt once per
               prompt (Micro-GPT: P*Tp + N*T tokens) or per row (N*(Tp + T) tokens)
  policy       the same forward with gradients, then its backward (2x)

`main` prints the table for the Micro-GPT preset's shape. torch.utils.flop_counter
(FlopCounterMode) counts the same products from a real run; bench_vs_trl.py reports both.

    python benchmarks/flops.py [--prompt-tokens 6] [--new-tokens 8]
"""

from __future__ import annotations

import argparse
import functools
import time
from dataclasses import dataclass


def matmul_gflops(threads: int, size: int = 2048, repeats: int = 5) -> float:
    """Best fp32 (size x size) @ (size x size) rate of this sitting, in GFLOP/s: the rate
    a step's FLOP floor is taken at."""
    import torch

    torch.set_num_threads(threads)
    a, b = torch.randn(size, size), torch.randn(size, size)
    a @ b  # warm-up
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - start)
    return 2 * size**3 / best / 1e9


@dataclass(frozen=True)
class DecoderShape:
    """The sizes of a pre-norm GPT decoder that its matmul cost depends on."""

    n_layers: int
    d_model: int
    d_ff: int
    vocab: int


PRESET = DecoderShape(n_layers=6, d_model=256, d_ff=704, vocab=16)  # presets/micro_gpt.yaml


def forward_flops(
    shape: DecoderShape,
    rows: int,
    queries: int,
    keys: int,
    logit_positions: int,
    *,
    attention: bool = True,
) -> int:
    """One forward of `rows` sequences: `queries` new positions each, attending to `keys`
    positions (cached ones included), with output logits at `logit_positions` of them.
    attention=False leaves out the two attention products (FlopCounterMode in torch 2.13
    does not count the CPU flash-attention kernel, so this is what it reports)."""
    d, f = shape.d_model, shape.d_ff
    per_token = 2 * d * 3 * d + 2 * d * d + 2 * 2 * d * f  # qkv, out proj, MLP up + down
    attention_per_token = 2 * 2 * keys * d if attention else 0  # scores, weighted values
    blocks = shape.n_layers * rows * queries * (per_token + attention_per_token)
    head = rows * logit_positions * 2 * d * shape.vocab
    return blocks + head


def rollout_flops(
    shape: DecoderShape,
    prompts: int,
    group: int,
    prompt_tokens: int,
    new_tokens: int,
    *,
    cache: bool,
    prefix_per_prompt: bool = True,
    attention: bool = True,
) -> int:
    """Sampling `new_tokens` tokens for each of prompts*group rows.

    With the cache, the prompt runs once per prompt (`prefix_per_prompt`, as Micro-GPT's
    generate does) or once per row (as Hugging Face generate does on repeated prompts),
    then each later token is one query attending to every position so far. Without the
    cache, pass t recomputes all prompt_tokens + t positions of every row.
    """
    n = prompts * group
    tp = prompt_tokens
    fwd = functools.partial(forward_flops, shape, attention=attention)
    if not cache:
        return sum(fwd(n, tp + t, tp + t, 1) for t in range(new_tokens))
    total = fwd(prompts if prefix_per_prompt else n, tp, tp, 1)
    for t in range(1, new_tokens):
        total += fwd(n, 1, tp + t, 1)
    return total


def grpo_step_flops(
    shape: DecoderShape,
    prompts: int,
    group: int,
    prompt_tokens: int,
    new_tokens: int,
    *,
    cache: bool = True,
    prefix_per_prompt: bool = True,
    reference: bool = True,
    attention: bool = True,
) -> dict[str, int]:
    """Matmul FLOPs of one GRPO step (num_iterations 1), by part, with "total"."""
    n = prompts * group
    length = prompt_tokens + new_tokens
    if prefix_per_prompt:
        # Micro-GPT's log-prob passes: each prompt once, then the n completions attending
        # to its keys and their own, the head at the completion positions only
        full = forward_flops(shape, prompts, prompt_tokens, prompt_tokens, 0, attention=attention)
        full += forward_flops(shape, n, new_tokens, length, new_tokens, attention=attention)
    else:
        # every row's whole sequence, the head at every position
        full = forward_flops(shape, n, length, length, length, attention=attention)
    parts = {
        "rollout": rollout_flops(
            shape,
            prompts,
            group,
            prompt_tokens,
            new_tokens,
            cache=cache,
            prefix_per_prompt=prefix_per_prompt,
            attention=attention,
        ),
        "reference forward": full if reference else 0,
        "policy forward": full,
        "policy backward": 2 * full,
    }
    parts["total"] = sum(parts.values())
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=4)
    parser.add_argument("--group", type=int, default=8)
    parser.add_argument("--prompt-tokens", type=int, default=6, help='"99+99=" is 6 tokens')
    parser.add_argument("--new-tokens", type=int, default=8)
    parser.add_argument("--floor-gflops", type=float, default=150.0)
    args = parser.parse_args()
    sizes = (args.prompts, args.group, args.prompt_tokens, args.new_tokens)
    variants = {
        "KV cache, prompt once per group": grpo_step_flops(PRESET, *sizes),
        "KV cache, prompt once per row": grpo_step_flops(PRESET, *sizes, prefix_per_prompt=False),
        "no KV cache": grpo_step_flops(PRESET, *sizes, cache=False),
    }
    print(f"{PRESET}, P={args.prompts} G={args.group} Tp={args.prompt_tokens} T={args.new_tokens}")
    for name, parts in variants.items():
        detail = ", ".join(f"{k} {v / 1e9:.2f}" for k, v in parts.items() if k != "total")
        floor_ms = parts["total"] / (args.floor_gflops * 1e9) * 1e3
        print(
            f"  {name}: {parts['total'] / 1e9:.2f} GFLOP ({detail}); "
            f"{floor_ms:.0f} ms at {args.floor_gflops:g} GFLOP/s"
        )


if __name__ == "__main__":
    main()
