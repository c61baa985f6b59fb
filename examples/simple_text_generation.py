"""Train Micro-GPT briefly on 2-digit addition and let it generate: the first example.

    python examples/simple_text_generation.py             # about 6 minutes on a laptop CPU
    python examples/simple_text_generation.py --tiny      # a tiny model, seconds (a smoke test)

A supervised warm-up teaches the answer format ("12+34=" -> "46"), GRPO then rewards
exact answers. The run folder (config, metrics.jsonl, checkpoints) lands in --runs and
opens in the studio's window like any other run. Uses only studio.api (docs/api.md).
"""

import argparse

from studio import api

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

    cfg = api.load_preset("micro_gpt", {"training.device": "cpu", **(TINY if args.tiny else {})})
    trainer = api.GRPOTrainer(cfg, save_dir=args.runs)
    for record in trainer.records():
        if record["kind"] == "eval":
            print(
                f"step {record['step']:4d} {record['stage']:6s} "
                f"held-out accuracy {record['eval/accuracy']:.1%}"
            )
        elif record["kind"] == "done":
            print(f"{record['reason']} at step {record['step']}; run folder: {trainer.run_dir}")

    run = api.load_run(trainer.run_dir)
    prompts = ["12+34=", "7+8=", "45+45="]
    for prompt, (answer,) in zip(prompts, run.generate(prompts)):
        print(f"{prompt}{answer}")


if __name__ == "__main__":
    main()
