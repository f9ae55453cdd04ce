"""report.html opened from disk in real Chromium: tables, chart, a task page with screenshots; report.csv."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tests.bench.fakerun import FakeTask, make_run
from webvoyager.runs.summary import write_summary
from webvoyager.runs.judgements import NOT_SUCCESS, SUCCESS, Judgement, Requirement
from webvoyager.report.build import build_report
from webvoyager.trajectory import TaskDir


def _run(tmp_path: Path) -> Path:
    run = make_run(tmp_path / "my run", [
        FakeTask("shop--1", site="shop", success=True, steps=2, answer="Blue kettle, $25"),
        FakeTask("shop--2", site="shop", success=False, steps=3, answer="<b>not bold</b>"),
        FakeTask("wiki--1", site="wiki", steps=4, answer="Paris", golden="Paris",
                 thoughts=["open the wiki", "search for capital", "read the article", "answer Paris"]),
        FakeTask("wiki--2", site="wiki", status="step_limit", answer=None, steps=2),
    ])
    Judgement(task_id="wiki--1", method="keypoints", model="openai:judge", verdict=SUCCESS, reasoning="All met.",
              images=3, requirements=[Requirement("Name the capital", True, "Paris shown")]
              ).save(TaskDir(run / "wiki--1").judgement)
    Judgement(task_id="wiki--2", method="keypoints", model="openai:judge", verdict=NOT_SUCCESS,
              model_called=False).save(TaskDir(run / "wiki--2").judgement)
    write_summary(run, run_wall_s=9.0)
    return run


def test_report_csv_and_self_contained_html(tmp_path: Path) -> None:
    run = _run(tmp_path)
    html_path, csv_path = build_report(run)
    rows = list(csv.DictReader(csv_path.open()))
    assert [r["task_id"] for r in rows] == ["shop--1", "shop--2", "wiki--1", "wiki--2"]
    wiki1 = rows[2]
    assert (wiki1["success"], wiki1["signal"], wiki1["judged"], wiki1["golden"]) == ("1", "judged", "1", "1")
    assert rows[3]["status"] == "step_limit" and rows[3]["success"] == "0"
    html = html_path.read_text()
    # the one script is the labelling mode's, inline (the report works without it)
    assert re.findall(r"<script[^>]*>", html) == ['<script type="application/json" id="labelling-items">', "<script>"]
    assert not re.search(r'(src|href)="https?:', html)  # nothing fetched from the network
    assert 'src="wiki--1/screenshot4.png"' in html      # screenshots are relative links
    assert "<b>not bold</b>" not in html and "&lt;b&gt;not bold&lt;/b&gt;" in html   # answers are escaped


@pytest.mark.browser
async def test_report_renders_in_chromium(tmp_path: Path, session) -> None:
    run = _run(tmp_path)
    html_path, _ = build_report(run)
    page = session.page
    await page.goto(html_path.as_uri())
    sites = await page.locator("#sites tbody tr").all_inner_texts()
    assert len(sites) == 3
    assert sites[0].split("\t")[:4] == ["shop", "2", "2", "50.0% (1/2)"]
    assert sites[1].split("\t")[:4] == ["wiki", "2", "1", "50.0% (1/2)"]
    assert sites[2].split("\t")[:4] == ["overall", "4", "3", "50.0% (2/4)"]
    assert await page.locator(".chart .bar").count() == 3
    assert "step_limit" in await page.locator("#stop-reasons").inner_text()
    assert not await page.locator("#task-wiki--1").is_visible()
    # open a task's page from the index
    await page.click("#tasks a[href='#task-wiki--1']")
    task = page.locator("#task-wiki--1")
    assert await task.is_visible() and not await page.locator("#summary").is_visible()
    text = await task.inner_text()
    assert "read the article" in text and "ANSWER; Paris" in text and "Click [2]" in text
    assert "SUCCESS" in text and "Name the capital" in text and "golden answer" in text
    images = task.locator(".step img")
    assert await images.count() == 4
    widths = await images.evaluate_all("imgs => Promise.all(imgs.map(i => i.decode().then(() => i.naturalWidth)))")
    assert widths == [160, 160, 160, 160]   # the relative links load the real PNGs from disk
    await page.click("#task-wiki--1 nav a[href='#']")
    assert await page.locator("#summary").is_visible()


def test_report_csv_neutralises_formula_cells(tmp_path: Path) -> None:
    """A cell a spreadsheet would run as a formula (page text in an answer or an error) starts with an
    apostrophe; plain numbers stay numbers (issue 22, item 4)."""
    import csv
    import io

    from webvoyager.report.build import render_csv

    run = make_run(tmp_path / "run", [FakeTask("a", answer='=HYPERLINK("http://evil.example","open")'),
                                      FakeTask("b", answer="@SUM(A1:A9)"), FakeTask("c", answer="-5 degrees"),
                                      FakeTask("d", answer="-5")])
    rows = {r["task_id"]: r for r in csv.DictReader(io.StringIO(render_csv(run)))}
    assert rows["a"]["answer"] == "'=HYPERLINK(\"http://evil.example\",\"open\")"
    assert rows["b"]["answer"] == "'@SUM(A1:A9)" and rows["c"]["answer"] == "'-5 degrees"
    assert rows["d"]["answer"] == "-5"


def test_a_drag_is_drawn_as_its_path_and_a_label_action_has_no_pointer() -> None:
    from webvoyager.browser.action_set import DragAlong, action_to_dict
    from webvoyager.browser.action_spec import Point
    from webvoyager.report.build import pointer_of
    from webvoyager.trajectory import Step

    drag = Step(index=1, url="u", title="t", action_data=action_to_dict(DragAlong((Point(1, 2), Point(30, 40)))))
    pointer = pointer_of(drag, (1280, 800))
    assert pointer is not None and pointer.path == "1,2 30,40" and pointer.viewport == (1280, 800)
    assert pointer_of(Step(index=2, url="u", title="t", action_data={"kind": "click", "target": 3}), (1024, 768)) is None
