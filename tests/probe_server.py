"""A local server for the robustness probes: tests/pages as static files, and a download that never ends.

`/endless-download` answers as an attachment and then streams bytes until the client goes away (or the
server stops), as a stalled or hostile file server would. Used by tests/agent/test_robust_*.py and
benchmarks/robustness.py.
"""

from __future__ import annotations

import functools
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType

PAGES = Path(__file__).parent / "pages"
CHUNK = b"x" * 1024


class _Handler(SimpleHTTPRequestHandler):
    stopping: threading.Event

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 - the http.server name
        if self.path.split("?")[0] != "/endless-download":
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Disposition", 'attachment; filename="endless.bin"')
        self.end_headers()
        try:
            while not self.stopping.is_set():
                self.wfile.write(CHUNK)
                self.wfile.flush()
                time.sleep(0.01)   # a slow trickle: the download neither ends nor fills the disk
        except (BrokenPipeError, ConnectionResetError):
            pass


class ProbeServer:
    """Serves the probe pages on 127.0.0.1 (a free port); use as a context manager."""

    def __init__(self) -> None:
        stopping = threading.Event()
        handler = type("Handler", (_Handler,), {"stopping": stopping})
        self._stopping = stopping
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(PAGES)))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Base URL, no trailing slash."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> ProbeServer:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
