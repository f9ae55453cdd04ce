"""Shared fixtures: local HTTP servers on loopback (test pages, the sandbox).

Browser fixtures live in tests/browser_fixtures.py and are loaded as a plugin below, so every test
directory can use `browser` (one Chromium per test session) and `session` (a fresh context).
"""

from __future__ import annotations

import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest

PAGES = Path(__file__).parent / "pages"

# The paper protocol sleeps 2-15 s after each action (webvoyager.protocol.PAPER_SLEEPS): the suite runs its
# paper runs with those sleeps scaled to 1/20 (still sleeps, never settles);
# tests/browser/test_paper_browser.py checks the real values.
os.environ.setdefault("WEBVOYAGER_PAPER_SLEEP_SCALE", "0.05")


def _shared_data() -> Path:
    """$WEBVOYAGER_SHARED_DATA, else ../shared/data beside the checkout, else the workplace's copy (a clean
    clone made elsewhere, e.g. by CI in /tmp, still finds the papers' data)."""
    if os.environ.get("WEBVOYAGER_SHARED_DATA"):
        return Path(os.environ["WEBVOYAGER_SHARED_DATA"])
    beside = Path(__file__).resolve().parents[2] / "shared" / "data"
    return beside if beside.is_dir() else Path("/work/shared/data")


SHARED_DATA = _shared_data()

pytest_plugins = ["tests.browser_fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--reference-all", action="store_true",
                     help="sweep every sandbox task with the reference model, not the per-site sample")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --reference-all, the reference sweep keeps to its sample (tests marked reference_all go)."""
    if config.getoption("--reference-all"):
        return
    kept = [item for item in items if item.get_closest_marker("reference_all") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("reference_all")])
        items[:] = kept


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """Base URL (no trailing slash) of tests/pages served over HTTP on 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(PAGES))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def sandbox() -> Iterator["object"]:
    """The sandbox sites, served in-process on a free port."""
    from webvoyager.sandbox.server import Sandbox

    with Sandbox(port=0) as running:
        yield running


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The papers' data copied into ../shared/data (never committed into this repo)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data folder {SHARED_DATA} not present")
    return SHARED_DATA


@pytest.fixture(scope="session")
def probe_url() -> Iterator[str]:
    """Base URL of the robustness probes (tests/pages plus an endless download, tests/probe_server.py)."""
    from tests.probe_server import ProbeServer

    with ProbeServer() as server:
        yield server.url
