"""What a request sends, read and checked before anything is translated.

- `read_body`: the body, at most `max_bytes` of it, whether the client sent a
  Content-Length or a chunked body (more than the limit is 413, never a body cut short
  and then called bad JSON);
- `request_fields`: the fields as LibreTranslate reads them: a JSON object
  (application/json), or the query string and a form (application/x-www-form-urlencoded
  or multipart/form-data), so that every client's way of sending works;
- `whole_number`, `bounded_number`: every number a client sends, refused with a 400 that
  names the bound and the server option that sets it.

`ServeLimits` holds those bounds; `ApiError` is a refusal: an HTTP status and a message
saying what to change, which the server answers as {"error": message}.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from studio.core.config.decoding import MAX_BEAMS

if TYPE_CHECKING:
    from werkzeug.wrappers import Request

READ_SIZE = 16 * 1024  # bytes read at a time from a chunked body


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
        said = []
        for f in fields(self):
            value = getattr(self, f.name)
            low = 0 if f.name == "max_alternatives" else 1
            if f.name != "rate" and value < low:
                said.append(f"--{f.name.replace('_', '-')} takes {low} or more, got {value}")
        if self.max_beam < 2:
            said.append(f"--max-beam takes 2 or more (1 beam is greedy), got {self.max_beam}")
        if self.max_beam > MAX_BEAMS:
            said.append(f"--max-beam takes at most {MAX_BEAMS} beams, got {self.max_beam}")
        if self.max_alternatives >= MAX_BEAMS:
            said.append(
                f"--max-alternatives takes at most {MAX_BEAMS - 1} (each needs a beam besides "
                f"the best, and a search has at most {MAX_BEAMS}), got {self.max_alternatives}"
            )
        elif self.max_alternatives >= self.max_beam:
            said.append(
                f"--max-alternatives {self.max_alternatives} needs --max-beam "
                f"{self.max_alternatives + 1} or more (the alternatives come from the beams)"
            )
        return said


def read_body(environ: Mapping[str, Any], max_bytes: int) -> bytes:
    """The request body, or ApiError 413 when it is over `max_bytes`, 400 when its framing
    is broken, 408 when the client stops sending (the server's read timeout)."""
    stream = environ["wsgi.input"]
    try:
        if environ.get("wsgi.input_terminated"):  # chunked: read until its end, or the limit
            return _read_chunked(stream, max_bytes)
        return _read_sized(stream, environ.get("CONTENT_LENGTH") or "0", max_bytes)
    except TimeoutError:
        raise ApiError(408, "the request did not arrive in time; send it whole") from None
    except OSError as err:  # a broken chunk
        raise ApiError(400, f"the request body cannot be read ({err})") from None


def _too_large(max_bytes: int) -> ApiError:
    return ApiError(
        413, f"the request body is over {max_bytes} bytes (--max-bytes); send less text at once"
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
        raise ApiError(400, f"Content-Length {length_text!r} is not a number of bytes")
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
        raise ApiError(400, "the request body ended before its Content-Length")
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
    return found


def _json_object(body: bytes) -> dict[str, Any]:
    if not body.strip():
        return {}
    try:
        parsed = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise ApiError(400, "the body is not UTF-8 text; send JSON in UTF-8") from None
    except json.JSONDecodeError as err:
        raise ApiError(
            400,
            f"the body is not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})",
        ) from None
    if not isinstance(parsed, dict):
        raise ApiError(400, 'the JSON body must be an object: {"q": "...", "target": "en"}')
    return parsed


def _form(request: Request) -> Mapping[str, str]:
    from werkzeug.exceptions import HTTPException

    try:
        return request.form
    except HTTPException as err:  # a malformed multipart body, too many parts
        raise ApiError(400, f"the form cannot be read ({err.description})") from None


def whole_number(value: Any, name: str) -> int:
    """A client's number: a JSON integer, or a form's digits; else ApiError 400."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ApiError(400, f'"{name}" must be a whole number, got {value!r}')
    if isinstance(value, str):
        text = value.strip()
        if not text.lstrip("-").isdigit():
            raise ApiError(400, f'"{name}" must be a whole number, got {value!r}')
        return int(text)
    return value


def bounded_number(value: Any, name: str, low: int, high: int, option: str) -> int:
    """whole_number(value) within low..high; past `high`, a 400 naming the server's limit."""
    number = whole_number(value, name)
    if number < low:
        raise ApiError(400, f'"{name}" must be {low} or more, got {number}')
    if number > high:
        raise ApiError(400, f'"{name}" is {number}; this server allows at most {high} ({option})')
    return number
