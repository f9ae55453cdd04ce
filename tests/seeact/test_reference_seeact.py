"""The reference model answering SeeAct's prompts (conversations built by our own message builders)."""

from __future__ import annotations

import io
import shutil

import pytest

from webvoyager.browser.types import Element
from webvoyager.errors import ModelError
from webvoyager.models.base import Message
from webvoyager.standins.reference import ReferenceModel
from webvoyager.standins.seeact_replies import replay
from webvoyager.seeact.messages import (ATTRIBUTES_MARK, CHOICE_MARK, FAILED_ACTION, GENERATION_MARK, PICK_MARK,
                                        POINT_MARK, SOM_MARK, UNUSABLE_REPLY)
from webvoyager.seeact import messages
from webvoyager.seeact.choices import make_batches
from webvoyager.seeact.grounding import NONE_MATCHED, describe_element
from webvoyager.seeact.memory import notes_in
from webvoyager.tasks import ElementRef, ReferenceSolution, ReferenceStep, Task

TASK = Task(id="t1", question="Find the weight of the Trail tent", start_url="http://shop.localhost/", site="shop",
            reference=ReferenceSolution(steps=(
                ReferenceStep(do="type", target=ElementRef(placeholder="Search"), text="tent"),
                ReferenceStep(do="click", target=ElementRef(text="Trail tent")),
                ReferenceStep(do="answer", text="2 kg"),
            ), answer="2 kg"))
ELEMENTS = [Element(label=0, tag="a", text="Home"), Element(label=1, tag="input", type="search", placeholder="Search"),
            Element(label=2, tag="a", text="Trail tent"), Element(label=3, tag="a", text="Dome tent")]


def _generation(previous: list[str], notes: tuple[str, ...] = ()) -> list[Message]:
    return [messages.system_message(online=True),
            messages.generation_message(TASK.question, previous, b"png", online=True, notes=notes)]


async def _reply(convo: list[Message]) -> str:
    return (await ReferenceModel(tasks=[TASK], policy="seeact").complete(convo)).text


def test_marker_phrases_are_in_the_prompts() -> None:
    batch = make_batches(ELEMENTS, [describe_element(e) for e in ELEMENTS])[0]
    assert GENERATION_MARK in _generation([])[1].text_content
    assert CHOICE_MARK in messages.choice_message(batch, online=True).text_content
    assert SOM_MARK in messages.som_message(b"", "E", online=True).text_content
    assert ATTRIBUTES_MARK in messages.attributes_message(online=True).text_content
    assert PICK_MARK in messages.choice_message(batch, online=True, template="attributes_pick").text_content
    assert POINT_MARK in messages.coordinates_message(1024, 768, online=True).text_content


def test_replay_counts_steps_enter_and_find_scrolls() -> None:
    assert replay(TASK, []).step == 0
    typed = replay(TASK, ["[searchbox]  Search -> TYPE: tent"])
    assert (typed.step, typed.enter_pending) == (0, True)
    entered = replay(TASK, ["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER"])
    assert (entered.step, entered.enter_pending) == (1, False)
    scrolled = replay(TASK, ["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER",
                             "[page]  -> SCROLL DOWN", "[page]  -> SCROLL DOWN"])
    assert (scrolled.step, scrolled.scrolls) == (1, 2)
    with pytest.raises(ModelError, match="did not go through"):
        replay(TASK, ["[button]  Search -> CLICK (rejected by the user)"])
    with pytest.raises(ModelError, match="does not follow"):
        replay(TASK, ["[link]  Home -> CLICK"])


async def test_stage_one_describes_the_next_reference_step() -> None:
    text = await _reply(_generation(["[searchbox]  Search -> TYPE: tent"]))
    assert text.startswith("Reference step: ") and "Enter" in text
    assert "Trail tent" in await _reply(_generation(["[searchbox]  Search -> TYPE: tent",
                                                      "[keyboard]  Enter -> PRESS ENTER"]))


async def test_choice_answer_picks_the_target_letter_in_its_batch() -> None:
    convo = _generation(["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER"])
    convo.append(Message.text("assistant", "Reference step: click"))
    first, second = make_batches(ELEMENTS, [describe_element(e) for e in ELEMENTS], batch_size=2)
    convo.append(messages.choice_message(first, online=True, count=2))
    assert await _reply(convo) == "ELEMENT: C\nACTION: CLICK\nVALUE: None"       # not in batch 1: none (C)
    convo += [Message.text("assistant", "ELEMENT: C"), messages.choice_message(second, online=True, count=2)]
    assert await _reply(convo) == "ELEMENT: A\nACTION: CLICK\nVALUE: None"       # Trail tent = A of batch 2


async def test_missing_target_in_the_last_batch_scrolls_down() -> None:
    convo = _generation(["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER"])
    convo.append(Message.text("assistant", "step"))
    only_home = make_batches(ELEMENTS[:1], [describe_element(ELEMENTS[0])])[0]
    convo.append(messages.choice_message(only_home, online=True))
    assert await _reply(convo) == "ELEMENT: B\nACTION: SCROLL DOWN\nVALUE: None"


async def test_attributes_and_answer_and_coordinates() -> None:
    convo = _generation([])
    convo += [Message.text("assistant", "step"), messages.attributes_message(online=True)]
    text = await _reply(convo)
    assert text.splitlines()[:3] == ["ELEMENT TYPE: OTHER", "ELEMENT TEXT: Search", "ACTION: TYPE"]
    done = _generation(["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER",
                        "[link]  Trail tent -> CLICK"])
    done += [Message.text("assistant", "step"), messages.coordinates_message(1024, 768, online=True)]
    with pytest.raises(ModelError, match="coordinates"):
        await _reply(done)


async def test_failure_note_in_stage_one_is_an_error() -> None:
    convo = _generation(["[searchbox]  Search -> TYPE: tent"],
                        notes=(FAILED_ACTION.format(error="element is disabled"),))
    with pytest.raises(ModelError, match="did not work"):
        await _reply(convo)


async def test_attributes_not_found_makes_the_reference_scroll_to_look() -> None:
    from webvoyager.seeact.attributes import NOT_FOUND, ground_attributes

    async def ask(convo):   # an attributes reply naming an element that is not on the page
        from webvoyager.models.base import Completion
        return Completion(text="ELEMENT TYPE: LINK\nELEMENT TEXT: Trail tent\nACTION: CLICK\nVALUE: None")

    grounded = await ground_attributes(ask, [], ELEMENTS[:2])
    assert grounded.error is not None and NOT_FOUND in grounded.error
    notes = (UNUSABLE_REPLY.format(error=grounded.error),)
    previous = ["[searchbox]  Search -> TYPE: tent", "[keyboard]  Enter -> PRESS ENTER"]
    stage_one = await _reply(_generation(previous, notes))
    assert "scroll down to look for it" in stage_one
    convo = _generation(previous, notes) + [Message.text("assistant", stage_one), messages.attributes_message(online=True)]
    assert "ACTION: SCROLL DOWN" in await _reply(convo)


async def test_panel_scroll_target_in_a_later_batch_is_not_read_as_a_window_scroll() -> None:
    task = Task(id="t2", question="Scroll the word list", start_url="http://d.localhost/", site="d",
                reference=ReferenceSolution(steps=(
                    ReferenceStep(do="scroll", target=ElementRef(text="Trail tent"), direction="down"),
                    ReferenceStep(do="answer", text="ok")), answer="ok"))
    convo = [messages.system_message(online=True),
             messages.generation_message(task.question, [], b"png", online=True),
             Message.text("assistant", "step")]
    first, second = make_batches(ELEMENTS, [describe_element(e) for e in ELEMENTS], batch_size=2)
    convo.append(messages.choice_message(first, online=True, count=2))
    model = ReferenceModel(tasks=[task], policy="seeact")
    assert (await model.complete(convo)).text == "ELEMENT: C\nACTION: NONE\nVALUE: None"
    convo += [Message.text("assistant", "none"), messages.choice_message(second, online=True, count=2)]
    assert (await model.complete(convo)).text == "ELEMENT: A\nACTION: SCROLL DOWN\nVALUE: None"


async def test_a_model_built_for_the_other_policy_says_so() -> None:
    with pytest.raises(ModelError, match="built for the webvoyager policy, but this is a SeeAct conversation"):
        await ReferenceModel(tasks=[TASK]).complete(_generation([]))
    voyager_turn = [Message.text("system", "s"), Message.text("user", f"Now given a task: {TASK.question}  Please "
                                                                      f"interact with {TASK.start_url} and get the answer.")]
    with pytest.raises(ModelError, match="built for the seeact policy.*generation prompt"):
        await ReferenceModel(tasks=[TASK], policy="seeact").complete(voyager_turn)


READ_TASK = Task.model_validate({
    "id": "t2", "question": "How much does the Trail tent weigh?", "start_url": "http://shop.localhost/", "site": "shop",
    "reference": {"steps": [{"do": "answer"}],
                  "answer": {"say": "It weighs {weight}.",
                             "read": {"weight": {"from": "element", "target": {"tag": "td", "text_contains": "kg", "nth": 0},
                                                 "pattern": r"([\d.]+ kg)"}}}}})


async def _answer_round(cells: list[Element]) -> list[str]:
    """Stage 1, then each batch of `cells` in turn until the reference stops asking for the next one."""
    model = ReferenceModel(tasks=[READ_TASK], policy="seeact")
    convo = [messages.system_message(online=True),
             messages.generation_message(READ_TASK.question, [], b"png", online=True)]
    replies = [(await model.complete(convo)).text]
    convo.append(Message.text("assistant", replies[0]))
    batches = make_batches(cells, [describe_element(e) for e in cells], batch_size=2)
    for batch in batches:
        convo.append(messages.choice_message(batch, online=True, count=len(batches)))
        replies.append((await model.complete(convo)).text)
        convo.append(Message.text("assistant", replies[-1]))
        if "ACTION: NONE" not in replies[-1]:
            break
    return replies


async def test_the_answer_is_read_from_the_options_of_every_batch() -> None:
    # The weight is in the last of three batches: the first two are passed with "none", the last answers.
    cells = [Element(label=i, tag="td", text=t) for i, t in enumerate(["Trail tent", "Dome tent", "Green", "Blue",
                                                                       "2.4 kg", "3.1 kg"])]
    replies = await _answer_round(cells)
    assert "answer the question" in replies[0] and "kg" not in replies[0]
    assert [r.splitlines()[1] for r in replies[1:3]] == ["ACTION: NONE", "ACTION: NONE"]
    assert replies[3].splitlines()[1:] == ["ACTION: TERMINATE", "VALUE: It weighs 2.4 kg."]


async def test_the_answer_fails_when_no_batch_shows_it() -> None:
    cells = [Element(label=i, tag="td", text=t) for i, t in enumerate(["Trail tent", "Dome tent", "Green", "Blue"])]
    with pytest.raises(ModelError, match="no visible element"):
        await _answer_round(cells)


NOTE_TASK = Task.model_validate({
    "id": "t3", "question": "What does the Trail tent weigh, and what is it called in full?",
    "start_url": "http://shop.localhost/", "site": "shop",
    "reference": {"steps": [{"do": "back", "note": {
                      "name": {"from": "title", "pattern": r"^(.+?) \| Cartwheel$"},
                      "weight": {"from": "element", "target": {"tag": "td", "text_contains": "kg"},
                                 "pattern": r"([\d.]+ kg)"}}},
                            {"do": "answer"}],
                  "answer": {"say": "The {name} weighs {weight}; it is on {page}.",
                             "read": {"page": {"from": "url", "pattern": r"/(p/\w+)$"}}}}})


async def test_values_noted_on_a_page_come_back_from_the_notes_carried() -> None:
    model = ReferenceModel(tasks=[NOTE_TASK], policy="seeact")
    cells = [Element(label=i, tag="td", text=t) for i, t in enumerate(["Trail tent 2P", "Green", "2.4 kg"])]
    convo = [messages.system_message(online=True),
             messages.generation_message(NOTE_TASK.question, [], b"png", online=True, title="Trail tent 2P | Cartwheel",
                                         url="http://shop.localhost/p/trail")]
    convo.append(Message.text("assistant", (await model.complete(convo)).text))
    batches = make_batches(cells, [describe_element(e) for e in cells], batch_size=2)
    replies = []
    for batch in batches:      # the weight is in the last batch: the first is passed, GO BACK waits for it
        convo.append(messages.choice_message(batch, online=True, count=len(batches)))
        replies.append((await model.complete(convo)).text)
        convo.append(Message.text("assistant", replies[-1]))
    assert replies[0] == "ELEMENT: B\nACTION: NONE\nVALUE: None"
    assert replies[1] == 'NOTE: {"name": "Trail tent 2P", "weight": "2.4 kg"}\nELEMENT: C\nACTION: GO BACK\nVALUE: None'

    async def answer(memory: list[str]) -> str:
        nxt = [messages.system_message(online=True),
               messages.generation_message(NOTE_TASK.question, ["[page]  -> GO BACK"], b"png", online=True,
                                           title="Tents | Cartwheel", url="http://shop.localhost/p/list",
                                           memory=memory),
               Message.text("assistant", "answer"), messages.choice_message(listing, online=True)]
        return (await model.complete(nxt)).text

    listing = make_batches(ELEMENTS[2:], [describe_element(e) for e in ELEMENTS[2:]])[0]
    carried = [notes_in(r)[0] for r in replies if notes_in(r)]
    assert (await answer(carried)).endswith("VALUE: The Trail tent 2P weighs 2.4 kg; it is on p/list.")
    # The answer says what the notes carried, not what the solution knows: a different note, a different answer.
    assert (await answer(['{"name": "Dome tent", "weight": "3.1 kg"}'])).endswith("weighs 3.1 kg; it is on p/list.")
    with pytest.raises(ModelError, match="did not note name, weight on the way"):
        await answer([])


LOOK_TASK = Task.model_validate({
    "id": "t4", "question": "How heavy is the Trail tent?", "start_url": "http://shop.localhost/", "site": "shop",
    "reference": {"steps": [{"do": "click", "target": {"text": "Home"}, "note": {
                      "weight": {"from": "element", "target": {"tag": "td", "text_contains": "kg"}}}},
                            {"do": "answer"}],
                  "answer": {"say": "It weighs {weight}."}}})


async def test_a_value_below_the_target_is_noted_first_then_the_target_is_used() -> None:
    # The target (Home) is in the first batch, the weight it notes in the second: the first round passes
    # both batches and notes the weight; the next step, with the note carried, clicks Home.
    model = ReferenceModel(tasks=[LOOK_TASK], policy="seeact")
    cells = [Element(label=0, tag="a", text="Home"), Element(label=1, tag="td", text="2.4 kg")]
    first, second = make_batches(cells, [describe_element(e) for e in cells], batch_size=1)

    async def round_(feedback: tuple[str, ...], memory: list[str]) -> list[str]:
        convo = [messages.system_message(online=True),
                 messages.generation_message(LOOK_TASK.question, [], b"png", online=True, notes=feedback,
                                             title="Trail tent", url="http://shop.localhost/p/trail", memory=memory)]
        replies = [(await model.complete(convo)).text]
        for batch in (first, second):
            convo += [Message.text("assistant", replies[-1]), messages.choice_message(batch, online=True, count=2)]
            replies.append((await model.complete(convo)).text)
            if "ACTION: NONE" not in replies[-1]:
                break
        return replies[1:]

    looked = await round_((), [])
    assert looked == ["ELEMENT: B\nACTION: NONE\nVALUE: None",
                      'NOTE: {"weight": "2.4 kg"}\nELEMENT: B\nACTION: NONE\nVALUE: None']
    failed = (UNUSABLE_REPLY.format(error=NONE_MATCHED),)
    assert await round_(failed, ['{"weight": "2.4 kg"}']) == ["ELEMENT: A\nACTION: CLICK\nVALUE: None"]
    with pytest.raises(ModelError, match="previous step did not work"):   # a failed round without the note
        await round_(failed, [])


def _standings_png() -> bytes:
    """A screenshot of a standings header ('Team ... L10') over two rows, in 16 px DejaVu."""
    from PIL import Image, ImageDraw, ImageFont
    image = Image.new("RGB", (1024, 200), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 16)
    for x, y, text in [(30, 20, "Team"), (262, 20, "W"), (308, 20, "L"), (340, 20, "PCT"), (600, 20, "L10"),
                       (36, 60, "1"), (58, 60, "Bayview Breakers"), (262, 60, "25"), (308, 60, "9"),
                       (340, 60, ".735"), (600, 60, "9-1")]:
        draw.text((x, y), text, fill="black", font=font)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract")
async def test_a_cell_read_off_the_screen_does_not_keep_its_anchor_from_naming_the_row() -> None:
    # The team is counted among the options after 'L10'; the wins are read off the screenshot
    # (`ReadSpec.screen`), so no cell is counted after 'L10' and the stage-1 reply names the row, which
    # keeps the team's link among the ranker's top 50.
    task = Task.model_validate({
        "id": "t4", "question": "Who tops the West, with how many wins?", "start_url": "http://sports.localhost/",
        "reference": {"steps": [{"do": "answer"}], "answer": {"say": "{team}, {w} wins.", "read": {
            "team": {"from": "element", "target": {"tag": "a", "after": {"text": "L10"}}},
            "w": {"from": "element", "target": {"tag": "td", "after": {"text": "L10"}},
                  "screen": {"from": "screen", "after": "Team", "pattern": r"^\d+\s+\D+?\s+(\d+)\s+\d+\s+\.\d{3}"}}}}}})
    convo = [messages.system_message(online=True),
             messages.generation_message(task.question, [], _standings_png(), online=True)]
    reply = (await ReferenceModel(tasks=[task], policy="seeact").complete(convo)).text
    assert "under 'L10' it shows 'Bayview Breakers'" in reply
    convo.append(Message.text("assistant", reply))
    cells = [Element(label=0, tag="button", text="L10"), Element(label=1, tag="a", text="Bayview Breakers"),
             Element(label=2, tag="td", text="9-1")]   # the ranker kept neither '25' nor '9'
    convo.append(messages.choice_message(make_batches(cells, [describe_element(e) for e in cells])[0], online=True,
                                         count=1))
    answer = (await ReferenceModel(tasks=[task], policy="seeact").complete(convo)).text
    assert answer.splitlines()[-2:] == ["ACTION: TERMINATE", "VALUE: Bayview Breakers, 25 wins."]
