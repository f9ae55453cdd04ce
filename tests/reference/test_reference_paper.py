"""The reference model under the paper protocol: it reads the paper's element text and, as that prompt
offers no Select action, chooses a drop-down option by typing it (what the paper's Type does). It is
told the protocol; the system prompt, which a user may replace, decides nothing."""

from __future__ import annotations

from webvoyager.browser.elements_text import format_elements_paper
from webvoyager.browser.types import Element
from webvoyager.standins.elements import parse_element_list, resolve_target
from webvoyager.standins.reference import ReferenceModel
from webvoyager.tasks import ElementRef
from webvoyager.tasks import ReferenceSolution, ReferenceStep, Task
from webvoyager.voyager.messages import ObservationRecord, Turn, build_messages
from webvoyager.voyager.policy import default_system_prompt

PAGE = [
    Element(label=0, tag="a", text="Recipes", aria_label="All recipes"),
    Element(label=1, tag="input", type="search", aria_label="Search recipes", placeholder="Search recipes"),
    Element(label=2, tag="button", text="Search"),
    Element(label=3, tag="select", text="Newest Top rated", options=("Newest", "Top rated"), aria_label="Sort"),
    Element(label=4, tag="a", text="Search tips"),
]


def test_paper_element_text_is_read_back() -> None:
    parsed = parse_element_list("Labelled elements in the screenshot:\n" + format_elements_paper(PAGE))
    assert [(e.label, e.tag, e.text, e.aria_label) for e in parsed] == [
        (0, "", "Recipes", "All recipes"), (1, "input", "", "Search recipes"), (2, "button", "Search", ""),
        (3, "", "Newest Top rated", "Sort"), (4, "", "Search tips", "")]


def test_targets_resolve_in_the_paper_format() -> None:
    parsed = parse_element_list(format_elements_paper(PAGE))
    assert resolve_target(ElementRef(placeholder="Search recipes"), parsed).element.label == 1   # by its aria-label
    assert resolve_target(ElementRef(text="Search", tag="button"), parsed).element.label == 2
    assert resolve_target(ElementRef(text="search tips", tag="a"), parsed).element.label == 4      # untagged: a link
    assert resolve_target(ElementRef(text="Recipes", tag="button"), parsed).element is None        # tagged if a button
    assert resolve_target(ElementRef(text="Sort", tag="select"), parsed).element.label == 3


async def test_select_follows_the_protocol_the_model_was_built_for_never_the_system_prompt() -> None:
    task = Task(id="s1", question="Sort the recipes by newest", start_url="http://recipes.localhost/",
                reference=ReferenceSolution(steps=(ReferenceStep(do="select", target=ElementRef(text="Sort", tag="select"),
                                                                 option="Newest"),), answer="done"))
    record = ObservationRecord(index=1, url=task.start_url, title="Recipes", text=format_elements_paper(PAGE))

    async def reply(protocol: str, system: str) -> str:
        convo = build_messages(system, task.question, task.start_url, [Turn(record)])
        return (await ReferenceModel(tasks=[task], protocol=protocol).complete(convo)).text  # type: ignore[arg-type]

    for system in (default_system_prompt(), default_system_prompt(paper=True), "A prompt of the user's own"):
        assert (await reply("paper", system)).endswith("Action: Type [3]; [Newest]"), system
        assert (await reply("default", system)).endswith("Action: Select [3]; [Newest]"), system
