"""A download bigger than the limit (issue 22, item 9): a local server streams 6 MiB; with a 1 MiB limit
the task folder keeps exactly 1 MiB, and the note (in the trajectory and in the model's next prompt)
says how big the file was and what was dropped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from tests.local_server import QuietHandler, serve
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task

pytestmark = [pytest.mark.browser]

PAGES = Path(__file__).resolve().parents[1] / "pages" / "robust"
SIZE = 6 << 20


@pytest.fixture(scope="module")
def big_download_server() -> Iterator[str]:
    """tests/pages/robust, and /big.bin: SIZE bytes streamed in 64 KiB chunks as an attachment."""

    class Handler(QuietHandler):
        def do_GET(self) -> None:
            if self.path != "/big.bin":
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Disposition", 'attachment; filename="big.bin"')
            self.send_header("Content-Length", str(SIZE))
            self.end_headers()
            chunk = bytes(range(256)) * 256
            for _ in range(SIZE // len(chunk)):
                self.wfile.write(chunk)

    with serve(Handler, PAGES) as url:
        yield url


def _last_user_text(call) -> str:  # type: ignore[no-untyped-def]
    user = [m for m in call.messages if m.role == "user"][-1]
    return user.text_content


async def _download(browser, base_url: str, folder: Path,  # type: ignore[no-untyped-def]
                    settings: RunSettings) -> ScriptedModel:
    """Run the task that clicks the download link, then answers; returns the model (what it was sent)."""
    model = ScriptedModel.from_replies(["Thought: get the export.\nAction: Click [0]",
                                        "Thought: done.\nAction: ANSWER; [downloaded]"])
    task = Task(id="t", question="Download the export", start_url=f"{base_url}/download.html", site="local")
    result = await execute_task(task, browser=browser, model=model, settings=settings, task_dir=folder)
    assert result.status == "answered"
    return model


async def test_a_download_over_the_limit_is_cut_to_it_and_the_model_is_told(browser, big_download_server: str,
                                                                             tmp_path: Path) -> None:
    model = await _download(browser, big_download_server, tmp_path / "t", RunSettings(download_max_mb=1))
    kept = tmp_path / "t" / "downloads" / "big.bin"
    assert kept.stat().st_size == 1 << 20
    assert kept.read_bytes()[:512] == bytes(range(256)) * 2     # the start of the file, as sent
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text(encoding="utf-8"))["steps"]
    note = next(n for n in steps[0]["outcome_notes"] if "big.bin" in n)
    assert f"({SIZE} bytes)" in note and f"only its first {1 << 20:,} bytes" in note and "dropped" in note
    assert steps[0]["download"] == str(kept)
    assert f"only its first {1 << 20:,} bytes" in _last_user_text(model.calls[1])


async def test_the_default_limit_keeps_a_small_download_whole(browser, big_download_server: str,
                                                              tmp_path: Path) -> None:
    model = await _download(browser, big_download_server, tmp_path / "t", RunSettings())
    assert RunSettings().download_max_mb == 20
    assert (tmp_path / "t" / "downloads" / "big.bin").stat().st_size == SIZE
    assert "dropped" not in _last_user_text(model.calls[1])
