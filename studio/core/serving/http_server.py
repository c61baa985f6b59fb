"""The translation server: Werkzeug's threaded HTTP server, made fit for a local service.

`start_server(service, access, host, port)` listens and answers on threads of its own
(the command line waits on it; the window goes on with its events) until `stop()`.
Beyond Werkzeug's own server it

- gives a client `read_timeout` seconds to send a whole request, however slowly it
  sends it (a deadline over every read, not a timeout per read), so a stalled or
  trickling client cannot hold a thread;
- serves at most `max_connections` connections at once, answering the next with a 503
  at once instead of starting a thread for it;
- answers what the HTTP layer refuses before the application sees it (a URL over 64 KiB:
  414; a header line over 64 KiB or more than 100 headers: 431; a malformed request
  line: 400) in JSON, like every other error, never with an HTML page;
- keeps the Host header as the client sent it beside the host of an absolute-form
  target, which Werkzeug puts in its place, so the application checks both;
- hands the application a check that the client has closed its connection
  (`client_gone`), which a request's turns at the model ask between sentences;
- names no software or version in its Server header, and logs no request: its log
  (`log`, a line at a time) has only what the user may act on (http_app.py).

`reached_interfaces` says which of the machine's addresses a listening host reaches, for
the one clear line a front door prints when that is more than loopback, and those
addresses are added to the Host names the application answers to.

References: Werkzeug's serving.py (WSGIRequestHandler, ThreadedWSGIServer); Python's
http.server and socketserver.
"""

from __future__ import annotations

import errno
import io
import ipaddress
import json
import select
import socket
import threading
import time
from dataclasses import replace
from functools import partial
from http import HTTPStatus
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

from studio.core.messages import say
from studio.core.serving.engines import ServingError
from studio.core.serving.http_app import (
    GONE_CHECK,
    HOST_HEADER,
    Access,
    Log,
    TranslationApp,
    silent,
)
from studio.core.serving.text_answers import Service

SERVER_NAME = "grpo-studio"
MAX_URL_BYTES = 65536  # the request line's limit in http.server; past it: 414
POLL_SECONDS = 0.1  # how soon stop() takes effect
REFUSED_TEXTS = {
    414: f"the URL is over {MAX_URL_BYTES} bytes; send the text in the body of a POST",
    431: "a request header is over 64 KiB, or there are over 100 headers; send fewer",
}


class PortInUse(ServingError):
    """Another program listens on the port asked for."""


class _DeadlineReader(io.RawIOBase):
    """A connection's bytes, each read bounded by one deadline for the whole request."""

    def __init__(self, sock: socket.socket, deadline: float, write_timeout: float) -> None:
        self.sock, self.deadline, self.write_timeout = sock, deadline, write_timeout

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self.sock.settimeout(left)
        try:
            return self.sock.recv_into(buffer)
        finally:
            self.sock.settimeout(self.write_timeout)  # answering a slow reader


class _Request(io.BufferedReader):
    """A request's bytes. A read larger than any body the server takes is Werkzeug's
    drain after the answer (it reads what the client still sends, so that the client
    sees the answer rather than a reset): it gets what has arrived, not a wait for 10 MB
    until the read deadline."""

    def __init__(self, raw: _DeadlineReader, largest: int) -> None:
        super().__init__(raw)
        self.largest = largest

    def read(self, size: int | None = -1) -> bytes:
        if size is not None and size > self.largest:
            return self.read1(size)
        return super().read(size)


class _Handler(WSGIRequestHandler):
    server: _Server

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the socket's own reader, replaced by one with a deadline
        timeout = self.server.read_timeout
        reader = _DeadlineReader(self.connection, time.monotonic() + timeout, timeout)
        self.rfile = _Request(reader, self.server.max_bytes)

    def make_environ(self) -> dict[str, Any]:
        environ = super().make_environ()
        # every Host header as sent, joined as Werkzeug joins repeated headers
        environ[HOST_HEADER] = ",".join(self.headers.get_all("Host") or [])
        environ[GONE_CHECK] = partial(client_gone, self.connection)
        return environ

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """What http.server refuses itself, answered in JSON (its own page is HTML)."""
        self.close_connection = True
        # a line http.server cannot read leaves it taking the client for HTTP/0.9, which
        # would get the body without a status line or headers
        self.request_version = self.protocol_version
        text = REFUSED_TEXTS.get(code) or f"{HTTPStatus(code).phrase}: {message or explain}"
        body = json.dumps({"error": text}).encode()
        try:
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except OSError:
            pass  # the client has gone

    def version_string(self) -> str:
        return SERVER_NAME

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass  # a local service: nothing to log per request

    def log_error(self, format: str, *args: Any) -> None:
        pass  # a stalled client timed out, a client went away: nothing the user can act on


class _Server(ThreadedWSGIServer):
    """Werkzeug's threaded server on a socket already listening, with a bound on the
    connections it serves at once."""

    def __init__(self, sock: socket.socket, app: TranslationApp, service: Service) -> None:
        self.read_timeout = service.limits.read_timeout
        self.max_bytes = service.limits.max_bytes
        self._slots = threading.BoundedSemaphore(service.limits.max_connections)
        host, port = sock.getsockname()[:2]
        super().__init__(host, port, app, handler=_Handler, fd=sock.fileno())
        self._server_version = SERVER_NAME

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            _answer_busy(request)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def client_gone(sock: socket.socket) -> bool:
    """Whether the client on `sock` has closed its connection (the end of its stream, or
    a reset); bytes it sent beyond its request leave it open."""
    try:
        if not _readable(sock):
            return False  # nothing arrived: still waiting for its answer
        return sock.recv(1, socket.MSG_PEEK) == b""  # readable and empty: closed
    except (OSError, ValueError):  # reset, or closed on this side already
        return True


def _readable(sock: socket.socket) -> bool:
    """Whether a read on `sock` would not wait (poll where there is one: select cannot
    watch a descriptor past 1023)."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([sock], [], [], 0)[0])


def _answer_busy(request: socket.socket) -> None:
    body = json.dumps({"error": "the server has too many connections open; try again"})
    head = (
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
    )
    try:
        request.settimeout(1.0)
        request.sendall((head + body).encode())
    except OSError:
        pass


# ---- where it listens


def _bind_host(host: str) -> str:
    return "0.0.0.0" if host == "" else host


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """A host a URL can name: an all-interfaces address as loopback's, IPv6 in brackets."""
    host = _bind_host(host)
    if host == "0.0.0.0":
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


def reached_interfaces(host: str) -> list[tuple[str, str]]:
    """(interface, address) of the machine's addresses that listening on `host` reaches."""
    import psutil

    host = _bind_host(host)
    everywhere = host in ("0.0.0.0", "::")
    families = {socket.AF_INET} if host == "0.0.0.0" else {socket.AF_INET, socket.AF_INET6}
    if not everywhere:
        try:
            infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except OSError:
            return []
        wanted = {info[4][0] for info in infos}
    found = []
    for interface, addresses in psutil.net_if_addrs().items():
        for address in addresses:
            ip = address.address.split("%")[0]  # an IPv6 scope: fe80::1%eth0
            if address.family not in families:
                continue
            if everywhere or ip in wanted:
                found.append((interface, ip))
    return found


def exposure_note(host: str) -> str | None:
    """For a host beyond loopback, the line that says which addresses it reaches."""
    if is_loopback(host):
        return None
    reached = reached_interfaces(host)
    where = ", ".join(f"{name} {ip}" for name, ip in reached) or "none found"
    which = "every interface" if _bind_host(host) in ("0.0.0.0", "::") else host
    return (
        f"listening on {which} ({where}): programs on other machines that reach these "
        "addresses can use it"
    )


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening; PortInUse or ServingError if not."""
    bind = _bind_host(host)
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except OSError as err:
        raise ServingError(
            say(
                "cannot listen on {host}: {reason}; give an address of this machine",
                host=repr(host),
                reason=str(err),
            )
        ) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise PortInUse(
                say(
                    "port {port} is in use by another program; choose another --port (0: any "
                    "free one)",
                    port=port,
                )
            ) from None
        raise ServingError(
            say(
                "cannot listen on {host}:{port} ({reason})",
                host=host,
                port=port,
                reason=err.strerror or str(err),
            )
        ) from None
    return sock


# ---- running


class TranslationServer:
    """A server answering on threads of its own: its `url`, `stop()`; `log` takes its
    one-line notes."""

    def __init__(
        self, service: Service, access: Access, host: str, port: int, log: Log = silent
    ) -> None:
        self.service, self.host = service, host
        if not is_loopback(host):  # its own addresses are Host names it answers to
            reached = tuple(ip for _, ip in reached_interfaces(host))
            access = replace(access, hosts=access.hosts + reached)
        self.app = TranslationApp(service, access, log)
        sock = listening_socket(host, port)
        try:
            self._server = _Server(sock, self.app, service)
        finally:
            sock.close()  # Werkzeug serves a duplicate of it
        self.port: int = self._server.port
        self.app.port = self.port
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    def start(self) -> TranslationServer:
        """Serve on a thread of its own."""
        self._thread = threading.Thread(target=self.serve, name="serve", daemon=True)
        self._thread.start()
        return self

    def serve(self) -> None:
        """Serve on this thread until stop() (or Ctrl-C on the main thread)."""
        try:
            self._server.serve_forever(poll_interval=POLL_SECONDS)
        finally:
            self.service.queue.close()

    def stop(self) -> None:
        """Stop listening and end the model's thread; requests under way get a 503."""
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(5)
            self._thread = None
        self._server.server_close()
        self.service.queue.close()


def start_server(
    service: Service,
    access: Access | None = None,
    host: str = "127.0.0.1",
    port: int = 8765,
    log: Log = silent,
) -> TranslationServer:
    """A server for `service` listening on host:port (port 0: a free one), answering on a
    thread of its own."""
    return TranslationServer(service, access or Access(), host, port, log).start()
