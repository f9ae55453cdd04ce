"""The report's labelling mode in a real headless Chromium: three tasks labelled by keyboard, kept in the
browser's localStorage across a reload, exported, and the exported file read by `judge agreement`."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run
from webvoyager.cli import app

runner = CliRunner()
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


def test_label_three_tasks_by_keyboard_and_export(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    run = make_run(tmp_path / "run", [FakeTask(f"t-{i}", answer=f"answer {i}", steps=1) for i in range(1, 5)])
    assert runner.invoke(app, ["judge", str(run), "--model", "gullible"]).exit_code == 0   # every task SUCCESS
    assert runner.invoke(app, ["report", str(run)]).exit_code == 0
    url = (run / "report.html").resolve().as_uri()
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(accept_downloads=True)
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url)
            keys = page.keyboard
            keys.press("l")                                     # open the labelling mode: task 1 of 4
            assert page.locator("#labelling-task").text_content() == "t-1"
            assert page.url.endswith("#task-t-1") and page.locator("#task-t-1").is_visible()   # its page is shown
            keys.press("s")
            keys.press("j")
            keys.press("f")
            keys.press("n")
            keys.type("judge missed the wrong row")
            keys.press("Escape")
            keys.press("j")
            keys.press("i")
            assert page.locator("#labelling-count").text_content() == "3 of 4 labelled"
            assert page.locator("#labelling-progress").get_attribute("value") == "3"
            page.reload()                                       # labels live in localStorage
            keys.press("l")
            keys.press("j")
            assert page.locator("#labelling-note").input_value() == "judge missed the wrong row"
            assert page.locator("#labelling-count").text_content() == "3 of 4 labelled"
            with page.expect_download() as download_info:
                keys.press("e")
            download = download_info.value
            exported = tmp_path / "labels.csv"
            download.save_as(exported)
        finally:
            browser.close()
    assert not errors, errors
    assert download.suggested_filename == "labels.csv"
    assert list(csv.reader(exported.open(encoding="utf-8"))) == [
        ["task_id", "label", "note"], ["t-1", "1", ""], ["t-2", "0", "judge missed the wrong row"],
        ["t-3", "invalid", ""]]
    res = runner.invoke(app, ["judge", "agreement", str(exported), "--run", str(run)])
    assert res.exit_code == 0, res.output
    # people: t-1 success, t-2 failure (t-3 invalid, t-4 unlabelled); the judge passed both
    row = next(line for line in res.output.splitlines() if "labels vs run" in line)
    assert re.findall(r"[-+\d.]+%?", row.split("labels vs run", 1)[1]) == \
        ["2", "50.0%", "0.000", "1", "0", "1", "0", "50.0%", "100.0%", "+50.0", "1"]
    assert "1 task(s) labelled invalid" in res.output
