"""`webvoyager bench --browser-endpoint URL`: tasks run in a browser someone else started, over CDP
(Chromium with --remote-debugging-port) or a Playwright browser server (`playwright run-server`)."""

from __future__ import annotations

import json
import os
import platform
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.bench.procs import browser_roots, children_map, descendants
from webvoyager.browser.launch import CHROMIUM_ARGS, SYSTEM_CHROMIUM, endpoint_options
from webvoyager.cli import app
from webvoyager.errors import ConfigError

IDS = ["flights--1", "hotels--1"]


def test_endpoint_urls_pick_the_connection() -> None:
    assert endpoint_options("http://10.0.0.5:9222") == {"cdp_url": "http://10.0.0.5:9222"}
    assert endpoint_options("https://browsers.example:443") == {"cdp_url": "https://browsers.example:443"}
    cdp_ws = "ws://127.0.0.1:9222/devtools/browser/4f1e"
    assert endpoint_options(cdp_ws) == {"cdp_url": cdp_ws}
    assert endpoint_options("ws://10.0.0.5:3000/") == {"ws_endpoint": "ws://10.0.0.5:3000/"}
    assert endpoint_options("wss://grid.example/pw") == {"ws_endpoint": "wss://grid.example/pw"}
    for bad in ("localhost:9222", "ftp://host:21", "ws://"):
        with pytest.raises(ConfigError, match="--browser-endpoint"):
            endpoint_options(bad)


class Watch:
    """Samples the browsers below this test process while a run goes on: all of them (`seen`) and those
    below `server` (`served`: the browser service's), from one process-tree snapshot at a time."""

    def __init__(self, server: int) -> None:
        self.server = server
        self.seen: set[int] = set()
        self.served: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(0.05):
            tree = children_map()
            roots = browser_roots(os.getpid(), tree)   # one reading of each command line, for both sets
            self.seen |= roots
            self.served |= roots & ({self.server} | set(descendants(self.server, tree)))

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _bench_through(endpoint: str, out: Path, server: int) -> tuple[set[int], Watch]:
    """Run the sandbox tasks through the CLI against `endpoint` (served by process `server`)."""
    before = browser_roots(os.getpid())
    cmd = ["bench", "sandbox", "--model", "reference", "--browser-endpoint", endpoint, "--out", str(out)]
    for task_id in IDS:
        cmd += ["--id", task_id]
    with Watch(server) as watch:
        res = CliRunner().invoke(app, cmd)
    assert res.exit_code == 0, res.output
    return_value = {p.parent.name: json.loads(p.read_text()) for p in out.glob("*/result.json")}
    assert sorted(return_value) == sorted(IDS)
    assert all(r["status"] == "answered" and r["success"] is True for r in return_value.values())
    assert json.loads((out / "run.json").read_text())["browser_endpoint"] == endpoint
    return before, watch


@pytest.fixture
def chromium_with_cdp(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """A headless Chromium listening for CDP on a free loopback port: (http://host:port, its pid)."""
    executable = os.environ.get("WEBVOYAGER_CHROMIUM") or SYSTEM_CHROMIUM
    if not os.path.exists(executable):
        pytest.skip("no system Chromium to start for the CDP test")
    proc = subprocess.Popen([executable, "--headless", "--remote-debugging-address=127.0.0.1",
                             "--remote-debugging-port=0", f"--user-data-dir={tmp_path / 'profile'}", *CHROMIUM_ARGS,
                             "about:blank"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        for line in proc.stderr:   # Chromium prints its DevTools address once it listens
            match = re.search(r"DevTools listening on ws://([^/]+)/", line)
            if match:
                break
        else:
            pytest.fail("Chromium exited before listening")
        threading.Thread(target=proc.stderr.read, daemon=True).start()   # keep its pipe drained
        yield f"http://{match.group(1)}", proc.pid
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.browser
@pytest.mark.slow
def test_bench_runs_in_a_chromium_over_cdp(chromium_with_cdp, tmp_path: Path) -> None:
    endpoint, remote_pid = chromium_with_cdp
    before, watch = _bench_through(endpoint, tmp_path / "run", server=remote_pid)
    assert watch.served == {remote_pid}               # the tasks ran in the remote browser
    assert not watch.seen - before - watch.served     # and the bench launched none of its own


@pytest.fixture
def playwright_server(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """`playwright run-server` on a free loopback port: (ws://host:port/, its pid).

    The server launches the browser itself, from Playwright's browser folder; this machine has no
    Playwright build, so a folder is made whose headless shell is the system Chromium."""
    if platform.machine() != "x86_64" or not os.path.exists(SYSTEM_CHROMIUM):
        pytest.skip("needs the system Chromium on x86_64 to stand in for Playwright's headless shell")
    import playwright

    browsers = json.loads((Path(playwright.__file__).parent / "driver" / "package" / "browsers.json").read_text())
    revision = next(b["revision"] for b in browsers["browsers"] if b["name"] == "chromium-headless-shell")
    shell = tmp_path / "pw-browsers" / f"chromium_headless_shell-{revision}" / "chrome-headless-shell-linux64"
    shell.mkdir(parents=True)
    (shell / "chrome-headless-shell").symlink_to(SYSTEM_CHROMIUM)
    env = {**os.environ, "PLAYWRIGHT_BROWSERS_PATH": str(tmp_path / "pw-browsers")}
    proc = subprocess.Popen([sys.executable, "-m", "playwright", "run-server", "--host", "127.0.0.1", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"Listening on (ws://\S+)", line)
        assert match, f"the Playwright server did not start: {line}"
        threading.Thread(target=proc.stdout.read, daemon=True).start()
        yield match.group(1), proc.pid
    finally:
        os.killpg(proc.pid, signal.SIGKILL)    # the Python wrapper, its Node driver and their browsers
        proc.wait()


@pytest.mark.browser
@pytest.mark.slow
def test_bench_runs_in_a_playwright_browser_server(playwright_server, tmp_path: Path) -> None:
    endpoint, server_pid = playwright_server
    before, watch = _bench_through(endpoint, tmp_path / "run", server=server_pid)
    assert watch.served                           # the server launched the browser the tasks ran in
    assert not watch.seen - before - watch.served  # and the bench launched none of its own


def test_bench_refuses_what_cannot_work_before_starting(tmp_path: Path) -> None:
    out = tmp_path / "run"
    base = ["bench", "sandbox", "--model", "reference", "--out", str(out)]
    cases = [
        (["--allowed-domain", "example.org", "--browser-endpoint", "http://10.1.2.3:9222"], "loopback"),
        (["--browser-endpoint", "localhost:9222"], "--browser-endpoint"),
        (["--backend", "spark"], "use local or ray"),
        (["--address", "auto"], "add --backend ray"),
    ]
    for extra, message in cases:
        res = CliRunner().invoke(app, base + extra)
        assert res.exit_code == 2, (extra, res.output)
        assert message in " ".join(res.output.split()), (extra, res.output)
    assert not out.exists()
