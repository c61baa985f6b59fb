"""Translating with a trained encoder-decoder: greedy decoding or beam search, batched.

What evaluation, the `translate` command and the playground call, for any model that keeps
the contract of studio.core.models.encoder_decoder (the Tiny-Transformer, a translator of
the user's). Decoding runs the unwrapped model in eval mode (no dropout, no latent noise)
under no_grad.

References: studio/core/models/beam_search.py (beam search and its length penalty).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

import torch
from torch import nn

from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.models.beam_search import beam_search
from studio.core.models.encoder_decoder import EncoderDecoder
from studio.core.tasks.base import model_device, unwrap

if TYPE_CHECKING:
    from studio.core.tasks.translation.task import TranslationTask


def translator(model: nn.Module) -> EncoderDecoder:
    """The encoder-decoder inside `model` (unwrapped from DDP), typed as one."""
    return cast(EncoderDecoder, unwrap(model))


@contextmanager
def eval_mode(model: nn.Module) -> Iterator[EncoderDecoder]:
    """The unwrapped model in eval mode (no dropout, no latent noise), restored afterwards."""
    inner = translator(model)
    was_training = inner.training
    inner.eval()
    try:
        yield inner
    finally:
        inner.train(was_training)


def translate(
    model: nn.Module,
    task: TranslationTask,
    sentences: list[str],
    decoding: Decoding = GREEDY_DECODING,
    batch_size: int = 64,
) -> list[str]:
    """Translate sentences with greedy decoding or beam search (ranked by the task's
    beam_length_penalty); one output per sentence."""
    tok = task.target_tok
    out: list[str] = []
    with torch.no_grad(), eval_mode(model) as inner:
        max_len, device = inner.cfg.max_len, model_device(cast(nn.Module, inner))
        for start in range(0, len(sentences), batch_size):
            src, src_mask = task.sources_batch(
                sentences[start : start + batch_size], max_len, device=device
            )  # (B, S)
            if decoding.greedy:
                gen = inner.generate(
                    src,
                    src_mask,
                    max_new_tokens=max_len,
                    greedy=True,
                    bos_id=tok.bos_id,
                    eos_id=tok.eos_id,
                )
                rows = gen.tokens.tolist()
            else:
                rows = beam_search(
                    inner,
                    src,
                    src_mask,
                    beam_size=decoding.beams,
                    max_new_tokens=max_len,
                    bos_id=tok.bos_id,
                    eos_id=tok.eos_id,
                    length_penalty=task.cfg.beam_length_penalty,
                )
            out += [task.detokenize(r) for r in rows]
    return out
