"""Choosing tokens (or actions) and scoring them: categorical sampling that does not depend
on how a batch is split over processes, and the log-probs and entropies the loss reads.

A data-parallel GRPO run gives each process a slice of the global batch. For the run to
equal a one-process run, the token (or action) drawn for global row i at decode step t
must be the same however the rows are split. `draw` gives that: inside a
`shared_noise(...)` scope every call draws one uniform number for each row of the
global batch from a generator seeded by the trainer (run seed, step, micro-batch), keeps
this process's rows, and turns each into a token by inverting the row's cumulative
distribution (an exact categorical sample: P(k) = p_k / sum p). Outside a scope the
uniforms come from torch's default generator (the playground, tests, benchmarks).
Inversion needs one uniform per row where torch.multinomial draws V per row, so it is
also the cheaper draw when the vocabulary is large. `choose` picks the next token of every
model; `token_logprobs_and_entropy` scores the taken ones again for the loss, for every
task alike.

Shapes: n rows sampled in a call, V choices (vocabulary or actions), R rows in this
process's share, W * R rows in the global batch.

References: Devroye 1986, "Non-Uniform Random Variate Generation", ch. 3 (inversion);
PyTorch's torch.searchsorted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

import numpy as np
import torch
import torch.nn.functional as F

from studio.core.messages import say


class SamplingError(ValueError):
    """Sampling cannot go on: the model's scores are not finite, a setting leaves nothing to
    sample, or a shared-noise scope was used with rows it does not hold; the message says
    which and what to do."""


NOT_FINITE = say(
    "the model's scores (logits) are NaN or infinite, so no token can be drawn: its weights "
    "have diverged, most often from a learning rate far too high; lower the stage's lr and "
    "train again from a checkpoint before it went wrong"
)


def mix_seed(*parts: int) -> int:
    """One 63-bit seed from several integers (run seed, step, micro-batch...).

    SeedSequence mixes them thoroughly, so nearby steps get unrelated streams, and unlike
    Python's hash() it is the same in every process.
    """
    entropy = [int(p) % 2**64 for p in parts]
    return int(np.random.SeedSequence(entropy).generate_state(1, np.uint64)[0]) >> 1


class RowNoise:
    """Uniform numbers for every row of the global batch; this process keeps its share.

    Each call of `take` draws the next `total_rows` numbers of a CPU generator (so every
    process, and CPU or GPU alike, sees the same stream) and returns those of rows
    offset .. offset + local_rows, optionally narrowed to `rows` (the rows still acting).
    """

    def __init__(self, seed: int, *, offset: int, local_rows: int, total_rows: int) -> None:
        if offset < 0 or offset + local_rows > total_rows:
            raise SamplingError(
                say(
                    "rows {first}..{last} are not inside a batch of {total}",
                    first=offset,
                    last=offset + local_rows,
                    total=total_rows,
                )
            )
        self.offset = offset
        self.local_rows = local_rows
        self.total_rows = total_rows
        self.generator = torch.Generator().manual_seed(seed)

    def take(self, n: int, rows: torch.Tensor | None = None) -> torch.Tensor:
        """(n,) float64 uniforms in [0, 1) for the n rows of this call."""
        full = torch.rand(self.total_rows, generator=self.generator, dtype=torch.float64)
        mine = full[self.offset : self.offset + self.local_rows]  # (R,)
        if rows is not None:
            mine = mine[rows.cpu()]
        if mine.shape[0] == n:
            return mine
        if rows is None and n < self.local_rows:
            # a caller sampling only its live rows without naming them: still an exact,
            # independent sample per row, but not the same rows as in a split batch
            return mine[:n]
        if rows is None:
            raise SamplingError(
                say(
                    "sampling {n} rows, but this process holds {held} rows of the shared-noise "
                    "batch; call draw() with one row of probabilities per row of the rollout",
                    n=n,
                    held=self.local_rows,
                )
            )
        raise SamplingError(
            say(
                "sampling {n} rows, but this process holds {held} rows of the shared-noise batch "
                "({selected} selected); call draw() with one row of probabilities per row of "
                "the rollout",
                n=n,
                held=self.local_rows,
                selected=mine.shape[0],
            )
        )


_ACTIVE: ContextVar[RowNoise | None] = ContextVar("studio_row_noise", default=None)


@contextlib.contextmanager
def shared_noise(seed: int, *, offset: int, local_rows: int, total_rows: int) -> Iterator[RowNoise]:
    """Within this scope (this thread only), `draw` samples from shared row noise."""
    noise = RowNoise(seed, offset=offset, local_rows=local_rows, total_rows=total_rows)
    token = _ACTIVE.set(noise)
    try:
        yield noise
    finally:
        _ACTIVE.reset(token)


def inverse_cdf(probs: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    """The smallest k with cumsum(p)_k > u * sum(p), per row: probs (n, V), u (n,) -> (n,).

    A choice of zero probability is never returned: the cumulative sum is flat there.
    """
    cdf = probs.cumsum(dim=-1, dtype=torch.float64)  # (n, V); rounding cannot skip a choice
    total = cdf[:, -1:]  # (n, 1)
    # u * total may round up to total; just below it, the first k past it still has mass
    target = torch.minimum(
        u.to(cdf.device)[:, None] * total, torch.nextafter(total, cdf.new_zeros(()))
    )
    return torch.searchsorted(cdf, target, right=True).squeeze(1)  # (n,)


def uniforms(n: int, device: torch.device, rows: torch.Tensor | None = None) -> torch.Tensor:
    """(n,) float64 uniforms in [0, 1): the shared row noise inside a `shared_noise` scope,
    torch's default generator outside one."""
    noise = _ACTIVE.get()
    if noise is None:
        return torch.rand(n, dtype=torch.float64, device=device)
    return noise.take(n, rows)


def draw(probs: torch.Tensor, rows: torch.Tensor | None = None) -> torch.Tensor:
    """One categorical sample per row of probs (n, V) >= 0 (rows need not sum to 1) -> (n,).

    `rows` (n,) names which of this process's rows the n rows are, for callers that
    sample only the rows still acting (an environment whose other episodes ended).
    """
    return inverse_cdf(probs, uniforms(probs.shape[0], probs.device, rows))


def filter_logits(logits: torch.Tensor, top_k: int = 0, top_p: float = 1.0) -> torch.Tensor:
    """Logits (n, V) with everything outside the top-k and the nucleus of mass top_p at -inf.

    The likeliest choice always survives, so a row never loses every option; top_k=0 and
    top_p=1 leave the logits alone. Log-probs work as well as logits (a per-row shift).
    top_p must be above 0 (0 would keep nothing), top_k at least 0.
    """
    if not 0 < top_p <= 1:
        raise SamplingError(
            say("top_p must be above 0 and at most 1 (1: no filter), got {value}", value=top_p)
        )
    if top_k < 0:
        raise SamplingError(say("top_k must be 0 (no filter) or more, got {value}", value=top_k))
    if 0 < top_k < logits.shape[-1]:
        kth = logits.topk(top_k, dim=-1).values[..., -1:]  # (n, 1)
        logits = logits.masked_fill(logits < kth, float("-inf"))
    if top_p < 1.0:
        sorted_logits, order = logits.sort(dim=-1, descending=True)
        probs = sorted_logits.softmax(dim=-1)
        # drop a choice once the mass of the likelier ones already reaches top_p
        drop_sorted = probs.cumsum(dim=-1) - probs >= top_p  # never the first
        drop = drop_sorted.scatter(-1, order, drop_sorted)
        logits = logits.masked_fill(drop, float("-inf"))
    return logits


def choose(
    logits: torch.Tensor,
    *,
    temperature: float = 1.0,
    top_k: int = 0,
    top_p: float = 1.0,
    greedy: bool = False,
    rows: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """The next token or action of each row of logits (n, V), and its log-prob: (n,), (n,).

    The log-prob is under the full temperature-scaled softmax, without the top-k / top-p
    filters, because the GRPO loss recomputes it from unfiltered logits (as TRL does); the
    filters only narrow what gets sampled. Greedy picks ignore the temperature (0 allowed).
    `rows` as in `draw`. Scores that are not finite are a SamplingError, never a token
    drawn from them: a NaN or an infinite logit makes its row's log-softmax NaN.
    """
    if temperature <= 0 and not greedy:
        raise SamplingError(say("temperature must be positive to sample, got {t}", t=temperature))
    logp_all = log_softmax(logits, temperature if temperature > 0 else 1.0)  # (n, V)
    if bool(logp_all.isnan().any()):  # one sync a token, as the models' EOS check
        raise SamplingError(NOT_FINITE)
    if greedy:
        picked = logits.argmax(dim=-1)
    else:
        picked = draw(filter_logits(logp_all, top_k, top_p).exp(), rows)  # filtered ones 0
    return picked, logp_of(logp_all, picked)


# ---- scoring what was taken


def log_softmax(logits: torch.Tensor, temperature: float) -> torch.Tensor:
    """log softmax(logits / temperature) over the last dimension, in float32: (..., V)."""
    scaled = logits.float()
    if temperature != 1.0:  # x / 1 is x exactly: every preset's temperature, a pass saved
        scaled = scaled / temperature
    return F.log_softmax(scaled, dim=-1)


def logp_of(logp_all: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
    """The log-probs (...) of `actions` (...) in a log-softmax (..., V).

    A gather, not cross_entropy: under training.deterministic
    (torch.use_deterministic_algorithms) gather's backward has a deterministic CUDA
    kernel, while cross_entropy's NLL loss has none and stays nondeterministic (the
    setting only warns). Each row gathers one entry, so even the plain scatter-add of the
    backward never adds two values into one place.
    """
    return logp_all.gather(-1, actions[..., None]).squeeze(-1)


def token_logprobs_and_entropy(
    logits: torch.Tensor, actions: torch.Tensor, temperature: float = 1.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """The log-probs of the taken `actions` and the entropies of the distributions they were
    drawn from, under softmax(logits / temperature): logits (..., V), actions (...) ->
    logp (...) differentiable, entropy (...) a measurement without gradient (no loss
    uses it: kept out of the graph, the (..., V) products it would hold are not kept),
    float32.

    The full distribution, as `choose` reports it (no top-k / top-p filter): every task's
    `token_logprobs` ends here, so the loss scores what was sampled the way it was scored
    when sampled, on the path that is deterministic on CUDA (see `logp_of`).
    """
    logp_all = log_softmax(logits, temperature)  # (..., V)
    with torch.no_grad():
        entropy = -(logp_all.exp() * logp_all).sum(dim=-1)
    return logp_of(logp_all, actions), entropy
