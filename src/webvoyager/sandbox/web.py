"""A tiny web framework for the sandbox sites: requests, responses, routing and Jinja2 pages.

Deliberately small and dependency-free (stdlib + Jinja2) so the sandbox starts in milliseconds
inside tests and `bench`, and needs nothing that downloads.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import parse_qs, quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape


@dataclass
class Request:
    """An HTTP request as a site handler sees it."""

    method: str
    path: str
    query: dict[str, str]
    query_all: dict[str, list[str]]
    form: dict[str, str]
    cookies: dict[str, str]
    headers: dict[str, str]
    body: bytes = b""
    params: dict[str, str] = field(default_factory=dict)   # from the route pattern

    def arg(self, name: str, default: str = "") -> str:
        """A query-string or form value."""
        return self.query.get(name, self.form.get(name, default))

    def args(self, name: str) -> list[str]:
        """All values of a repeated query-string parameter (e.g. several checked filters)."""
        return self.query_all.get(name, [])


@dataclass
class Response:
    """An HTTP response; `body` may be str (UTF-8) or bytes."""

    body: str | bytes = b""
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    set_cookies: dict[str, str] = field(default_factory=dict)

    @classmethod
    def redirect(cls, location: str, status: int = 303) -> Response:
        return cls(body="", status=status, headers={"Location": location})

    @classmethod
    def json(cls, data: Any, status: int = 200) -> Response:
        return cls(body=json.dumps(data), status=status, content_type="application/json")

    @classmethod
    def not_found(cls, what: str = "page") -> Response:
        return cls(body=f"<!doctype html><title>Not found</title><h1>404</h1><p>No such {what}.</p>", status=404)

    def encoded(self) -> bytes:
        return self.body.encode("utf-8") if isinstance(self.body, str) else self.body


Handler = Callable[[Request], Response]


class Site:
    """Base class of a sandbox site: a host name, a title, routes and templates.

    Subclasses set `name` (the host label, e.g. "recipes" for recipes.localhost), `title`, and
    `paper_site` (the WebVoyager website it stands in for, one of `catalog.PAPER_WEBSITES`, or None for a
    site that stands for none, like the safety suite's pages), and register handlers with `self.route(pattern, handler)`; patterns use `<name>` for a path
    segment, e.g. "/recipe/<slug>". Static files under the site's `static/` folder are served at
    `/static/...`; shared static files under `sandbox/static/` at `/_shared/...`.

    `registry` holds every site of the sandbox by name (filled in by `server.discover_sites`; empty
    for a site made on its own), so a site can call another's `handle` in-process, e.g. to crawl it.
    """

    name: str = ""
    title: str = ""
    paper_site: str | None = None

    def __init__(self, root: Path) -> None:
        self.root = root
        self.registry: Mapping[str, Site] = {}
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        shared = Path(__file__).parent / "templates"
        self.env = Environment(
            loader=FileSystemLoader([str(root / "templates"), str(shared)]),
            autoescape=select_autoescape(["html", "j2"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals.update(site_title=self.title, site_name=self.name, urlencode=urlencode, quote=quote)
        self.setup()

    def setup(self) -> None:
        """Register routes; subclasses override."""

    def route(self, pattern: str, handler: Handler, methods: tuple[str, ...] = ("GET",)) -> None:
        regex = re.compile("^" + re.sub(r"<(\w+)>", r"(?P<\1>[^/]+)", pattern) + "/?$")
        for method in methods:
            self._routes.append((method, regex, handler))

    def render(self, template: str, **context: Any) -> Response:
        return Response(self.env.get_template(template).render(**context))

    def handle(self, request: Request) -> Response:
        if request.path.startswith("/static/"):
            return self._static(self.root / "static", request.path[len("/static/"):])
        if request.path.startswith("/_shared/"):
            return self._static(Path(__file__).parent / "static", request.path[len("/_shared/"):])
        for method, regex, handler in self._routes:
            match = regex.match(request.path)
            if match and method == request.method:
                request.params = {k: v for k, v in match.groupdict().items()}
                return handler(request)
        return Response.not_found()

    @staticmethod
    def _static(folder: Path, rel: str) -> Response:
        target = (folder / rel).resolve()
        if not target.is_file() or folder.resolve() not in target.parents:
            return Response.not_found("file")
        types = {".css": "text/css", ".js": "application/javascript", ".svg": "image/svg+xml",
                 ".png": "image/png", ".pdf": "application/pdf", ".json": "application/json"}
        return Response(target.read_bytes(), content_type=types.get(target.suffix, "application/octet-stream"),
                        headers={"Cache-Control": "max-age=3600"})


def parse_request(method: str, raw_path: str, headers: dict[str, str], body: bytes) -> Request:
    """Build a Request from the raw pieces an HTTP server gives."""
    path, _, qs = raw_path.partition("?")
    query_all = parse_qs(qs, keep_blank_values=True)
    form: dict[str, str] = {}
    if body and headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8"), keep_blank_values=True).items()}
    cookies: dict[str, str] = {}
    if "cookie" in headers:
        jar: SimpleCookie = SimpleCookie()
        jar.load(headers["cookie"])
        cookies = {k: m.value for k, m in jar.items()}
    return Request(method=method, path=path or "/", query={k: v[-1] for k, v in query_all.items()},
                   query_all=query_all, form=form, cookies=cookies, headers=headers, body=body)
