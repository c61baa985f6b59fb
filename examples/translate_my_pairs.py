"""Train the Tiny-Transformer translator on your own sentence pairs, then translate.

    python examples/translate_my_pairs.py zh-en.tsv                  # zh -> en
    python examples/translate_my_pairs.py pairs.tsv --source en --target zh
    python examples/translate_my_pairs.py zh-en.tsv --tiny           # a smoke test

The file may be a Tatoeba or Anki export as it comes (English, the other language, an
attribution), any TSV/CSV, JSON Lines or two aligned text files: the columns are matched
to the languages by script and the load report says how. The warm-up and GRPO settings
that depend on the data's size are fitted to it (the report lists them). Afterwards the
run is exported to ONNX and a few of the file's sources are translated.
Uses only studio.api (docs/api.md).
"""

import argparse

from studio import api

# a 1+1-layer d32 model, a few steps of each stage
TINY = {
    "model.d_model": 32,
    "model.n_heads": 2,
    "model.n_encoder_layers": 1,
    "model.n_decoder_layers": 1,
    "model.d_ff": 64,
    "model.max_len": 24,
    "task.vocab_size": 150,
    "stages.warmup.steps": 3,
    "stages.warmup.batch_size": 4,
    "stages.grpo.steps": 1,
    "stages.grpo.batch_size": 2,
    "grpo.num_generations": 2,
    "grpo.max_new_tokens": 8,
    "eval.size": 4,
    "eval.every": 0,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", help="your sentence pairs: TSV, CSV, JSONL or aligned files")
    parser.add_argument("--source", default="zh", help="language translated from (zh)")
    parser.add_argument("--target", default="en", help="language translated into (en)")
    parser.add_argument("--runs", default="runs", help="folder that holds the run")
    parser.add_argument("--tiny", action="store_true", help="tiny settings: a smoke test")
    args = parser.parse_args()

    pairs = api.load_pairs(args.pairs, source_lang=args.source, target_lang=args.target)
    print(pairs.report.text())
    settings = {**pairs.settings, "training.device": "cpu", **(TINY if args.tiny else {})}
    if args.tiny:  # fitting to the data would raise the tiny step counts again
        settings["task.fit_to_data"] = False
    trainer = api.GRPOTrainer(api.load_preset("tiny_transformer", settings), save_dir=args.runs)
    for record in trainer.records():
        if record["kind"] == "eval":
            print(
                f"step {record['step']:5d} {record['stage']:6s} "
                f"chrF {record['eval/chrf']:.1f}  BLEU {record.get('eval/bleu', 0.0):.1f}"
            )
        elif record["kind"] == "done":
            print(f"{record['reason']} at step {record['step']}; run folder: {trainer.run_dir}")

    print(api.export(trainer).summary)
    run = api.load_run(trainer.run_dir)
    sources = list(dict.fromkeys(source for source, _ in pairs.pairs))[-3:]
    for source, translation in zip(sources, run.translate(sources)):
        print(f"{source}  ->  {translation}")


if __name__ == "__main__":
    main()
