"""The allowed-domains rule holds at every network hop, tested against a canary that would answer.

An allowed site on 127.0.0.1 offers a page per way a page can reach another host; a canary on
127.0.0.2 (another loopback address: a real server that answers every request) counts the TCP
connections it receives. With `allowed_domains=("127.0.0.1",)`, every vector must leave the canary
untouched, and the session's network guard must have refused the attempt (so the vector really fired);
without the rule, the same pages do reach the canary (so the canary really answers).
"""

from __future__ import annotations

import asyncio
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest

from webvoyager.browser.types import Click
from webvoyager.errors import ActionError, PageLoadError

pytestmark = pytest.mark.browser


class Canary:
    """A server on 127.0.0.2 that answers anything and counts the connections it accepts."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.2", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.requests: list[bytes] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            conn.settimeout(2)
            try:
                self.requests.append(conn.recv(4096).split(b"\r\n", 1)[0])
                body = b"<html><body>canary</body></html>"
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nAccess-Control-Allow-Origin: *\r\n"
                             b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            except OSError:
                pass
            finally:
                conn.close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.2:{self.port}"


def vector_pages(canary: str) -> dict[str, str]:
    """The body of each vector page; clicking element 0 (or just loading the page) fires the vector."""
    click = '<a id="go" href="{href}">go</a>'
    return {
        "link": click.format(href=f"{canary}/link"),
        "redirect301": click.format(href="/redirect/301"),
        "redirect302": click.format(href="/redirect/302"),
        "redirect303": click.format(href="/redirect/303"),
        "redirect307": click.format(href="/redirect/307"),
        "redirect308": click.format(href="/redirect/308"),
        "post307": '<form method="post" action="/redirect/307"><button>send</button></form>',
        "form_post": f'<form method="post" action="{canary}/form"><button>pay</button><input name="card" value="4111"></form>',
        "meta_refresh": f'<meta http-equiv="refresh" content="0;url={canary}/meta"><p>wait</p>',
        "script_nav": f'<button onclick="location.href=\'{canary}/script\'">go</button>',
        "window_open": f'<button onclick="window.open(\'{canary}/popup\')">open</button>',
        "iframe": f'<p>frame</p><iframe src="{canary}/frame"></iframe>',
        "image": f'<img src="{canary}/pixel.png" alt="x"><p>img</p>',
        "beacon": f'<button onclick="navigator.sendBeacon(\'{canary}/beacon\', \'secret\')">b</button>',
        "fetch": f'<button onclick="fetch(\'{canary}/fetch\').catch(() => 0)">f</button>',
        "xhr": f'<button onclick="var x=new XMLHttpRequest(); x.open(\'GET\', \'{canary}/xhr\'); x.send()">x</button>',
        "fetch_redirect": '<button onclick="fetch(\'/redirect/302\').catch(() => 0)">f</button>',
        "websocket": f'<button onclick="new WebSocket(\'ws://127.0.0.2:{canary.rsplit(":", 1)[1]}/ws\')">ws</button>',
        "download": f'<a href="{canary}/file.bin" download>get</a>',
        "prefetch": f'<link rel="prefetch" href="{canary}/prefetch"><p>pf</p>',
        "service_worker": '<button onclick="navigator.serviceWorker.register(\'/sw.js\')">sw</button>',
    }


FIRE_BY_LOADING = {"meta_refresh", "iframe", "image", "prefetch"}


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[str, Canary]]:
    canary = Canary()
    pages = vector_pages(canary.base)

    class Site(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _send(self, status: int, body: bytes, ctype: str = "text/html", headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802
            name = self.path.strip("/")
            if name.startswith("redirect/"):
                self._send(int(name.split("/")[1]), b"", headers={"Location": f"{canary.base}/hop{name[9:]}"})
            elif name == "sw.js":
                self._send(200, f"fetch('{canary.base}/sw');".encode(), "application/javascript")
            elif name == "home":
                self._send(200, b"<html><head><title>Home</title></head><body><a href='/link'>x</a><h1>Home</h1></body></html>")
            elif name in pages:
                self._send(200, f"<html><head><title>{name}</title></head><body>{pages[name]}</body></html>".encode())
            else:
                self._send(404, b"no")

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.do_GET()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", canary
    server.shutdown()
    server.server_close()


async def _fire(session, url: str, vector: str) -> None:
    try:
        await session.goto(f"{url}/{vector}")
    except PageLoadError:
        if vector not in FIRE_BY_LOADING:
            raise
    if vector in FIRE_BY_LOADING:
        return
    await session.observe()
    try:
        await session.execute(Click(0))
    except ActionError:
        pass  # a refused navigation is an ActionError for the model


async def _settled(session) -> None:
    """Give background requests (beacons, service workers, sockets) time to be sent, then settle."""
    for _ in range(20):
        await asyncio.sleep(0.05)  # polling the counters, not waiting a fixed time for the browser
        if session.guard and session.guard.blocked:
            break


@pytest.mark.parametrize("vector", sorted(vector_pages("http://127.0.0.2:1")))
async def test_no_vector_reaches_an_off_list_host(browser, tmp_path: Path, sites, vector: str) -> None:
    url, canary = sites
    before = canary.connections
    session = await browser.new_session(download_dir=tmp_path, allowed_domains=("127.0.0.1",))
    try:
        await _fire(session, url, vector)
        await _settled(session)
        assert session.guard is not None
        refused = [b for b in session.guard.blocked if b.host == "127.0.0.2"]
        assert refused, f"{vector}: the page never tried to reach the canary, so this test proves nothing"
        assert canary.connections == before, f"{vector}: the canary was reached: {canary.requests[before:]}"
        if vector not in FIRE_BY_LOADING:   # a page that refreshes itself off the list may be left again
            assert session.page.url.startswith(url), f"{vector}: the tab left the allowed site ({session.page.url})"
    finally:
        await session.close()
    assert canary.connections == before


@pytest.mark.parametrize("vector", ["redirect302", "image", "window_open", "websocket"])
async def test_without_the_rule_the_same_pages_reach_the_canary(browser, tmp_path: Path, sites, vector: str) -> None:
    url, canary = sites
    before = canary.connections
    session = await browser.new_session(download_dir=tmp_path)
    try:
        await _fire(session, url, vector)
        for _ in range(40):
            if canary.connections > before:
                break
            await asyncio.sleep(0.05)
        assert canary.connections > before, f"{vector} did not reach the canary even without the rule"
        assert session.guard is None
    finally:
        await session.close()


async def test_allowed_pages_keep_working_through_the_guard(browser, tmp_path: Path, sites) -> None:
    url, canary = sites
    session = await browser.new_session(download_dir=tmp_path, allowed_domains=("127.0.0.1",))
    try:
        await session.goto(f"{url}/home")
        obs = await session.observe()
        assert obs.title == "Home" and obs.elements[0].text == "x"
        await session.execute(Click(0))               # a link within the allowed site
        assert session.page.url == f"{url}/link"
        assert [e.text for e in (await session.observe()).elements] == ["go"]
        assert session.guard is not None and session.guard.passed >= 2 and not session.guard.blocked
    finally:
        await session.close()


async def test_a_redirect_off_the_list_is_refused_and_the_tab_stays(browser, tmp_path: Path, sites) -> None:
    url, canary = sites
    session = await browser.new_session(download_dir=tmp_path, allowed_domains=("127.0.0.1",))
    try:
        await session.goto(f"{url}/redirect302")
        await session.observe()
        with pytest.raises(ActionError, match=r"Navigation to 127\.0\.0\.2 .* was blocked \(allowed domains: 127\.0\.0\.1\)"):
            await session.execute(Click(0))
        assert session.page.url == f"{url}/redirect302"
        obs = await session.observe()
        assert obs.title == "redirect302"
        with pytest.raises(PageLoadError, match="was blocked"):
            await session.goto(f"{url}/redirect/302")   # a start page that redirects off the list
    finally:
        await session.close()
