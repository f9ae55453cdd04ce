"""Stage 2 of SeeAct: turning the model's description of the next action into a concrete target.

Every strategy continues the stage-1 conversation (`convo`) with its own question and returns a
`Grounded`: the operation and value, and the element (label) or point to act on, plus everything
worth recording (replies, batches, candidates shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable, Literal, Sequence, get_args

from webvoyager.browser.elements_text import format_element
from webvoyager.browser.types import Element, Observation, Point
from webvoyager.errors import ConfigError
from webvoyager.models.base import Completion, Message
from webvoyager.packs import ProtocolPack
from webvoyager.seeact import messages, pack_layout
from webvoyager.seeact.actions import PAGE_OPS
from webvoyager.seeact.prompts import NOT_IN_PAPER
from webvoyager.seeact.choices import ChoiceBatch, letter, make_batches
from webvoyager.seeact.marks import draw_letter_marks
from webvoyager.seeact.parse import GroundingReply, parse_grounding
from webvoyager.trajectory import GroundingDetails

Ask = Callable[[list[Message]], Awaitable[Completion]]
GroundingMode = Literal["choice", "som", "attributes", "coordinates"]
"""SeeAct's grounding strategies (stage 2): textual choices, image annotation, element attributes, a point."""
MODES: tuple[GroundingMode, ...] = get_args(GroundingMode)
NONE_MATCHED = ("none of the offered elements matched the target you described; describe a visible element, "
                "or scroll to find it")
"""The feedback when every batch was answered "none"."""


def check_grounding(name: str) -> GroundingMode:
    """`name` as a grounding strategy; ConfigError naming the choices otherwise."""
    if name not in MODES:
        raise ConfigError(f"unknown grounding {name!r}; use one of {', '.join(MODES)}")
    return name  # type: ignore[return-value]


@dataclass
class Grounded:
    """The outcome of grounding; `error` (for the model) when nothing usable came out."""

    operation: str | None = None
    value: str = ""
    element: Element | None = None
    point: Point | None = None
    replies: list[str] = field(default_factory=list)
    error: str | None = None
    details: GroundingDetails = field(default_factory=GroundingDetails)   # recorded in the trajectory
    image: bytes | None = None                              # the marked screenshot (som)


def describe_element(element: Element) -> str:
    """The option text of an element: its line in the element-list format, without the label."""
    line = format_element(element)
    return line.split(": ", 1)[1] if line.startswith("[") else line


def _page_op(reply: GroundingReply, paper: bool = False) -> bool:
    return reply.operation in PAGE_OPS and not (paper and reply.operation in NOT_IN_PAPER)


def unoffered(reply: GroundingReply, paper: bool) -> bool:
    """True when the reply names an operation the paper's tool does not run (it goes on to the next batch)."""
    return paper and reply.operation in NOT_IN_PAPER


def _no_element(mode: str, reply: GroundingReply) -> str:
    if reply.operation is None:
        return ("the reply did not end with the ELEMENT / ACTION / VALUE lines; answer in exactly that format"
                if mode != "coordinates" else "the reply did not end with the POINT / ACTION / VALUE lines")
    return f"no element of the page was chosen for {reply.operation}"


def _settle(out: Grounded, batch: ChoiceBatch[Element], reply: GroundingReply, paper: bool) -> bool:
    """Record the batch's answer in `out` when it names an element or a page operation (True: done)."""
    picked = None if unoffered(reply, paper) else batch.pick(reply.element)
    if picked is None and not _page_op(reply, paper):
        return False
    out.element, out.operation, out.value = picked, reply.operation, reply.value
    out.details.batch, out.details.letter = batch.index, reply.element
    if picked is not None and reply.operation in (None, "NONE"):
        out.operation = "CLICK"     # an element without an operation: clicking is the usual intent
    return True


def _unsettled(out: Grounded, reply: GroundingReply, paper: bool) -> Grounded:
    """`out` after no batch named an element: the last reply's operation and what to tell the model."""
    out.operation, out.value = reply.operation, reply.value
    out.error = (_no_element("choice", reply) if reply.operation is None else
                 f"{reply.operation} is not one of the operations offered" if unoffered(reply, paper) else
                 NONE_MATCHED)
    return out


async def ground_choice(ask: Ask, convo: list[Message], candidates: Sequence[Element], *, batch_size: int = 17,
                        online: bool = True, fixed_batches: bool = False, paper: bool = False) -> Grounded:
    """Textual choices: lettered batches of candidates; the first batch that names an element wins."""
    batches = make_batches(list(candidates), [describe_element(e) for e in candidates], batch_size,
                           fixed=fixed_batches)
    out = Grounded(details=GroundingDetails(batches=[list(b.descriptions) for b in batches]))
    if not batches:
        batches = [ChoiceBatch(items=(), descriptions=(), index=0)]
    reply = GroundingReply()
    for batch in batches:
        question = messages.choice_message(batch, online=online, count=len(batches),  # type: ignore[arg-type]
                                           paper=paper)
        convo.append(question)
        completion = await ask(convo)
        convo.append(Message.text("assistant", completion.text))
        out.replies.append(completion.text)
        reply = parse_grounding(completion.text)
        if _settle(out, batch, reply, paper):
            return out
        if reply.element is None and reply.operation is None:
            break   # unreadable reply: asking the next batch would not help
    return _unsettled(out, reply, paper)


@dataclass
class AsOriginal:
    """What `ground_choice_as_original` asked: the grounding, the generation of the batch that decided (or
    of the last one asked) and each batch's conversation (for the messages log)."""

    grounded: Grounded
    generation: str
    conversations: list[list[Message]]


async def ground_choice_as_original(ask: Ask, pack: ProtocolPack, task: str, previous_actions: Sequence[str],
                                    screenshot: bytes, candidates: Sequence[Element], *,
                                    batch_size: int = 17) -> AsOriginal:
    """Textual choices as SeeAct's online tool asks them, worded from `pack`: per batch (slices of
    `batch_size` in turn) a fresh generation call on the screenshot, then the referring call with that
    batch's options (`pack_layout`); the first batch that names an element or a page operation wins.
    Every batch is asked after an unreadable answer too, as there."""
    words = pack_layout.wording(pack, "online")
    query = pack_layout.query_text(pack, words, task, previous_actions)
    batches = make_batches(list(candidates), [describe_element(e) for e in candidates], batch_size, fixed=True)
    done = AsOriginal(Grounded(details=GroundingDetails(batches=[list(b.descriptions) for b in batches])), "", [])
    reply = GroundingReply()
    if not batches:   # seeact.py asks nothing then: no operation this step
        done.grounded.error = "the page has no candidate elements to choose from"
        return done
    for batch in batches:
        first = pack_layout.generation_turn(words, query, screenshot, "image/png")
        done.generation = (await ask(first)).text
        convo = pack_layout.referring_turn(first, done.generation,
                                           pack_layout.referring_text(pack, words, batch.descriptions))
        completion = await ask(convo)
        done.conversations.append([*convo, Message.text("assistant", completion.text)])
        done.grounded.replies.append(completion.text)
        reply = parse_grounding(completion.text)
        if _settle(done.grounded, batch, reply, paper=True):
            return done
    _unsettled(done.grounded, reply, paper=True)
    return done


async def ground_som(ask: Ask, convo: list[Message], candidates: Sequence[Element], screenshot: bytes, *,
                     online: bool = True, legend: bool = True,
                     label_colors: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
                     paper: bool = False) -> Grounded:
    """Image annotation: candidates outlined with letter labels on the screenshot; the model names one.

    With `legend` the labels' element descriptions are also listed as text (like WebVoyager's
    auxiliary text); without it the model has only the image, as in the paper."""
    letters = [letter(i) for i in range(len(candidates))]
    marked = draw_letter_marks(screenshot, [(ltr, e.bbox) for ltr, e in zip(letters, candidates)],
                               label_colors=label_colors)
    none_letter = letter(len(candidates))
    legend_text = "\n".join(f"{ltr}. {describe_element(e)}" for ltr, e in zip(letters, candidates)) if legend else ""
    convo.append(messages.som_message(marked, none_letter, online=online, legend=legend_text, paper=paper))
    completion = await ask(convo)
    convo.append(Message.text("assistant", completion.text))
    reply = parse_grounding(completion.text)
    batch = ChoiceBatch(items=tuple(candidates), descriptions=tuple(letters))
    picked = None if unoffered(reply, paper) else batch.pick(reply.element)
    out = Grounded(replies=[completion.text], operation=reply.operation, value=reply.value, element=picked,
                   details=GroundingDetails(labels={ltr: e.label for ltr, e in zip(letters, candidates)},
                                            letter=reply.element),
                   image=marked)
    if unoffered(reply, paper):
        out.error = f"{reply.operation} is not one of the operations offered"
    elif picked is None and not _page_op(reply):
        invented = reply.element not in (None, "NONE") and not batch.is_valid_letter(reply.element)
        out.error = (f"label {reply.element} is not on the screenshot; use one of the drawn labels" if invented
                     else _no_element("som", reply))
    return out


def element_at(elements: Sequence[Element], point: Point) -> Element | None:
    """The smallest element whose box contains the point (what a click there most likely hits)."""
    inside = [e for e in elements if e.bbox[0] <= point.x <= e.bbox[0] + e.bbox[2]
              and e.bbox[1] <= point.y <= e.bbox[1] + e.bbox[3]]
    return min(inside, key=lambda e: e.bbox[2] * e.bbox[3]) if inside else None


async def ground_coordinates(ask: Ask, convo: list[Message], observation: Observation, *,
                             online: bool = True, paper: bool = False, scale: float = 1.0) -> Grounded:
    """Pixel level: the model gives a point on the screenshot; the action happens at that point. `scale`:
    the screenshot was sent scaled by it (`--image-scale`), so the model is told the size it sees and its
    point is divided by it to land in the viewport."""
    width, height = (max(1, round(side * scale)) for side in observation.viewport)
    convo.append(messages.coordinates_message(width, height, online=online, paper=paper))
    completion = await ask(convo)
    convo.append(Message.text("assistant", completion.text))
    reply = parse_grounding(completion.text)
    out = Grounded(replies=[completion.text], operation=reply.operation, value=reply.value)
    if reply.point is None:
        if not _page_op(reply):
            out.error = _no_element("coordinates", reply)
        return out
    x, y = reply.point
    if not (0 <= x < width and 0 <= y < height):
        out.error = f"the point ({x:.0f}, {y:.0f}) is outside the {width}x{height} screenshot"
        return out
    out.point = Point(x / scale, y / scale)
    out.element = element_at(observation.elements, out.point)
    return out
