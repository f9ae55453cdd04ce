"""Serve every sandbox site from one port, each on its own origin `http://<site>.localhost:<port>/`.

Browsers resolve `*.localhost` to the loopback address, so each site is its own origin (cookies,
storage and domain rules apply per site) while one process and one port serve them all.
"""

from __future__ import annotations

import importlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator, Sequence
from urllib.parse import urlparse

from webvoyager.sandbox.registry import SITES_PACKAGE, discover_sites
from webvoyager.sandbox.variants import Variant, check_variant
from webvoyager.sandbox.variants import apply as apply_variant
from webvoyager.sandbox.web import Response, Site, parse_request

DEFAULT_PORT = 8765
HOST_SUFFIX = ".localhost"


class _Handler(BaseHTTPRequestHandler):
    server: SandboxHTTPServer  # type: ignore[assignment]
    protocol_version = "HTTP/1.1"

    def _serve(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        host = headers.get("host", "").split(":")[0].lower()
        site = self.server.sites.get(host[: -len(HOST_SUFFIX)] if host.endswith(HOST_SUFFIX) else "")
        request = parse_request(method, self.path, headers, body)
        if site is None:
            response = self.server.index_page(request.path)
        else:
            try:
                response = site.handle(request)
            except Exception as exc:  # a site bug must show as a 500, not kill the server
                response = Response(f"<h1>500</h1><pre>{type(exc).__name__}: {exc}</pre>", status=500)
            response = apply_variant(self.server.variant, response, f"{host}{request.path}")
        payload = b"" if method == "HEAD" else response.encoded()
        self.send_response(response.status)
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(payload)))
        for key, value in response.headers.items():
            self.send_header(key, value)
        for key, value in response.set_cookies.items():
            self.send_header("Set-Cookie", f"{key}={value}; Path=/; SameSite=Lax")
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:  # noqa: N802 (http.server naming)
        self._serve("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._serve("POST")

    def do_HEAD(self) -> None:  # noqa: N802
        self._serve("HEAD")

    def log_message(self, format: str, *args: object) -> None:  # quiet: tests and bench share stdout
        if self.server.verbose:
            super().log_message(format, *args)


class SandboxHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser closing a connection mid-response (tab closed, navigation away) is routine, not an
        # error worth a traceback on the console of `bench` or `sandbox serve`.
        import sys

        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)

    def __init__(self, port: int, sites: dict[str, Site], verbose: bool = False, variant: Variant | None = None) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.sites = sites
        self.verbose = verbose
        self.variant = variant   # sandbox/variants.py: the pages changed, data and answers the same

    def index_page(self, path: str) -> Response:
        """The landing page on the bare host (http://localhost:<port>/): every site, its address and tasks."""
        if path not in ("/", ""):
            return Response.not_found()
        from collections import Counter

        from jinja2 import Environment, FileSystemLoader, select_autoescape

        from webvoyager.sandbox.catalog import TODAY, load_sandbox_tasks

        port = self.server_address[1]
        counts = Counter(urlparse(t.start_url).hostname for t in load_sandbox_tasks())
        cards = [{"name": name, "title": site.title, "url": f"http://{name}{HOST_SUFFIX}:{port}/",
                  "about": _first_sentence(type(site).__doc__ or importlib.import_module(type(site).__module__).__doc__), "tasks": counts.get(f"{name}{HOST_SUFFIX}", 0)}
                 for name, site in sorted(self.sites.items())]
        env = Environment(loader=FileSystemLoader(str(Path(__file__).parent / "templates")),
                          autoescape=select_autoescape(["html"]))
        html = env.get_template("sandbox_index.html").render(sites=cards, total=sum(c["tasks"] for c in cards),
                                                             today=TODAY.strftime("%B %-d, %Y"))
        return Response(html)


def _first_sentence(doc: str | None) -> str:
    """The first sentence of a site's docstring, as its one-line description."""
    text = " ".join((doc or "").split())
    return text.split(". ")[0].rstrip(".") + "." if text else ""


class Sandbox:
    """The running sandbox: start it, get site URLs, stop it. Usable as a context manager.

    `packages` are the packages whose site sub-packages it serves (by default the sandbox's own
    `sandbox/sites/`; a test can add a package of its own to serve a site written elsewhere)."""

    def __init__(self, port: int = 0, verbose: bool = False, packages: Sequence[str] = (SITES_PACKAGE,),
                 variant: str | None = None) -> None:
        self.sites = discover_sites(packages)
        self.variant = check_variant(variant)
        self._server = SandboxHTTPServer(port, self.sites, verbose=verbose, variant=self.variant)
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def url(self, site: str, path: str = "/") -> str:
        """The address of `path` on `site`, e.g. url("recipes", "/search?q=soup")."""
        if site not in self.sites:
            raise KeyError(f"unknown sandbox site {site!r}; sites: {', '.join(sorted(self.sites))}")
        return f"http://{site}{HOST_SUFFIX}:{self.port}{path}"

    @property
    def search_url(self) -> str | None:
        """The home page of the sandbox's search engine, where the agent's `Google` action lands in
        sandbox runs (None when the search site is not installed)."""
        return self.url("search", "/") if "search" in self.sites else None

    def fetch(self, site: str, path: str = "/", method: str = "GET", body: bytes | None = None,
              headers: dict[str, str] | None = None) -> Response:
        """One HTTP request to `site` over loopback (sends the Host header, since plain Python
        resolvers do not map *.localhost to 127.0.0.1); returns status, headers and body."""
        import http.client

        if site not in self.sites:
            raise KeyError(f"unknown sandbox site {site!r}; sites: {', '.join(sorted(self.sites))}")
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers={"Host": f"{site}{HOST_SUFFIX}:{self.port}", **(headers or {})})
            raw = conn.getresponse()
            payload = raw.read()
            return Response(payload, status=raw.status, content_type=raw.getheader("Content-Type", ""),
                            headers={k: v for k, v in raw.getheaders()})
        finally:
            conn.close()

    def start(self) -> Sandbox:
        self._thread = threading.Thread(target=self._server.serve_forever, name="sandbox", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.sites))
