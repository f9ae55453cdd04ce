"""A throwaway HTTP server on 127.0.0.1 for tests whose pages need a handler of their own (a streamed
download, a disk filled on a request)."""

from __future__ import annotations

import contextlib
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging each request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(handler: type[SimpleHTTPRequestHandler], directory: Path) -> Iterator[str]:
    """Run `handler` over `directory` on a free loopback port; yields the base URL (no trailing slash)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def serve_copy(source: Path, root: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the page folder `source` at `root` that a test may change, served on loopback:
    yields the copy's path and its base URL."""
    import shutil

    shutil.copytree(source, root)
    with serve(QuietHandler, root) as url:
        yield root, url
