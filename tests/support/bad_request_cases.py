"""The bad requests of tests/test_bad_inputs.py: what a client sends the translation server
(`grpo-studio serve`) that it must refuse in one line of JSON with the right status,
never a 500 for the client's own mistake, never a traceback on the server's stderr.

A case is the raw request as bytes go out: its method, target and body, its headers
besides Host (the server's own unless the case gives one) and Content-Length (the body's
length unless the case gives one). `{port}` in a target or a header is the server's
port (PORT in the table). `hang_up`: the client closes its connection before the answer;
its row shows the server's one log line instead of an answer. A client's mistake is
logged only where the server's user can act on it (`logged`: a suggestion refused
because the server was started without --suggestions)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

JSON = (("Content-Type", "application/json"),)
FORM = (("Content-Type", "application/x-www-form-urlencoded"),)


@dataclass(frozen=True)
class Request:
    what: str  # the input, as the table's first column says it
    method: str
    target: str
    status: int  # 0: no answer (the client hung up)
    expect: tuple[str, ...]  # parts of the answer's error (or of the log line)
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()
    shown_body: str = ""  # the body as the table shows it, when it is too long to show
    suggestions: bool = False  # a server started with --suggestions
    hang_up: bool = False
    logged: tuple[str, ...] = ()  # parts of the one line the server logs (none: no line)

    @property
    def id(self) -> str:
        return "request-" + re.sub(r"[^a-z0-9]+", "-", self.what.lower()).strip("-")[:60]

    def data(self, port: int) -> bytes:
        """The request's bytes."""
        headers = dict(self.headers)
        headers.setdefault("Host", "127.0.0.1:{port}")
        headers.setdefault("Content-Length", str(len(self.body)))
        lines = [
            f"{self.method} {self.target} HTTP/1.1",
            *(f"{k}: {v}" for k, v in headers.items()),
        ]
        head = "\r\n".join(lines).format(port=port) + "\r\n\r\n"
        return head.encode("utf-8") + self.body

    def shown(self) -> str:
        """The request as the table's second column shows it."""
        parts = [f"{self.method} {self.target}".replace("{port}", "PORT")]
        parts += [f"{k}: {v}".replace("{port}", "PORT") for k, v in self.headers]
        body = self.shown_body or self.body.decode("utf-8", "backslashreplace")
        return " · ".join(parts + ([body] if body else []))


def translate(fields: dict, **extra) -> Request:
    """A JSON POST /translate of these fields (the rest of the case in `extra`); a lone
    surrogate in them written as JSON's escape for it, as a client's JSON would carry it."""
    text = json.dumps(fields, ensure_ascii=False)
    text = re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)
    return Request(method="POST", target="/translate", body=text.encode(), headers=JSON, **extra)


def form(target: str, text: str, **extra) -> Request:
    """A form POSTed to `target` (its headers the form's unless `extra` gives them)."""
    extra.setdefault("headers", FORM)
    return Request(method="POST", target=target, body=text.encode(), **extra)


ASKED = {"q": "你好", "source": "zh", "target": "en"}
DIGITS = "9" * 5000


def made_up_sentences(n: int, seed: int = 0) -> str:
    """n distinct made-up sentences of eleven characters each: none from the cache."""
    pool, rng = "我你他她们喜欢猫狗吃饭喝水去学校家里今天明天很好不是", random.Random(seed)
    return "".join("".join(rng.choice(pool) for _ in range(11)) + "。" for _ in range(n))


LONG_TEXT = made_up_sentences(400)  # far more model work than a hung-up client should cost

REQUESTS = [
    translate(
        {**ASKED, "source": "\ud800"},
        what="a lone surrogate in a language code",
        status=400,
        expect=('"source" holds a lone surrogate (\\ud800) at character 1', "send the text"),
    ),
    translate(
        {**ASKED, "q": "你\udfff好"},
        what="a lone surrogate in q",
        status=400,
        expect=('"q" holds a lone surrogate (\\udfff) at character 2',),
    ),
    form(
        "/translate",
        "q=%E4%BD%A0&source=zh&target=en&alternatives=--5",
        what="alternatives --5",
        status=400,
        expect=(
            "\"alternatives\" takes a whole number from 0 to 3 (--max-alternatives), got '--5'",
        ),
    ),
    form(
        "/translate",
        "q=%E4%BD%A0&source=zh&target=en&alternatives=%C2%B2",
        what="alternatives ² (a digit to Unicode, not a number)",
        status=400,
        expect=('"alternatives" takes a whole number from 0 to 3', "got '²'"),
    ),
    form(
        "/translate",
        f"q=%E4%BD%A0&source=zh&target=en&alternatives={DIGITS}",
        shown_body="q=%E4%BD%A0&source=zh&target=en&alternatives=999…(5,000 digits)",
        what="alternatives of 5,000 digits in a form",
        status=400,
        expect=('"alternatives" takes a whole number from 0 to 3', "got a number of 5,000 digits"),
    ),
    Request(
        method="POST",
        target="/translate",
        body=b'{"q": "a", "source": "zh", "target": "en", "alternatives": '
        + DIGITS.encode()
        + b"}",
        headers=JSON,
        shown_body='{"q": "a", "source": "zh", "target": "en", "alternatives": 999…(5,000 digits)}',
        what="alternatives of 5,000 digits in JSON",
        status=400,
        expect=('"alternatives" takes a whole number from 0 to 3', "got a number of 5,000 digits"),
    ),
    Request(
        method="POST",
        target="/translate",
        body=b"[" * 30000 + b"]" * 30000,
        headers=JSON,
        shown_body="[[[…]]] (30,000 deep)",
        what="a JSON body nested 30,000 deep",
        status=400,
        expect=("the JSON body nests arrays or objects over 16 deep", '{"q": "..."'),
    ),
    form(
        "/translate",
        "q=x",
        headers=(*FORM, ("Content-Length", "٣")),
        what="a Content-Length in Arabic-Indic digits",
        status=400,
        expect=("Content-Length '٣' is not a number of bytes",),
    ),
    Request(
        method="GET",
        target="http://127.0.0.1:{port}/languages",
        headers=(("Host", "evil.example"),),
        what="an absolute-form target naming the server, with a foreign Host",
        status=403,
        expect=("not to Host 'evil.example'", "--allow-host"),
    ),
    Request(
        method="GET",
        target="http://evil.example/translate",
        what="an absolute-form target naming a foreign host",
        status=403,
        expect=("not to Host 'evil.example'",),
    ),
    translate(
        {**ASKED, "target": "zh-TW"},
        what="a language no run translates into (Traditional Chinese)",
        status=400,
        expect=("no run here translates zh-Hans->zh-Hant", "this server translates zh-Hans->en"),
    ),
    form(
        "/suggest",
        "q=%E4%BD%A0%E5%A5%BD&s=Hello&source=zh&target=en",
        what="a suggestion to a server started without --suggestions",
        status=403,
        expect=("Suggestions are disabled on this server.",),
        logged=("serve --suggestions keeps them",),
    ),
    form(
        "/suggest",
        "q=%E4%BD%A0%E5%A5%BD&s=Hello&source=auto&target=en",
        what="a suggestion whose source is auto",
        status=400,
        expect=('a suggestion needs the language of q as "source", not "auto"',),
        suggestions=True,
    ),
    form(
        "/suggest",
        "q=%E4%BD%A0%E5%A5%BD&source=zh&target=en",
        what="a suggestion without s",
        status=400,
        expect=("Invalid request: missing s parameter",),
        suggestions=True,
    ),
    Request(
        method="POST",
        target="/translate",
        body=b'{"q": "a", "source": "zh", "target": "en"}',
        headers=(*JSON, ("Origin", "https://example.org")),
        what="a web page's request, its origin not named by --allow-origin",
        status=403,
        expect=("a web page (https://example.org) may not use this server", "--allow-origin"),
    ),
    translate(
        {**ASKED, "q": LONG_TEXT},
        shown_body='{"q": 400 made-up sentences (4,800 characters), "source": "zh", ...}',
        what="a client that hangs up before its answer",
        status=0,
        expect=("a client closed its connection before its answer", "requests stopped so far"),
        hang_up=True,
    ),
]
