"""The browser handlers of the declared actions: `@handles(Cls)` registers the coroutine that performs
an action class on a session (browser/actions.py for labelled actions, browser/pixel_actions.py for
pixel ones), and `check_handlers` refuses a declared action without one."""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Iterable, Protocol, TypeVar

from playwright.async_api import Page

from webvoyager.browser.action_spec import ActionSpec, Point
from webvoyager.browser.paper_timing import PaperStep
from webvoyager.browser.targets import Resolved
from webvoyager.browser.types import BrowserConfig, Target


class Session(Protocol):
    """What executing an action needs from a browser session (`session.Session` provides it)."""

    @property
    def page(self) -> Page: ...

    @property
    def config(self) -> BrowserConfig: ...

    paper_step: PaperStep   # what the paper protocol learns about the running action

    async def resolve(self, target: Target) -> Resolved: ...

    async def goto(self, url: str) -> None: ...

    cursor: Point | None   # where the mouse is (None: not moved yet in this page)


Handler = Callable[[Session, Any], Awaitable[list[str]]]
H = TypeVar("H", bound=Handler)
HANDLERS: dict[type, Handler] = {}


def handles(*classes: type) -> Callable[[H], H]:
    """Register the decorated coroutine as the browser handler of the declared actions `classes`."""
    def register(handler: H) -> H:
        for cls in classes:
            if cls in HANDLERS:
                raise ValueError(f"{cls.__name__} has two browser handlers: {HANDLERS[cls].__name__} and "
                                 f"{handler.__name__}")
            HANDLERS[cls] = handler
        return handler
    return register


def check_handlers(declared: Iterable[ActionSpec], handlers: dict[type, Handler]) -> None:
    """ImportError naming every declared action without a browser handler (and every handler of an
    undeclared class), so that a new action cannot be parsed, gated and recorded but not done."""
    classes = {spec.cls for spec in declared}
    missing = sorted(c.__name__ for c in classes - handlers.keys())
    stray = sorted(c.__name__ for c in handlers.keys() - classes)
    problems = []
    if missing:
        problems.append(f"declared actions without a handler: {', '.join(missing)} (add one with @handles)")
    if stray:
        problems.append(f"handlers of actions that are not declared in action_set: {', '.join(stray)}")
    if problems:
        raise ImportError("browser/actions.py: " + "; ".join(problems))


