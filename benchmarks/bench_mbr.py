"""Minimum Bayes risk decoding by chrF against the beam search, on a finished translation
run's test split (its latest checkpoint).

For each source: N translations sampled at temperature T serve as pseudo-references;
among them and the beam search's 4 best, the one with the highest mean sentence chrF
against the samples is the MBR output (sacrebleu's chrF, recall weight --beta: 2 as the
test metric). Prints corpus chrF, BLEU and length ratio of the beam search's best and of
the MBR choice, and the seconds.

    OMP_NUM_THREADS=1 python benchmarks/bench_mbr.py RUN_DIR --samples 32 --temperature 0.7

Reference: Eikema and Aziz 2020, "Is MAP Decoding All You Need? The Inadequacy of the
Mode in Neural Machine Translation"; Freitag et al. 2022, "High Quality Rather than High
Model Probability: Minimum Bayes Risk Decoding with Neural Metrics".
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch
from sacrebleu.metrics import CHRF

from studio.core.models.beam_search import ranked_beam_search
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.tasks.translation.decoding import eval_mode
from studio.core.tasks.translation.rewards import corpus_metrics


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run_dir", type=Path)
    p.add_argument("--samples", type=int, default=32)
    p.add_argument("--temperature", type=float, default=0.7)
    p.add_argument("--limit", type=int, default=727, help="test pairs")
    p.add_argument("--beta", type=int, default=2, help="recall weight of the chrF utility")
    args = p.parse_args()
    _, task, model = load_trained(args.run_dir, checkpoint=latest_checkpoint(args.run_dir))
    pairs = task.splits["test"][: args.limit]
    tok, n, chrf = task.target_tok, args.samples, CHRF(beta=args.beta)
    torch.manual_seed(0)
    beam_out, mbr_out = [], []
    started = time.perf_counter()
    with torch.no_grad(), eval_mode(model) as inner:
        for start in range(0, len(pairs), 32):
            sources = [s for s, _ in pairs[start : start + 32]]
            src, mask = task.sources_batch(sources, inner.cfg.max_len)
            gen = inner.generate(
                src, mask, num_samples=n, max_new_tokens=inner.cfg.max_len,
                temperature=args.temperature, bos_id=tok.bos_id, eos_id=tok.eos_id,
            )  # fmt: skip
            samples = [task.detokenize(r) for r in gen.tokens.tolist()]
            ranked = ranked_beam_search(
                inner, src, mask, beam_size=4, max_new_tokens=inner.cfg.max_len,
                bos_id=tok.bos_id, eos_id=tok.eos_id,
                length_penalty=task.cfg.beam_length_penalty,
            )  # fmt: skip
            for i, beams in enumerate(ranked):
                pseudo = samples[i * n : (i + 1) * n]
                best = [task.detokenize(b) for b in beams]
                beam_out.append(best[0])
                candidates = list(dict.fromkeys(best + pseudo))
                mbr_out.append(
                    max(
                        candidates,
                        key=lambda c: sum(chrf.sentence_score(c, [r]).score for r in pseudo),
                    )
                )
    refs = [t for _, t in pairs]
    lang = task.cfg.target_lang
    print(
        json.dumps(
            {
                "samples": n,
                "temperature": args.temperature,
                "beta": args.beta,
                "beam": corpus_metrics(beam_out, refs, lang=lang),
                "mbr": corpus_metrics(mbr_out, refs, lang=lang),
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
