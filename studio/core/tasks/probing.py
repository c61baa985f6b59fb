"""The policy probe: a small picture, in plain values, of what the policy does on fixed
held-out inputs, taken every run.probe_every steps (Task.probe) and recorded, so the window
can draw it live and scrub back through a run's snapshots.

A snapshot is a dict with a `kind`, one of:

- "next_tokens" (the text tasks, translation): for each fixed prompt, at each position
  of its reference answer (the reference written so far as the context), the likeliest
  next tokens:
      {"kind": "next_tokens", "prompts": [{"prompt": str, "reference": str,
        "positions": [{"target": str, "p_target": float,
                       "candidates": [[piece, probability], ...]}],   # TOP, likeliest first
        "p_answer": float}]}                                          # the whole reference
  The end token reads "<eos>".
- "grid" (the grid world): one held-out grid (the class grid, with the walls a teacher
  drew), and in every cell the agent may stand on the policy's probability of each move,
  as if it stood there (no key held), and the chance an episode started there reaches
  the goal within the step limit (exact, under those probabilities); the cells the agent
  visits taking its likeliest move from the start, and how that walk ended:
      {"kind": "grid", "title": str, "actions": ["up", "right", "down", "left"],
       "cells": [[cell name]] (size x size: empty, wall, goal, lava, key, door),
       "start": [row, col], "probs": [[[p_up, p_right, p_down, p_left] or None]],
       "values": [[float or None]], "max_steps": int,
       "walk": [[row, col], ...], "walk_outcome": "goal" | "lava" | "limit",
       "walls": [[row, col], ...] (drawn by hand), "trained_share": float}
  Runs recorded before values existed lack the keys from "values" on.
- "labels" (image classification): for a few held-out images, each label's probability:
      {"kind": "labels", "classes": [str], "images": [{"title": str, "label": str,
        "probs": [float]}]}

Probabilities are under softmax at temperature 1 (the policy itself, not the sampler's
temperature), rounded to DIGITS decimals to keep metrics.jsonl small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

TOP = 5  # candidates shown per position
DIGITS = 4


def next_token_positions(
    logits: torch.Tensor, targets: Sequence[int], piece: Callable[[int], str], top: int = TOP
) -> tuple[list[dict[str, Any]], float]:
    """The "positions" of a "next_tokens" prompt and the reference's probability, from the
    logits (T, V) that predict each of the reference's T tokens `targets`."""
    probs = torch.softmax(logits.float(), dim=-1)  # (T, V)
    k = min(top, probs.shape[-1])
    best_p, best_i = probs.topk(k, dim=-1)  # (T, k)
    positions, p_answer = [], 1.0
    for t, target in enumerate(targets):
        p_target = float(probs[t, target])
        p_answer *= p_target
        positions.append(
            {
                "target": piece(int(target)),
                "p_target": round(p_target, DIGITS),
                "candidates": [
                    [piece(int(i)), round(float(p), DIGITS)]
                    for p, i in zip(best_p[t].tolist(), best_i[t].tolist())
                ],
            }
        )
    return positions, round(p_answer, 6)


def rounded(values: Sequence[float]) -> list[float]:
    return [round(float(v), DIGITS) for v in values]
