"""Element-attribute grounding: find the element the model described by its kind and visible text.

The model names an element type (BUTTON, TEXTBOX, SELECTBOX, LINK, CHECKBOX, OTHER) and the text a
person sees on it. Elements are scored by how well their text, aria-label, placeholder or value
matches (exact beats contained beats shared words) and whether their kind fits; the best tier wins.
Several equally good matches are put to the model as a follow-up multiple choice.
"""

from __future__ import annotations

from typing import Sequence

from webvoyager.browser.types import Element
from webvoyager.models.base import Message
from webvoyager.seeact import messages
from webvoyager.seeact.actions import PAGE_OPS, element_role
from webvoyager.seeact.choices import make_batches
from webvoyager.seeact.grounding import Ask, Grounded, describe_element
from webvoyager.seeact.parse import parse_grounding
from webvoyager.text import norm_words
from webvoyager.trajectory import GroundingDetails

NOT_FOUND = "no element on the page looks like"
"""How a reply naming no visible element starts (offline stand-ins scroll on it to look further)."""

KINDS = {
    "BUTTON": {"button", "submit", "reset", "image", "menuitem", "tab"},
    "TEXTBOX": {"textbox", "searchbox", "combobox", "spinbutton", "search", "email", "tel", "url", "number",
                "password", "date"},
    "SELECTBOX": {"combobox", "listbox"},
    "LINK": {"link"},
    "CHECKBOX": {"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"},
}


def _kind_fits(kind: str, element: Element) -> bool:
    kind = kind.upper().replace(" ", "")
    if kind in ("", "OTHER", "ELEMENT"):
        return True
    role = element_role(element)
    if kind == "SELECTBOX":
        return element.tag.lower() == "select" or role in KINDS["SELECTBOX"]
    if kind == "TEXTBOX":
        return element.editable or role in KINDS["TEXTBOX"]
    return role in KINDS.get(kind, {kind.lower()})


def text_score(wanted: str, element: Element) -> int:
    """3: a visible name equals the text; 2: contains it (or is contained); 1: shares most words; 0: no."""
    want = norm_words(wanted)
    if not want:
        return 0
    names = [norm_words(n) for n in (element.text, element.aria_label, element.placeholder, element.value) if n]
    if any(n == want for n in names):
        return 3
    if any(want in n or (len(n) > 2 and n in want) for n in names):
        return 2
    words = set(want.split())
    if words and any(len(words & set(n.split())) >= max(1, (len(words) + 1) // 2) for n in names):
        return 1
    return 0


def find_matches(kind: str, text: str, elements: Sequence[Element]) -> list[Element]:
    """Elements matching (kind, text), best tier only, in label order; kind breaks ties within a tier.

    Without text (a drop-down list or field that shows none), every element of the kind matches."""
    if not norm_words(text):
        if kind.upper() in ("", "OTHER", "ELEMENT", "NONE"):
            return []
        return sorted((e for e in elements if _kind_fits(kind, e)), key=lambda e: e.label)
    scored = [(text_score(text, e) * 2 + (1 if _kind_fits(kind, e) else 0), e) for e in elements]
    scored = [(s, e) for s, e in scored if s >= 2]     # text must match at least a little
    if not scored:
        return []
    best = max(s for s, _ in scored)
    return sorted((e for s, e in scored if s == best), key=lambda e: e.label)


async def ground_attributes(ask: Ask, convo: list[Message], elements: Sequence[Element], *, online: bool = True,
                            max_options: int = 17, paper: bool = False) -> Grounded:
    """Ask for the element's kind and text, search the page, and ask again if several elements match."""
    convo.append(messages.attributes_message(online=online, paper=paper))
    completion = await ask(convo)
    convo.append(Message.text("assistant", completion.text))
    reply = parse_grounding(completion.text)
    out = Grounded(replies=[completion.text], operation=reply.operation, value=reply.value,
                   details=GroundingDetails(element_type=reply.element_type, element_text=reply.element_text))
    scroll_panel = reply.operation in ("SCROLL UP", "SCROLL DOWN") and bool(reply.element_text) \
        and reply.element_type not in ("", "NONE")
    if reply.operation in PAGE_OPS and not scroll_panel:
        return out
    if scroll_panel:   # scrolling a described panel: only elements with their own scroll bar qualify
        elements = [e for e in elements if e.scrollable]
    if reply.operation is None:
        out.error = ("the reply did not end with the ELEMENT TYPE / ELEMENT TEXT / ACTION / VALUE lines; "
                     "answer in exactly that format")
        return out
    matches = find_matches(reply.element_type, reply.element_text, elements)
    out.details.matches = [e.label for e in matches]
    if not matches:
        out.error = (f"{NOT_FOUND} a {reply.element_type or 'element'} with the text "
                     f"{reply.element_text!r}; copy the element's visible text exactly, or scroll to find it")
        return out
    if len(matches) == 1:
        out.element = matches[0]
        return out
    shown = matches[:max_options]
    batch = make_batches(shown, [describe_element(e) for e in shown], batch_size=len(shown))[0]
    convo.append(messages.choice_message(batch, online=online, template="attributes_pick",
                                         paper=paper))  # type: ignore[arg-type]
    follow = await ask(convo)
    convo.append(Message.text("assistant", follow.text))
    out.replies.append(follow.text)
    pick = parse_grounding(follow.text)
    out.element = batch.pick(pick.element)
    out.details.follow_up = [describe_element(e) for e in shown]
    if pick.operation not in (None, "NONE"):
        out.operation, out.value = pick.operation, pick.value or out.value
    if out.element is None:
        out.error = "none of the matching elements was chosen; describe the target more precisely"
    return out
