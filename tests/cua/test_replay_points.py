"""Replay of a run that acted by screen points: the element recorded under the point is hit-tested again;
when the page moved it, the replay acts at its new centre; when it is gone, the replay says so."""

from __future__ import annotations

import functools
import json
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.cua.test_anthropic_cua import BUY, _reply, _text, _use
from tests.models.fake_providers import FakeAnthropic
from webvoyager.cli import app

pytestmark = pytest.mark.browser
runner = CliRunner()
ZOO = Path(__file__).resolve().parents[1] / "pages" / "zoo"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    root = tmp_path / "site"
    root.mkdir()
    for name in ("pixel.html", "log.js", "basic.html"):
        shutil.copy(ZOO / name, root / name)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_point_is_replayed_on_the_element_it_hit(site, tmp_path: Path, monkeypatch) -> None:
    root, url = site
    with FakeAnthropic() as server:
        server.queue(_reply(_use("t1", "left_click", coordinate=list(BUY))))
        server.queue(_reply(_text("Bought.")))
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        out = tmp_path / "run"
        res = runner.invoke(app, ["run", "Buy it.", "--url", f"{url}/pixel.html", "--policy", "cua", "--model",
                                  "anthropic:claude-sonnet-4-5", "--out", str(out), "--confirm", "allow"])
    assert res.exit_code == 0, res.output
    task = out / "task"
    steps = json.loads((task / "trajectory.json").read_text())["steps"]
    assert steps[0]["target"]["tag"] == "button" and steps[0]["target"]["text"] == "Buy now"

    def replay() -> list[dict]:
        runner.invoke(app, ["replay", str(task)])
        return json.loads((task / "replay.json").read_text())["steps"]

    assert replay()[0]["status"] == "match"
    page = root / "pixel.html"
    page.write_text(page.read_text().replace("#buy { position: absolute; left: 40px; top: 30px;",
                                             "#buy { position: absolute; left: 700px; top: 600px;"))
    moved = replay()[0]
    assert moved["status"] == "moved" and "at (780, 625) instead of (120, 55)" in moved["reason"]
    page.write_text(page.read_text().replace("<span>Buy now</span>", "<span>Sold out</span>"))
    gone = replay()[0]
    assert gone["status"] == "diverged" and 'the element <button> "Buy now" recorded at (120, 55)' in gone["reason"]
