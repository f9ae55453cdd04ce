"""A secret with spaces and `&@`, typed into a GET search form whose results page shows it in its text
("You searched for: ...", "No pages match ..."), in its search box, in a link escaped twice (`w&amp;rd`)
and in the address it shows, reaches no file, terminal line or screenshot in any encoding.

End to end through the real CLI (`run` and `bench`), real Chromium on tests/pages/robust/search_echo.html
over HTTP and the real OpenAI SDK against a local OpenAI-protocol server, whose scripted replies type the
`{{SEARCH_SECRET}}` placeholder (--secret-env) and then read the value back in the answer. Every file under
the run folder is scanned as bytes for every spelling of the secret; the saved screenshots and the
screenshot the model was sent are read with Tesseract, which must find the page's words but not the secret.
"""

from __future__ import annotations

import base64
import html
import json
import shutil
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, quote_plus

import pytest
from typer.testing import CliRunner

from tests.models.fake_providers import FakeOpenAI, serve_openai
from webvoyager.cli import app
from webvoyager.standins.ocr import read_words

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract")]

SECRET = "p@ss w&rd 9"
ENCODINGS = {
    "raw": SECRET,
    "quote": quote(SECRET, safe=""),
    "quote (path)": quote(SECRET),
    "quote_plus": quote_plus(SECRET),
    "form (lower-case hex)": quote_plus(SECRET).lower(),
    "html": html.escape(SECRET),
    "html (numeric)": SECRET.replace("&", "&#38;"),
    "json": json.dumps(SECRET)[1:-1],
    "json (escaped &)": SECRET.replace("&", "\\u0026"),
}
KEY = "sk-fake-openai-key-000111222333"


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("SEARCH_SECRET", SECRET)
    yield from serve_openai()


def _queue(fake: FakeOpenAI) -> None:
    fake.queue("Thought: search for the private words.\nAction: Type [0]; [{{SEARCH_SECRET}}]",
               # a model never sees the value; this one says it anyway, to show the answer is redacted too
               f"Thought: the page says it searched for {SECRET}.\nAction: ANSWER; [nothing matches {SECRET}]")


def _leaks(text: bytes) -> list[str]:
    return [name for name, form in ENCODINGS.items() if form.encode() in text]


def _file_leaks(run_dir: Path) -> list[str]:
    return [f"{path.relative_to(run_dir)}: {name}" for path in sorted(run_dir.rglob("*")) if path.is_file()
            for name in _leaks(path.read_bytes())]


def _ocr(png: bytes) -> str:
    return " ".join(w.text for w in read_words(png))


def _assert_screens_hide_it(pngs: dict[str, bytes]) -> None:
    for name, png in pngs.items():
        words = _ocr(png)
        assert "searched for" in words, f"{name}: OCR did not read the page: {words!r}"
        for part in ("p@ss", "w&", "pass", "wrd", "40ss", "26rd"):
            assert part not in words, f"{name} shows the secret: {words!r}"


def _sent_images(fake: FakeOpenAI) -> dict[str, bytes]:
    """The screenshot of the last request (the results page, where the value shows)."""
    last = fake.bodies()[-1]["messages"]
    urls = [p["image_url"]["url"] for m in last if isinstance(m["content"], list)
            for p in m["content"] if p.get("type") == "image_url"]
    return {"sent to the model": base64.b64decode(urls[-1].split(",", 1)[1])}


def _check(run_dir: Path, task_dir: Path, output: str, fake: FakeOpenAI) -> None:
    report = CliRunner().invoke(app, ["report", str(run_dir)])
    assert report.exit_code == 0, report.output
    result = json.loads((task_dir / "result.json").read_text())
    assert result["status"] == "answered", result
    assert result["final_url"].endswith("search_echo.html?q=[REDACTED]"), result["final_url"]
    assert result["answer"] == "nothing matches [REDACTED]"
    assert _leaks((output + report.output).encode()) == []
    assert _leaks(json.dumps(fake.bodies(), ensure_ascii=False).encode()) == []   # the model's requests too
    assert _file_leaks(run_dir) == []
    assert (run_dir / "report.html").is_file() and (run_dir / "report.csv").is_file()
    _assert_screens_hide_it({"screenshot2.png": (task_dir / "screenshot2.png").read_bytes(),
                             "screenshot2_clean.png": (task_dir / "screenshot2_clean.png").read_bytes(),
                             **_sent_images(fake)})


def test_run_shows_the_secret_nowhere(tmp_path: Path, pages_url: str, fake_openai: FakeOpenAI) -> None:
    _queue(fake_openai)
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", "Search the site for {{SEARCH_SECRET}}", "--url",
                                   f"{pages_url}/robust/search_echo.html", "--model", "openai:gpt-4o",
                                   "--base-url", fake_openai.base_url, "--secret-env", "SEARCH_SECRET",
                                   "--confirm", "allow", "--out", str(out)])
    assert res.exit_code == 0, res.output
    _check(out, out / "task", res.output, fake_openai)


def test_bench_shows_the_secret_nowhere(tmp_path: Path, pages_url: str, fake_openai: FakeOpenAI) -> None:
    _queue(fake_openai)
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"web_name": "Search", "id": "secret--1",
                                 "web": f"{pages_url}/robust/search_echo.html",
                                 "ques": "Search the site for {{SEARCH_SECRET}}"}) + "\n")
    out = tmp_path / "bench"
    res = CliRunner().invoke(app, ["bench", str(tasks), "--model", "openai:gpt-4o", "--base-url",
                                   fake_openai.base_url, "--secret-env", "SEARCH_SECRET", "--confirm", "allow",
                                   "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert (out / "runs.sqlite").is_file() and (out / "summary.json").is_file()
    _check(out, out / "secret--1", res.output, fake_openai)
