"""grpo-studio serve: translate for other programs over local HTTP, through LibreTranslate's
API (libretranslatepy, deep-translator, editor and browser add-ons, Mastodon).

    grpo-studio serve RUN [RUN ...] [--port 8765] [--host 127.0.0.1] [--onnx] [--beam N]
                      [--api-key KEY | --api-keys FILE] [--allow-host NAME]
                      [--allow-origin ORIGIN] [--suggestions] [limits]

Each RUN is a translation run; together they may translate several ways (zh->en and
en->zh, or one run trained both ways). The server itself is studio.core.serving's
(http_server.py, and http_app.py for what it checks); this module reads the options and
prints where it listens, then the server's one-line notes (a client that went away, a
suggestion kept, a request that failed) as they come.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from studio.cli.translate import add_engine_arguments, decoding_of
from studio.cli.usage import PROG, UsageError
from studio.core.config.decoding import MAX_BEAMS
from studio.core.serving.request_fields import ServeLimits

MAX_PORT = 65535  # a larger number wraps around to another port in the socket call
LIMIT_HELP = {
    "max_bytes": "largest request body, in bytes",
    "max_chars": "most characters of one request's texts together",
    "max_items": "most texts in one request's q list",
    "max_beam": f"most beams a request may ask for (at most {MAX_BEAMS})",
    "max_alternatives": "most alternative translations a request may ask for",
    "read_timeout": "seconds a client has to send a whole request",
    "max_waiting": "sentences waiting for the model before requests get 429",
    "max_connections": "connections served at once",
    "rate": 'requests each client address may send ("30/second", "600/minute")',
}


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("serve", help="translate for other programs over local HTTP")
    s.add_argument("run_dirs", nargs="+", metavar="RUN", help="translation run folders")
    s.add_argument("--port", type=int, default=8765, help="TCP port (0: any free one)")
    s.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: this machine only; '' every interface)",
    )
    s.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a Host name clients may use besides localhost, 127.0.0.1 and [::1]",
    )
    s.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web page's origin (https://example.org) whose page may use the server and "
        "read its answers (CORS); none by default",
    )
    s.add_argument(
        "--suggestions",
        action="store_true",
        help="keep the corrections clients send (POST /suggest) in each run's "
        "suggestions.tsv, to train on with task.suggestions",
    )
    keys = s.add_mutually_exclusive_group()
    keys.add_argument(
        "--api-key", action="append", default=[], metavar="KEY", help="a key requests must send"
    )
    keys.add_argument("--api-keys", metavar="FILE", help="a file of keys, one a line")
    add_engine_arguments(s)
    defaults = ServeLimits()
    for name, help_text in LIMIT_HELP.items():
        default = getattr(defaults, name)
        s.add_argument(
            "--" + name.replace("_", "-"),
            type=type(default),
            default=default,
            help=f"{help_text} (default {default})",
        )
    s.set_defaults(run=cmd_serve)


def read_keys(args: argparse.Namespace) -> frozenset[str]:
    """The API keys: --api-key's, or those of --api-keys FILE as people write one: a key a
    line, indented or not, blank lines and # notes (a line of its own, or after a key and a
    space) left out; a plain file of UTF-8 text (a named pipe would never end)."""
    if not args.api_keys:
        keys = [key.strip() for key in args.api_key]
    else:
        from studio.core.files import RunError, read_limited

        path = Path(args.api_keys)
        if path.exists() and not path.is_file():  # a folder, a device, a pipe
            raise UsageError(
                f"--api-keys {path}: is not a plain file; give a text file of keys, one key a line"
            )
        try:
            raw = read_limited(path, 1024**2, "a file of keys (at most 1.0 MB)")
            text = raw.decode("utf-8-sig")
        except RunError as err:  # far larger than keys are
            raise UsageError(f"--api-keys {err}") from None
        except OSError as err:
            raise UsageError(
                f"--api-keys {path}: {err.strerror or err}; give a file of keys, one key a line"
            ) from None
        except UnicodeDecodeError:
            raise UsageError(
                f"--api-keys {path}: is not UTF-8 text; save it as UTF-8, one key a line"
            ) from None
        keys = [re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip() for line in text.splitlines()]
        keys = [key for key in keys if key]
        if not keys:
            raise UsageError(f"--api-keys {path} holds no key; write one key a line")
    if any(not key for key in keys):
        raise UsageError("--api-key takes a key, got an empty one")
    return frozenset(keys)


def limits_of(args: argparse.Namespace) -> ServeLimits:
    from studio.core.serving.http_app import rate_item

    limits = ServeLimits(**{name: getattr(args, name) for name in LIMIT_HELP})
    problems = limits.problems()
    if problems:
        raise UsageError(problems[0])
    try:
        rate_item(limits.rate)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if args.beam > limits.max_beam:
        raise UsageError(f"--beam {args.beam} is over --max-beam {limits.max_beam}")
    return limits


def origins_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The --allow-origin origins, each checked."""
    from studio.core.serving.http_app import origin_problem

    for origin in args.allow_origin:
        problem = origin_problem(origin)
        if problem:
            raise UsageError(problem)
    return tuple(args.allow_origin)


def log_line(line: str) -> None:
    """One of the server's notes, on stderr after the program's name."""
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


def cmd_serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= MAX_PORT:
        raise UsageError(f"--port takes 0 (any free port) to {MAX_PORT}, got {args.port}")
    if args.threads < 1:
        raise UsageError(f"--threads takes 1 or more, got {args.threads}")
    limits = limits_of(args)  # every option checked before a model loads
    keys = read_keys(args)
    origins = origins_of(args)
    decoding = decoding_of(args)  # --beam checked

    import torch

    from studio.core.serving.http_app import Access
    from studio.core.serving.http_server import TranslationServer, exposure_note
    from studio.core.serving.text_answers import open_service

    torch.set_num_threads(args.threads)
    run_dirs = [Path(d) for d in args.run_dirs]
    service = open_service(
        run_dirs,
        onnx=args.onnx,
        threads=args.threads,
        limits=limits,
        decoding=decoding,
        suggestions=args.suggestions,
    )
    runs = service.runs
    access = Access(keys, tuple(args.allow_host), origins)
    server = TranslationServer(service, access, args.host, args.port, log_line)
    note = exposure_note(args.host)
    if note is not None:
        advice = "" if keys else "; --api-key makes them send a key"
        print(f"{PROG}: warning: {note}{advice}", file=sys.stderr)
    engine = runs.runs[0].translator.backend.name
    served = ", ".join(
        f"{path} ({', '.join(way.name for way in run.ways)})"
        for path, run in zip(args.run_dirs, runs.runs, strict=True)
    )
    extras = ("a key needed; " if keys else "") + ("suggestions kept; " if args.suggestions else "")
    print(
        f"{engine} translations of {served} at {server.url} (LibreTranslate API: POST "
        f"/translate, GET /languages; {extras}Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    try:
        server.serve()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0
