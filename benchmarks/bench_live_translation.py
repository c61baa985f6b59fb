"""Benchmark: translating as you type, with the live translator and its cache.

Makes the run bench_onnx_latency.py makes: a Tiny-Transformer at the preset's default
size (d_model 128, 4 heads, 4+4 layers, d_ff 512, max_len 64, zh->en on the built-in demo
corpus) trained briefly (`--warmup-steps` supervised steps, 150 by default: far from a
good translator, but its outputs end with EOS at about the references' length), exports
it with the studio's exporter, and then, over `--sentences` held-out sentences (200), for
the ONNX export and for PyTorch, each with a fresh cache:

1. Typing, key by key: the sentences are typed one character at a time into paragraphs
   of four (the earlier sentences of a paragraph stay in the box), with a typo followed
   by a backspace at 5% of the keys (seeded). Every key is one update: the whole text
   translated again by `LiveTranslator.translate_text` (no debounce, so this is the
   pessimistic case: the playground waits for 150 ms of quiet). Reported: the
   per-update latency p50/p95/max, and the cache's hit rate over sentence look-ups.
2. A document with repeated sentences: 1,000 lines drawn from the held-out sentences with
   Zipf-like frequencies (seeded), translated like `translate --file`; reported: the
   share of its sentences served without the model.
3. Throughput of a file of the distinct sentences: batched (`translate_lines`, 64 a
   batch, what `--file` runs) against one sentence at a time, in sentences per second.
4. Decoder prefix reuse (PyTorch), the experiment the cache was measured against: after
   each key, verify the previous state's translation as a draft with one teacher-forced
   decoder pass over the new source, and decode greedily only when the draft is not the
   greedy answer. Reported: how often the draft stood, and the decoding time with and
   without the check.

Every number comes from one run of this script on one machine; the load average is
printed with them. Threads: `--threads` for torch and onnxruntime alike (1 by default).

    python benchmarks/bench_live_translation.py [--sentences 200] [--warmup-steps 150]
        [--threads 1]
    python benchmarks/bench_live_translation.py --quick    # a tiny model: checks it runs
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import torch
from bench_onnx_latency import make_run

from studio.core.export.pipeline import export_run
from studio.core.runs.loading import load_trained
from studio.core.serving.live_translation import LiveTranslator
from studio.core.serving.translation_backends import TorchBackend, open_backend
from studio.core.tasks.translation.sentences import split_sentences

PARAGRAPH = 4  # sentences typed into one paragraph before starting the next
TYPO_RATE = 0.05
DOCUMENT_LINES = 1000


def keystrokes(sentences: list[str], rng: random.Random) -> list[str]:
    """The box's text after every key: sentences typed into paragraphs of PARAGRAPH,
    with a wrong character and its backspace at TYPO_RATE of the keys."""
    alphabet = sorted({ch for s in sentences for ch in s})
    states: list[str] = []
    for start in range(0, len(sentences), PARAGRAPH):
        text = ""
        for sentence in sentences[start : start + PARAGRAPH]:
            for ch in sentence:
                if rng.random() < TYPO_RATE:
                    states.append(text + rng.choice(alphabet))  # the typo ...
                    states.append(text)  # ... and its backspace
                text += ch
                states.append(text)
    return states


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def typing(translator: LiveTranslator, states: list[str]) -> dict[str, float]:
    """Per-update wall time, and the thread's CPU time: with one thread, what the update
    costs a core of its own, whatever else the machine runs."""
    wall, cpu = [], []
    for text in states:
        started, started_cpu = time.perf_counter(), time.thread_time()
        translator.translate_text(text)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
    stats = translator.cache.translations.stats()
    return {
        "p50": percentile(wall, 50),
        "p95": percentile(wall, 95),
        "max": max(wall),
        "cpu_p50": percentile(cpu, 50),
        "cpu_p95": percentile(cpu, 95),
        "hit_rate": stats.hit_rate or 0.0,
        "lookups": stats.lookups,
    }


def document(sentences: list[str], rng: random.Random) -> list[str]:
    """DOCUMENT_LINES lines, sentence i drawn with weight 1 / (i + 1)."""
    weights = [1 / (i + 1) for i in range(len(sentences))]
    return rng.choices(sentences, weights=weights, k=DOCUMENT_LINES)


def throughput(backend, sentences: list[str]) -> tuple[float, float]:
    """Sentences per second: batched as --file does, and one at a time."""
    started = time.perf_counter()
    LiveTranslator(backend).translate_lines(sentences)
    batched = len(sentences) / (time.perf_counter() - started)
    one_by_one = LiveTranslator(backend)
    started = time.perf_counter()
    for sentence in sentences:
        one_by_one.translate_sentence(sentence)
    single = len(sentences) / (time.perf_counter() - started)
    return batched, single


@torch.no_grad()
def draft_stands(model, encoded, draft: list[int], bos: int, eos: int) -> bool:
    """Whether greedy decoding would write `draft` (EOS included): one teacher-forced pass
    over [BOS] + draft, every position's likeliest token compared with the draft's."""
    if len(draft) > model.cfg.max_len:
        return False
    tgt_in = torch.tensor([[bos, *draft[:-1]]])
    picked = model.decode(encoded.memory, encoded.mask, tgt_in)[0].argmax(dim=-1).tolist()
    return picked == draft and draft[-1] == eos


def prefix_reuse(backend: TorchBackend, sentences: list[str]) -> dict[str, float]:
    """Decoding time of every typed state of each sentence, plain greedy against
    verifying the previous state's translation first."""
    model, tok = backend.model, backend.task.target_tok
    plain = checked = 0.0
    stood = states = wrong = 0
    for sentence in sentences:
        draft: list[int] | None = None
        for end in range(1, len(sentence) + 1):
            encoded = backend.encode(sentence[:end])  # cached in both ways alike: not timed
            started = time.perf_counter()
            ids = backend.greedy_ids(encoded)
            greedy_time = time.perf_counter() - started
            plain += greedy_time
            if draft is not None:
                states += 1
                started = time.perf_counter()
                ok = draft_stands(model, encoded, draft, tok.bos_id, tok.eos_id)
                checked += time.perf_counter() - started + (0.0 if ok else greedy_time)
                stood += ok
                wrong += ok and draft != ids
            else:
                checked += greedy_time
            draft = ids
    return {
        "states": states,
        "stood": stood / max(states, 1),
        "plain_ms": plain * 1000,
        "checked_ms": checked * 1000,
        "wrong": wrong,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=200, help="held-out sentences typed")
    parser.add_argument("--warmup-steps", type=int, default=150, help="supervised steps first")
    parser.add_argument("--threads", type=int, default=1, help="torch and onnxruntime threads")
    parser.add_argument("--seed", type=int, default=0, help="typos and the document's draw")
    parser.add_argument("--quick", action="store_true", help="tiny model, 20 sentences")
    args = parser.parse_args()
    count = 20 if args.quick else args.sentences
    warmup_steps = 2 if args.quick else args.warmup_steps
    torch.set_num_threads(args.threads)
    load_before = os.getloadavg()

    with tempfile.TemporaryDirectory() as root:
        run_dir = make_run(Path(root), warmup_steps, args.quick)
        export_run(run_dir, examples=20)
        _, task, model = load_trained(run_dir)
        held_out = [s for s, _ in task.splits["valid"] + task.splits["test"]]
        sentences = list(dict.fromkeys(s for h in held_out for s in split_sentences(h)))[:count]
        states = keystrokes(sentences, random.Random(args.seed))
        backends = {
            "ONNX": open_backend(run_dir, onnx=True, onnx_threads=args.threads),
            "PyTorch": TorchBackend(model, task),
        }
        for backend in backends.values():  # warm-up: allocators, thread pools
            LiveTranslator(backend).translate_lines(sentences[:5])

        print(
            f"Tiny-Transformer {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M params "
            f"({'quick, tiny' if args.quick else 'preset'} size, {warmup_steps} warm-up "
            f"steps), {len(sentences)} held-out sentences, {args.threads} thread(s); load "
            f"average {load_before[0]:.1f} before"
        )
        print(
            f"\n1. typing key by key: {len(states)} updates (paragraphs of {PARAGRAPH}, "
            f"{TYPO_RATE:.0%} typos with a backspace), every key an update, no debounce"
        )
        for name, backend in backends.items():
            got = typing(LiveTranslator(backend), states)
            print(
                f"  {name:8s} wall p50 {got['p50']:6.1f} ms  p95 {got['p95']:6.1f} ms  "
                f"max {got['max']:6.1f} ms | CPU p50 {got['cpu_p50']:6.1f} ms  p95 "
                f"{got['cpu_p95']:6.1f} ms | cache hit rate {got['hit_rate']:.1%} of "
                f"{got['lookups']} sentence look-ups"
            )

        lines = document(sentences, random.Random(args.seed))
        result = LiveTranslator(backends["ONNX"]).translate_lines(lines)
        print(
            f"\n2. a document of {len(lines)} lines drawn from {len(sentences)} sentences "
            f"(weights 1/rank): {result.from_cache / result.sentences:.1%} of its "
            f"{result.sentences} sentences from the cache ({result.translated} translated)"
        )

        print(f"\n3. a file of the {len(sentences)} distinct sentences, sentences per second")
        for name, backend in backends.items():
            batched, single = throughput(backend, sentences)
            print(
                f"  {name:8s} batched (64) {batched:7.1f}/s   one at a time {single:7.1f}/s   "
                f"ratio {batched / single:5.2f}x"
            )

        got = prefix_reuse(backends["PyTorch"], sentences)
        print(
            f"\n4. decoder prefix reuse (PyTorch), {got['states']} typed states: the previous "
            f"translation stood {got['stood']:.1%} of the time; decoding {got['plain_ms']:.0f} "
            f"ms plain, {got['checked_ms']:.0f} ms with the check "
            f"({got['checked_ms'] / got['plain_ms']:.2f}x); drafts accepted that greedy "
            f"would not write: {got['wrong']}"
        )
    print(f"\nload average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
