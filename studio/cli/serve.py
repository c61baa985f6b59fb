"""grpo-studio serve: a small local HTTP server that translates for other programs (a
browser extension, an editor plugin).

    grpo-studio serve RUN_DIR [--port 8765] [--host 127.0.0.1] [--onnx] [--beam N]

POST /translate with a JSON body {"text": "我喜欢猫。你呢？"} (lines and several sentences
allowed; "beam": N optional, 0 for greedy) answers {"translation", "latency_ms",
"sentences", "from_cache", "engine", "decoding", "warnings"}; GET /health says what is
loaded. Every error answers JSON too, {"error": "what is wrong and how to fix it"}, with
its HTTP status: 400 bad JSON or fields, 404 and 405 wrong path or method, 413 too large,
415 not JSON, 429 too many requests, 500 the model failed.

It listens on localhost unless --host says otherwise. A request body is at most
--max-bytes, its text at most --max-chars characters, and each client address may send
--rate requests (a rate string of the `limits` package: "30/second", "600/minute").
Only a JSON content type is accepted, so a web page in a browser cannot post to it
without the browser first asking the server's permission, which it never gives.

Werkzeug serves it (its threaded WSGI server: enough for one machine's own programs);
translations run one at a time through the live translator and its cache, since one
model on a laptop's cores answers faster in turn than all at once.

References: Werkzeug (https://werkzeug.palletsprojects.com); limits
(https://limits.readthedocs.io), moving-window rate limiting.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.cli.translate import add_engine_arguments, decoding_of, open_translator
from studio.cli.usage import PROG, UsageError

if TYPE_CHECKING:
    from werkzeug.serving import BaseWSGIServer
    from werkzeug.wrappers import Request, Response

    from studio.core.serving.live_translation import LiveTranslator

FIELDS = ("text", "beam")
MAX_PORT = 65535  # a larger number wraps around to another port in the socket call


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("serve", help="translate for other programs over local HTTP")
    s.add_argument("run_dir")
    s.add_argument("--port", type=int, default=8765, help="TCP port (0: any free one)")
    s.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: this machine only)"
    )
    add_engine_arguments(s)
    s.add_argument(
        "--max-bytes", type=int, default=64 * 1024, help="largest request body, in bytes"
    )
    s.add_argument(
        "--max-chars", type=int, default=5000, help="longest text of one request, in characters"
    )
    s.add_argument(
        "--rate", default="30/second", help='requests each client may send ("30/second")'
    )
    s.set_defaults(run=cmd_serve)


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 64 * 1024
    max_chars: int = 5000
    rate: str = "30/second"


def check_rate(rate: str) -> Any:
    """The `limits` rate item of a --rate string, or a UsageError saying how to write one."""
    from limits import parse

    try:
        return parse(rate)
    except ValueError:
        raise UsageError(
            f'--rate {rate!r} is not a rate; write it like "30/second" or "600/minute"'
        ) from None


class ApiError(Exception):
    """A request the server refuses: its HTTP status and the message for the client."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers or {}


class TranslationService:
    """The WSGI application: routes, limits, JSON in and out, one translation at a time."""

    def __init__(
        self,
        translator: LiveTranslator,
        decoding: tuple[str, int] = ("greedy", 1),
        limits: Limits | None = None,
        run_dir: str = "",
    ) -> None:
        from limits.storage import MemoryStorage
        from limits.strategies import MovingWindowRateLimiter
        from werkzeug.routing import Map, Rule

        self.translator, self.decoding, self.run_dir = translator, decoding, run_dir
        self.limits = limits or Limits()
        self.rate = check_rate(self.limits.rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.routes = Map(
            [
                Rule("/translate", endpoint="translate", methods=["POST"]),
                Rule("/health", endpoint="health", methods=["GET"]),
            ]
        )
        self._model = threading.Lock()  # one translation at a time

    def __call__(self, environ: dict, start_response: Any) -> Any:
        from werkzeug.wrappers import Request

        request = Request(environ)
        request.max_content_length = self.limits.max_bytes
        return self.respond(request)(environ, start_response)

    def respond(self, request: Request) -> Response:
        from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

        try:
            endpoint, _ = self.routes.bind_to_environ(request.environ).match()
            self.check_rate(request)
            body = self.translate(request) if endpoint == "translate" else self.health()
            return json_response(200, body)
        except ApiError as err:
            return json_response(err.status, {"error": err.message}, err.headers)
        except RequestEntityTooLarge:
            return json_response(
                413,
                {
                    "error": f"the request body is over {self.limits.max_bytes} bytes; send "
                    "less text per request"
                },
            )
        except MethodNotAllowed:
            return json_response(
                405,
                {"error": f"{request.method} {request.path} is not served; use POST /translate"},
                {"Allow": "POST" if request.path == "/translate" else "GET"},
            )
        except HTTPException as err:  # no such path
            return json_response(
                err.code or 404,
                {"error": f"no such path {request.path}; POST JSON to /translate"},
            )
        except Exception as err:  # the model failed on this text: say so, keep serving
            return json_response(500, {"error": f"the translation failed: {err}"})

    def check_rate(self, request: Request) -> None:
        client = request.remote_addr or "unknown"
        if not self.limiter.hit(self.rate, client):
            reset = self.limiter.get_window_stats(self.rate, client).reset_time
            wait = max(1, int(reset - time.time()) + 1)
            raise ApiError(
                429,
                f"too many requests: at most {self.limits.rate} from one client; wait "
                f"{wait} s and send again",
                {"Retry-After": str(wait)},
            )

    def parse(self, request: Request) -> tuple[str, tuple[str, int]]:
        """The text and decoding a request asks for, or an ApiError saying what is off."""
        from studio.core.serving.decoding import beam_decoding

        if request.mimetype != "application/json":
            raise ApiError(
                415,
                f"the body must be JSON sent as Content-Type: application/json, got "
                f"{request.mimetype or 'none'}",
            )
        try:
            body = json.loads(request.get_data(cache=False).decode("utf-8"))
        except UnicodeDecodeError:
            raise ApiError(400, "the body is not UTF-8 text; send JSON in UTF-8") from None
        except json.JSONDecodeError as err:
            raise ApiError(
                400,
                f"the body is not valid JSON ({err.msg} at line {err.lineno}, column "
                f'{err.colno}); send {{"text": "..."}}',
            ) from None
        if not isinstance(body, dict) or "text" not in body:
            raise ApiError(400, 'the JSON needs a "text" field: {"text": "我喜欢猫。"}')
        unknown = sorted(set(body) - set(FIELDS))
        if unknown:
            raise ApiError(400, f"unknown field {unknown[0]!r}; the fields are {', '.join(FIELDS)}")
        text = body["text"]
        if not isinstance(text, str):
            raise ApiError(400, f'"text" must be a string, got {type(text).__name__}')
        if len(text) > self.limits.max_chars:
            raise ApiError(
                413,
                f'"text" has {len(text)} characters; the limit is {self.limits.max_chars}: '
                "send it in parts",
            )
        if "beam" not in body:
            return text, self.decoding
        beam = body["beam"]
        wrong = ApiError(400, f'"beam" must be 0 (greedy) or 2 beams or more, got {beam!r}')
        if not isinstance(beam, int) or isinstance(beam, bool):
            raise wrong
        try:
            return text, beam_decoding(beam)
        except ValueError:
            raise wrong from None

    def translate(self, request: Request) -> dict[str, Any]:
        text, decoding = self.parse(request)
        with self._model:
            update = self.translator.translate_text(text, *decoding)
        return {
            "translation": update.text,
            "latency_ms": round(update.seconds * 1000, 3),
            "sentences": len(update.sentences),
            "from_cache": update.from_cache,
            "engine": update.engine,
            "decoding": update.decoding,
            "warnings": update.issues.messages(),
        }

    def health(self) -> dict[str, Any]:
        from studio.core.serving.decoding import decoding_label

        stats = self.translator.cache.translations.stats()
        return {
            "run": self.run_dir,
            "engine": self.translator.backend.name,
            "decoding": decoding_label(*self.decoding),
            "cache": {"entries": stats.entries, "hit_rate": stats.hit_rate},
        }


def json_response(status: int, body: dict[str, Any], headers: dict[str, str] | None = None):
    from werkzeug.wrappers import Response

    text = json.dumps(body, ensure_ascii=False)
    return Response(text, status=status, headers=headers, mimetype="application/json")


def make_server(service: TranslationService, host: str, port: int) -> BaseWSGIServer:
    """A threaded server for `service` on host:port (port 0: a free one; see .port)."""
    from werkzeug.serving import make_server as werkzeug_server

    try:
        return werkzeug_server(host, port, service, threaded=True)
    except OSError as err:
        raise UsageError(
            f"cannot listen on {host}:{port} ({err.strerror or err}); choose another --port"
        ) from None


def is_local(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    for name in ("max_bytes", "max_chars"):
        if getattr(args, name) < 1:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} takes 1 or more, got {getattr(args, name)}")
    if not 0 <= args.port <= MAX_PORT:
        raise UsageError(f"--port takes 0 (any free port) to {MAX_PORT}, got {args.port}")
    limits = Limits(args.max_bytes, args.max_chars, args.rate)
    check_rate(limits.rate)  # before the model loads
    decoding = decoding_of(args)
    translator = open_translator(args)
    service = TranslationService(translator, decoding, limits, str(Path(args.run_dir)))
    server = make_server(service, args.host, args.port)
    if not is_local(args.host):
        print(
            f"{PROG}: warning: listening on {args.host}: other machines that reach it can use it",
            file=sys.stderr,
        )
    print(
        f"{translator.backend.name} translations of {args.run_dir} at "
        f"http://{args.host}:{server.port}/translate (Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
