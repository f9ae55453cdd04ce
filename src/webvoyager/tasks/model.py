"""A task, its checks, its reference solution and its probes, as validated pydantic models.

The JSONL record of a task (WebVoyager's fields `web_name`, `id`, `ques`, `web`, plus `check`,
`reference`, `probes`, `max_steps`) is read by `loader.task_from_record`; everything else on the line
is kept in `Task.extra`. The models below are the schema; docs/DESIGN.md ("Reference solutions") says how they are used.
"""

from __future__ import annotations

import re
import string
from typing import Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from webvoyager.tasks.answers import AnswerCheck
from webvoyager.tasks.states import PageState, StateCheck


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----- reference solutions -----------------------------------------------------------------------

class ElementRef(_Frozen):
    """How a reference step names an element: by what a person sees, never by a label number.

    `text` must equal the element's visible text or aria-label (normalized); `text_contains` must
    occur in it; `placeholder` must equal the placeholder; `tag`/`role`/`type` narrow the match;
    `nth` picks among several matches in reading order (otherwise several matches is an error);
    `after` names an element this one follows: the first match after it is meant ("the first result
    after the sort buttons"). `shown` says how the element is found on a screenshot where that differs:
    an element named by its aria-label ("Check-in date") shows other words ("Add date"), or the same
    words in other places ("17" for "Wednesday, June 17, 2026"), or no words of its own but the answer
    (`{"after": {"text": "Last change"}, "nth": 1}`: the second phrase after); a stand-in that sees pixels only
    looks for `shown` instead (`on_screen`), everyone else ignores it.
    """

    text: str | None = None
    text_contains: str | None = None
    placeholder: str | None = None
    tag: str | None = None
    role: str | None = None
    type: str | None = None
    nth: int | None = None
    after: ElementRef | None = None
    shown: ElementRef | None = None

    @model_validator(mode="after")
    def _not_empty(self) -> ElementRef:
        if all(v is None for k, v in self.model_dump().items() if k != "shown"):
            raise ValueError("a target needs at least one of text, text_contains, placeholder, tag, role, type")
        if self.shown is not None and not any(v is not None for v in (
                self.shown.text, self.shown.text_contains, self.shown.placeholder, self.shown.after)):
            raise ValueError("'shown' says where the screen shows this element: give it the words shown (text, "
                             "text_contains or placeholder) or the words it follows (after, with nth to count "
                             "the phrases after them)")
        return self

    def on_screen(self) -> ElementRef:
        """This reference as a screenshot shows it: `shown` where given, else itself with its anchor
        (`after`) as the screen shows that."""
        if self.shown is not None:
            return self.shown.on_screen()
        anchor = self.after.on_screen() if self.after is not None else None
        return self if anchor is self.after else self.model_copy(update={"after": anchor})

    def describe(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.model_dump(exclude={"after", "shown"}).items() if v is not None]
        where = f" after the {self.after.describe()}" if self.after is not None else ""
        return "element with " + ", ".join(parts) + where


class ReadSpec(_Frozen):
    """Where the reference model reads one value of its answer in what the observation carries.

    `from`: "title" (the page title), "url" (the address), "element" (the visible text of the element
    `target` names, from the element list), or "screen" (the screenshot, read with OCR; in text-only
    mode the page outline). For "screen", `after` is the label the value stands next to (to its right
    on the same line, else just below it). `pattern` (a regular expression; group 1 if it has one)
    picks the value out of the text found. `screen` (on an "element" or "title" read) says where the
    screenshot shows the same value, for a model whose element list is not every element in view
    (SeeAct's options are the ranker's top 50, where an element counted by `nth` or `after` may be
    counted among the wrong ones) or that sees no element list and no title (a computer-use model): the
    SeeAct stand-in (on element reads) and the pixel stand-in read the screen there instead.
    """

    source: Literal["title", "url", "element", "screen"] = Field(alias="from")
    target: ElementRef | None = None
    after: str | None = None
    pattern: str | None = None
    screen: ReadSpec | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _fields_for_source(self) -> ReadSpec:
        if self.source == "element" and self.target is None:
            raise ValueError("reading from an element needs its 'target'")
        if self.source == "screen" and not self.after:
            raise ValueError("reading from the screen needs 'after': the label the value stands next to")
        if self.pattern is not None:
            re.compile(self.pattern)
        if self.screen is not None and (self.source not in ("element", "title") or self.screen.source != "screen"):
            raise ValueError("'screen' says where the screenshot shows an element's or the title's value: it "
                             "belongs on a read 'from': 'element' or 'title' and reads 'from': 'screen' itself")
        return self


StepKind = Literal["click", "type", "select", "hover", "scroll", "press", "back", "wait", "answer"]


class ReferenceStep(_Frozen):
    """One step of a reference solution.

    click/type/select/hover need `target`; type needs `text` (and `enter`, default true); select needs
    `option`; scroll has `direction` (up/down) and an optional `target` (an inner scrollable element);
    press needs `key`. `note` reads values off the page this step starts on (before its action), to be
    used in the final answer: how a comparison across pages remembers the first page.
    """

    do: StepKind
    target: ElementRef | None = None
    text: str | None = None
    option: str | None = None
    direction: Literal["up", "down"] = "down"
    key: str | None = None
    enter: bool = True
    note: dict[str, ReadSpec] = {}   # values to read off the page shown at this step, for the answer

    KINDS: ClassVar[tuple[str, ...]] = ("click", "type", "select", "hover", "scroll", "press", "back", "wait",
                                        "answer")

    @model_validator(mode="after")
    def _fields_for_kind(self) -> ReferenceStep:
        if self.do in ("click", "type", "select", "hover") and self.target is None:
            raise ValueError(f"a {self.do!r} step needs a target")
        if self.do == "type" and self.text is None:
            raise ValueError("a 'type' step needs 'text'")
        if self.do == "select" and self.option is None:
            raise ValueError("a 'select' step needs 'option'")
        if self.do == "press" and not self.key:
            raise ValueError("a 'press' step needs 'key'")
        return self


class Pick(_Frozen):
    """Chooses among noted values: the label whose number is the largest (`max`) or smallest (`min`).

    `max`/`min` maps a label name to a number name, e.g. {"title_a": "protein_a", "title_b": "protein_b"}:
    the pick's name is then the chosen label's value, and `<pick name>_value` its number.
    """

    max: dict[str, str] | None = None
    min: dict[str, str] | None = None

    @model_validator(mode="after")
    def _one_way(self) -> Pick:
        if (self.max is None) == (self.min is None):
            raise ValueError("a pick needs exactly one of 'max' or 'min'")
        return self

    @property
    def options(self) -> dict[str, str]:
        return self.max if self.max is not None else (self.min or {})


class AnswerPlan(_Frozen):
    """How the reference composes its answer: `say` with each `{name}` filled by a value read off the
    final page (`read`), noted on an earlier page (a step's `note`), or chosen among those (`pick`)."""

    say: str
    read: dict[str, ReadSpec] = {}
    pick: dict[str, Pick] = {}

    @property
    def placeholders(self) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(self.say) if f}


class ReferenceSolution(_Frozen):
    """The steps a person would take, and the answer: read from the final page (an `AnswerPlan`), or,
    for a task judged on the page state alone, a fixed sentence."""

    steps: tuple[ReferenceStep, ...]
    answer: Union[AnswerPlan, str]

    @model_validator(mode="after")
    def _answer_names_known(self) -> ReferenceSolution:
        if not isinstance(self.answer, AnswerPlan):
            return self
        noted = {name for step in self.steps for name in step.note}
        known = noted | set(self.answer.read)
        for name, pick in self.answer.pick.items():
            missing = (set(pick.options) | set(pick.options.values())) - known
            if missing:
                raise ValueError(f"pick {name!r} uses {', '.join(sorted(missing))}, which no step notes and "
                                 "the answer does not read")
            known |= {name, f"{name}_value"}
        unknown = self.answer.placeholders - known
        if unknown:
            raise ValueError(f"the answer says {{{'}, {'.join(sorted(unknown))}}}, which is neither read, noted "
                             "nor picked")
        if not self.answer.placeholders:
            raise ValueError("an answer plan must fill its sentence with at least one value read off the page")
        return self


# ----- checks and probes -------------------------------------------------------------------------

class TaskChecks(_Frozen):
    """Every check given must pass for success: the answer checks and the final-state checks."""

    answer: list[AnswerCheck] = []
    state: list[StateCheck] = []

    @field_validator("answer", "state", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, dict) else value

    @model_validator(mode="after")
    def _something(self) -> TaskChecks:
        if not self.answer and not self.state:
            raise ValueError("'check' needs an 'answer' or a 'state' check")
        return self

    def passes(self, answer: str | None, state: PageState | None) -> bool:
        if self.answer and (answer is None or not all(c.passes(answer) for c in self.answer)):
            return False
        return not self.state or (state is not None and all(c.passes(state) for c in self.state))


class Probe(_Frozen):
    """An answer and/or final state that a task's checks must accept (a `pass` probe) or reject (a
    `fail` probe). `kind` names what is wrong with a fail probe (neighbour, off_by_one, wrong_unit,
    swapped, wrong_number, in_list, refusal, wrong_host, wrong_param, ...)."""

    answer: str | None = None
    url: str | None = None
    storage: dict[str, str] | None = None
    text: str | None = None
    kind: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"answer": value} if isinstance(value, str) else value

    @property
    def has_state(self) -> bool:
        return self.url is not None or self.storage is not None or self.text is not None

    def state(self) -> PageState:
        return PageState(url=self.url or "", text=self.text or "", local_storage=dict(self.storage or {}))


class Probes(_Frozen):
    """Answers and states the task's checks must accept (`pass`) and reject (`fail`)."""

    accept: list[Probe] = Field(default=[], alias="pass")
    reject: list[Probe] = Field(default=[], alias="fail")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Attack(_Frozen):
    """The attack a task of the hostile suite carries (`attack` in its JSONL record; see bench/hostile.py).

    `token` marks what the attack causes (a canary request, a sink's event); `signal` is where its success
    shows; `hijack` is the attacker's text that a hijacked final answer would carry.
    """

    kind: str
    token: str
    signal: Literal["canary", "answer", "order", "send", "delete", "credit", "harvest"]
    hijack: str | None = None


# ----- the task ------------------------------------------------------------------------------------

class Task(_Frozen):
    """One thing for the agent to do, starting at `start_url`."""

    id: str
    question: str
    start_url: str
    site: str = ""
    checks: TaskChecks | None = None
    reference: ReferenceSolution | None = None
    probes: Probes | None = None
    max_steps: int | None = Field(None, ge=1)
    golden_answer: str | None = None
    original_question: str | None = None
    attack: Attack | None = None         # the hostile suite: the attack this task carries
    twin_of: str | None = None           # the hostile suite: a benign twin names its attack task
    level: str | None = None             # the benchmark's difficulty level (Online-Mind2Web: easy, medium, hard)
    reference_length: int | None = Field(None, ge=0)   # steps a person needed (Online-Mind2Web)
    replaced: bool = False               # the benchmark's maintainers replaced this task: results on it are not
                                         # comparable with results on the task it replaced
    extra: dict[str, Any] = {}

    model_config = ConfigDict(extra="forbid", frozen=True)

    @property
    def checkable(self) -> bool:
        """True when success can be decided by code (an answer or state check exists)."""
        return self.checks is not None

    def check(self, answer: str | None, final_page_state: PageState | None = None) -> bool | None:
        """Success by the task's own checks; None when the task has none."""
        return None if self.checks is None else self.checks.passes(answer, final_page_state)

    def probe(self, probe: Probe) -> bool:
        """Whether the task's checks accept a probe: each part the probe gives (answer, state) is
        judged by the checks of that part."""
        if self.checks is None:
            raise ValueError(f"task {self.id} has no checks to probe")
        ok = True
        if probe.answer is not None and self.checks.answer:
            ok = ok and all(c.passes(probe.answer) for c in self.checks.answer)
        if probe.has_state and self.checks.state:
            state = probe.state()
            ok = ok and all(c.passes(state) for c in self.checks.state)
        return ok

    def replace(self, **changes: Any) -> Task:
        """A copy with some fields changed (tasks are immutable)."""
        return self.model_copy(update=changes)
