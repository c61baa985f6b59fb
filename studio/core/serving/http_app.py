"""The server's WSGI application: who may ask, what they may send, and every answer in JSON.

Before a request reaches an endpoint (libretranslate.py, studio_api.py) it passes, in
this order:

1. **Host.** Only the names this server answers to: localhost, 127.0.0.1 and [::1]
   with its port, the addresses it listens on beyond loopback, and the names the user
   adds (--allow-host). A web page that rebinds its own name to 127.0.0.1 still sends
   that name, and is refused (DNS rebinding).
2. **Origin.** A request a browser sends from a web page carries the page's origin; only
   the server's own origins and browser add-ons (moz-extension://, chrome-extension://)
   may use it, so a page cannot make the model work for it (programs other than browsers
   send no Origin).
3. **Route and method**: 404 and 405 (with Allow) in JSON.
4. **Rate**: each client address may send `rate` requests (moving window): 429 with
   Retry-After.
5. **Body** within --max-bytes, chunked or not (413), and its fields (request_fields.py).
6. **Key**: with API keys set (--api-key, --api-keys FILE), every request carries one as
   `api_key`, except GET /languages and GET /frontend/settings, which reveal neither
   text nor run and which Mastodon and LibreTranslate's page ask for without a key: 403
   when it is missing or wrong.

Then the endpoint; a `ServingError` (a pair no run covers) is a 400, a full model queue
a 429, a stopping server a 503, anything else a 500 that says what failed. Errors the
HTTP layer itself answers (414, 431, a malformed request line) are JSON too
(http_server.py).

References: OWASP, "DNS rebinding"; the Fetch standard's Origin header; Werkzeug
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

from studio.core.serving import libretranslate, studio_api
from studio.core.serving.engines import ServingError
from studio.core.serving.request_fields import ApiError, read_body, request_fields
from studio.core.serving.sentence_queue import QueueClosed, QueueFull
from studio.core.serving.text_answers import Service

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
ADD_ON_SCHEMES = ("moz-extension", "chrome-extension", "safari-web-extension")
OPEN_ENDPOINTS = frozenset({"languages", "settings"})  # answered without a key
ROUTES = [
    ("/translate", "translate", "POST"),
    ("/detect", "detect", "POST"),
    ("/languages", "languages", "GET"),
    ("/frontend/settings", "settings", "GET"),
    ("/studio/translate", "studio_translate", "POST"),
    ("/health", "health", "GET"),
]


@dataclass(frozen=True)
class Access:
    """Who may use the server besides its own machine's programs by loopback names."""

    api_keys: frozenset[str] = frozenset()  # empty: no key needed
    hosts: tuple[str, ...] = ()  # Host names allowed besides loopback's (--allow-host)


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
    text = json.dumps(body, ensure_ascii=False)
    response = Response(text, status=status, headers=dict(headers or {}))
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None):
    return json_response(status, {"error": message}, headers)


class TranslationApp:
    """The WSGI application; `port` is set by the server once it listens."""

    def __init__(self, service: Service, access: Access | None = None) -> None:
        self.service, self.access = service, access or Access()
        self.port = 0
        self.rate = rate_item(service.limits.rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.routes = Map([Rule(path, endpoint=name, methods=[m]) for path, name, m in ROUTES])
        self.endpoints: dict[str, Callable[[dict[str, Any], float], Response]] = {
            "translate": self._translate,
            "detect": lambda f, _: json_response(200, libretranslate.detect(self.service, f)),
            "languages": lambda f, _: json_response(200, libretranslate.languages(self.service)),
            "settings": lambda f, _: json_response(
                200, libretranslate.frontend_settings(self.service, bool(self.access.api_keys))
            ),
            "studio_translate": lambda f, started: json_response(
                200, studio_api.studio_translate(self.service, f, started)
            ),
            "health": lambda f, _: json_response(200, studio_api.health(self.service)),
        }

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        return self.respond(environ, time.perf_counter())(environ, start_response)

    def respond(self, environ: dict, started: float) -> Response:
        try:
            self.check_host(environ)
            self.check_origin(environ)
            endpoint = self.match(environ)
            self.check_rate(environ)
            limit = self.service.limits.max_bytes
            fields = request_fields(environ, read_body(environ, limit), limit)
            if endpoint not in OPEN_ENDPOINTS:
                self.check_key(fields)
            return self.endpoints[endpoint](fields, started)
        except ApiError as err:
            return error_response(err.status, err.message, err.headers)
        except ServingError as err:  # a pair no run covers
            return error_response(400, str(err))
        except QueueFull:
            waiting = self.service.limits.max_waiting
            return error_response(
                429,
                f"Slowdown: the model has {waiting} sentences waiting (--max-waiting); "
                "send again in a moment",
                {"Retry-After": "1"},
            )
        except QueueClosed:
            return error_response(503, "the server is stopping; its translations have ended")
        except Exception as err:  # the model failed on this text: say so, keep serving
            return error_response(500, f"Cannot translate text: {type(err).__name__}: {err}")

    # ---- the checks, in the order they run

    def allowed_hosts(self) -> set[str]:
        names = {*LOOPBACK_NAMES, *self.access.hosts}
        allowed = {host_with_port(name, self.port) for name in names}
        if self.port == 80:  # a client leaves the default port out
            allowed |= {host.rsplit(":", 1)[0] for host in allowed}
        return allowed

    def check_host(self, environ: Mapping[str, Any]) -> None:
        host = (environ.get("HTTP_HOST") or "").strip().lower()
        if host not in self.allowed_hosts():
            raise ApiError(
                403,
                f"this server answers to {', '.join(sorted(self.allowed_hosts()))}, not to "
                f"Host {host or '(none)'!r}; use one of those, or start the server with "
                "--allow-host NAME",
            )

    def check_origin(self, environ: Mapping[str, Any]) -> None:
        origin = environ.get("HTTP_ORIGIN")
        if origin is None:
            return  # not sent from a web page
        scheme, _, rest = origin.strip().lower().partition("://")
        if scheme in ADD_ON_SCHEMES or (scheme == "http" and rest in self.allowed_hosts()):
            return
        raise ApiError(
            403,
            f"a web page ({origin}) may not use this server; programs on this machine and "
            "browser add-ons may",
        )

    def match(self, environ: Mapping[str, Any]) -> str:
        path, method = environ.get("PATH_INFO") or "/", environ.get("REQUEST_METHOD", "GET")
        try:
            endpoint, _ = self.routes.bind("localhost").match(path, method)
        except MethodNotAllowed as err:
            allowed = ", ".join(sorted(err.valid_methods or []))
            raise ApiError(
                405, f"{method} {path} is not served; use {allowed}", {"Allow": allowed}
            ) from None
        except NotFound:
            paths = ", ".join(f"{m} {p}" for p, _, m in ROUTES)
            raise ApiError(404, f"no such path {path}; this server answers {paths}") from None
        return str(endpoint)

    def check_rate(self, environ: Mapping[str, Any]) -> None:
        client = environ.get("REMOTE_ADDR") or "unknown"
        if self.limiter.hit(self.rate, client):
            return
        reset = self.limiter.get_window_stats(self.rate, client).reset_time
        wait = max(1, int(reset - time.time()) + 1)
        raise ApiError(
            429,
            f"Slowdown: at most {self.service.limits.rate} requests from one client "
            f"(--rate); wait {wait} s and send again",
            {"Retry-After": str(wait)},
        )

    def check_key(self, fields: Mapping[str, Any]) -> None:
        keys = self.access.api_keys
        if not keys:
            return
        given = fields.get("api_key")
        if not isinstance(given, str) or not given:
            raise ApiError(403, "this server needs an API key: send it as api_key")
        if not any(hmac.compare_digest(given.encode(), key.encode()) for key in keys):
            raise ApiError(403, "Invalid API key")

    # ---- endpoints with more to say than their body

    def _translate(self, fields: dict[str, Any], started: float) -> Response:
        body, waited = libretranslate.translate(self.service, fields)
        total = (time.perf_counter() - started) * 1000
        timing = f"wait;dur={waited * 1000:.1f}, total;dur={total:.1f}"
        return json_response(200, body, {"Server-Timing": timing})
