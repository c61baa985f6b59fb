"""Commands on a finished (or stopped) run folder: eval, generate and export. They load the
run with studio.core.runs.loading, never the training loop."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studio.cli.usage import PROG, UsageError
from studio.core.config.decoding import METHODS, Decoding


def register(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("eval", help="held-out metrics of a run")
    e.add_argument("run_dir")
    e.add_argument("--split", default="test", choices=["valid", "test"])
    e.add_argument("--limit", type=int, default=1000, help="examples to evaluate")
    e.add_argument(
        "--decoding",
        choices=METHODS,
        help="default: the run's (eval.test_decoding for test, eval.decoding for valid)",
    )
    e.set_defaults(run=cmd_eval)

    g = sub.add_parser("generate", help="complete prompts with a run's model")
    g.add_argument("run_dir")
    g.add_argument("prompts", nargs="+")
    g.add_argument("--samples", type=int, default=1, help="completions per prompt")
    g.add_argument("--temperature", type=float, default=0.0, help="0: greedy")
    g.set_defaults(run=cmd_generate)

    x = sub.add_parser("export", help="export a run's model to ONNX, verified")
    x.add_argument("run_dir")
    x.add_argument("--out", help="output folder (default: RUN_DIR/exports)")
    x.add_argument("--int8", action="store_true", help="also write int8-quantized copies")
    x.add_argument(
        "--hf",
        action="store_true",
        help="a model of yours: save it as a Hugging Face folder transformers loads (default "
        "folder: RUN_DIR/model) instead of ONNX",
    )
    x.add_argument(
        "--adapter",
        action="store_true",
        help="with --hf, for a LoRA run: save the adapters alone beside their base model "
        "instead of merged into a copy of its weights",
    )
    x.set_defaults(run=cmd_export)


def _save_hf(args: argparse.Namespace) -> int:
    from studio.core.export.hf_folder import save_run_model

    if args.int8:
        raise UsageError("--int8 goes with ONNX, not --hf; drop one of them")
    out = Path(args.out) if args.out else None
    folder = save_run_model(Path(args.run_dir), out, how="adapter" if args.adapter else "merged")
    print(f"saved as a Hugging Face folder: {folder} (transformers' from_pretrained loads it)")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from studio.core.config.arguments import check_eval_limit
    from studio.core.runs.loading import load_run_config, load_trained
    from studio.core.tasks import task_class

    check_eval_limit(args.limit)
    if args.decoding:
        kind = task_class(load_run_config(Path(args.run_dir)).task.NAME)
        if args.decoding not in kind.DECODINGS:
            raise UsageError(
                f"--decoding {args.decoding}: the {kind.NAME} task decodes with "
                f"{' or '.join(kind.DECODINGS)}; drop the option or choose one of them"
            )
    cfg, task, model = load_trained(Path(args.run_dir))
    how = cfg.eval.decoding_of(args.split)
    if args.decoding:
        how = Decoding.named(args.decoding, cfg.eval.beam_size)
    metrics = task.evaluate(model, split=args.split, limit=args.limit, decoding=how)
    for name, value in metrics.items():
        print(f"{name}: {value:.4f}")
    return 0


def check_text_run(run_dir: Path, task_name: str) -> None:
    """generate completes text prompts: refuse a run whose task does something else,
    saying which command fits it."""
    from studio.core.serving.completion import completes_text

    if completes_text(task_name):
        return
    if task_name == "translation":  # the task the translate command reads
        fits = f"use translate ({PROG} translate {run_dir} SENTENCE)"
    else:
        fits = (
            "its model does not complete text prompts; evaluate it "
            f"({PROG} eval {run_dir}) or try it in the window's Playground"
        )
    raise UsageError(f"{run_dir}: this run is a {task_name} run: {fits}")


def cmd_generate(args: argparse.Namespace) -> int:
    from studio.core.runs.loading import load_run, load_run_config
    from studio.core.serving.completion import (
        CompletionError,
        CompletionSettings,
        check_request,
        complete,
    )

    run_dir = Path(args.run_dir)
    check_text_run(run_dir, load_run_config(run_dir).task.NAME)
    settings = CompletionSettings(samples=args.samples, temperature=args.temperature)
    try:
        check_request(args.prompts, settings)  # before the model loads
        completions = complete(load_run(run_dir), args.prompts, settings)
    except CompletionError as err:  # a setting is named by its option
        raise UsageError(f"--{err}" if err.setting else str(err)) from None
    for prompt, done in zip(args.prompts, completions, strict=True):
        for completion in done:
            print(f"{prompt}{completion}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from studio.core.export.pipeline import export_run

    if args.adapter and not args.hf:
        raise UsageError("--adapter goes with --hf (a Hugging Face folder of a LoRA run)")
    if args.hf:
        return _save_hf(args)

    def progress(message: str, fraction: float) -> None:
        print(f"[{fraction:4.0%}] {message}", file=sys.stderr)

    result = export_run(
        Path(args.run_dir),
        Path(args.out) if args.out else None,
        quantize=args.int8,
        progress=progress,
    )
    print(result.summary)
    return 0
