"""The entry points: parse the command line, run the command, and turn every error written
for the user (config, data, run folder) into one line instead of a traceback."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence

from studio.cli import models, prune, run_commands, serve, train, translate
from studio.cli.usage import PROG, Parser


def cmd_presets(_: argparse.Namespace) -> int:
    from studio.core.catalogue import load_config
    from studio.core.config.preset_files import preset_files

    for name, path in sorted(preset_files().items()):
        cfg = load_config(path)
        print(f"{name:18s} {cfg.name}: {cfg.description}")
    return 0


def cmd_gui(_: argparse.Namespace, argv: Sequence[str] = ()) -> int:
    from studio.app.shell.system_libraries import window_can_start

    problem = window_can_start()  # before Qt, which would abort with a plugin error
    if problem:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    from studio.app.shell.application import run_app

    return run_app(list(argv))


def parser() -> argparse.ArgumentParser:
    p = Parser(prog=PROG, description="Train small models with GRPO.")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("gui", help="open the studio window (the default)")
    sub.add_parser("presets", help="list the presets shipped with the studio").set_defaults(
        run=cmd_presets
    )
    train.register(sub)
    models.register(sub)
    run_commands.register(sub)
    prune.register(sub)
    translate.register(sub)
    serve.register(sub)
    return p


def parse(p: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The command line parsed. A command whose positional list may be empty (translate's
    sentences) takes its positionals wherever they stand, before or after its options:
    plain argparse fills the list at the first gap and refuses words that come after an
    option."""
    args, extra = p.parse_known_args(argv)
    command = getattr(args, "intermixed", None)
    if extra and command is not None:
        reparsed = command.parse_intermixed_args(argv[argv.index(args.command) + 1 :])
        reparsed.command = args.command
        return reparsed
    return p.parse_args(argv)


def one_torch_thread_unless_asked() -> None:
    """torch computes on one CPU thread unless the user names a count (OMP_NUM_THREADS, or
    training.threads for a run).

    Measured on a 2-core CPU (benchmarks/RESULTS.md, "Threads, third reading"): two threads
    that spin at each barrier, OpenMP's default, make a GRPO step 1.5x faster than one on
    an idle machine and 13-38x slower beside one other busy program; two that sleep
    (OMP_WAIT_POLICY=PASSIVE) were slower than one thread on the idle machine and beside
    the busy program alike. One thread is the count that never loses much, and a seed's
    numbers then do not depend on how many cores the machine has (the count changes the
    last bits of the sums). OpenMP reads the variable once, when torch loads, so this runs
    before anything imports torch; the wait policy stays OpenMP's, for a count asked for.
    """
    os.environ.setdefault("OMP_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    one_torch_thread_unless_asked()
    as_program = argv is None  # the program itself, not a caller (a test) in its process
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse(parser(), argv)
    if args.command in (None, "gui"):
        return cmd_gui(args, [sys.argv[0]])
    try:
        return args.run(args)
    except KeyboardInterrupt:  # Ctrl-C where a command has nothing to stop cleanly
        print(f"\n{PROG}: interrupted (Ctrl-C); quit at once", file=sys.stderr)
        return 130
    except (ValueError, OSError) as err:
        # Config, data and run-folder problems carry messages written for the user.
        if os.environ.get("GRPO_STUDIO_DEBUG"):
            raise
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    finally:
        if as_program:
            # it has said how it ended: a Ctrl-C while the interpreter exits (torch's
            # teardown takes a moment) would end it by the signal, after that line
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def gui_main() -> int:
    one_torch_thread_unless_asked()
    return cmd_gui(argparse.Namespace(), [sys.argv[0]])
