"""What the server refuses, tried from outside as issue 29 found each hole: foreign Host
names and web pages, numbers past their bounds, stalled and trickling clients, bodies
over the limit (chunked or not), URLs and headers too long for the HTTP layer (in JSON,
never an HTML page), too many connections, and a long request that must not hold up a
short one. Timings are generous: the machine running the tests is shared and slow."""

import json
import random
import socket
import threading
import time

import pytest

from studio.core.serving.http_app import Access
from studio.core.serving.request_fields import ServeLimits
from tests.helpers import held_out_sentences
from tests.support.servers import Servers, call, raw


@pytest.fixture
def served():
    servers = Servers()
    yield servers
    servers.stop()


def request(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""):
    """A request as bytes, Host and Content-Length as given (nothing added)."""
    lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def host(port: int) -> dict[str, str]:
    return {"Host": f"127.0.0.1:{port}"}


def assert_json_error(status, headers, body, expected: int) -> str:
    assert status == expected
    assert headers["Content-Type"].startswith("application/json")
    assert b"<html" not in body.lower() and b"<!doctype" not in body.lower()
    return json.loads(body)["error"]


# ---- who may ask


@pytest.mark.parametrize(
    ("name", "allowed"),
    [
        ("127.0.0.1:{port}", True),
        ("localhost:{port}", True),
        ("[::1]:{port}", True),
        ("LOCALHOST:{port}", True),
        ("attacker.example:{port}", False),  # a page that rebound its name to 127.0.0.1
        ("attacker.example", False),
        ("127.0.0.1:1", False),  # another port: another server
        ("", False),
        ("studio.lan:{port}", True),  # named with --allow-host
    ],
)
def test_only_the_servers_own_host_names_are_answered(served, translation_run, name, allowed):
    server = served(translation_run, access=Access(hosts=("studio.lan",)))
    headers = {"Host": name.format(port=server.port)}
    status, got, body = raw(server.port, request(server.port, "GET", "/languages", headers))
    if allowed:
        assert status == 200
    else:
        error = assert_json_error(status, got, body, 403)
        assert "--allow-host" in error


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),  # a program, not a browser
        ("moz-extension://1f2e3d", True),  # a browser add-on
        ("chrome-extension://abcdef", True),
        ("http://127.0.0.1:{port}", True),
        ("https://attacker.example", False),
        ("null", False),
    ],
)
def test_web_pages_may_not_use_the_server_but_add_ons_may(served, translation_run, origin, allowed):
    server = served(translation_run)
    headers = {} if origin is None else {"Origin": origin.format(port=server.port)}
    asked = {"q": "你好", "source": "zh", "target": "en"}
    status, body, _ = call(server.url + "/translate", asked, headers=headers)
    assert status == (200 if allowed else 403)
    if not allowed:
        assert "a web page" in body["error"]


def test_with_keys_every_request_carries_one_but_languages_and_settings(
    served, translation_run, tmp_path
):
    server = served(translation_run, access=Access(api_keys=frozenset({"k1", "k2"})))
    asked = {"q": "你好", "source": "zh", "target": "en"}
    for key in ("k1", "k2"):
        assert call(server.url + "/translate", {**asked, "api_key": key})[0] == 200
    for path, data in (("/translate", asked), ("/detect", {"q": "你好"})):
        status, body, _ = call(server.url + path, data)
        assert status == 403 and body["error"] == "this server needs an API key: send it as api_key"
    assert (
        call(server.url + "/translate", {**asked, "api_key": "k3"})[1]["error"] == "Invalid API key"
    )
    assert call(server.url + "/health")[0] == 403
    assert call(server.url + "/health?api_key=k2")[0] == 200
    assert call(server.url + "/languages")[0] == 200
    assert call(server.url + "/frontend/settings")[0] == 200


# ---- numbers within bounds


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ({"beam": 100000}, '"beam" is 100000; this server allows at most 8 (--max-beam)'),
        ({"beam": -1}, '"beam" must be 0 or more'),
        ({"beam": True}, '"beam" takes a whole number from 0 to 8 (--max-beam), got True'),
        ({"alternatives": 4}, '"alternatives" is 4; this server allows at most 3'),
        ({"alternatives": "lots"}, '"alternatives" takes a whole number from 0 to 3'),
        (
            {"alternatives": int("9" * 30)},
            '"alternatives" takes a whole number from 0 to 3 '
            "(--max-alternatives), got a number of 30 digits",
        ),
        ({"q": ["你好"] * 51}, "q has 51 texts; this server takes at most 50 at once"),
        ({"q": "好" * 5001}, "q has 5001 characters; this server takes at most 5000"),
        ({"q": ["好" * 2500, "好" * 2501]}, "q has 5001 characters"),
    ],
)
def test_every_number_a_client_sends_is_bounded(served, translation_run, extra, said):
    server = served(translation_run, limits=ServeLimits(max_bytes=1 << 20, rate="1000/second"))
    asked = {"q": "你好", "source": "zh", "target": "en", **extra}
    status, body, _ = call(server.url + "/translate", asked)
    assert status == 400 and said in body["error"]


# ---- clients that stall, bodies and lines too large


def test_a_stalled_or_trickling_client_is_cut_off_while_others_are_served(served, translation_run):
    server = served(translation_run, limits=ServeLimits(read_timeout=1.0, rate="1000/second"))
    port = server.port
    stalled = socket.create_connection(("127.0.0.1", port))
    stalled.sendall(b"POST /translate HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)  # no end
    trickling = socket.create_connection(("127.0.0.1", port))
    started = time.monotonic()
    stop_trickling = threading.Event()

    def trickle():  # a header byte every 0.2 s: each read is quick, the whole never ends
        try:
            while not stop_trickling.wait(0.2):
                trickling.sendall(b"X")
        except OSError:
            pass  # the server closed it

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        begun = time.monotonic()
        assert call(server.url + "/languages")[0] == 200  # others are served meanwhile
        assert time.monotonic() - begun < 1.0
        for sock in (stalled, trickling):
            sock.settimeout(10)
            assert sock.recv(1024) == b""  # closed by the server, no answer owed
        assert time.monotonic() - started < 6  # ~1 s (the read timeout), not forever
    finally:
        stop_trickling.set()
        stalled.close()
        trickling.close()


def test_a_body_that_stops_short_is_answered_408(served, translation_run):
    server = served(translation_run, limits=ServeLimits(read_timeout=1.0, rate="1000/second"))
    headers = {**host(server.port), "Content-Type": "application/json", "Content-Length": "100"}
    status, got, body = raw(server.port, request(server.port, "POST", "/translate", headers, b"{"))
    assert "did not arrive in time" in assert_json_error(status, got, body, 408)


def chunked(data: bytes, size: int = 1000) -> bytes:
    parts = [data[i : i + size] for i in range(0, len(data), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


def test_a_body_over_the_limit_is_413_chunked_or_not(served, translation_run):
    server = served(translation_run, limits=ServeLimits(max_bytes=2048, rate="1000/second"))
    port = server.port
    big = json.dumps({"q": "好" * 3000, "source": "zh", "target": "en"}).encode()
    small = json.dumps({"q": "你好", "source": "zh", "target": "en"}).encode()
    json_type = {**host(port), "Content-Type": "application/json"}
    for body, status in ((big, 413), (small, 200)):
        framed = {**json_type, "Transfer-Encoding": "chunked"}
        got, headers, answer = raw(port, request(port, "POST", "/translate", framed, chunked(body)))
        if status == 413:
            error = assert_json_error(got, headers, answer, 413)
            assert "over 2048 bytes (--max-bytes)" in error
        else:
            assert got == 200 and "translatedText" in json.loads(answer)
    sized = {**json_type, "Content-Length": str(len(big))}
    got, headers, answer = raw(port, request(port, "POST", "/translate", sized, big))
    assert_json_error(got, headers, answer, 413)


def test_what_the_http_layer_refuses_is_answered_in_json(served, translation_run):
    server = served(translation_run)
    port = server.port
    cases = [
        (request(port, "GET", "/" + "a" * 70000, host(port)), 414, "the URL is over"),
        (request(port, "GET", "/languages", {**host(port), "X-Long": "a" * 70000}), 431, "header"),
        (
            request(
                port, "GET", "/languages", {**host(port), **{f"X-{i}": "1" for i in range(120)}}
            ),
            431,
            "header",
        ),
        (b"NONSENSE\r\n\r\n", 400, "Bad Request"),
        (request(port, "GET", "/nowhere", host(port)), 404, "no such path /nowhere"),
        (request(port, "DELETE", "/translate", host(port)), 405, "use POST"),
    ]
    for data, status, said in cases:
        got, headers, body = raw(port, data)
        assert said in assert_json_error(got, headers, body, status)
    assert headers["Allow"] == "POST"
    assert headers["Server"] == "grpo-studio"  # no software or version named


def test_connections_past_the_limit_get_503_at_once(served, translation_run):
    limits = ServeLimits(max_connections=2, read_timeout=3.0, rate="1000/second")
    server = served(translation_run, limits=limits)
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(2)]
    try:
        time.sleep(0.3)  # both accepted and holding their threads
        begun = time.monotonic()
        status, headers, body = raw(
            server.port, request(server.port, "GET", "/languages", host(server.port))
        )
        assert "too many connections" in assert_json_error(status, headers, body, 503)
        assert time.monotonic() - begun < 1.0
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.3)
    assert call(server.url + "/languages")[0] == 200


# ---- a long request does not hold up a short one


def long_text(task, chars: int = 5000, seed: int = 0) -> str:
    """`chars` characters of distinct made-up sentences of the run's source characters (no
    two alike, so the cache cannot shorten the work)."""
    pool = sorted({ch for s in held_out_sentences(task, 200, 11) for ch in s if ch.isalpha()})
    rng = random.Random(seed)
    sentences = []
    while sum(map(len, sentences)) + 12 <= chars:
        sentences.append("".join(rng.choice(pool) for _ in range(11)) + "。")
    return "".join(sentences)


def test_a_short_request_is_served_within_a_second_while_a_long_one_runs(
    served, translation_run, translation_model
):
    _, task, _ = translation_model
    server = served(translation_run, limits=ServeLimits(rate="1000/second"))
    text = long_text(task)
    assert len(text) <= 5000
    long_done = threading.Event()
    long_answer = {}

    def ask_long():
        asked = {"text": text, "beam": 8}
        long_answer["status"], long_answer["body"], _ = call(
            server.url + "/studio/translate", asked
        )
        long_done.set()

    thread = threading.Thread(target=ask_long, daemon=True)
    thread.start()
    while call(server.url + "/health")[1]["queue"]["served"] < 3:  # the long one is under way
        time.sleep(0.02)
        assert not long_done.is_set()
    begun = time.monotonic()
    status, short, _ = call(server.url + "/studio/translate", {"text": "我喜欢猫。你呢？"})
    elapsed = time.monotonic() - begun
    assert status == 200 and elapsed < 1.0
    assert not long_done.is_set(), "the long request ended first: nothing was interleaved"
    assert short["latency_ms"] >= short["wait_ms"]  # the wait for the model is counted
    assert long_done.wait(120)
    body = long_answer["body"]
    assert long_answer["status"] == 200 and body["sentences"] == text.count("。")
    assert body["latency_ms"] >= body["wait_ms"] > 0  # it waited while the short one ran


# ---- clients that hang up


def test_requests_whose_clients_hung_up_stop_and_are_counted_in_the_log(
    served, translation_run, translation_model
):
    """Issue 29's 48 hung-up requests of distinct sentences (some 20 s of the model's work
    when each is translated to its end): each stops within a few sentences, the log counts
    them one line each, and the next client is answered at once."""
    _, task, _ = translation_model
    log: list[str] = []
    server = served(translation_run, log=log.append)
    port, hung_up = server.port, 48
    for i in range(hung_up):
        text = long_text(task, chars=600, seed=i)  # 50 sentences, none cached
        body = json.dumps({"text": text, "beam": 4}).encode()
        headers = {
            **host(port),
            "Content-Type": "application/json",
            "Content-Length": str(len(body)),
        }
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(request(port, "POST", "/studio/translate", headers, body))
    deadline = time.monotonic() + 60
    while len(log) < hung_up and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(log) == hung_up
    assert log[-1].endswith(f"requests stopped so far: {hung_up}")
    assert server.service.queue.served < hung_up * 5  # of their 48 x 50 sentences
    begun = time.monotonic()
    assert call(server.url + "/studio/translate", {"text": "我喜欢猫。"})[0] == 200
    assert time.monotonic() - begun < 1.0
