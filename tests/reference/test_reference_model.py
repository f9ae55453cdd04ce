"""Unit tests of the `reference` model: reading element lists, resolving targets, recovering the
position from the conversation, and the exact replies it writes (parsed back by the real parser)."""

from __future__ import annotations

import pytest

from webvoyager.browser import elements_text, tree_text
from webvoyager.browser.actions import AT_EDGE_NOTE
from webvoyager.browser.types import Element
from webvoyager.errors import ModelError
from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.standins.reference import ReferenceModel
from webvoyager.standins.voyager_replies import failure_note
from webvoyager.voyager import messages, parser
from webvoyager.voyager.messages import FAILED_ACTION, NOTES_HEADING
from webvoyager.voyager.readback import read_observation
from webvoyager.standins.elements import (
    ParsedElement,
    parse_element_line,
    parse_element_list,
    resolve_target,
)
from webvoyager.standins.reading import PageView
from webvoyager.standins.plan import MAX_FIND_SCROLLS, Progress, find_task, next_move, parse_progress
from webvoyager.tasks import ElementRef, task_from_record

# ----- element list parsing -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ('[0]: <a> "Recipes"', ParsedElement(0, "a", text="Recipes")),
        ('[12]: <button role=tab> "Reviews (31)"', ParsedElement(12, "button", text="Reviews (31)", role="tab")),
        ('[3]: <input type=search> "", "Search recipes" placeholder="Find a dish"',
         ParsedElement(3, "input", aria_label="Search recipes", type="search", placeholder="Find a dish")),
        ('[4]: <input type=text role=combobox> "" placeholder="From" value="Lis"',
         ParsedElement(4, "input", type="text", role="combobox", placeholder="From", value="Lis")),
        ('[5]: <input type=checkbox> "Vegan", "Only vegan" checked',
         ParsedElement(5, "input", text="Vegan", aria_label="Only vegan", type="checkbox", checked=True)),
        ('[6]: <input type=radio> "Economy" unchecked', ParsedElement(6, "input", text="Economy", type="radio",
                                                                      checked=False)),
        ('[7]: <select> "Sort" selected="Best match" options="Best match | Price: low to high"',
         ParsedElement(7, "select", text="Sort", selected="Best match",
                       options=("Best match", "Price: low to high"))),
        # a value that itself holds quotes still parses up to the right closing quote
        ('[8]: <textarea> "" value="say "hi" twice"', ParsedElement(8, "textarea", value='say "hi" twice')),
        ('[9]: <td> "14"', ParsedElement(9, "td", text="14")),
    ],
)
def test_parse_element_line(line: str, want: ParsedElement) -> None:
    assert parse_element_line(line) == want


def test_parse_element_line_options_shortened() -> None:
    options = " | ".join(f"o{i}" for i in range(12)) + " | \u2026"
    element = parse_element_line(f'[2]: <select> "" selected="o0" options="{options}"')
    assert element is not None
    assert element.options == tuple(f"o{i}" for i in range(12))
    assert element.options_truncated


def test_parse_element_list_skips_other_lines() -> None:
    text = ("Observation of http://shop.localhost:1/ (Shop)\nNote: a dialog said hi\n"
            '[0]: <a> "Home"\n\n[1]: <button> "Go"\nsome [2] text')
    assert [e.label for e in parse_element_list(text)] == [0, 1]


def _browser_elements():  # the real formatter's output must round trip through our parser
    from webvoyager.browser.types import Element

    return [
        Element(label=0, tag="a", text="Home"),
        Element(label=1, tag="input", type="search", aria_label="Search the site", placeholder="Search"),
        Element(label=2, tag="button", role="tab", text='The "best" deals'),
        Element(label=3, tag="select", text="", selected="Newest", options=("Newest", "Oldest", "Price")),
        Element(label=4, tag="input", type="checkbox", text="Free shipping", checked=True),
        Element(label=5, tag="input", type="text", placeholder="Departure date", value="2026-05-20"),
        Element(label=6, tag="a", text="x" * 120),
        Element(label=7, tag="div", role="button", text="Accept all", aria_label="Accept cookies"),
    ]


def test_round_trip_with_browser_formatter() -> None:
    elements = _browser_elements()
    parsed = parse_element_list(elements_text.format_elements(elements))
    assert [p.label for p in parsed] == [e.label for e in elements]
    by_label = {p.label: p for p in parsed}
    assert by_label[1].aria_label == "Search the site" and by_label[1].placeholder == "Search"
    assert by_label[1].type == "search"
    assert by_label[2].role == "tab" and by_label[2].text == "The 'best' deals"
    assert by_label[3].selected == "Newest" and by_label[3].options == ("Newest", "Oldest", "Price")
    assert by_label[4].checked is True
    assert by_label[5].value == "2026-05-20" and by_label[5].placeholder == "Departure date"
    assert by_label[7].text == "Accept all" and by_label[7].aria_label == "Accept cookies"
    # a long text is shortened in the list, and still matches its full text
    assert resolve_target(ElementRef(text="x" * 120), parsed).element == by_label[6]


# ----- target resolution ----------------------------------------------------------------------

ELEMENTS = parse_element_list(
    '[0]: <a> "Home"\n'
    '[1]: <input type=search> "", "Search recipes" placeholder="Search"\n'
    '[2]: <button> "Search"\n'
    '[3]: <a> "Add to cart"\n'
    '[4]: <a> "Add to cart"\n'
    '[5]: <a> "Chocolate  Chip Cookies"\n'
    '[6]: <button role=tab> "Reviews"\n'
)


@pytest.mark.parametrize(
    ("target", "label"),
    [
        (ElementRef(text="home"), 0),
        (ElementRef(text="Search recipes"), 1),             # aria-label
        (ElementRef(placeholder="Search"), 1),
        (ElementRef(text="search", tag="button"), 2),
        (ElementRef(text="Add to cart", nth=1), 4),
        (ElementRef(text_contains="chocolate chip"), 5),    # whitespace collapsed, case-insensitive
        (ElementRef(text="Reviews", role="tab"), 6),
        (ElementRef(type="search"), 1),
    ],
)
def test_resolve_unique(target: ElementRef, label: int) -> None:
    found = resolve_target(target, ELEMENTS)
    assert found.element is not None and found.element.label == label


def test_resolve_ambiguous_lists_matches() -> None:
    found = resolve_target(ElementRef(text="Add to cart"), ELEMENTS)
    assert found.element is None and [e.label for e in found.ambiguous] == [3, 4]


def test_resolve_missing_and_nth_beyond_matches() -> None:
    assert resolve_target(ElementRef(text="Checkout"), ELEMENTS).element is None
    assert resolve_target(ElementRef(text="Add to cart", nth=2), ELEMENTS).element is None
    assert resolve_target(ElementRef(text="Reviews", role="link"), ELEMENTS).element is None


# ----- planning: scrolling to find, errors ----------------------------------------------------

def _task(steps: list[dict], answer: str = "42", question: str = "How many cookies are in the jar?",
          task_id: str = "demo--1", web: str = "http://shop.localhost/") -> object:
    """A task judged on its final page, so its reference may end with a fixed sentence."""
    return task_from_record({"web_name": "Shop", "id": task_id, "ques": question, "web": web,
                             "check": {"state": {"type": "url", "host": "shop.localhost"}},
                             "reference": {"steps": steps, "answer": answer}})


def _checked_task(answer: object) -> object:
    return task_from_record({"web_name": "Shop", "id": "demo--2", "ques": QUESTION, "web": "http://shop.localhost/",
                             "check": {"answer": {"type": "number", "value": 42}},
                             "reference": {"steps": [], "answer": answer}})


def test_missing_target_scrolls_then_fails() -> None:
    task = _task([{"do": "click", "target": {"text": "Checkout"}}])
    move = next_move(task, Progress(0, 0), ELEMENTS, PageView())
    assert move.kind == "find" and move.scrolls == 1
    assert move.thought_prefix() == "Reference step 1/2, scroll 1"
    assert next_move(task, Progress(0, MAX_FIND_SCROLLS - 1), ELEMENTS, PageView()).scrolls == MAX_FIND_SCROLLS
    with pytest.raises(ModelError, match=r"no element with text='Checkout' in view after scrolling.*\[0\] <a> 'Home'"):
        next_move(task, Progress(0, MAX_FIND_SCROLLS), ELEMENTS, PageView())


def test_ambiguous_target_is_an_error() -> None:
    task = _task([{"do": "click", "target": {"text": "Add to cart"}}])
    with pytest.raises(ModelError, match=r"matches 2 visible elements.*nth"):
        next_move(task, Progress(), ELEMENTS, PageView())


def test_select_with_unknown_option_is_an_error() -> None:
    elements = parse_element_list('[0]: <select> "Sort" selected="Best" options="Best | Newest"')
    task = _task([{"do": "select", "target": {"tag": "select"}, "option": "Cheapest"}])
    with pytest.raises(ModelError, match="has no option 'Cheapest'"):
        next_move(task, Progress(), elements, PageView())
    ok = _task([{"do": "select", "target": {"tag": "select"}, "option": "newest"}])
    assert next_move(ok, Progress(), elements, PageView()).element == elements[0]


def test_answer_step_is_implicit_and_last() -> None:
    task = _task([{"do": "click", "target": {"text": "Home"}}], answer="Seven")
    move = next_move(task, Progress(1, 0), ELEMENTS, PageView())
    assert (move.kind, move.answer, move.total) == ("answer", "Seven", 2)
    with pytest.raises(ModelError, match="finished"):
        next_move(task, Progress(2, 0), ELEMENTS, PageView())


@pytest.mark.parametrize(
    ("thought", "want"),
    [
        (None, Progress(0, 0)),
        ("Thought: Reference step 1/4: click \"Home\".\nAction: Click [0]", Progress(1, 0)),
        ("Thought: Reference step 3/4, scroll 2: the x is not in view\nAction: Scroll [WINDOW]; [down]",
         Progress(2, 2)),
        ("Thought: reference step 2 / 4: scroll the window down.", Progress(2, 0)),
    ],
)
def test_parse_progress(thought: str | None, want: Progress) -> None:
    assert parse_progress(thought) == want


def test_parse_progress_rejects_foreign_replies() -> None:
    with pytest.raises(ModelError, match="cannot find its position"):
        parse_progress("Thought: I will click the button.\nAction: Click [3]")


def test_find_task_by_question_host_and_length() -> None:
    a = _task([], question="Find the cheapest laptop.", task_id="shop--1")
    b = _task([], question="Find the cheapest laptop.", task_id="market--1", web="http://market.localhost/")
    c = _task([], question="Find the cheapest laptop. Give its price in euros.", task_id="shop--2")
    pool = (a, b, c)
    assert find_task("Task: Find the cheapest  laptop. Start: http://market.localhost:9/", pool).id == "market--1"
    assert find_task("Task: find the cheapest laptop. give its price in euros. http://shop.localhost:9/",
                     pool).id == "shop--2"
    with pytest.raises(ModelError, match="only solves sandbox tasks; no sandbox task matches"):
        find_task("Task: book a flight", pool)
    with pytest.raises(ModelError, match="several of them"):
        find_task("Task: Find the cheapest laptop. (no url)", (a, b))


# ----- the model: conversation in, WebVoyager reply out ---------------------------------------

QUESTION = "How many cookies are in the jar?"
PAGE1 = ('[0]: <a> "Home"\n[1]: <input type=search> "", "Search recipes" placeholder="Search"\n'
         '[2]: <select> "Sort" selected="Best" options="Best | Newest"\n')
PAGE2 = '[0]: <a> "Home"\n[1]: <a> "Jar of cookies"\n[2]: <div role=button> "Details"\n'


def _user(text: str, first: bool = False) -> Message:
    intro = f"Now given a task: {QUESTION} Please interact with http://shop.localhost:5/ and get the answer.\n"
    return Message(role="user", parts=(TextPart((intro if first else "") + "Observation:\n" + text),
                                       ImagePart(b"\x89PNG")))


def _conversation(*turns: str) -> list[Message]:
    """system, first user turn, then alternating assistant replies and observations."""
    messages = [Message.text("system", "You are a web agent."), _user(turns[0], first=True)]
    for i in range(1, len(turns), 2):
        messages.append(Message.text("assistant", turns[i]))
        messages.append(_user(turns[i + 1]))
    return messages


STEPS = [
    {"do": "type", "target": {"placeholder": "Search"}, "text": "jar of cookies"},
    {"do": "select", "target": {"text": "Sort"}, "option": "Newest"},
    {"do": "click", "target": {"text_contains": "jar"}},
    {"do": "hover", "target": {"text": "Details", "role": "button"}},
    {"do": "scroll", "target": {"text": "Details"}, "direction": "up"},
    {"do": "scroll"},
    {"do": "press", "key": "Escape"},
    {"do": "type", "target": {"text": "Jar of cookies"}, "text": "a]b", "enter": False},
    {"do": "back"},
    {"do": "wait"},
]


async def _reply(messages: list[Message], steps: list[dict] = STEPS) -> str:
    model = ReferenceModel(tasks=[_task(steps, answer="There are 42 cookies [approx].", question=QUESTION)])
    completion = await model.complete(messages)
    assert completion.usage.cost_usd == 0.0 and completion.usage.calls == 1
    assert completion.usage.input_tokens > 0 and completion.usage.output_tokens > 0
    return completion.text


async def test_first_reply_exact_format() -> None:
    text = await _reply(_conversation(PAGE1))
    assert text == ('Thought: Reference step 1/11: type "jar of cookies" into "Search recipes".\n'
                    "Action: Type [1]; [jar of cookies]")


async def test_walk_through_every_step_kind() -> None:
    """Feed each reply back as the previous assistant turn and check the next action."""
    pages = [PAGE1, PAGE1, PAGE2, PAGE2, PAGE2, PAGE2, PAGE2, PAGE2, PAGE2, PAGE2, PAGE2]
    want = ["Type [1]; [jar of cookies]", "Select [2]; [Newest]", "Click [1]", "Hover [2]", "Scroll [2]; [up]",
            "Scroll [WINDOW]; [down]", "PressKey [Escape]", "Type [1]; [a]b] (no Enter)", "GoBack", "Wait",
            "ANSWER; [There are 42 cookies [approx].]"]
    turns = [pages[0]]
    for i, action in enumerate(want):
        text = await _reply(_conversation(*turns))
        assert text.startswith(f"Thought: Reference step {i + 1}/11: ")
        assert text.endswith("Action: " + action)
        if i + 1 < len(pages):
            turns += [text, pages[i + 1]]


async def test_replies_parse_with_the_agent_parser() -> None:
    from webvoyager.browser.types import Answer, Scroll, Select, Type

    first = parser.parse_reply(await _reply(_conversation(PAGE1)))
    assert first.action == Type(1, "jar of cookies", press_enter=True)
    assert first.thought.startswith("Reference step 1/11")
    second = parser.parse_reply(await _reply(_conversation(PAGE1, "Thought: Reference step 1/11: typed", PAGE1)))
    assert second.action == Select(2, "Newest")
    no_enter = parser.parse_reply(await _reply(_conversation(PAGE2, "Thought: Reference step 7/11: x", PAGE2)))
    assert no_enter.action == Type(1, "a]b", press_enter=False)
    answer = parser.parse_reply(await _reply(_conversation(PAGE2, "Thought: Reference step 10/11: x", PAGE2)))
    assert answer.action == Answer("There are 42 cookies [approx].")
    find = parser.parse_reply(await _reply(_conversation(PAGE2), steps=[{"do": "click", "target": {"text": "Zz"}}]))
    assert find.action == Scroll(None, "down") and "scroll 1" in find.thought


async def test_scroll_search_continues_from_its_own_thought() -> None:
    steps = [{"do": "click", "target": {"text": "Details"}}]
    first = await _reply(_conversation(PAGE1), steps)
    assert first.endswith("Action: Scroll [WINDOW]; [down]") and ", scroll 1:" in first
    second = await _reply(_conversation(PAGE1, first, PAGE1), steps)
    assert ", scroll 2:" in second
    found = await _reply(_conversation(PAGE1, first, PAGE1, second, PAGE2), steps)
    assert found == 'Thought: Reference step 1/2: click "Details".\nAction: Click [2]'


async def test_bottom_of_page_ends_the_search() -> None:
    steps = [{"do": "click", "target": {"text": "Checkout"}}]
    first = await _reply(_conversation(PAGE1), steps)
    with pytest.raises(ModelError, match="already at the bottom.*Visible: .*Home"):
        edge = AT_EDGE_NOTE.format(end="bottom", where="the page", direction="down")
        await _reply(_conversation(PAGE1, first, f"{NOTES_HEADING}\n- {edge}\n" + PAGE1), steps)


async def test_failed_previous_action_is_an_error() -> None:
    prev = 'Thought: Reference step 1/11: type.\nAction: Type [1]; [jar of cookies]'
    note = NOTES_HEADING + "\n- " + FAILED_ACTION.format(action="Type [1]; [jar of cookies]",
                                                        error="element 1 is not editable; look at the new screenshot")
    with pytest.raises(ModelError, match="previous action did not work.*not editable"):
        await _reply(_conversation(PAGE1, prev, note + "\n" + PAGE1))


async def test_unknown_question_is_an_error() -> None:
    messages = [Message.text("system", "x"), Message.text("user", "Task: climb a mountain\n" + PAGE1)]
    with pytest.raises(ModelError, match="only solves sandbox tasks"):
        await ReferenceModel(tasks=[_task(STEPS, question=QUESTION)]).complete(messages)


def test_failure_note_ignores_page_content() -> None:
    failed = FAILED_ACTION.format(action="Click [3]", error="it was covered by <div> 'cookie banner'")

    def note(text: str) -> str | None:
        return failure_note(read_observation(Message.text("user", text)))

    assert note(f'[3]: <a> "{failed}"\nPDF text: error bars in figure 2') is None
    assert note(f"{NOTES_HEADING}\n- {failed}") is not None
    assert note(f"{NOTES_HEADING}\n- A dialog said: Saved") is None


def test_sandbox_tasks_are_found_by_their_question() -> None:
    from webvoyager.sandbox.catalog import load_sandbox_tasks

    tasks = [t for t in load_sandbox_tasks() if t.reference is not None]
    if not tasks:
        pytest.skip("no sandbox tasks yet")
    for task in tasks:
        assert find_task(f"Task: {task.question}\nStart at {task.start_url}").id == task.id


# ----- through the agent's real message builder -------------------------------------------------

def _agent_messages(pages: list[tuple[str, tuple[str, ...]]], replies: list[str]) -> list[Message]:
    turns = []
    for i, (text, notes) in enumerate(pages):
        record = messages.ObservationRecord(index=i + 1, url="http://shop.localhost:5/", title="Shop", text=text,
                                            notes=notes, image=b"\x89PNG")
        turns.append(messages.Turn(record, replies[i] if i < len(replies) else None))
    return messages.build_messages("You are a web agent.", QUESTION, "http://shop.localhost:5/", turns)


async def test_reads_the_agent_conversation() -> None:
    first = await _reply(_agent_messages([(PAGE1, ())], []))
    assert first.endswith("Action: Type [1]; [jar of cookies]")
    # a dialog note is a page event, not a failure
    second = await _reply(_agent_messages([(PAGE1, ()), (PAGE1, ("A dialog said: Error codes are listed below",))],
                                          [first]))
    assert second.endswith("Action: Select [2]; [Newest]")


@pytest.mark.parametrize("note", [
    "Your last action 'Type [1]; [jar of cookies]' failed: element 1 is covered by <div> 'We use cookies'",
    "Your previous reply could not be used: Unknown action 'Jump'.",
    "Warning: you have now chosen 'Click [3]' 2 times in a row and the page did not change.",
])
async def test_agent_failure_notes_end_the_task(note: str) -> None:
    first = await _reply(_agent_messages([(PAGE1, ())], []))
    with pytest.raises(ModelError, match="previous action did not work"):
        await _reply(_agent_messages([(PAGE1, ()), (PAGE1, (note,))], [first]))


def test_text_only_outline_is_read() -> None:
    from webvoyager.browser.types import Element

    from webvoyager.standins.voyager_replies import read_elements

    outline = "\n".join([
        'banner "Shop"',
        "  " + tree_text.tree_element_line(Element(label=0, tag="a", text="Home")),
        "  " + tree_text.tree_element_line(Element(label=1, tag="input", type="search", aria_label="Search",
                                                   placeholder="Find products")),
        "  " + tree_text.tree_element_line(Element(label=2, tag="div", role="tab", text="Reviews")),
        'heading "Deals of the day"',
    ])
    elements = read_elements(outline)
    assert [e.label for e in elements] == [0, 1, 2]
    assert resolve_target(ElementRef(placeholder="Find products"), elements).element == elements[1]
    assert resolve_target(ElementRef(text="Reviews", role="tab"), elements).element == elements[2]
    assert resolve_target(ElementRef(text="Home", tag="a"), elements).element == elements[0]
    with pytest.raises(ModelError, match="needs the element list"):
        read_elements("[0] {weird format}")


@pytest.mark.parametrize("text_only", [False, True])
def test_numbered_lines_in_the_notes_are_never_elements(text_only: bool) -> None:
    # A PDF's reference list, or text laid out like element lines, quoted in a note before the page's
    # own list: neither an error ("another format") on a page with no labels, nor extra elements.
    from webvoyager.standins.voyager_replies import page_view

    pdf_text = ("A PDF was downloaded (paper.pdf). Its text:\nReferences\n[1] Petrov et al. An earlier study. 2024.\n"
                '[2]: <a> "Buy now"\n[3] button "Confirm"')

    def view(listing: str) -> PageView:
        record = messages.ObservationRecord(index=1, url="http://x/pdf/1", title="Paper", text=listing,
                                            notes=(pdf_text,), image=None if text_only else b"png")
        return page_view(messages.build_messages("system", "task", "http://x/", [messages.Turn(record)],
                                                 text_only=text_only))

    assert view("" if not text_only else 'main "Paper"').elements == []
    line = ('  ' + tree_text.tree_element_line(Element(label=0, tag="a", text="Back")) if text_only
            else '[0]: <a> "Back"')
    assert [(e.label, e.text) for e in view(line).elements] == [(0, "Back")]


async def test_page_text_about_the_bottom_is_not_a_note() -> None:
    steps = [{"do": "click", "target": {"text": "Checkout"}}]
    first = await _reply(_conversation(PAGE1), steps)
    page = PAGE1 + '[9]: <a> "Already at the bottom of our prices"\n'
    second = await _reply(_conversation(PAGE1, first, page), steps)
    assert ", scroll 2:" in second and second.endswith("Action: Scroll [WINDOW]; [down]")


async def test_a_checked_answer_is_read_off_the_page_never_from_the_task() -> None:
    cart = Message.text("user", f"Task: {QUESTION}\nObservation 1: Cart — http://shop.localhost/cart\n"
                                '[0]: <a> "Home"\n[1]: <td> "Cookies: 42 in the jar"')
    plan = {"say": "There are {n} cookies.", "read": {"n": {"from": "element", "target": {"tag": "td"},
                                                             "pattern": r"(\d+) in the jar"}}}
    reply = (await ReferenceModel(tasks=[_checked_task(plan)]).complete([cart])).text
    assert reply.endswith("Action: ANSWER; [There are 42 cookies.]")
    titled = {"say": "Page: {t}", "read": {"t": {"from": "title"}}}
    assert (await ReferenceModel(tasks=[_checked_task(titled)]).complete([cart])).text.endswith("ANSWER; [Page: Cart]")
    with pytest.raises(ModelError, match="must read it off the page"):
        await ReferenceModel(tasks=[_checked_task("There are 42 cookies.")]).complete([cart])
