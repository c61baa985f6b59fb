"""The server's WSGI application: who may ask, what they may send, and every answer in JSON.

Before a request reaches an endpoint (libretranslate.py, studio_api.py) it passes, in
this order:

1. **Host.** Only the names this server answers to: localhost, 127.0.0.1 and [::1]
   with its port, the addresses it listens on beyond loopback, and the names the user
   adds (--allow-host). A web page that rebinds its own name to 127.0.0.1 still sends
   that name, and is refused (DNS rebinding). A request whose target is an absolute URL
   (GET http://127.0.0.1:8765/translate) names a host twice, there and in its Host
   header: both must be the server's own.
2. **Origin.** A request a browser sends from a web page carries the page's origin; only
   the server's own origins, browser add-ons (moz-extension://, chrome-extension://) and
   the origins the user names (--allow-origin) may use it, so a page cannot make the
   model work for it (programs other than browsers send no Origin). A named origin, and
   it alone, gets the CORS headers that let its page read the answers, and its
   preflight (OPTIONS) is answered; no other answer carries a CORS header.
3. **Route and method**: 404 and 405 (with Allow) in JSON.
4. **Rate**: each client address may send `rate` requests (moving window): 429 with
   Retry-After.
5. **Body** within --max-bytes, chunked or not (413), and its fields (request_fields.py).
6. **Key**: with API keys set (--api-key, --api-keys FILE), every request carries one as
   `api_key`, except GET /languages, GET /frontend/settings and GET /spec, which reveal
   neither text nor run and which Mastodon, Dialect and LibreTranslate's page ask for
   without a key: 403 when it is missing or wrong.

Then the endpoint; a `ServingError` (a pair no run covers) is a 400, a full model queue
a 429, a stopping server a 503, anything else a 500 that says what failed, and one line
in the server's log (`log`, the command line's stderr), never a traceback. A request
whose client closes its connection stops at the next sentence (sentence_queue.py; the
check is the server's, http_server.py) and is counted in the log. Errors the HTTP layer
itself answers (414, 431, a malformed request line) are JSON too (http_server.py).

References: OWASP, "DNS rebinding"; the Fetch standard's Origin header and CORS
protocol; RFC 9112 section 3.2.2 (absolute-form targets); Werkzeug
(https://werkzeug.palletsprojects.com); limits (https://limits.readthedocs.io).
"""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import Map, Rule
from werkzeug.wrappers import Response

from studio.core.messages import say
from studio.core.serving import libretranslate, openapi, studio_api
from studio.core.serving.engines import ServingError
from studio.core.serving.live_translation import counted
from studio.core.serving.request_fields import ApiError, read_body, request_fields
from studio.core.serving.sentence_queue import (
    ClientGone,
    QueueClosed,
    QueueFull,
    RequestTurns,
    never_gone,
)
from studio.core.serving.text_answers import Service

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
ADD_ON_SCHEMES = ("moz-extension", "chrome-extension", "safari-web-extension")
OPEN_ENDPOINTS = frozenset({"languages", "settings", "spec"})  # answered without a key
ROUTES = [
    ("/translate", "translate", "POST"),
    ("/detect", "detect", "POST"),
    ("/languages", "languages", "GET"),
    ("/frontend/settings", "settings", "GET"),
    ("/suggest", "suggest", "POST"),
    ("/spec", "spec", "GET"),
    ("/studio/translate", "studio_translate", "POST"),
    ("/health", "health", "GET"),
]
HOST_HEADER = "studio.host_header"  # the Host header as sent (http_server.py keeps it)
GONE_CHECK = "studio.client_gone"  # whether the client has closed its connection (the same)
PREFLIGHT_SECONDS = 600  # how long a browser may keep a named origin's preflight answer
Log = Callable[[str], None]  # a line for the server's log


def silent(line: str) -> None:
    """A log that keeps nothing (the window's server, tests)."""
    del line


@dataclass(frozen=True)
class Access:
    """Who may use the server besides its own machine's programs by loopback names."""

    api_keys: frozenset[str] = frozenset()  # empty: no key needed
    hosts: tuple[str, ...] = ()  # Host names allowed besides loopback's (--allow-host)
    origins: tuple[str, ...] = ()  # web pages' origins given CORS headers (--allow-origin)


@dataclass(frozen=True)
class Arrived:
    """A request that passed the checks, as an endpoint takes it."""

    fields: dict[str, Any]
    started: float  # time.perf_counter() when it arrived
    turns: RequestTurns  # its turns at the model, stopped once its client has gone


def origin_problem(origin: str) -> str | None:
    """What is wrong with an origin the user names (--allow-origin), or None: it must be
    a web page's origin as a browser sends it, scheme://host[:port] and nothing more."""
    scheme, sep, rest = origin.strip().partition("://")
    if sep and scheme.lower() in ("http", "https") and rest and not set("/?#@ ") & set(rest):
        return None
    return say(
        "--allow-origin takes a web page's origin, scheme://host[:port] such as "
        "https://example.org, got {origin}",
        origin=repr(origin),
    )


def same_origin(origin: str) -> str:
    """An origin as browsers compare them: lower case, no trailing slash."""
    return origin.strip().lower().rstrip("/")


def rate_item(rate: str) -> RateLimitItem:
    """The `limits` rate of "30/second", or a ValueError saying how to write one."""
    try:
        return parse(rate)
    except ValueError:
        raise ValueError(
            f'--rate {rate!r} is not a rate; write it like "30/second" or "600/minute"'
        ) from None


def host_with_port(name: str, port: int) -> str:
    """ "localhost:8765"; an IPv6 address in brackets; a name with its own port kept."""
    name = name.strip().lower()
    if name.startswith("["):
        return name if "]:" in name else f"{name}:{port}"
    if name.count(":") > 1:  # a bare IPv6 address
        return f"[{name}]:{port}"
    return name if ":" in name else f"{name}:{port}"


def json_response(status: int, body: Any, headers: Mapping[str, str] | None = None) -> Response:
    # a lone surrogate cannot be UTF-8: written as JSON's own escape for it, never a 500
    text = json.dumps(body, ensure_ascii=False).encode("utf-8", "backslashreplace")
    response = Response(text, status=status, headers=dict(headers or {}))
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None):
    return json_response(status, {"error": message}, headers)


class TranslationApp:
    """The WSGI application; `port` is set by the server once it listens; `log` takes the
    server's one-line notes (a client gone, a request that failed)."""

    def __init__(self, service: Service, access: Access | None = None, log: Log = silent):
        self.service, self.access, self.log = service, access or Access(), log
        self.port = 0
        self.gone = 0  # requests stopped because their client had gone
        self.rate = rate_item(service.limits.rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.routes = Map([Rule(path, endpoint=name, methods=[m]) for path, name, m in ROUTES])
        self.origins = {same_origin(origin) for origin in self.access.origins}
        keyed = bool(self.access.api_keys)
        self.endpoints: dict[str, Callable[[Arrived], Response]] = {
            "translate": self._translate,
            "detect": lambda a: json_response(200, libretranslate.detect(service, a.fields)),
            "languages": lambda a: json_response(200, libretranslate.languages(service)),
            "settings": lambda a: json_response(
                200, libretranslate.frontend_settings(service, keyed)
            ),
            "suggest": self._suggest,
            "spec": lambda a: json_response(200, openapi.spec()),
            "studio_translate": lambda a: json_response(
                200, studio_api.studio_translate(service, a.fields, a.started, a.turns)
            ),
            "health": lambda a: json_response(200, studio_api.health(service)),
        }

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        return self.respond(environ, time.perf_counter())(environ, start_response)

    def respond(self, environ: dict, started: float) -> Response:
        """The answer to a request, every error in JSON; a named origin's CORS headers."""
        cors: dict[str, str] = {}
        try:
            self.check_host(environ)
            cors = self.check_origin(environ)
            if cors and environ.get("REQUEST_METHOD") == "OPTIONS":
                return self.preflight(cors)
            response = self.answer(environ, started)
        except ApiError as err:
            response = error_response(err.status, err.message, err.headers)
        response.headers.update(cors)
        return response

    def answer(self, environ: dict, started: float) -> Response:
        """The endpoint's answer to a request from a client that may ask; ApiError for
        what the request itself gets wrong before its endpoint runs."""
        endpoint = self.match(environ)
        self.check_rate(environ)
        limit = self.service.limits.max_bytes
        fields = request_fields(environ, read_body(environ, limit), limit)
        if endpoint not in OPEN_ENDPOINTS:
            self.check_key(fields)
        turns = RequestTurns(self.service.queue, environ.get(GONE_CHECK, never_gone))
        try:
            return self.endpoints[endpoint](Arrived(fields, started, turns))
        except ServingError as err:  # a pair no run covers
            return error_response(400, str(err))
        except (ClientGone, QueueFull, QueueClosed) as err:
            return self.turns_ended(err, turns)
        except ApiError:
            raise
        except Exception as err:  # the model failed on this text: say so, keep serving
            error = say(
                "Cannot translate text: {kind}: {error}", kind=type(err).__name__, error=str(err)
            )
            self.log(say("{path}: {error}", path=environ.get("PATH_INFO", ""), error=error))
            return error_response(500, error)

    def turns_ended(self, err: Exception, turns: RequestTurns) -> Response:
        """The answer when the request's turns at the model ended before its text did."""
        if isinstance(err, QueueFull):
            return error_response(
                429,
                say(
                    "Slowdown: the model has {n} sentences waiting (--max-waiting); send again "
                    "in a moment",
                    n=self.service.limits.max_waiting,
                ),
                {"Retry-After": "1"},
            )
        if isinstance(err, QueueClosed):
            return error_response(503, say("the server is stopping; its translations have ended"))
        self.gone += 1
        self.log(
            say(
                "a client closed its connection before its answer: its request stopped after "
                "{sentences}; requests stopped so far: {count}",
                sentences=counted(turns.taken),
                count=self.gone,
            )
        )
        return error_response(499, say("the client closed its connection"))

    def preflight(self, cors: Mapping[str, str]) -> Response:
        """A named origin's preflight: what its page may send (no body)."""
        response = Response(status=204)
        response.headers.update(cors)
        response.headers["Access-Control-Allow-Methods"] = "GET, POST"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type"
        response.headers["Access-Control-Max-Age"] = str(PREFLIGHT_SECONDS)
        return response

    # ---- the checks, in the order they run

    def allowed_hosts(self) -> set[str]:
        names = {*LOOPBACK_NAMES, *self.access.hosts}
        allowed = {host_with_port(name, self.port) for name in names}
        if self.port == 80:  # a client leaves the default port out
            allowed |= {host.rsplit(":", 1)[0] for host in allowed}
        return allowed

    def check_host(self, environ: Mapping[str, Any]) -> None:
        """The Host header, and an absolute-form target's host (which Werkzeug puts in
        its place), must both be names of this server."""
        allowed = self.allowed_hosts()
        sent = environ.get(HOST_HEADER, environ.get("HTTP_HOST"))
        for name in dict.fromkeys((environ.get("HTTP_HOST"), sent)):
            host = (name or "").strip().lower()
            if host not in allowed:
                raise ApiError(
                    403,
                    say(
                        "this server answers to {hosts}, not to Host {host}; use one of "
                        "those, or start the server with --allow-host NAME",
                        hosts=", ".join(sorted(allowed)),
                        host=repr(host or "(none)"),
                    ),
                )

    def check_origin(self, environ: Mapping[str, Any]) -> dict[str, str]:
        """Refuse a web page's origin unless it may ask; the CORS headers its answers get
        (a named origin's alone: no other page may read them)."""
        origin = environ.get("HTTP_ORIGIN")
        if origin is None:
            return {}  # not sent from a web page
        if same_origin(origin) in self.origins:
            return {"Access-Control-Allow-Origin": origin.strip(), "Vary": "Origin"}
        scheme, _, rest = origin.strip().lower().partition("://")
        if scheme in ADD_ON_SCHEMES or (scheme == "http" and rest in self.allowed_hosts()):
            return {}
        raise ApiError(
            403,
            say(
                "a web page ({origin}) may not use this server; programs on this machine, "
                "browser add-ons and the pages named by --allow-origin may",
                origin=origin,
            ),
        )

    def match(self, environ: Mapping[str, Any]) -> str:
        path, method = environ.get("PATH_INFO") or "/", environ.get("REQUEST_METHOD", "GET")
        try:
            endpoint, _ = self.routes.bind("localhost").match(path, method)
        except MethodNotAllowed as err:
            allowed = ", ".join(sorted(err.valid_methods or []))
            raise ApiError(
                405,
                say(
                    "{method} {path} is not served; use {allowed}",
                    method=method,
                    path=path,
                    allowed=allowed,
                ),
                {"Allow": allowed},
            ) from None
        except NotFound:
            paths = ", ".join(f"{m} {p}" for p, _, m in ROUTES)
            raise ApiError(
                404, say("no such path {path}; this server answers {paths}", path=path, paths=paths)
            ) from None
        return str(endpoint)

    def check_rate(self, environ: Mapping[str, Any]) -> None:
        client = environ.get("REMOTE_ADDR") or "unknown"
        if self.limiter.hit(self.rate, client):
            return
        reset = self.limiter.get_window_stats(self.rate, client).reset_time
        wait = max(1, int(reset - time.time()) + 1)
        raise ApiError(
            429,
            say(
                "Slowdown: at most {rate} requests from one client (--rate); wait {wait} s and "
                "send again",
                rate=self.service.limits.rate,
                wait=wait,
            ),
            {"Retry-After": str(wait)},
        )

    def check_key(self, fields: Mapping[str, Any]) -> None:
        keys = self.access.api_keys
        if not keys:
            return
        given = fields.get("api_key")
        if not isinstance(given, str) or not given:
            raise ApiError(403, say("this server needs an API key: send it as api_key"))
        if not any(hmac.compare_digest(given.encode(), key.encode()) for key in keys):
            raise ApiError(403, say("Invalid API key"))

    # ---- endpoints with more to say than their body

    def _translate(self, asked: Arrived) -> Response:
        body = libretranslate.translate(self.service, asked.fields, asked.turns)
        total = (time.perf_counter() - asked.started) * 1000
        timing = f"wait;dur={asked.turns.waited * 1000:.1f}, total;dur={total:.1f}"
        return json_response(200, body, {"Server-Timing": timing})

    def _suggest(self, asked: Arrived) -> Response:
        box = self.service.suggestions
        kept = box.kept if box is not None else 0
        try:
            body = libretranslate.suggest(self.service, asked.fields)
        except ApiError as err:
            if err.status == 403 and box is None:  # say how to take them, where the user reads
                self.log(say("a client sent a suggestion; serve --suggestions keeps them"))
            raise
        if box is not None and box.kept > kept:
            self.log(say("kept a suggestion ({n} since the server started)", n=box.kept))
        return json_response(200, body)
