"""Benchmark: single-sentence translation latency, onnxruntime against PyTorch eager.

Makes a Tiny-Transformer run at the preset's default size (d_model 128, 4 heads, 4+4
layers, d_ff 512, zh->en on the built-in demo corpus, the preset's tokenizers) trained
only briefly (`--warmup-steps` supervised steps, 150 by default, ~20 s on 2 cores: far from
a good translator, but its outputs end with EOS at about the references' length, a median
of ~10 tokens; fewer steps give outputs of 3-4 tokens, an untrained model runs to the
64-token limit, and either would misstate a sentence's latency), exports it with the
studio's exporter, and then translates held-out sentences one at a time, greedily, end to
end (tokenize, encode, decode with the KV cache, detokenize):

- PyTorch: studio.core.tasks.translation.task.translate (the model's cached `generate`);
- onnxruntime: the exported example program's TranslatorOnnx (encoder graph, then the
  decoder step graph fed its own present keys/values).

Each iteration runs both on the same sentence, in alternating order, so drift in machine
load touches both alike; the script checks that both give the same translation, and
prints the medians over `--repeats` sentences (200 by default) and their ratio.

    python benchmarks/bench_onnx_latency.py [--repeats 200] [--warmup-steps 150] [--threads 1]
    python benchmarks/bench_onnx_latency.py --quick

--quick: a tiny model, 2 warm-up steps and 20 repeats; checks that the script runs.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import onnxruntime as ort
import torch

from studio.core.catalogue import load_config
from studio.core.export.pipeline import export_run
from studio.core.export.snippets.tiny_transformer import FILES, TranslatorOnnx
from studio.core.runs.loading import load_trained
from studio.core.tasks.translation.decoding import translate
from studio.core.training.loop.trainer import Trainer

QUICK = [
    "model.d_model=32",
    "model.n_heads=2",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=1",
    "model.d_ff=64",
    "task.demo_size=300",
    "task.vocab_size=300",
]


def make_run(root: Path, warmup_steps: int, quick: bool) -> Path:
    overrides = [
        "training.device=cpu",
        f"stages.warmup.steps={warmup_steps}",
        "stages.warmup.patience=0",
        "stages.grpo.steps=0",
        "eval.every=0",
        "eval.size=8",
        "run.checkpoint_every=0",
        *(QUICK if quick else []),
    ]
    trainer = Trainer(load_config("tiny_transformer", overrides), save_dir=root)
    trainer.run()
    return trainer.run_dir


def session(path: Path, threads: int) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200, help="sentences timed (median)")
    parser.add_argument("--warmup-steps", type=int, default=150, help="supervised steps first")
    parser.add_argument(
        "--threads", type=int, default=1, help="CPU threads for both torch and onnxruntime"
    )
    parser.add_argument("--quick", action="store_true", help="tiny model, 20 repeats")
    args = parser.parse_args()
    repeats = 20 if args.quick else args.repeats
    warmup_steps = 2 if args.quick else args.warmup_steps
    torch.set_num_threads(args.threads)

    with tempfile.TemporaryDirectory() as root:
        run_dir = make_run(Path(root), warmup_steps, args.quick)
        exported = export_run(run_dir, examples=20)
        cfg, task, model = load_trained(run_dir)
        runner = TranslatorOnnx(exported.folder)
        # the same thread count as torch
        runner.encoder = session(exported.folder / FILES["encoder"], args.threads)
        runner.decoder = session(exported.folder / FILES["decoder_step"], args.threads)

        sentences = [s for s, _ in task.splits["valid"] + task.splits["test"]]
        for sentence in sentences[:5]:  # warm-up: allocators, thread pools, caches
            translate(model, task, [sentence])
            runner.translate([sentence])
        times: dict[str, list[float]] = {"pytorch": [], "onnxruntime": []}
        tokens = []
        for i in range(repeats):
            sentence = sentences[i % len(sentences)]
            order = ("pytorch", "onnxruntime") if i % 2 == 0 else ("onnxruntime", "pytorch")
            out = {}
            for name in order:
                start = time.perf_counter()
                if name == "pytorch":
                    out[name] = translate(model, task, [sentence])[0]
                else:
                    out[name] = runner.translate([sentence])[0]
                times[name].append(time.perf_counter() - start)
            if out["pytorch"] != out["onnxruntime"]:
                raise SystemExit(f"outputs differ on {sentence!r}: {out}")
            ids = runner.greedy_ids([runner.source_ids(sentence)], runner.max_len)[0]
            tokens.append(len(ids))  # decoder steps run, EOS included

    params = sum(p.numel() for p in model.parameters())
    torch_ms = statistics.median(times["pytorch"]) * 1e3
    ort_ms = statistics.median(times["onnxruntime"]) * 1e3
    print(
        f"Tiny-Transformer {params / 1e6:.2f}M params ({'quick, tiny' if args.quick else 'preset'}"
        f" size; {warmup_steps} warm-up steps), {repeats} held-out sentences one at a time, "
        f"greedy, {args.threads} thread(s), median output {statistics.median(tokens):.0f} tokens:"
    )
    print(f"  PyTorch eager    {torch_ms:8.2f} ms")
    print(f"  onnxruntime      {ort_ms:8.2f} ms")
    print(f"  speed-up         {torch_ms / ort_ms:8.2f}x   (same translations: yes)")


if __name__ == "__main__":
    main()
