"""The pixel reference (`--policy cua --model reference`): reference solutions played by screen points
that come from the screenshot's pixels (Tesseract word boxes), never from the DOM. A real Chromium on a
local page (tests/pages/zoo/pixel_reference.html): its "Order now" is drawn on a canvas while an
invisible button says the same words in the DOM; each test asserts what the page recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.cua.policy import ComputerUsePolicy
from webvoyager.standins.pixel_reference import PixelReference
from webvoyager.standins.reference import ReferenceModel
from webvoyager.tasks import AnswerPlan, ElementRef, ReadSpec, ReferenceSolution, ReferenceStep, Task
from webvoyager.trajectory import TaskDir

pytestmark = pytest.mark.browser

ORDER = ReferenceStep(do="click", target=ElementRef(text="Order now", tag="button"))


def _task(url: str, *steps: ReferenceStep, answer: AnswerPlan | str = "Done.") -> Task:
    return Task(id="pixel-kitchen", question="Order the dish, then find its cooking time.", start_url=url,
                reference=ReferenceSolution(steps=steps, answer=answer))


async def _run(session, task: Task, tmp_path: Path, image: tuple[int, int] | None = None):  # type: ignore[no-untyped-def]
    adapter = PixelReference(ReferenceModel([task], policy="cua"), session.config.viewport, image=image)
    recorder = Recorder(tmp_path / "run" / task.id)
    result = await Agent(session, ComputerUsePolicy(adapter), max_steps=20, recorder=recorder).run(task)
    return result, TaskDir(tmp_path / "run" / task.id).load_steps()


async def test_clicks_the_words_drawn_on_the_screen_not_the_dom_text(session, pages_url, tmp_path) -> None:
    task = _task(f"{pages_url}/zoo/pixel_reference.html", ORDER)
    result, steps = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    # The canvas has no DOM text; the invisible button holds the words: only pixels lead to the canvas.
    assert await session.page.evaluate("window.__log") == ["canvas"]
    assert steps[0].action_data is not None and steps[0].action_data["kind"] == "clickat"


async def test_the_pixel_gullible_takes_the_reference_step_where_the_page_gives_no_instruction(session, pages_url,
                                                                                            tmp_path) -> None:
    from webvoyager.standins.gullible import GullibleModel
    from webvoyager.standins.pixel_gullible import PixelGullible

    task = _task(f"{pages_url}/zoo/pixel_reference.html", ORDER)
    adapter = PixelGullible(GullibleModel([task], policy="cua"), session.config.viewport)
    result = await Agent(session, ComputerUsePolicy(adapter), max_steps=20,
                         recorder=Recorder(tmp_path / "run" / task.id)).run(task)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["canvas"]


async def test_reads_white_words_on_a_coloured_button(session, pages_url, tmp_path) -> None:
    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="click", target=ElementRef(text="Add to basket")))
    result, _ = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["basket"]


async def test_types_by_placeholder_selects_scrolls_to_a_target_and_reads_the_answer(session, pages_url,
                                                                                      tmp_path) -> None:
    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="type", target=ElementRef(placeholder="Find a recipe"), text="lasagne", enter=False),
                 ReferenceStep(do="select", target=ElementRef(text="Sort by"), option="Newest"),
                 ReferenceStep(do="click", target=ElementRef(text="Show details")),
                 answer=AnswerPlan(say="It takes {time}.",
                                   read={"time": ReadSpec(**{"from": "screen"}, after="Cooking time",
                                                          pattern=r"(\d+ min)")}))
    result, steps = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert result.answer == "It takes 42 min."
    assert await session.page.evaluate("window.__log") == ["sort:Newest", "details:lasagne"]
    kinds = [(s.action_data or {}).get("kind") for s in steps]
    assert "scrollat" in kinds and "typetext" in kinds   # "Show details" is below the fold


async def test_typing_again_into_a_field_found_by_its_placeholder_replaces_what_it_holds(session, pages_url,
                                                                                       tmp_path) -> None:
    field = ElementRef(placeholder="Find a recipe")
    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="type", target=field, text="lasagne", enter=False),
                 ReferenceStep(do="type", target=field, text="risotto", enter=False),
                 ReferenceStep(do="click", target=ElementRef(text="Show details")))
    result, steps = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["details:risotto"]
    # Two actions per typing: a click on the empty field, then a triple click on what it holds (selecting it).
    clicks = [s.action_data for s in steps if (s.action_data or {}).get("kind") == "clickat"]
    assert [c.get("count") for c in clicks[:2]] == [1, 3]
    assert not any((s.action_data or {}).get("kind") == "keychord" for s in steps)


async def test_a_list_chosen_through_its_label_is_left_closed(session, pages_url, tmp_path) -> None:
    from webvoyager.standins.ocr import read_screen_words
    from webvoyager.standins.screen_targets import letters

    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="select", target=ElementRef(text="Sort by"), option="Oldest"))
    result, _ = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["sort:Oldest"]
    # No popup left open over the page: its other options are not on the screen.
    shown = {letters(w.text) for w in read_screen_words(await session.page.screenshot())}
    assert "oldest" in shown and "featured" not in shown and "newest" not in shown


async def test_a_target_named_by_its_aria_label_is_found_by_the_words_it_shows(session, pages_url,
                                                                               tmp_path) -> None:
    named = ElementRef(text="Choose the day to cook", tag="button")
    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="click", target=named.model_copy(update={"shown": ElementRef(text="Add date")})))
    result, _ = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["when"]
    # Without `shown` the aria-label's words are looked for, and the screen does not show them.
    blind, _ = await _run(session, _task(task.start_url, ReferenceStep(do="click", target=named)), tmp_path / "b")
    assert blind.status == "error" and "Choose the day to cook" in (blind.error or "")


async def test_a_scaled_screen_space_maps_the_point_back_to_the_viewport(session, pages_url, tmp_path) -> None:
    task = _task(f"{pages_url}/zoo/pixel_reference.html", ORDER)
    result, steps = await _run(session, task, tmp_path, image=(768, 576))
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == ["canvas"]
    record = steps[0].policy_data.computer_use
    assert record is not None and record.image_size == [768, 576] and record.model_point is not None
    # The point was given in the 3/4-size image: the viewport point is 4/3 of it.
    x, y = record.model_point
    target = (steps[0].action_data or {})["target"]
    assert target["x"] == pytest.approx(x * 4 / 3, abs=1) and target["y"] == pytest.approx(y * 4 / 3, abs=1)


async def test_a_target_the_screen_does_not_show_ends_the_task_with_an_error(session, pages_url, tmp_path) -> None:
    task = _task(f"{pages_url}/zoo/pixel_reference.html",
                 ReferenceStep(do="click", target=ElementRef(text="Checkout basket")))
    result, _ = await _run(session, task, tmp_path)
    assert result.status == "error"
    assert "pixel-kitchen reference step 1/2 (click)" in (result.error or "")
    assert "OCR read:" in (result.error or "") and "Checkout basket" in (result.error or "")
    assert await session.page.evaluate("window.__log") == []


@pytest.mark.slow
@pytest.mark.parametrize("task_id", ["shop--3"])
async def test_solves_a_sandbox_task_through_the_cua_policy(task_id: str, sandbox, browser, tmp_path: Path) -> None:
    from webvoyager.api import RunSettings, create_model, execute_task
    from webvoyager.sandbox.catalog import load_sandbox_tasks

    task = next(t for t in load_sandbox_tasks(sandbox.port) if t.id == task_id)
    settings = RunSettings(policy="cua", max_steps=task.max_steps or 15)
    result = await execute_task(task, browser=browser, model=create_model("reference", settings=settings),
                                task_dir=tmp_path / task_id, settings=settings)
    assert result.status == "answered" and result.success is True, result.error
    steps = TaskDir(tmp_path / task_id).load_steps()
    # Pixel actions only: every step is a point, typed text or a key (no labelled action).
    kinds = {(s.action_data or {}).get("kind") for s in steps if s.action_data}
    assert kinds <= {"clickat", "moveto", "scrollat", "typetext", "keychord", "waitfor", "goback", "answer"}, kinds


async def test_finds_what_the_page_shows_after_the_stand_in_has_typed_and_scrolled(session, pages_url,
                                                                                   tmp_path) -> None:
    """tests/pages/zoo/pixel_search.html: the query stays in a box on a dark bar and the result repeats
    its words; option cards hold "Wi-Fi + Cellular" ("+" has no letters); a second search finds the box by
    what was typed (its placeholder is gone); "Help centre" is above once the page is scrolled down."""
    query = ElementRef(placeholder="Search the shop")
    task = _task(f"{pages_url}/zoo/pixel_search.html",
                 ReferenceStep(do="type", target=query, text="Orbit Headphones"),
                 ReferenceStep(do="click", target=ElementRef(text="Orbit Headphones", tag="a")),
                 ReferenceStep(do="click", target=ElementRef(text_contains="Wi-Fi + Cellular", role="button")),
                 ReferenceStep(do="type", target=query, text="Lumen Cable"),
                 ReferenceStep(do="click", target=ElementRef(text="Show reviews")),
                 ReferenceStep(do="click", target=ElementRef(text="Help centre")))
    result, steps = await _run(session, task, tmp_path)
    assert result.status == "answered", result.error
    assert await session.page.evaluate("window.__log") == [
        "search:Orbit Headphones", "result:Orbit Headphones", "card:cellular", "search:Lumen Cable", "reviews",
        "help"]
    thoughts = [s.thought or "" for s in steps]
    assert any("scrolling up" in t for t in thoughts), thoughts
