"""Data the browser layer hands out: elements, observations, actions and their outcomes.

Policies build `Action`s and read `Observation`s; only `browser/` talks to Playwright.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Literal

# The actions are declared in action_set (the registry); they are re-exported here, where the other
# browser data types are, for the code that reads and builds them.
from webvoyager.browser.action_set import (Answer, Click, DoubleClick, GoBack, Hover, PressKey, Scroll, Search,
                                           Select, Type, Wait, action_from_dict, action_text, action_to_dict)
from webvoyager.browser.action_spec import Action, Point, Target
from webvoyager.browser.downloads import DEFAULT_DOWNLOAD_MAX_MB
from webvoyager.browser.site_map import SiteMap
from webvoyager.protocol import ActionSleeps


@dataclass(frozen=True)
class Element:
    """One labelled interactive element of an observation.

    `label` is the Set-of-Mark number (0..N). `bbox` is (x, y, width, height) in viewport pixels of
    the main page. `frame` is the chain of iframe indexes ("" for the top document).
    """

    label: int
    tag: str
    text: str = ""
    aria_label: str = ""
    role: str = ""
    type: str = ""             # input type, when the element is an <input>
    placeholder: str = ""
    value: str = ""
    checked: bool | None = None
    selected: str = ""         # chosen option of a <select>
    options: tuple[str, ...] = ()
    href: str = ""
    editable: bool = False
    scrollable: bool = False
    scroll_box: bool = False   # the element itself is a scrollable panel (Scroll [n] scrolls it)
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    frame: str = ""
    html: str = ""             # a short HTML-like description (SeeAct choices)
    sensitive: str = ""        # "password" or "payment" for such a field, else ""
    sensitive_form: bool = False  # the element is in a form that has a password or payment field
    boxes: tuple[tuple[float, float, float, float], ...] = ()   # paper marks: one box per line box shown

    @property
    def center(self) -> tuple[float, float]:
        x, y, w, h = self.bbox
        return (x + w / 2, y + h / 2)

    def identity(self) -> dict[str, str]:
        """What makes this element the same element on a later visit (replay): what a person sees of it,
        not its label or position, nor its state (value, checked)."""
        return {"tag": self.tag, "text": self.text, "aria_label": self.aria_label, "role": self.role,
                "type": self.type, "placeholder": self.placeholder}


@dataclass(frozen=True)
class TypeWarning:
    """Type was used on something that may not be a text box (paper protocol: typed anyway, as the
    original does). `tag` is the lower-case tag name; `type` the element's type as Selenium's
    `get_attribute("type")` reads it (property, else attribute; None when neither exists)."""

    tag: str
    type: str | None


@dataclass
class Observation:
    """What the model sees at one step.

    `text` is the element list (`[i]: <tag> "text", "aria-label" ...`) or, in text-only mode, the
    accessibility tree with the same labels. `notes` say what happened since the last step (a PDF's
    text, a dialog, a new tab, a blocked navigation, an action error). `fingerprint` changes whenever
    the page visibly changes (used by the loop guard).
    """

    url: str
    title: str
    screenshot: bytes
    marked_screenshot: bytes
    elements: list[Element]
    text: str
    notes: list[str] = field(default_factory=list)
    fingerprint: str = ""
    observation_id: int = 0
    viewport: tuple[int, int] = (1024, 768)
    text_only: bool = False
    # What the agent loop reports about the previous step (typed, so no policy parses prose):
    last_action: str | None = None        # the previous step's action in canonical text
    last_action_error: str | None = None  # why executing it failed, in words for the model
    reply_error: str | None = None        # why the previous reply held no usable action
    loop_warning: str | None = None       # the loop guard's warning about a repeated action
    gate_choice: str | None = None        # the confirm gate's verdict on the previous action (None: not gated)
    type_warning: TypeWarning | None = None   # paper: the previous Type went into a non-text box


def target_element(action: Action, elements: list[Element]) -> Element | None:
    """The element an action's label names in `elements` (None: no label, or not there)."""
    target = getattr(action, "target", None)
    if not isinstance(target, int):
        return None
    return next((e for e in elements if e.label == target), None)


def position_among(element: Element, elements: list[Element], key: Callable[[Element], object] = Element.identity
                   ) -> tuple[int, int]:
    """`element`'s place among the `elements` that look the same (equal `key`, by default the identity), in
    document order: (nth, how many). A page with look-alikes (ten "Add to cart" buttons) tells them apart
    by this position only."""
    want = key(element)
    same = [e.label for e in elements if key(e) == want]
    return (same.index(element.label) if element.label in same else 0), max(len(same), 1)


@dataclass
class Outcome:
    """What an executed action did: notes for the next observation and any file it produced."""

    notes: list[str] = field(default_factory=list)
    navigated: bool = False
    download: Path | None = None
    answer: str | None = None
    waited_s: float | None = None    # Wait only: how long it waited (for the change, then the settle)
    slept_s: float | None = None     # paper protocol: the fixed sleeps taken after the action (no settle)
    type_warning: TypeWarning | None = None   # paper: Type went into something that may not be a text box
    settled_by: str | None = None    # how the settle after it ended (settle.Settled), "cap" when its cap came
                                     # first; None when none ran (an answer, the paper's fixed sleeps)


HeadlessMode = Literal["shell", "new"]
HEADLESS_MODES: tuple[HeadlessMode, ...] = ("shell", "new")
"""How headless Chromium runs: its headless shell (old headless, a binary of its own; Playwright's default) or
the full browser's new headless mode."""


@dataclass(frozen=True)
class BrowserConfig:
    """How to start the browser and shape each task's context."""

    headless: bool = True
    headless_mode: HeadlessMode = "shell"   # headless only: Chromium's headless shell (old headless,
                                            # Playwright's default: PDFs download) or the full browser's new
                                            # headless (PDFs open in its viewer; ~2.4x the CPU per step)
    executable_path: str | None = None      # default: $WEBVOYAGER_CHROMIUM, Debian's headless shell or
                                            # /usr/bin/chromium, Playwright's bundled build
    cdp_url: str | None = None              # connect to a running browser instead of launching one
    ws_endpoint: str | None = None          # or to a Playwright browser server (`playwright run-server`)
    viewport: tuple[int, int] = (1024, 768)
    locale: str = "en-US"
    dialog_policy: Literal["accept", "dismiss"] = "accept"
    prompt_text: str = ""                   # what to type into window.prompt() dialogs
    search_url: str = "https://www.google.com/"
    allowed_domains: tuple[str, ...] = ()   # empty: every domain allowed
    navigation_timeout_s: float = 30.0
    settle_timeout_s: float = 5.0           # cap on waiting for the page to settle after an action
    dom_quiet_ms: int = 150                 # DOM must be still this long to count as settled
    dom_idle_ms: int = 50                   # ... or only this long when the page has nothing due (settle.py)
    response_timeout_s: float = 20.0        # the longest an observation, an action's dispatch or a page-state
                                            # read may take: a page that does not answer fails the step (bounds.py)
    download_timeout_s: float = 30.0        # a download still running after this is cancelled (with a note)
    max_labels: int = 1000                  # at most this many labelled elements per observation (with a note)
    wait_s: float = 5.0                     # Wait: the longest it waits for the page to change
    wait_for_change: bool = True            # False: Wait sleeps exactly wait_s (the paper's protocol)
    som_style: Literal["default", "paper"] = "default"   # discovery, marks, element text and text-only tree:
                                            # ours, or the WebVoyager paper's (browser/paper_*.py)
    whole_page: bool = False                # label the elements of the whole page, not only the viewport
    pdf_excerpt_chars: int | None = 3000    # None: a PDF's whole text
    download_max_bytes: int | None = DEFAULT_DOWNLOAD_MAX_MB << 20   # kept and read of one download; None: all
    scrollbars: bool = False                # show the page's scrollbars (Chrome's 15 px bar), as the paper's
                                            # headless Chrome did; ours hides them (a 1024 px wide layout)
    user_agent: str | None = None           # None: the browser's own
    site_map: SiteMap | None = None         # hosts served from local copies instead (site_map.py): each
                                            # request to a mapped host is redirected to its copy
    sleeps: ActionSleeps | None = None      # fixed sleeps after actions instead of settling (paper only)
    paper_actions: bool = False             # the paper's Type (into any element, with a TypeWarning) and Click
    extra_args: tuple[str, ...] = ()


__all__ = ["Action", "Answer", "BrowserConfig", "Click", "DoubleClick", "Element", "GoBack", "Hover", "Observation",
           "Outcome", "Point", "PressKey", "Scroll", "Search", "Select", "Target", "Type", "TypeWarning", "Wait",
           "action_from_dict",
           "action_text", "action_to_dict", "target_element"]
