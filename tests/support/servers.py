"""Helpers of the server tests: a real server on a free loopback port, and ways to call it
(urllib, http.client with any headers, a raw socket for what clients would not send)."""

import json
import socket
import urllib.error
import urllib.request
from pathlib import Path

from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.serving.http_app import Access, Log, silent
from studio.core.serving.http_server import TranslationServer, start_server
from studio.core.serving.request_fields import ServeLimits
from studio.core.serving.text_answers import open_service


class Servers:
    """Servers a test starts; all stopped at its end (the `served` fixtures)."""

    def __init__(self) -> None:
        self.started: list[TranslationServer] = []

    def __call__(
        self,
        *run_dirs: Path,
        onnx: bool = False,
        limits: ServeLimits | None = None,
        access: Access | None = None,
        decoding: Decoding = GREEDY_DECODING,
        suggestions: bool = False,
        log: Log = silent,
    ) -> TranslationServer:
        limits = limits or ServeLimits(rate="1000/second")
        service = open_service(
            list(run_dirs), onnx=onnx, limits=limits, decoding=decoding, suggestions=suggestions
        )
        server = start_server(service, access, port=0, log=log)
        self.started.append(server)
        return server

    def stop(self) -> None:
        for server in self.started:
            server.stop()


def call(url, data=None, *, method=None, content_type="application/json", headers=None):
    """(status, JSON body, headers) of one request; `data` a dict/list is sent as JSON."""
    body = data if isinstance(data, bytes) or data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    if content_type and body is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read()), err.headers


def raw(port: int, data: bytes, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    """Send `data` as is on a new connection; (status, headers, body) of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        return read_answer(sock)


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The answer on `sock`, read to the end (the server closes every connection)."""
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines if ": " in line)
    return int(status_line.split()[1]), headers, body
