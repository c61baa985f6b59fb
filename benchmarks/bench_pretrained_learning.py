"""Does GRPO shape a model the user already has, given to the studio as a user gives it?

1. Pretrains a small Llama-shaped causal language model here, with transformers alone (no
   studio code): English text (the English side of the Tatoeba exports given with --text,
   read at run time, never copied into the repository) through a byte-level BPE tokenizer
   trained on the same text, a plain next-token loss; saved as a Hugging Face folder.
2. Gives that folder to the "Your own text" preset as shipped, with a real task file:
   codespell's dictionary of misspellings (`misspelling->correction`), exactly as
   bench_own_text.py runs the from-scratch preset: the fitted warm-up, then GRPO; the
   control runs the GRPO stage again from the same start with grpo.shuffle_rewards.
3. Reports, per seed, the test split's exact answers and chrF at GRPO's start, after GRPO
   and after the control.

    OMP_NUM_THREADS=1 python benchmarks/bench_pretrained_learning.py --seeds 0 1 \\
        --text TATOEBA_CMN_ENG.tsv TATOEBA_ENG_FRA.tsv --data CODESPELL_DICTIONARY.txt

(Tatoeba's sentence-pair exports as they come, English first; codespell's dictionary.txt.)

`--model FOLDER` skips step 1 and uses a model saved before; `--set KEY=VALUE` changes a
setting of the runs and controls alike (the figures then answer a smaller question).

`--lr-sweep LR [LR ...]` instead trains the warm-up alone at each rate for
`--sweep-steps` steps (no budget, no patience, no GRPO) and prints the valid split's
exact answers and chrF at each evaluation: how fast the model learns the task at a rate.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from bench_own_text import one_seed

SHAPE = {  # about 1.5M parameters: a model a laptop CPU pretrains in minutes
    "hidden_size": 160,
    "intermediate_size": 448,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "max_position_embeddings": 256,
    "tie_word_embeddings": True,
}
VOCAB, SEQ, BATCH = 2048, 48, 32


def english(files: list[Path]) -> list[str]:
    """The English column of Tatoeba exports (English first, as they come)."""
    lines = []
    for file in files:
        for row in file.read_text(encoding="utf-8").splitlines():
            cells = row.split("\t")
            if len(cells) >= 2 and cells[0].strip():
                lines.append(cells[0].strip())
    return sorted(set(lines))


def pretrain(text: list[str], folder: Path, steps: int, seed: int = 0) -> dict:
    """A Llama of SHAPE trained on `text` for `steps` steps, saved in `folder`."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    torch.manual_seed(seed)
    core = Tokenizer(models.BPE())
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    core.decoder = decoders.ByteLevel()
    core.train_from_iterator(
        text,
        trainers.BpeTrainer(
            vocab_size=VOCAB,
            special_tokens=["<|endoftext|>"],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, eos_token="<|endoftext|>", pad_token="<|endoftext|>"
    )
    eos = tokenizer.eos_token_id
    stream = []
    for line in text:  # one long stream, each sentence ended by EOS
        stream += tokenizer(line)["input_ids"] + [eos]
    data = torch.tensor(stream)
    config = LlamaConfig(**SHAPE, vocab_size=len(tokenizer), eos_token_id=eos, bos_token_id=eos)
    model = LlamaForCausalLM(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, 3e-3, total_steps=steps)
    rng = random.Random(seed)
    started, losses = time.perf_counter(), []
    for _ in range(steps):
        starts = [rng.randrange(len(data) - SEQ - 1) for _ in range(BATCH)]
        batch = torch.stack([data[s : s + SEQ] for s in starts])
        loss = model(input_ids=batch, labels=batch).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        losses.append(float(loss))
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return {
        "parameters": sum(p.numel() for p in model.parameters()),
        "tokens": len(stream),
        "steps": steps,
        "first_loss": sum(losses[:20]) / 20,
        "last_loss": sum(losses[-20:]) / 20,
        "seconds": time.perf_counter() - started,
    }


def lr_sweep(folder: Path, data: Path, rates: list[float], steps: int, out: Path) -> None:
    """The warm-up alone at each rate: valid exact % / chrF at each evaluation."""
    from studio.core.catalogue import load_config
    from studio.core.runs.metrics_file import read_metrics
    from studio.core.training.loop.trainer import Trainer

    section = json.dumps({"arch": "pretrained-lm", "path": str(folder.resolve())})
    rows = {}
    for lr in rates:
        sets = [f"model={section}", f"data.path={data}", "training.threads=1"]
        sets += [f"stages.warmup.lr={lr}", f"stages.warmup.steps={steps}", "eval.every=200"]
        sets += ["stages.grpo.steps=0", "run.time_budget=null", "stages.warmup.patience=0"]
        sets += ["run.checkpoint_every=0"]
        trainer = Trainer(load_config("own_text", sets), save_dir=out / f"lr-{lr:g}")
        started = time.perf_counter()
        trainer.run()
        evals = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "eval"]
        cells = [f"{100 * r['eval/accuracy']:.1f} / {r['eval/chrf']:.1f}" for r in evals[1:]]
        rows[lr] = (cells, time.perf_counter() - started)
        print(json.dumps({"lr": lr, "evals": cells}), flush=True)
    print(f"\ncommand: OMP_NUM_THREADS=1 python {' '.join(sys.argv)}\n")
    for lr, (cells, wall) in rows.items():
        print(f"| {lr:g} | {' | '.join(cells)} | {wall:.0f} |")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--text", type=Path, nargs="*", default=[], help="Tatoeba files: English text")
    p.add_argument("--data", type=Path, required=True, help="codespell's dictionary.txt")
    p.add_argument("--model", type=Path, help="a model folder pretrained before (skips step 1)")
    p.add_argument("--pretrain-steps", type=int, default=1500)
    p.add_argument("--limit", type=int, default=1000, help="test prompts evaluated")
    p.add_argument("--out", default="benchmarks/out/pretrained_learning")
    p.add_argument("--set", dest="overrides", action="append", default=[])
    p.add_argument("--lr-sweep", type=float, nargs="+", help="the warm-up alone at these rates")
    p.add_argument("--sweep-steps", type=int, default=600)
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = args.model
    if folder is None:
        if not args.text:
            print("give --text (Tatoeba files) to pretrain on, or --model", file=sys.stderr)
            return 2
        folder = out / "model"
        made = pretrain(english(args.text), folder, args.pretrain_steps)
        print(json.dumps({"pretrained": str(folder), **made}), flush=True)
    if args.lr_sweep:
        lr_sweep(folder, args.data, args.lr_sweep, args.sweep_steps, out)
        return 0
    section = json.dumps({"arch": "pretrained-lm", "path": str(folder.resolve())})
    overrides = [f"model={section}", *args.overrides]
    rows = []
    for seed in args.seeds:
        rows.append(one_seed(args.data, seed, out, args.limit, overrides, None))
        print(json.dumps(rows[-1]), flush=True)
    print(f"\ncommand: OMP_NUM_THREADS=1 python {' '.join(sys.argv)}\n")
    print(
        "| seed | test exact / chrF at GRPO start | after GRPO | after the control | GRPO - start "
        "| GRPO - control | run s | control s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        s, g, c = r["start"], r["grpo"], r["control"]
        cell = lambda m: f"{100 * m['accuracy']:.1f} / {m['chrf']:.1f}"  # noqa: E731
        print(
            f"| {r['seed']} | {cell(s)} | {cell(g)} | {cell(c)} "
            f"| {100 * (g['accuracy'] - s['accuracy']):+.1f} points "
            f"| {100 * (g['accuracy'] - c['accuracy']):+.1f} points "
            f"| {r['wall_s']:.0f} | {r['control_wall_s']:.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
