"""grpo-studio translate: a translation run's translations (the Tiny-Transformer, or a
translator of yours), loading the model once.

    grpo-studio translate RUN_DIR "我喜欢猫。" ...        sentences given as arguments
    grpo-studio translate RUN_DIR < in.txt               each non-empty line of stdin
    grpo-studio translate RUN_DIR --interactive          a prompt: each line as entered
    grpo-studio translate RUN_DIR --file in.txt --out out.txt
                                                         a file, batched, with a progress
                                                         bar; one line out per line in

--onnx translates with the run's ONNX export instead of PyTorch; --beam N searches with
N beams (2 to MAX_BEAMS, 16), --beam 0 decodes greedily, and without --beam a run
translates as its test figures were measured (eval.test_decoding: a beam search for a
user's file). Every mode
goes through the live translator (studio.core.serving.live_translation): lines are cut
into sentences, repeated sentences are translated once, and what the model cannot read
as given (sentences cut at its length limit, unknown characters) is counted on stderr.
Translations go to stdout (or --out), everything else to stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from studio.cli.usage import PROG, UsageError
from studio.core.config.decoding import MAX_BEAMS, BeamsRefused, Decoding

if TYPE_CHECKING:
    from studio.core.serving.live_translation import LiveTranslator

PROMPT = "> "


def register(sub: argparse._SubParsersAction) -> None:
    tr = sub.add_parser("translate", help="translate sentences with a run's model")
    tr.add_argument("run_dir")
    tr.add_argument("sentences", nargs="*", help='sentences; "-" or none reads stdin')
    mode = tr.add_mutually_exclusive_group()
    mode.add_argument(
        "--interactive", action="store_true", help="translate each line as you enter it"
    )
    mode.add_argument("--file", metavar="IN", help="translate a text file, line by line")
    tr.add_argument("--out", metavar="OUT", help="where --file writes (default: stdout)")
    add_engine_arguments(tr, run_default=True)
    tr.add_argument(
        "--batch", type=int, default=64, metavar="N", help="sentences per batch with --file"
    )
    tr.set_defaults(run=cmd_translate, intermixed=tr)  # sentences after options too


def add_engine_arguments(parser: argparse.ArgumentParser, *, run_default: bool = False) -> None:
    """--onnx and --beam, shared with `serve`; run_default: without --beam, the run's
    eval.test_decoding (else greedy)."""
    parser.add_argument(
        "--onnx", action="store_true", help="use the run's ONNX export instead of PyTorch"
    )
    parser.add_argument(
        "--beam",
        type=int,
        default=None if run_default else 0,
        metavar="N",
        help=f"beam search with N beams (2 to {MAX_BEAMS}), 0 greedy (default: "
        + (
            "as the run's test figures were measured, eval.test_decoding)"
            if run_default
            else "greedy)"
        ),
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        metavar="N",
        help="CPU threads (default 1: a sentence's matrices are too small to share, and "
        "threads that wait on a busy machine cost more than they give)",
    )


def decoding_of(args: argparse.Namespace) -> Decoding:
    """The decoding --beam asks for (given)."""
    try:
        return Decoding.asked(args.beam)
    except BeamsRefused as err:
        raise UsageError(f"--beam takes {err.rule}, got {args.beam}") from None


def open_translator(args: argparse.Namespace) -> tuple[LiveTranslator, Decoding]:
    """The live translator over the run's PyTorch model or (--onnx) its export, and the
    decoding: --beam's, or the run's eval.test_decoding."""
    import torch

    from studio.core.runs.loading import load_run_config
    from studio.core.serving.live_translation import LiveTranslator
    from studio.core.serving.translation_backends import open_backend

    if args.threads < 1:
        raise UsageError(f"--threads takes 1 or more, got {args.threads}")
    torch.set_num_threads(args.threads)
    backend = open_backend(Path(args.run_dir), onnx=args.onnx, onnx_threads=args.threads)
    if args.beam is not None:
        return LiveTranslator(backend), decoding_of(args)
    return LiveTranslator(backend), load_run_config(Path(args.run_dir)).eval.decoding_of("test")


def warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)


def cmd_translate(args: argparse.Namespace) -> int:
    if args.out and not args.file:
        raise UsageError("--out goes with --file IN; give the file to translate")
    if args.batch < 1:
        raise UsageError(f"--batch takes 1 or more sentences, got {args.batch}")
    if (args.interactive or args.file) and args.sentences:
        raise UsageError("give sentences, --interactive or --file, not several of them")
    if args.beam is not None:
        decoding_of(args)  # checked before a model loads
    if args.file:
        return translate_file(args)
    translator, decoding = open_translator(args)
    if args.interactive:
        return interactive(translator, decoding)
    sentences = args.sentences
    if not sentences or sentences == ["-"]:
        sentences = [line.strip() for line in sys.stdin if line.strip()]
    result = translator.translate_lines(sentences, decoding)
    for line in result.lines:
        print(line)
    warn(result.issues.messages())
    return 0


def interactive(translator: LiveTranslator, decoding: Decoding) -> int:
    """A prompt on a terminal (line editing through readline); plain lines from a pipe.
    Each line's translation goes to stdout at once; its latency and cache use to stderr."""
    tty = sys.stdin.isatty()
    if tty:
        import readline  # noqa: F401  (input() gains line editing and history)

        print(
            f"{translator.backend.name}, {decoding.method}: type a sentence and press Enter; "
            "Ctrl-D ends",
            file=sys.stderr,
        )
    while True:
        try:
            line = input(PROMPT) if tty else sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            break
        if not tty and not line:
            break  # end of the pipe
        update = translator.translate_text(line.strip(), decoding)
        print(update.text, flush=True)
        if update.sentences:
            cached = f", {update.from_cache} of {len(update.sentences)} from the cache"
            print(f"  ({update.seconds * 1000:.1f} ms{cached})", file=sys.stderr, flush=True)
        warn(update.issues.messages())
    if tty:
        print(file=sys.stderr)
    return 0


def read_lines(path: Path) -> list[str]:
    """The lines of a UTF-8 text file (a byte-order mark and CRLF line ends allowed)."""
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError as err:
        raise UsageError(
            f"{path}: not UTF-8 text (byte {err.start}); save it as UTF-8 and try again"
        ) from None


def translate_file(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from studio.core.files import atomic_write_text

    source = Path(args.file)
    if not source.is_file():
        raise UsageError(f"{source}: no such file; give a text file of sentences, one a line")
    out = Path(args.out) if args.out else None
    if out is not None and out.resolve() == source.resolve():
        raise UsageError(f"--out {out} is the file being translated; write somewhere else")
    lines = read_lines(source)
    translator, decoding = open_translator(args)
    started = time.perf_counter()
    with tqdm(total=0, unit=" sentences", file=sys.stderr, disable=None) as bar:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        result = translator.translate_lines(lines, decoding, args.batch, progress)
    seconds = time.perf_counter() - started
    text = "".join(line + "\n" for line in result.lines)
    if out is None:
        sys.stdout.write(text)
    else:
        atomic_write_text(out, text)
    rate = result.sentences / seconds if seconds > 0 else float("inf")
    print(
        f"{len(lines)} lines, {result.sentences} sentences ({result.translated} translated, "
        f"{result.from_cache} repeats) in {seconds:.1f} s, {rate:.1f} sentences/s"
        + (f" -> {out}" if out else ""),
        file=sys.stderr,
    )
    warn(result.issues.messages())
    return 0
