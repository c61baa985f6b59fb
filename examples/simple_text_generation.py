"""Train Micro-GPT briefly on 2-digit addition and let it generate: the first example.

    python examples/simple_text_generation.py             # under a minute on a laptop CPU
    python examples/simple_text_generation.py --tiny      # a tiny model, seconds (a smoke test)

It trains the quick preset (a 2-layer decoder): a supervised warm-up teaches the answer
format ("12+34=" -> "46") and stops once 30% of held-out sums come out right, then GRPO
rewards exact answers. The held-out accuracy is printed when GRPO starts and when it
ends: the rise between the two is what GRPO learned. The run folder (config,
metrics.jsonl, checkpoints) lands in --runs and opens in the studio's window like any
other run. Uses only studio.api (docs/api.md).
"""

import argparse
import time

from studio import api

# GRPO steps: enough for a visible rise on a 2-core CPU, few enough to finish in a minute
QUICK = {"stages.grpo.steps": 150, "eval.every": 25}

# seconds rather than minutes: a 2-layer d32 model, a few steps of each stage
TINY = {
    "model.n_layers": 2,
    "model.n_heads": 2,
    "model.d_model": 32,
    "model.d_ff": 64,
    "model.max_len": 12,
    "stages.warmup.steps": 3,
    "stages.warmup.batch_size": 8,
    "stages.grpo.steps": 2,
    "stages.grpo.batch_size": 4,
    "grpo.num_generations": 4,
    "eval.size": 8,
    "eval.every": 0,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", default="runs", help="folder that holds the run")
    parser.add_argument("--tiny", action="store_true", help="tiny settings: a smoke test")
    args = parser.parse_args()

    started = time.perf_counter()
    settings = {"training.device": "cpu", **QUICK, **(TINY if args.tiny else {})}
    trainer = api.GRPOTrainer(api.load_preset("quick_micro_gpt", settings), save_dir=args.runs)
    accuracy = 0.0  # the latest held-out accuracy
    before: float | None = None  # the accuracy GRPO started from
    for record in trainer.records():
        if record["kind"] == "eval":
            accuracy = record["eval/accuracy"]
            print(f"step {record['step']:4d} {record['stage']:6s} held-out accuracy {accuracy:.1%}")
        elif record["kind"] == "stage" and record["stage"] == "grpo" and before is None:
            before = accuracy
            print(f"GRPO starts at step {record['step']}")
        elif record["kind"] == "done":
            print(f"{record['reason']} at step {record['step']}; run folder: {trainer.run_dir}")

    # the trainer's last evaluation is of the finished model
    if before is not None:
        print(f"held-out accuracy: {before:.1%} when GRPO started, {accuracy:.1%} after GRPO")
    print(f"took {time.perf_counter() - started:.0f} s")

    run = api.load_run(trainer.run_dir)
    prompts = ["12+34=", "7+8=", "45+45="]
    for prompt, (answer,) in zip(prompts, run.generate(prompts)):
        print(f"{prompt}{answer}")


if __name__ == "__main__":
    main()
