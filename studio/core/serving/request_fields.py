"""What a request sends, read and checked before anything is translated.

- `read_body`: the body, at most `max_bytes` of it, whether the client sent a
  Content-Length or a chunked body (more than the limit is 413, never a body cut short
  and then called bad JSON);
- `request_fields`: the fields as LibreTranslate reads them: a JSON object
  (application/json), or the query string and a form (application/x-www-form-urlencoded
  or multipart/form-data), so that every client's way of sending works. A JSON body
  nested deeper than any request needs (MAX_JSON_DEPTH) and a text holding a lone
  surrogate (a half of a UTF-16 pair, which no UTF-8 text can hold) are the client's
  mistakes: 400s naming them, never a 500; an integer of thousands of digits, which
  Python would refuse to convert, is kept as a `LongNumber` for its field to refuse;
- `bounded_number`: every number a client sends (ASCII digits, at most MAX_DIGITS of
  them), refused with a 400 that names the field, its range and the server option that
  sets its top.

`ServeLimits` holds those bounds; `ApiError` is a refusal: an HTTP status and a message
saying what to change, which the server answers as {"error": message}.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from studio.core.config.decoding import MAX_BEAMS
from studio.core.messages import say

if TYPE_CHECKING:
    from werkzeug.wrappers import Request

READ_SIZE = 16 * 1024  # bytes read at a time from a chunked body
MAX_JSON_DEPTH = 16  # a request's JSON is an object of texts and lists of texts: depth 2
MAX_DIGITS = 18  # a whole number of a request: every bound the server has is far below
_WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits only: '²' and '٣' are digits to str.isdigit
# what counts nesting in a JSON body: a string (skipped whole, brackets in it are text) or
# a bracket
_JSON_NESTING = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
MAX_READ_TIMEOUT = 3600.0  # seconds: a client that needs longer to send 64 KiB is not one


class ApiError(Exception):
    """A request the server refuses: its HTTP status and the message for the client."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, dict(headers or {})


@dataclass(frozen=True)
class ServeLimits:
    """The bounds of what one request may ask; each has its `serve` option (--max-bytes...)."""

    max_bytes: int = 64 * 1024  # request body (5,000 Chinese characters as a form: 45 KB)
    max_chars: int = 5000  # characters of all of a request's texts together
    max_items: int = 50  # texts in one q list (Mastodon sends a post's few)
    max_beam: int = 8  # beams a request may ask for (at most MAX_BEAMS): a decoder row each
    max_alternatives: int = 3  # alternatives a request may ask for (each needs a beam)
    read_timeout: float = 10.0  # seconds a client has to send a whole request
    max_waiting: int = 64  # sentences waiting for the model before requests are refused
    max_connections: int = 64  # connections served at once (each holds a thread)
    rate: str = "30/second"  # requests from one client address, a `limits` rate string

    def problems(self) -> list[str]:
        """What is wrong with these limits, as the command line's options name them."""
        said: list[str] = []
        for f in fields(self):
            value = getattr(self, f.name)
            low = 0 if f.name == "max_alternatives" else 1
            if f.name in ("rate", "read_timeout"):
                continue
            if value < low:
                said.append(
                    say(
                        "--{option} takes {low} or more, got {value}",
                        option=f.name.replace("_", "-"),
                        low=low,
                        value=value,
                    )
                )
        if self.max_beam < 2:
            said.append(
                say("--max-beam takes 2 or more (1 beam is greedy), got {n}", n=self.max_beam)
            )
        if self.max_beam > MAX_BEAMS:
            said.append(
                say(
                    "--max-beam takes at most {most} beams, got {n}",
                    most=MAX_BEAMS,
                    n=self.max_beam,
                )
            )
        said += self._alternatives_problems()
        return self._timeout_problems() + said

    def _timeout_problems(self) -> list[str]:
        """What is wrong with --read-timeout: a number of seconds within its bounds (NaN
        and infinity compare false with every bound, so they are named apart)."""
        seconds = self.read_timeout
        if math.isfinite(seconds) and 1 <= seconds <= MAX_READ_TIMEOUT:
            return []
        return [
            say(
                "--read-timeout takes 1 to {most} seconds, got {value}",
                most=f"{MAX_READ_TIMEOUT:g}",
                value=seconds,
            )
        ]

    def _alternatives_problems(self) -> list[str]:
        """What is wrong with --max-alternatives, beside --max-beam."""
        n = self.max_alternatives
        if n >= MAX_BEAMS:
            return [
                say(
                    "--max-alternatives takes at most {most} (each needs a beam besides the "
                    "best, and a search has at most {beams}), got {n}",
                    most=MAX_BEAMS - 1,
                    beams=MAX_BEAMS,
                    n=n,
                )
            ]
        if n >= self.max_beam:
            return [
                say(
                    "--max-alternatives {n} needs --max-beam {beams} or more (the alternatives "
                    "come from the beams)",
                    n=n,
                    beams=n + 1,
                )
            ]
        return []


def read_body(environ: Mapping[str, Any], max_bytes: int) -> bytes:
    """The request body, or ApiError 413 when it is over `max_bytes`, 400 when its framing
    is broken, 408 when the client stops sending (the server's read timeout)."""
    stream = environ["wsgi.input"]
    try:
        if environ.get("wsgi.input_terminated"):  # chunked: read until its end, or the limit
            return _read_chunked(stream, max_bytes)
        return _read_sized(stream, environ.get("CONTENT_LENGTH") or "0", max_bytes)
    except TimeoutError:
        raise ApiError(408, say("the request did not arrive in time; send it whole")) from None
    except OSError as err:  # a broken chunk
        raise ApiError(
            400, say("the request body cannot be read ({reason})", reason=str(err))
        ) from None


def _too_large(max_bytes: int) -> ApiError:
    return ApiError(
        413,
        say(
            "the request body is over {n} bytes (--max-bytes); send less text at once",
            n=max_bytes,
        ),
    )


def _read_chunked(stream: Any, max_bytes: int) -> bytes:
    parts: list[bytes] = []
    size = 0
    while size <= max_bytes:
        part = stream.read(READ_SIZE)
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
    raise _too_large(max_bytes)


def _read_sized(stream: Any, length_text: str, max_bytes: int) -> bytes:
    # str.isdigit() also takes digits such as '²', which int() refuses: ASCII digits only
    if not (length_text.isascii() and length_text.isdigit()):
        # http.server reads headers as Latin-1: shown as the client wrote it (UTF-8)
        sent = length_text.encode("latin-1", "replace").decode("utf-8", "replace")
        raise ApiError(
            400, say("Content-Length {value} is not a number of bytes", value=repr(sent))
        )
    if len(length_text) > len(str(max_bytes)) or int(length_text) > max_bytes:
        raise _too_large(max_bytes)
    length = int(length_text)
    body = b""
    while len(body) < length:
        part = stream.read(length - len(body))
        if not part:
            break
        body += part
    if len(body) < length:
        raise ApiError(400, say("the request body ended before its Content-Length"))
    return body


def request_fields(environ: Mapping[str, Any], body: bytes, max_bytes: int) -> dict[str, Any]:
    """The request's fields: the query string's, and over them a JSON object's or a form's
    (first value of each name). ApiError 400 for a body that is not what it says."""
    from werkzeug.wrappers import Request

    environ = {**environ, "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}
    environ.pop("wsgi.input_terminated", None)
    request = Request(environ)
    request.max_content_length = request.max_form_memory_size = max_bytes
    found: dict[str, Any] = dict(request.args.items())
    if request.is_json:
        found.update(_json_object(body))
    elif body:
        found.update(_form(request).items())
    for name, value in found.items():
        _check_text(name, value)
    return found


def _check_text(name: str, value: Any) -> None:
    """ApiError 400 when a field's text (or a text of its list) holds a lone surrogate:
    JSON's "\\ud800" escape can write one, and no answer or log line could then be
    encoded."""
    texts = value if isinstance(value, list) else [value]
    for text in texts:
        if isinstance(text, str) and not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as err:
                raise ApiError(
                    400,
                    say(
                        '"{name}" holds a lone surrogate ({char}) at character {at}, which is '
                        "not text; send the text as UTF-8",
                        name=_shown_name(name),
                        char=ascii(err.object[err.start])[1:-1],
                        at=err.start + 1,
                    ),
                ) from None


def _shown_name(name: str) -> str:
    """A field's name as a message may show it: a name with a lone surrogate escaped."""
    return name if name.isascii() else ascii(name)[1:-1]


def _json_depth(body: bytes) -> int:
    """How deep the body's arrays and objects nest (strings skipped), counted up to one
    past MAX_JSON_DEPTH: enough to refuse it before the parser recurses that deep."""
    depth = deepest = 0
    for match in _JSON_NESTING.finditer(body):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                break
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def _json_object(body: bytes) -> dict[str, Any]:
    if not body.strip():
        return {}
    if _json_depth(body) > MAX_JSON_DEPTH:
        raise ApiError(
            400,
            say(
                "the JSON body nests arrays or objects over {most} deep; send an object of "
                'texts: {{"q": "...", "source": "zh", "target": "en"}}',
                most=MAX_JSON_DEPTH,
            ),
        )
    try:
        parsed = json.loads(body.decode("utf-8"), parse_int=_json_int)
    except UnicodeDecodeError:
        raise ApiError(400, say("the body is not UTF-8 text; send JSON in UTF-8")) from None
    except json.JSONDecodeError as err:
        raise ApiError(
            400,
            say(
                "the body is not valid JSON ({reason} at line {line}, column {column})",
                reason=err.msg,
                line=err.lineno,
                column=err.colno,
            ),
        ) from None
    if not isinstance(parsed, dict):
        raise ApiError(400, say('the JSON body must be an object: {{"q": "...", "target": "en"}}'))
    return parsed


def _form(request: Request) -> Mapping[str, str]:
    from werkzeug.exceptions import HTTPException

    try:
        return request.form
    except HTTPException as err:  # a malformed multipart body, too many parts
        raise ApiError(
            400, say("the form cannot be read ({reason})", reason=err.description)
        ) from None


class LongNumber:
    """A JSON integer of more than MAX_DIGITS digits, kept unconverted: Python refuses to
    convert one of thousands (int_max_str_digits), and no field takes one, so the field
    that holds it is refused by name (bounded_number), not the whole body."""

    def __init__(self, digits: str) -> None:
        self.digits = len(digits.lstrip("-"))


def _json_int(text: str) -> int | LongNumber:
    """A JSON integer as json.loads reads it (its parse_int)."""
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else LongNumber(text)


@dataclass(frozen=True)
class Bounds:
    """The numbers a field takes, low..high, and the server option that sets `high`."""

    name: str
    low: int
    high: int
    option: str

    def refusal(self, got: str) -> ApiError:
        """ApiError 400 naming the field, its range and what was sent instead."""
        return ApiError(
            400,
            say(
                '"{name}" takes a whole number from {low} to {high} ({option}), got {value}',
                name=self.name,
                low=self.low,
                high=self.high,
                option=self.option,
                value=got,
            ),
        )


def _whole_number(value: Any, bounds: Bounds) -> int:
    """A client's number: a JSON integer, or a form's ASCII digits (a minus sign before
    them), at most MAX_DIGITS long; else ApiError 400 naming the field and its range."""
    if isinstance(value, LongNumber):
        raise bounds.refusal(say("a number of {n} digits", n=f"{value.digits:,}"))
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise bounds.refusal(_short(value))
    text = value.strip() if isinstance(value, str) else str(value)
    if isinstance(value, str) and not _WHOLE.fullmatch(text):
        raise bounds.refusal(_short(value))
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise bounds.refusal(say("a number of {n} digits", n=f"{len(text.lstrip('-')):,}"))
    return int(text)


def _short(value: Any, limit: int = 40) -> str:
    """repr(value), cut to `limit` characters: a client's value in a message."""
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def bounded_number(value: Any, name: str, low: int, high: int, option: str) -> int:
    """A client's whole number within low..high; else a 400 naming the field, its range
    and the server option that sets its top (`option`)."""
    bounds = Bounds(name, low, high, option)
    number = _whole_number(value, bounds)
    if number < low:
        raise ApiError(
            400, say('"{name}" must be {low} or more, got {n}', name=name, low=low, n=number)
        )
    if number > high:
        raise ApiError(
            400,
            say(
                '"{name}" is {n}; this server allows at most {high} ({option})',
                name=name,
                n=number,
                high=high,
                option=option,
            ),
        )
    return number
