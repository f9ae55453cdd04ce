"""The allowed-domains rule enforced below the page: a filtering proxy on loopback for one session.

A session with allowed domains sends every request of its browser context through its own
`NetworkGuard`, an HTTP proxy on 127.0.0.1 (the context's proxy, with Chromium's implicit loopback
bypass removed, so *.localhost and 127.0.0.x go through it too). The proxy sees each request as it
leaves the browser: every redirect hop (301/302/303/307/308 are followed by the browser, each hop a
new request), meta refreshes and script navigations, popups and `window.open`, iframes, images,
beacons, fetch/XHR, service-worker fetches, form posts, downloads, and WebSockets and https (as
CONNECT tunnels). A request to a host outside the allowed domains gets a 403 page marked with the
`X-Webvoyager-Blocked` header and never reaches that host; it is recorded in `blocked`.

Plain HTTP requests are forwarded one per connection (`Connection: close` both ways), so a kept-alive
connection can never carry a second request to another host past the check.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from urllib.parse import urlsplit

log = logging.getLogger("webvoyager.browser")

BLOCKED_HEADER = "X-Webvoyager-Blocked"
_HEAD_LIMIT = 64 * 1024
_HOP_HEADERS = {"proxy-connection", "connection", "keep-alive", "proxy-authorization", "te", "trailer", "upgrade"}


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """True when `host` is one of the allowed domains or a subdomain of one (empty: all allowed)."""
    if not allowed:
        return True
    host = host.lower().strip("[]").rstrip(".")
    for domain in allowed:
        domain = domain.lower().strip().rstrip(".").split(":")[0]
        if domain.startswith("*."):
            domain = domain[2:]
        if host == domain or host.endswith("." + domain):
            return True
    return False


def _connect_host(host: str) -> str:
    """Where to connect for `host`: *.localhost is loopback (as browsers resolve it), else the host."""
    host = host.strip("[]")
    return "127.0.0.1" if host == "localhost" or host.endswith(".localhost") else host


@dataclass(frozen=True)
class BlockedRequest:
    """A request the guard refused: its method, its URL (or host:port for a tunnel)."""

    method: str
    target: str
    host: str


@dataclass
class NetworkGuard:
    """A loopback proxy that lets through only requests to `allowed` domains (see the module docstring)."""

    allowed: tuple[str, ...]
    blocked: list[BlockedRequest] = field(default_factory=list)
    passed: int = 0
    _server: asyncio.base_events.Server | None = None
    _connections: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def url(self) -> str:
        """The proxy's address, for the browser context (after `start`)."""
        assert self._server is not None, "start the guard first"
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    async def start(self) -> NetworkGuard:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
            self._server = None
        for task in list(self._connections):
            task.cancel()
        await asyncio.gather(*self._connections, return_exceptions=True)

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.ensure_future(self._serve(reader, writer))
        self._connections.add(task)
        task.add_done_callback(self._connections.discard)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            if len(head) > _HEAD_LIMIT:
                return
            lines = head.decode("latin-1").split("\r\n")
            method, target, version = (lines[0].split(" ", 2) + ["", ""])[:3]
            headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
            if method == "CONNECT":
                await self._tunnel(target, reader, writer)
            else:
                await self._forward(method, target, version, headers, reader, writer)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, OSError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    def _refuse(self, method: str, target: str, host: str, writer: asyncio.StreamWriter) -> None:
        self.blocked.append(BlockedRequest(method, target, host))
        log.info("blocked %s %s (host %s is not an allowed domain)", method, target, host)
        body = (f"<!doctype html><title>Blocked</title><h1>Blocked</h1><p>{host} is not one of the allowed "
                f"domains of this session ({', '.join(self.allowed)}).</p>").encode()
        writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/html; charset=utf-8\r\n"
                     + f"{BLOCKED_HEADER}: {host}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                     .encode() + body)

    async def _tunnel(self, target: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host, _, port = target.rpartition(":")
        if not host_allowed(host, self.allowed):
            self._refuse("CONNECT", target, host.strip("[]"), writer)
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(_connect_host(host), int(port))
        except (OSError, ValueError):
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            return
        self.passed += 1
        writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        await _pipe_both(reader, writer, up_reader, up_writer)

    async def _forward(self, method: str, target: str, version: str, headers: list[list[str]],
                       reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        parts = urlsplit(target)
        if parts.scheme not in ("http", "ws") or not parts.hostname:
            writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            return
        if not host_allowed(parts.hostname, self.allowed):
            self._refuse(method, target, parts.hostname, writer)
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(_connect_host(parts.hostname), parts.port or 80)
        except OSError:
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            return
        self.passed += 1
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        kept = [f"{k}:{v}" for k, v in headers if k.strip().lower() not in _HOP_HEADERS]
        up_writer.write(f"{method} {path} {version}\r\n".encode("latin-1")
                        + "\r\n".join([*kept, "Connection: close", "", ""]).encode("latin-1"))
        length = next((int(v) for k, v in headers if k.strip().lower() == "content-length"), 0)
        chunked = any(k.strip().lower() == "transfer-encoding" and "chunked" in v.lower() for k, v in headers)
        try:
            await _copy_body(reader, up_writer, length, chunked)
            await up_writer.drain()
            await _pipe(up_reader, writer)   # the response, until the server closes (Connection: close)
        finally:
            up_writer.close()


async def _copy_body(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, length: int, chunked: bool) -> None:
    """Forward exactly one request body (by Content-Length, or chunk by chunk up to the last chunk)."""
    if chunked:
        while True:
            size_line = await reader.readuntil(b"\r\n")
            writer.write(size_line)
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                writer.write(await reader.readuntil(b"\r\n"))
                return
            writer.write(await reader.readexactly(size + 2))
    elif length:
        writer.write(await reader.readexactly(length))


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(65536):
        writer.write(data)
        await writer.drain()


async def _pipe_both(a_reader: asyncio.StreamReader, a_writer: asyncio.StreamWriter,
                     b_reader: asyncio.StreamReader, b_writer: asyncio.StreamWriter) -> None:
    async def one_way(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await _pipe(src, dst)
        with contextlib.suppress(Exception):
            dst.write_eof() if dst.can_write_eof() else dst.close()

    try:
        await asyncio.gather(one_way(a_reader, b_writer), one_way(b_reader, a_writer))
    finally:
        b_writer.close()
