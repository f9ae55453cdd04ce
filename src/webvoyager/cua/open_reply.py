"""What an open computer-use model's reply reads as (UI-TARS, Qwen-VL, Fara): the calls it made, each
as a pixel action or the reason it cannot be performed, and its final answer; and the family's
conventions (the image it is shown, the prompt, how its replies are read and replayed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.screen_space import ScreenSpace, smart_resize


@dataclass(frozen=True)
class ReadCall:
    """One call of a reply: the family's name of the action, the pixel actions it takes (one, or a few
    for a call that clicks then types), the point as the model wrote it, or why it cannot be done."""

    name: str
    actions: tuple[Action, ...] = ()
    model_point: tuple[float, float] | None = None
    error: str | None = None


@dataclass(frozen=True)
class ReadReply:
    """A reply read: the model's thought, its calls in order, and its final answer (finished, terminate,
    answer) when it ended the task. `error` says why nothing in it could be read."""

    thought: str
    calls: tuple[ReadCall, ...] = ()
    answer: str | None = None
    error: str | None = None


class Reader:
    """Reads one reply in the screen space the model answered in; remembers the mouse (a drag of
    Qwen-VL starts where the last move left it)."""

    def __init__(self, screen: ScreenSpace) -> None:
        self.screen = screen
        self.cursor: Point | None = None

    def point(self, x: float, y: float) -> Point:
        """The viewport point of a model point; the mouse is there afterwards."""
        self.cursor = self.screen.to_viewport(float(x), float(y))
        return self.cursor


@dataclass(frozen=True)
class Family:
    """One open model family. `resize` is its processor's smart_resize (factor, min and max pixels), or
    None to send the viewport's size; `grid` its normalised extent when it answers on a grid; `prompt`
    our system prompt file in cua/prompts; `read` reads a reply; `replay` is the reply as the history
    carries it back."""

    name: str
    tool: str                                   # recorded as ComputerUseRecord.tool
    prompt: str
    read: Callable[[str, Reader], ReadReply]
    replay: Callable[[str], str]
    resize: tuple[int, int, int] | None = None
    grid: int | None = None
    rounding: str = "none"
    url_turns: bool = False                     # each user turn starts with the page's address (Fara)

    def screen(self, viewport: tuple[int, int]) -> ScreenSpace:
        """The space of the image this family is sent for `viewport` (width, height)."""
        width, height = viewport
        image = viewport
        if self.resize is not None:
            factor, low, high = self.resize
            h, w = smart_resize(height, width, factor=factor, min_pixels=low, max_pixels=high)
            image = (w, h)
        return ScreenSpace(viewport, image, grid=self.grid, rounding=self.rounding)  # type: ignore[arg-type]
