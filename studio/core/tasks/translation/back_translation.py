"""More data from less: target-language sentences alone, turned into synthetic pairs.

A user often has far more sentences in the target language than pairs. Back-translation
trains a model in the reverse direction (target -> source) on the pairs, translates the
lone target sentences with it into synthetic sources, and mixes the synthetic pairs
into the warm-up. Their targets are real text, so the model learns to write good
output; their sources are a model's, so each carries a tag (`TAG`, prepended) that
tells the model which inputs to trust less, and real sources never have it.

`read_monolingual` reads the sentences (one per line; empty, too long, undecodable and
repeated lines are skipped and counted); `back_translate` trains the reverse model
with the forward model's architecture and translates. It runs once, when the warm-up
starts; a run's checkpoints keep the synthetic pairs, so a resumed run reuses them.

References: Sennrich, Haddow and Birch 2016, "Improving Neural Machine Translation
Models with Monolingual Data"; Caswell, Chelba and Grangier 2019, "Tagged
Back-Translation".
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import torch

from studio.core.data.load_report import DataError
from studio.core.tasks.translation.config import TranslationConfig

TAG = "<bt> "  # prepended to every synthetic source
BATCH = 32
LR = 1e-3
GRAD_CLIP = 0.8


def read_monolingual(path: str | Path, max_length: int) -> tuple[list[str], dict[str, int]]:
    """The distinct sentences of a one-sentence-per-line file, and what was skipped."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise DataError(
            f"{p}: no such file; task.monolingual_path names a text file of target-language "
            "sentences, one per line"
        )
    skipped = {"empty": 0, "too long": 0, "undecodable": 0, "duplicate": 0}
    seen: set[str] = set()
    kept: list[str] = []
    for raw in p.read_bytes().removeprefix(b"\xef\xbb\xbf").splitlines():
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            skipped["undecodable"] += 1
            continue
        reason = (
            "empty"
            if not line
            else "too long"
            if len(line) > max_length
            else "duplicate"
            if line in seen
            else ""
        )
        if reason:
            skipped[reason] += 1
            continue
        seen.add(line)
        kept.append(line)
    if not kept:
        raise DataError(f"{p}: holds no usable sentence; give one target-language sentence a line")
    return kept, {k: v for k, v in skipped.items() if v}


def back_translate(
    sentences: list[str],
    train: list[tuple[str, str]],
    cfg: TranslationConfig,
    data: Any,
    model_cfg: Any,
    seed: int,
) -> list[tuple[str, str]]:
    """(tagged synthetic source, target) for each sentence, by a reverse-direction model
    trained for cfg.back_translation_steps on the training pairs. Leaves the caller's
    random streams as they were."""
    from studio.core.tasks.translation.decoding import translate
    from studio.core.tasks.translation.task import TranslationTask  # the task imports us

    reverse_cfg = dataclasses.replace(
        cfg,
        source_lang=cfg.target_lang,
        target_lang=cfg.source_lang,
        source_tokenizer=cfg.target_tokenizer,
        target_tokenizer=cfg.source_tokenizer,
        back_translation=False,
        monolingual_path=None,
        fit_to_data=False,
        num_levels=1,
    )
    reverse_data = dataclasses.replace(data, path=None, valid_fraction=0.0, test_fraction=0.0)
    reverse = TranslationTask(
        reverse_cfg, reverse_data, seed=seed, pairs=[(t, s) for s, t in train]
    )
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        model = reverse.build_model(model_cfg)
        optimizer = torch.optim.AdamW(model.parameters(), lr=LR, betas=(0.9, 0.99))
        rng = random.Random(seed)
        model.train()
        for _ in range(cfg.back_translation_steps):
            loss = reverse.supervised_loss(model, reverse.sample(BATCH, rng, 0))
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), GRAD_CLIP)
            optimizer.step()
        model.eval()
        with torch.no_grad():
            sources = translate(model, reverse, sentences, decoding="greedy")
    return [(TAG + s, t) for s, t in zip(sources, sentences) if s.strip()]
