"""The records a computer-use adapter and the policy exchange: the calls a model made in one turn,
mapped to pixel actions, and what became of each (for the vendor's result message)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from webvoyager.browser.action_spec import Action
from webvoyager.tasks import Task
from webvoyager.usage import Usage

ResultKind = Literal["screenshot", "cursor", "zoom"]
"""What a call's result carries: the screenshot after it; the mouse position (text); a zoomed region."""


@dataclass(frozen=True)
class PixelCall:
    """One call of the model, as the pixel action the browser performs. `call_id` is the vendor's id
    of the call (its result must name it; the actions of one batched vendor call share it); `region` is the
    viewport box a zoom shows. A call that needs several actions (Gemini's type_text_at: click, clear, type)
    is several PixelCalls with one call_id, performed in order (a failed one drops the rest) and answered
    once. `confirm` is the vendor's own safety check on the call, in its words: the confirm gate decides,
    and the result says whether it approved (the adapter keeps the vendor's ids). `name` is the vendor's name
    of the action (left_click, type_text_at, ...) and `model_point` the point as the model wrote it, in the
    adapter's `screen.model_extent`: both only go to the step's record."""

    call_id: str
    action: Action
    result: ResultKind = "screenshot"
    region: tuple[float, float, float, float] | None = None
    confirm: str | None = None
    name: str = ""
    model_point: tuple[float, float] | None = None


@dataclass(frozen=True)
class ModelTurn:
    """One reply of the model: its text, its calls (run in order, one per loop step), or its final
    answer when it stopped calling the tool. `error` says why a call could not be mapped (the call is
    answered with it as an error result, and the model tries again)."""

    text: str
    calls: tuple[PixelCall, ...]
    raw: str
    usage: Usage
    answer: str | None = None
    refused: tuple[tuple[str, str], ...] = ()   # (call_id, why) of calls that cannot be performed


@dataclass(frozen=True)
class CallResult:
    """What became of one call: the screenshot after it (as the model is to see it), the error that
    stopped it, and for a zoom or a cursor query the image or text it asked for; the page's URL after it;
    `approved`: the call carried a safety check and the confirm gate approved it (the mode or a person)."""

    call_id: str
    screenshot: bytes
    error: str | None = None
    text: str = ""
    image: bytes | None = None
    url: str = ""
    approved: bool = False


@dataclass
class Conversation:
    """The vendor's own conversation, kept by its adapter (content as sent, JSON-ready)."""

    messages: list[dict] = field(default_factory=list)  # type: ignore[type-arg]


class ComputerUseAdapter(Protocol):
    """A vendor's computer-use protocol. `start` opens a task; `turn` sends the results of the last
    turn's calls (none at the start, with the first screenshot) and reads the next turn."""

    name: str
    screen: object

    def start(self, task: Task, system: str) -> None: ...

    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn: ...

    def messages_log(self) -> list[dict]: ...  # type: ignore[type-arg]
