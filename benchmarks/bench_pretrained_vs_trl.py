"""Benchmark: one GRPO step of a SmolLM2-135M-shaped model, the studio against TRL.

The model is built here with random weights in SmolLM2-135M's published shape (a Llama of
hidden size 576, 30 layers, 9 heads with 3 key-value heads, MLP 1536, a 49,152-token
vocabulary, tied embeddings), fp32, and saved as a Hugging Face folder with a byte-level
BPE tokenizer of that many tokens; both sides load that folder as a user's model.

  ours  the studio as shipped, given the folder as a user gives it (studio.api.use_model
        on the quick_micro_gpt preset: its arithmetic prompts), with only the step's shape
        set: no warm-up, 8 prompts x 8 completions, 32 new tokens, beta 0, loss dapo
  TRL   GRPOTrainer on the same folder and the same prompts: per_device_train_batch_size
        64 (8 prompts x 8 generations), max_completion_length 32 with min_new_tokens 32,
        beta 0, loss_type dapo, fp32, gradient checkpointing off, the same learning rate

A random model's 49,152-way sampling writes its end-of-text token about once in 50,000
tokens, so our completions run their 32 tokens too (the mean length is reported). Each
side runs in a process of its own (this file with --side), one after the other, on one
torch thread (`--threads`); a step is timed from its start to its end (ours: the step
record's time/step; TRL's: its on_step_begin to on_step_end callbacks), each side in
`--rounds` processes that alternate with the other's. Reported: the median over the timed
steps (after each process's `--warmup` untimed ones), the ratio TRL / ours, and our
process's peak resident memory over what it held with its libraries loaded, against the
studio's memory estimate for that config (hardware.memory_estimate).

    python benchmarks/bench_pretrained_vs_trl.py [--steps 3] [--warmup 1] [--rounds 2]
        [--threads 1] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHAPE = {  # SmolLM2-135M's config.json (the published one)
    "hidden_size": 576,
    "intermediate_size": 1536,
    "num_hidden_layers": 30,
    "num_attention_heads": 9,
    "num_key_value_heads": 3,
    "max_position_embeddings": 2048,
    "vocab_size": 49152,
    "tie_word_embeddings": True,
    "rms_norm_eps": 1e-5,
}
PROMPTS, GROUP, NEW_TOKENS, LR = 8, 8, 32, 1e-6


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def build_model(folder: Path) -> None:
    """A SmolLM2-135M-shaped Llama with random weights and a 49,152-token tokenizer."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    alphabet = pre_tokenizers.ByteLevel.alphabet()
    vocab = {"<|endoftext|>": 0} | {ch: i + 1 for i, ch in enumerate(sorted(alphabet))}
    merges = []
    for a in sorted(alphabet):  # pieces of two and three byte-symbols fill the vocabulary
        for b in sorted(alphabet):
            if len(vocab) >= SHAPE["vocab_size"]:
                break
            vocab[a + b] = len(vocab)
            merges.append((a, b))
    core = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    core.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, eos_token="<|endoftext|>", pad_token="<|endoftext|>"
    )
    assert len(tokenizer) <= SHAPE["vocab_size"]
    torch.manual_seed(0)
    config = LlamaConfig(**SHAPE, eos_token_id=0, bos_token_id=0, pad_token_id=0)
    LlamaForCausalLM(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)


def prompts(n: int) -> list[str]:
    import random

    rng = random.Random(0)
    return [f"{rng.randint(10, 99)}+{rng.randint(10, 99)}=" for _ in range(n)]


def ours(folder: Path, steps: int, threads: int) -> dict[str, Any]:
    import torch

    from studio.api import GRPOTrainer, configure, load_preset, use_model
    from studio.core.machine.hardware import memory_estimate
    from studio.core.tasks import build_task

    torch.set_num_threads(threads)
    settings = {
        "stages.warmup.steps": 0,
        "stages.grpo.steps": steps,
        "stages.grpo.batch_size": PROMPTS,
        "grpo.num_generations": GROUP,
        "grpo.max_new_tokens": NEW_TOKENS,
        "grpo.beta": 0.0,
        "grpo.loss_type": "dapo",
        "eval.every": 0,
        "eval.size": 1,
        "run.checkpoint_every": 0,
        "training.threads": threads,
        "training.device": "cpu",
    }
    cfg = configure(use_model(load_preset("quick_micro_gpt"), folder), settings)
    cfg.stages.grpo.lr = LR  # as the fit would set it, and as TRL's side runs
    task = build_task(cfg)
    total, trainable = task.parameter_counts(cfg.model)
    estimate = memory_estimate(cfg, total, trainable=trainable, lengths=task.token_lengths())
    base = rss_mib()
    times: list[float] = []
    lengths: list[float] = []

    def hear(record: dict[str, Any]) -> None:
        if record.get("kind") == "step":
            times.append(record["time/step"])
            lengths.append(record["policy/completion_len"])

    GRPOTrainer(cfg, save_dir=Path(tempfile.mkdtemp()), callback=hear).run()
    return {
        "times": times,
        "lengths": lengths,
        "peak_mib": peak_mib(),
        "base_mib": base,
        "estimate_mib": estimate.total / 2**20,
        "estimate_parts_mib": {k: v / 2**20 for k, v in estimate.parts.items()},
        "params": total,
    }


def trl(folder: Path, steps: int, threads: int) -> dict[str, Any]:
    import dataclasses

    import datasets
    import torch
    from transformers import AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    torch.set_num_threads(threads)
    tokenizer = AutoTokenizer.from_pretrained(str(folder), padding_side="left")
    dataset = datasets.Dataset.from_dict({"prompt": prompts(PROMPTS * (steps + 1))})
    renamed = {f.name for f in dataclasses.fields(GRPOConfig)} & {"activation_checkpointing"}
    config = GRPOConfig(
        **dict.fromkeys(renamed, False),
        output_dir=tempfile.mkdtemp(),
        per_device_train_batch_size=PROMPTS * GROUP,
        gradient_accumulation_steps=1,
        num_generations=GROUP,
        max_completion_length=NEW_TOKENS,
        generation_kwargs={"min_new_tokens": NEW_TOKENS},
        beta=0.0,
        loss_type="dapo",
        learning_rate=LR,
        lr_scheduler_type="constant",
        bf16=False,
        fp16=False,
        gradient_checkpointing=False,
        use_cpu=True,
        max_steps=steps,
        seed=0,
        report_to="none",
        save_strategy="no",
        logging_strategy="no",
        disable_tqdm=True,
        log_completions=False,
        model_init_kwargs={"dtype": "float32"},
    )
    times: list[float] = []
    lengths: list[float] = []
    started = [0.0]
    trainer: Any = None

    class Timer(TrainerCallback):
        def on_step_begin(self, *args: Any, **kwargs: Any) -> None:
            started[0] = time.perf_counter()

        def on_step_end(self, *args: Any, **kwargs: Any) -> None:
            times.append(time.perf_counter() - started[0])
            lengths.append(trainer._metrics["train"]["completions/mean_length"][-1])

    def constant(prompts: list, completions: list, **_: Any) -> list[float]:
        return [float(len(c) % 2) for c in completions]  # varies, so advantages are not 0

    trainer = GRPOTrainer(
        model=str(folder),
        reward_funcs=[constant],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[Timer()],
    )
    torch.set_num_threads(threads)
    trainer.train()
    return {"times": times, "lengths": lengths, "peak_mib": peak_mib()}


def side(name: str, folder: Path, steps: int, threads: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--side", name, "--folder", str(folder),
         "--steps", str(steps), "--threads", str(threads)],
        capture_output=True, text=True, cwd=ROOT,
        env={**os.environ, "OMP_NUM_THREADS": str(threads), "HF_HUB_OFFLINE": "1"},
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--side", choices=["ours", "trl"])
    parser.add_argument("--folder")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2, help="processes per side, alternating")
    parser.add_argument("--json")
    args = parser.parse_args()
    if args.side:
        run = ours if args.side == "ours" else trl
        print(json.dumps(run(Path(args.folder), args.steps, args.threads)))
        return
    folder = Path(tempfile.mkdtemp(prefix="smollm2-shaped-"))
    results: dict[str, dict[str, Any]] = {}
    try:
        build_model(folder)
        total = args.steps + args.warmup
        for r in range(args.rounds):  # alternating, so a busier minute burdens both
            for name in ("ours", "trl") if r % 2 == 0 else ("trl", "ours"):
                run = side(name, folder, total, args.threads)
                kept = results.setdefault(name, {**run, "times": [], "lengths": []})
                kept["times"] += run["times"][args.warmup :]
                kept["lengths"] += run["lengths"]
                kept["peak_mib"] = max(kept["peak_mib"], run["peak_mib"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for name, result in results.items():
        timed = result["times"]
        result["median_s"] = statistics.median(timed)
        print(
            f"{name:4s}  median step {result['median_s']:.2f} s over {len(timed)} steps "
            f"(each {', '.join(f'{t:.2f}' for t in timed)}); completions "
            f"{statistics.mean(result['lengths']):.1f} tokens; peak RSS "
            f"{result['peak_mib']:.0f} MiB"
        )
    ratio = results["trl"]["median_s"] / results["ours"]["median_s"]
    ours_run = results["ours"]
    grown = ours_run["peak_mib"] - ours_run["base_mib"]
    print(f"TRL / ours: {ratio:.2f}x")
    print(
        f"ours: peak {ours_run['peak_mib']:.0f} MiB, {grown:.0f} MiB over the libraries "
        f"loaded; the studio's estimate {ours_run['estimate_mib']:.0f} MiB "
        f"({grown / ours_run['estimate_mib']:.2f} of it)"
    )
    if args.json:
        Path(args.json).write_text(json.dumps({"ratio": ratio, **results}, indent=2))


if __name__ == "__main__":
    main()
