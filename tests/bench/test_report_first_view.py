"""What a reader of report.html sees first, in real Chromium (issue 30): the chart's value labels whole
inside the chart at 1280 and 800 px, the paper's website beside each sandbox site in the paper's order,
no column without a signal, and on a step's screenshot the outline of the element the action acted on,
with the action's outcome beside it."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run
from tests.local_server import serve_copy
from webvoyager.cli import app
from webvoyager.fileio import write_json_atomic
from webvoyager.report.build import build_report, outcome_of
from webvoyager.runs.summary import write_summary
from webvoyager.trajectory import GateVerdict, Step
from webvoyager.usage import Usage

PAGES = Path(__file__).resolve().parents[1] / "pages" / "agent"

# sandbox site names (task.site) by host label, as the sandbox's tasks name them
SANDBOX = {"sports": "Fieldhouse", "shop": "Cartwheel", "recipes": "Simmer & Sage"}


def _sandbox_run(tmp_path: Path) -> Path:
    """A sandbox run (run.json suite "sandbox"), not judged, without golden answers, and a full site of
    13/13 whose label is the longest the chart can have ("100.0% (13/13)")."""
    tasks = [FakeTask(f"sports--{i}", site="Fieldhouse", success=True) for i in range(1, 14)]
    tasks += [FakeTask("shop--1", site="Cartwheel", success=False), FakeTask("recipes--1", site="Simmer & Sage",
                                                                            success=True)]
    run = make_run(tmp_path / "run", tasks)
    write_json_atomic(run / "run.json", {"suite": "sandbox", "model": "reference"})
    write_summary(run)
    return run


@pytest.mark.browser
async def test_chart_labels_stay_inside_the_chart_at_1280_and_800_px(tmp_path: Path, session) -> None:
    html, _ = build_report(_sandbox_run(tmp_path))
    page = session.page
    for width in (1280, 800, 400):   # 400: a narrow window
        await page.set_viewport_size({"width": width, "height": 900})
        await page.goto(html.as_uri())
        boxes = await page.evaluate("""() => {
            const chart = document.querySelector('.chart').getBoundingClientRect();
            return {chart: [chart.left, chart.right], page: document.documentElement.clientWidth,
                    labels: [...document.querySelectorAll('.chart .value')].map(v => {
                        const r = v.getBoundingClientRect();
                        return {text: v.textContent, left: r.left, right: r.right, clipped: v.scrollWidth > v.clientWidth};
                    })};
        }""")
        texts = [label["text"] for label in boxes["labels"]]
        assert "100.0% (13/13)" in texts and "100.0% (1/1)" in texts and "0.0% (0/1)" in texts
        left, right = boxes["chart"]
        assert right <= boxes["page"], f"the chart runs past the window at {width} px"
        for label in boxes["labels"]:
            assert left <= label["left"] and label["right"] <= right, (width, label)
            assert not label["clipped"], (width, label)


@pytest.mark.browser
async def test_sites_table_names_the_papers_websites_in_their_order_and_drops_empty_columns(
        tmp_path: Path, session) -> None:
    run = _sandbox_run(tmp_path)
    html, _ = build_report(run)
    page = session.page
    await page.goto(html.as_uri())
    head = (await page.locator("#sites thead").inner_text()).split("\t")
    assert head[:2] == ["paper site", "site"]
    assert "checked" in head and "judged" not in head and "golden" not in head   # no verdicts, no golden answers
    rows = [r.split("\t")[:3] for r in await page.locator("#sites tbody tr").all_inner_texts()]
    # the paper's order (Allrecipes, Amazon, ..., ESPN), not ours
    assert rows == [["Allrecipes", "Simmer & Sage", "1"], ["Amazon", "Cartwheel", "1"], ["ESPN", "Fieldhouse", "13"],
                    ["", "overall", "15"]]
    missing = await page.locator("#missing").inner_text()
    assert f"not judged yet, run `webvoyager judge run {run.resolve()} --model MODEL`" in missing
    assert "no task has a golden answer" in missing
    assert "Amazon" in await page.locator(".chart").inner_text()


def test_a_run_without_usage_has_no_token_or_cost_column(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", [FakeTask("a", success=True, usage=Usage(0, 0, None, 0), golden="42")])
    html = build_report(run)[0].read_text()
    head = html.split('<table id="sites">')[1].split("</thead>")[0]
    assert "<th>golden</th>" in head and "<th>tokens</th>" not in head and "<th>cost</th>" not in head
    assert "the model reported no token counts" in html and "paper site" not in head   # not a sandbox run


def test_a_steps_outcome_says_blocked_failed_typed_or_navigated() -> None:
    step = Step(index=1, url="http://a/", action="Click [3]", action_data={"kind": "click", "target": 3})
    blocked = replace(step, gate=GateVerdict("reject", "it places an order", "mode"), error="Not done: it places an order")
    failed = replace(step, error="element [3] is not visible")
    typed = Step(index=2, url="http://a/", action="Type [1]; [soup]",
                 action_data={"kind": "type", "target": 1, "text": "soup", "press_enter": True})
    assert outcome_of(blocked, "http://a/").text == "blocked by the confirm gate (this run's rules): it places an order"
    assert outcome_of(failed, "http://a/").text == "failed: element [3] is not visible"
    assert outcome_of(typed, "http://a/").text == "typed \u201csoup\u201d"
    assert outcome_of(typed, "http://a/?q=soup").text == "typed \u201csoup\u201d, then navigated to /?q=soup"
    assert outcome_of(step, "http://b/x").text == "navigated to http://b/x"   # another site: its origin shown
    assert outcome_of(step, "http://a/").kind == "done"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    with serve_copy(PAGES, tmp_path / "site") as served:
        yield served


@pytest.mark.browser
@pytest.mark.slow
async def test_the_acted_elements_outline_is_drawn_at_its_recorded_box(site, tmp_path: Path, session) -> None:
    _, url = site
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(r) for r in [
        "Thought: search\nAction: Type [0]; [soup]", "Thought: open it\nAction: Click [0]",
        "Thought: done\nAction: ANSWER; [25 minutes]"]) + "\n", encoding="utf-8")
    out = tmp_path / "run"
    # the CLI runs its own event loop: in a thread, beside the test's
    res = await asyncio.to_thread(CliRunner().invoke, app, ["run", "How long does the Tomato Soup take?", "--url", f"{url}/index.html",
                                   "--model", f"scripted:{script}", "--out", str(out), "--confirm", "allow"])
    assert res.exit_code == 0, res.output
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    x, y, w, h = steps[1]["target"]["bbox"]          # the "Tomato Soup" link the click acted on
    html, _ = build_report(out)
    page = session.page
    await page.set_viewport_size({"width": 1280, "height": 900})
    await page.goto(html.as_uri() + "#task-task")
    shot = page.locator("#task-task-step2 img")
    await shot.evaluate("img => img.decode()")
    img, outline = await page.evaluate("""() => [document.querySelector('#task-task-step2 img'),
        document.querySelector('#task-task-step2 rect.outline')].map(e => {
            const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
    scale = img["width"] / 1024                       # the screenshot is the 1024x768 viewport, shown smaller
    assert img["height"] == pytest.approx(768 * scale, abs=0.5)
    assert outline["x"] == pytest.approx(img["x"] + x * scale, abs=1)
    assert outline["y"] == pytest.approx(img["y"] + y * scale, abs=1)
    assert outline["width"] == pytest.approx(w * scale, abs=1)
    assert outline["height"] == pytest.approx(h * scale, abs=1)
    step2 = await page.locator("#task-task-step2 .outcome").inner_text()
    assert step2 == f"Outcome: navigated to /{steps[2]['url'].rsplit('/', 1)[1]}" and steps[2]["url"] != steps[1]["url"]
    assert "Outcome: typed \u201csoup\u201d" in await page.locator("#task-task-step1 .outcome").inner_text()
