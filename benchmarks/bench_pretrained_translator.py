"""Benchmark: a translator the size of Helsinki-NLP/opus-mt-zh-en as the translation policy.

No model hub is reachable here, so the model is opus-mt-zh-en's shape with random weights
(MarianConfig: d_model 512, 6 encoder and 6 decoder layers, 8 heads, feed-forward 2048, a
vocabulary of 65,001), saved as a Hugging Face folder with sentencepiece models trained on
a few made-up sentences (its vocab.json padded to the model's 65,001 ids). The studio is
given that folder as a user gives it (`use_model` on the tiny_transformer preset), on the
CPU with one thread, and reports:

1. a GRPO step's seconds (the trainer's time/step, after a warm-up step) against the time
   probe's estimate of one (measure_pace), and the process's peak resident memory over
   the run (Linux's VmHWM) against the memory estimate (memory_estimate with the model's
   real parameter counts);
2. the latency of one sentence's greedy translation, p50 and p95, through the PyTorch
   engine and the ONNX export (serving.translation_backends). A random model writes until
   its length limit, so each translation is max_len tokens long: the worst case.

    OMP_NUM_THREADS=1 python benchmarks/bench_pretrained_translator.py

`--quick` runs a tiny model of the same layout (a sanity check, seconds).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OPUS_MT_ZH_EN = {  # config.json of Helsinki-NLP/opus-mt-zh-en, its sizes
    "vocab_size": 65001,
    "d_model": 512,
    "encoder_layers": 6,
    "decoder_layers": 6,
    "encoder_attention_heads": 8,
    "decoder_attention_heads": 8,
    "encoder_ffn_dim": 2048,
    "decoder_ffn_dim": 2048,
    "max_position_embeddings": 512,
}
QUICK = {**OPUS_MT_ZH_EN, "vocab_size": 2001, "d_model": 64, "encoder_layers": 2}
QUICK.update(decoder_layers=2, encoder_ffn_dim=128, decoder_ffn_dim=128)

# made up for this benchmark: sentencepiece needs some text to make its pieces from
CHINESE = ["我们今天去公园散步。", "这本书很有意思。", "他每天早上喝咖啡。", "天气变冷了。"]
ENGLISH = ["We walk in the park today.", "This book is interesting.", "He drinks coffee."]
SENTENCES = ["我喜欢在河边读书。", "明天我们一起吃午饭吧。", "这条路通往火车站。", "她的猫很胖。"]


def kib(field: str) -> int:
    found = re.search(rf"{field}:\s+(\d+) kB", Path("/proc/self/status").read_text())
    return int(found.group(1)) * 1024 if found else 0


def spm(lines: list[str]) -> bytes:
    import sentencepiece

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines * 20),
        model_writer=model,
        vocab_size=60,
        model_type="unigram",
        character_coverage=1.0,
        eos_id=0,
        unk_id=1,
        bos_id=-1,
        pad_id=-1,
        hard_vocab_limit=False,
        minloglevel=2,
    )
    return model.getvalue()


def build_folder(folder: Path, sizes: dict[str, int]) -> None:
    """A random Marian of `sizes` with opus-mt's files: source.spm, target.spm, vocab.json
    (</s> 0, <unk> 1, the pieces, fillers, <pad> last as the decoder's start)."""
    import sentencepiece
    import torch
    import transformers as tf

    torch.manual_seed(0)
    folder.mkdir(parents=True, exist_ok=True)
    pieces = ["</s>", "<unk>"]
    for name, lines in (("source.spm", CHINESE + SENTENCES), ("target.spm", ENGLISH)):
        model = spm(lines)
        (folder / name).write_bytes(model)
        proc = sentencepiece.SentencePieceProcessor(model_proto=model)
        pieces += [proc.id_to_piece(i) for i in range(proc.get_piece_size())]
    ids = {p: i for i, p in enumerate(dict.fromkeys(pieces))}
    for i in range(len(ids), sizes["vocab_size"] - 1):
        ids[f"<filler{i}>"] = i  # ids the real model's pieces would hold
    ids["<pad>"] = pad = sizes["vocab_size"] - 1
    (folder / "vocab.json").write_text(json.dumps(ids, ensure_ascii=False))
    tf.MarianTokenizer(
        str(folder / "source.spm"),
        str(folder / "target.spm"),
        str(folder / "vocab.json"),
        source_lang="zh",
        target_lang="en",
    ).save_pretrained(folder)
    config = tf.MarianConfig(**sizes, pad_token_id=pad, eos_token_id=0, decoder_start_token_id=pad)
    tf.MarianMTModel(config).save_pretrained(folder)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(backend: Any, repeats: int) -> dict[str, float]:
    from studio.core.config.decoding import GREEDY_DECODING

    backend.translate_batch([SENTENCES[0]], GREEDY_DECODING)  # first call: allocations
    seconds = []
    for i in range(repeats):
        began = time.perf_counter()
        backend.translate_batch([SENTENCES[i % len(SENTENCES)]], GREEDY_DECODING)
        seconds.append(time.perf_counter() - began)
    return {"p50_ms": 1000 * statistics.median(seconds), "p95_ms": 1000 * percentile(seconds, 0.95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny model: a sanity check")
    parser.add_argument("--steps", type=int, default=3, help="GRPO steps measured")
    parser.add_argument("--repeats", type=int, default=20, help="translations timed per engine")
    args = parser.parse_args()

    import torch

    from studio.api import GRPOTrainer, load_preset, use_model
    from studio.core.export.pipeline import export_run
    from studio.core.machine.hardware import memory_estimate
    from studio.core.runs.metrics_file import read_metrics
    from studio.core.serving.translation_backends import open_backend
    from studio.core.tasks import build_task
    from studio.core.training.probes.time_probe import measure_pace

    torch.set_num_threads(1)
    work = Path(tempfile.mkdtemp(prefix="bench-translator-"))
    folder = work / "opus-mt-zh-en"
    build_folder(folder, QUICK if args.quick else OPUS_MT_ZH_EN)
    settings = {
        "stages.warmup.steps": 1,
        "stages.grpo.steps": args.steps,
        "stages.warmup.batch_size": 8,
        "stages.grpo.batch_size": 4,
        "grpo.num_generations": 4,
        "grpo.max_new_tokens": 32,
        "eval.every": 0,
        "eval.size": 4,
        "run.checkpoint_every": 0,
        "training.threads": 1,
        "training.device": "cpu",
        "task.demo_size": 200,
    }
    cfg = use_model(load_preset("tiny_transformer", settings), folder)
    cfg.model.max_len = 32
    task = build_task(cfg)
    total, trainable = task.parameter_counts(cfg.model)
    estimate = memory_estimate(cfg, total, trainable=trainable, lengths=task.token_lengths())
    pace, _ = measure_pace(cfg, task, torch.device("cpu"))
    del task
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
    before = kib("VmRSS")
    trainer = GRPOTrainer(cfg, save_dir=work / "runs")
    trainer.run()
    peak = kib("VmHWM")
    steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
    grpo = [r["time/step"] for r in steps if r["stage"] == "grpo"]
    export_run(trainer.run_dir, seed=0)
    engines = {
        name: latency(open_backend(trainer.run_dir, onnx=onnx), args.repeats)
        for name, onnx in (("PyTorch", False), ("ONNX", True))
    }
    report = {
        "model": "quick" if args.quick else "opus-mt-zh-en shape",
        "run_dir": str(trainer.run_dir),  # exported: bench_serve.py --run serves it
        "parameters": total,
        "grpo_step_s": {"measured": grpo, "median": statistics.median(grpo)},
        "grpo_step_s_estimated": pace.grpo_step,
        "peak_rss_mb": peak / 2**20,
        "rss_before_run_mb": before / 2**20,
        "estimate_mb": {"total": estimate.total / 2**20, "peak_stage": estimate.peak_stage},
        "estimate_parts_mb": {
            k: v / 2**20 for k, v in estimate.stages[estimate.peak_stage].items()
        },
        "latency": engines,
        "translation_tokens": cfg.model.max_len,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
