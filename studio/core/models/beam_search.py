"""Beam search for encoder-decoder models with an incremental decoder cache.

Used for evaluation and translation, never for training. All sources decode together:
P sources x K beams = N rows of the cache. A finished beam stays in the beam with its
score frozen (it can only be extended by padding at no cost), and every candidate is
ranked by its length-normalised score, sum(log p) / length ** length_penalty, so short
finished hypotheses and long open ones compete fairly (length_penalty=0: raw sums).
`ranked_beam_search` gives every source's K final beams best first (the n-best list a
server offers as alternatives); `beam_search` the best of them.

References: Wu et al. 2016, "Google's Neural Machine Translation System" (length
normalisation); Freitag and Al-Onaizan 2017, "Beam Search Strategies for NMT".
"""

from __future__ import annotations

from typing import Any

import torch


def beam_search(
    model: Any,
    src: torch.Tensor,
    src_mask: torch.Tensor,
    *,
    beam_size: int,
    max_new_tokens: int,
    bos_id: int,
    eos_id: int,
    length_penalty: float = 1.0,
) -> list[list[int]]:
    """Best hypothesis per source, as token ids without BOS and EOS.

    `model` provides encode(src, src_mask), init_cache(memory, src_mask, steps, repeat),
    decode_step(tokens, pos, cache) and pad_id (TinyTransformer does).
    """
    ranked = ranked_beam_search(
        model,
        src,
        src_mask,
        beam_size=beam_size,
        max_new_tokens=max_new_tokens,
        bos_id=bos_id,
        eos_id=eos_id,
        length_penalty=length_penalty,
    )
    return [beams[0] for beams in ranked]


def ranked_beam_search(
    model: Any,
    src: torch.Tensor,
    src_mask: torch.Tensor,
    *,
    beam_size: int,
    max_new_tokens: int,
    bos_id: int,
    eos_id: int,
    length_penalty: float = 1.0,
) -> list[list[list[int]]]:
    """Every source's K final hypotheses, best first by length-normalised score, as token
    ids without BOS and EOS (beam_search's arguments). Beams that never left the start
    (a search that ended before K distinct hypotheses were alive) are left out."""
    if beam_size < 1:
        raise ValueError(f"beam_size must be at least 1, got {beam_size}")
    if length_penalty < 0:
        raise ValueError(f"length_penalty must be >= 0, got {length_penalty}")
    p, k = src.shape[0], beam_size
    device = src.device
    memory = model.encode(src, src_mask)  # (P, S, D), once per source
    cache = model.init_cache(memory, src_mask, max_new_tokens, repeat=k)
    neg_inf = float("-inf")
    scores = torch.full((p, k), neg_inf, device=device)  # (P, K) summed log-probs
    scores[:, 0] = 0.0  # one live beam at the start, or the K beams would be copies
    lengths = torch.zeros(p, k, device=device)  # tokens generated, EOS included
    finished = torch.zeros(p, k, dtype=torch.bool, device=device)
    seqs = torch.empty(p, k, 0, dtype=torch.long, device=device)  # (P, K, t)
    prev = torch.full((p * k,), bos_id, dtype=torch.long, device=device)
    base = torch.arange(p, device=device)[:, None] * k  # row of each source's first beam
    for t in range(max_new_tokens):
        logits = model.decode_step(prev, t, cache)  # (N, V)
        v = logits.shape[-1]
        logp = logits.float().log_softmax(-1).view(p, k, v)  # (P, K, V)
        # a finished beam has one continuation: padding, costing nothing
        frozen = torch.full_like(logp, neg_inf)
        frozen[..., model.pad_id] = 0.0
        logp = torch.where(finished[..., None], frozen, logp)
        cand = scores[..., None] + logp  # (P, K, V)
        cand_len = torch.where(finished, lengths, lengths + 1)[..., None].expand(p, k, v)
        rank = cand / cand_len.clamp(min=1.0) ** length_penalty
        top = rank.reshape(p, k * v).topk(k, dim=-1).indices  # (P, K)
        beam, tok = top // v, top % v
        scores = cand.reshape(p, k * v).gather(1, top)
        lengths = cand_len.reshape(p, k * v).gather(1, top)
        was_finished = finished.gather(1, beam)
        finished = was_finished | (tok == eos_id)
        tok = torch.where(was_finished, model.pad_id, tok)
        seqs = torch.cat([seqs.gather(1, beam[..., None].expand(-1, -1, t)), tok[..., None]], 2)
        cache.reorder((base + beam).reshape(-1))
        prev = tok.reshape(-1)
        if bool(finished.all()):
            break
    final = scores / lengths.clamp(min=1.0) ** length_penalty  # (P, K)
    order = final.argsort(dim=-1, descending=True, stable=True)  # (P, K): ties as argmax
    out = []
    for i in range(p):
        beams: list[list[int]] = []
        for j in order[i].tolist():
            if final[i, j] == neg_inf and beams:
                continue  # a beam that never came alive
            beams.append(_until_eos(seqs[i, j].tolist(), eos_id))
        out.append(beams)
    return out


def _until_eos(ids: list[int], eos_id: int) -> list[int]:
    kept = []
    for tok_id in ids:
        if tok_id == eos_id:
            break
        kept.append(tok_id)
    return kept
