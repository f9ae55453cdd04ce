"""A site map: live hosts pointed at local copies (mirrors, test pages), host -> base URL.

`SiteMap.rewrite(url)` gives the mapped address of a URL on a mapped host (the base URL, then the
URL's path and query), None for any other host. A session whose `BrowserConfig.site_map` is set
redirects every request to a mapped host there (browser.py), so links to the live site lead to the copy.

The file (`load_site_map`) is JSON when its name ends in `.json`: an object `{"host": "base URL"}`;
otherwise one `host base-URL` pair a line, `#` starting a comment. A host is a bare name
(`www.example.com`: no scheme, port or path, matched exactly, case-insensitively); a base URL is
http(s) with a host, without query or fragment (a path is kept as a prefix).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from webvoyager.errors import ConfigError
from webvoyager.fileio import read_text_file

_HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


@dataclass(frozen=True)
class SiteMap:
    """Hosts and the base URL each is served from instead (see the module docstring)."""

    entries: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.entries)

    def base_for(self, host: str) -> str | None:
        """The base URL `host` is mapped to, None when it is not mapped."""
        host = host.lower().rstrip(".")
        return next((base for name, base in self.entries if name == host), None)

    def rewrite(self, url: str) -> str | None:
        """`url` on its mapped base (path and query kept), None when its host is not mapped."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            return None
        base = self.base_for(parts.hostname or "")
        if base is None:
            return None
        b = urlsplit(base)
        path = b.path.rstrip("/") + (parts.path or "/")
        return urlunsplit((b.scheme, b.netloc, path, parts.query, parts.fragment))

    def matches(self, url: str) -> bool:
        """Whether `url` is on a mapped host (the browser's route predicate)."""
        return self.rewrite(url) is not None


def load_site_map(path: Path) -> SiteMap:
    """The site map in `path` (format in the module docstring); ConfigError naming the file, the line (or
    key) and what is wrong."""
    text = read_text_file(path, ConfigError, what="site map")
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno}); a site map in JSON is an "
                              'object {"host": "base URL"}') from None
        if not isinstance(data, dict):
            raise ConfigError(f'{path}: a site map in JSON is an object {{"host": "base URL"}}, not a '
                              f"{type(data).__name__}")
        pairs = [(f"key {host!r}", host, base) for host, base in data.items()]
    else:
        pairs = []
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 2:
                raise ConfigError(f"{path}, line {number}: expected `host base-URL` (two words), got {line.strip()!r}")
            pairs.append((f"line {number}", words[0], words[1]))
    entries: dict[str, str] = {}
    for where, host, base in pairs:
        entries[_check_host(path, where, host)] = _check_base(path, where, base)
    if not entries:
        raise ConfigError(f"{path}: the site map maps no host; write one `host base-URL` pair a line")
    for host, base in entries.items():
        if (urlsplit(base).hostname or "") in entries:   # the copy would redirect again, for ever
            raise ConfigError(f"{path}: {host} is mapped to {base}, whose host is mapped too; point it at the copy")
    return SiteMap(tuple(entries.items()))


def _check_host(path: Path, where: str, host: object) -> str:
    name = str(host).lower().rstrip(".")
    if not isinstance(host, str) or not _HOST.match(name):
        raise ConfigError(f"{path}, {where}: {host!r} is not a host name; write the bare host, e.g. www.example.com "
                          "(no scheme, port or path)")
    return name


def _check_base(path: Path, where: str, base: object) -> str:
    parts = urlsplit(base) if isinstance(base, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(f"{path}, {where}: the base URL must be an http(s) URL with a host and no query, "
                          f"e.g. http://127.0.0.1:8000/copy (got {base!r})")
    return str(base)
