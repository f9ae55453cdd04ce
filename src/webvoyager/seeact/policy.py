"""SeeAct's policy: stage 1 (generation) then stage 2 (grounding) for every step.

Stage 1 shows the task, the previous actions as short lines and the screenshot; the model describes
the page, its progress and the next target element, operation and value in free text. Stage 2
continues the same conversation with the grounding question of the chosen strategy (`choice`,
`som`, `attributes` or `coordinates`). Each step starts a fresh conversation, as in the paper; what
happened before is carried by the previous-action lines and the notes of the last step. Under the
default protocol stage 1 also shows the page's address and title, and the notes the model wrote
(`NOTE:` lines) at earlier steps (`seeact.memory`); under `paper` it shows neither, as the original.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from webvoyager.agent.policy import Decision
from webvoyager.browser.types import Element, Observation, Point
from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel, Completion, ImagePart, Message
from webvoyager.protocol import DEFAULT_SEEACT_PIPELINE, SeeActPipeline
from webvoyager.seeact import messages
from webvoyager.seeact.actions import build_action, history_line
from webvoyager.seeact.attributes import ground_attributes
from webvoyager.packs import ProtocolPack
from webvoyager.seeact.grounding import (Grounded, check_grounding, ground_choice, ground_choice_as_original,
                                          ground_coordinates, ground_som)
from webvoyager.seeact.memory import Notebook
from webvoyager.seeact.ranker import LexicalRanker, Ranker
from webvoyager.tasks import Task
from webvoyager.trajectory import PolicyRecord, SeeActRecord
from webvoyager.usage import Usage


@dataclass
class _Done:
    """One previous action as the model will read it."""

    operation: str
    value: str
    element: Element | None
    status: str = ""

    def line(self) -> str:
        return history_line(self.operation, self.value, self.element, status=self.status)


class SeeActPolicy:
    """The two-stage SeeAct policy (see module docstring); one task at a time."""

    name = "seeact"

    def __init__(self, model: ChatModel, *, grounding: str = "choice", ranker: Ranker | None = None, top_k: int = 50,
                 batch_size: int = 17, temperature: float = 1.0, max_tokens: int = 1024, seed: int | None = None,
                 som_legend: bool | None = None, system_prompt: str | None = None,
                 pipeline: SeeActPipeline = DEFAULT_SEEACT_PIPELINE, pack: ProtocolPack | None = None,
                 image_scale: float = 1.0) -> None:
        check_grounding(grounding)
        if pack is not None and (grounding != "choice" or system_prompt is not None):
            raise ConfigError("a SeeAct prompt pack words the online tool's textual choices with its own system "
                              "prompt: use grounding 'choice' and no system prompt with it")
        if top_k < 1 or batch_size < 1:
            raise ConfigError("top_k and batch_size must be at least 1")
        self.model, self.grounding = model, grounding
        self.ranker: Ranker = ranker or LexicalRanker()
        self.top_k, self.batch_size = top_k, batch_size
        self.temperature, self.max_tokens, self.seed = temperature, max_tokens, seed
        self.pipeline = pipeline        # how questions are built (the protocol's: protocol.seeact_pipeline)
        # list the som labels' elements as text too (False: image only); the pipeline's unless given
        self.som_legend = pipeline.som_legend if som_legend is None else som_legend
        self.paper = not pipeline.page_ops   # SeeAct's own operations only (no SCROLL, GO BACK)
        self.pack = pack    # the paper's wording and request layout (`pack_layout`), instead of ours
        # The screenshot's scale as the model gets it (`--image-scale`, applied by the model's wrapper):
        # coordinate grounding tells the model that size and maps its point back to the viewport.
        self.image_scale = image_scale
        self.system = (Message.text("system", system_prompt) if system_prompt else
                       messages.system_message(online=True, paper=self.paper))
        self._task: Task | None = None
        self._history: list[_Done] = []
        self._notebook = Notebook()
        self._log: list[dict[str, Any]] = []

    # ----- Policy protocol ----------------------------------------------------------------------

    def reset(self, task: Task) -> None:
        """Start a new task: no previous actions, no notes, an empty log."""
        self._task, self._history, self._notebook, self._log = task, [], Notebook(), []

    @property
    def previous_actions(self) -> list[str]:
        """The previous-action lines the model sees next."""
        return [d.line() for d in self._history]

    async def decide(self, observation: Observation) -> Decision:
        """Run both stages on the observation and turn the grounded answer into an action."""
        if self._task is None:
            raise ConfigError("SeeActPolicy.decide called before reset(task)")
        if not observation.screenshot:
            raise ConfigError("the SeeAct policy needs screenshots (it describes the page from one); run it "
                              "without --text-only")
        if self._history and not self._history[-1].status and observation.last_action_error:
            self._history[-1].status = f"failed: {observation.last_action_error[:120]}"
        usage = Usage()

        async def ask(convo: list[Message]) -> Completion:
            nonlocal usage
            completion = await self.model.complete(convo, temperature=self.temperature, max_tokens=self.max_tokens,
                                                   seed=self.seed)
            usage = usage + completion.usage
            return completion

        if self.pack is not None:   # the paper's wording: no address, title or notes, as the original
            asked = await ground_choice_as_original(ask, self.pack, self._task.question, self.previous_actions,
                                                    observation.screenshot, self.candidates(observation),
                                                    batch_size=self.batch_size)
            for convo in asked.conversations:
                self._log.extend(_log_messages(convo, step=observation.observation_id))
            generation_text, grounded = asked.generation, asked.grounded
        else:
            generation = messages.generation_message(
                self._task.question, self.previous_actions, observation.screenshot, online=True,
                notes=messages.feedback_notes(observation), page_notes=observation.notes, paper=self.paper,
                title=observation.title, url=observation.url, memory=self._notebook.shown())
            # Every stage-2 call repeats the system prompt and this turn (its screenshot the most of it):
            # a provider with explicit prompt caching writes it at stage 1 and reads it at stage 2.
            convo = [self.system, replace(generation, cache_point=True)]
            generation_text = (await ask(convo)).text
            convo.append(Message.text("assistant", generation_text))
            grounded = await self._ground(ask, convo, observation, generation_text)
            self._log.extend(_log_messages(convo, step=observation.observation_id))
        # Notes are the model's memory across steps: any reply of this step may write one (a value
        # seen among the options too); the paper's prompt asks for none and carries none.
        noted = [] if self.paper else self._notebook.add([generation_text, *grounded.replies])
        record = PolicyRecord(seeact=SeeActRecord(
            grounding=self.grounding, generation=generation_text, grounding_replies=grounded.replies,
            operation=grounded.operation, value=grounded.value,
            element=grounded.element.label if grounded.element else None,
            point=[grounded.point.x, grounded.point.y] if grounded.point else None, details=grounded.details,
            notes=noted))
        raw = "\n\n".join(grounded.replies)
        if grounded.error or grounded.operation in (None, "NONE"):
            return Decision(thought=generation_text, action=None, raw_output=raw, usage=usage, record=record,
                            error=grounded.error or "the reply named no operation")
        target: int | Point | None = grounded.point or (grounded.element.label if grounded.element else None)
        built = build_action(grounded.operation, grounded.value, target, grounded.element)
        if built.action is None:
            return Decision(thought=generation_text, action=None, raw_output=raw, usage=usage, record=record,
                            error=built.error)
        done = _Done(grounded.operation, built.value or grounded.value, grounded.element)
        decision = Decision(thought=generation_text, action=built.action, raw_output=raw, usage=usage, record=record)
        self._history.append(done)
        return decision

    def messages_log(self) -> list[dict[str, Any]]:
        """Every step's two-stage conversation, images replaced by placeholders."""
        return list(self._log)

    # ----- helpers ------------------------------------------------------------------------------

    def candidates(self, observation: Observation, generation: str = "") -> list[Element]:
        """The ranker's top-k elements, back in label (reading) order, or (the pipeline's `by_position`)
        by their centre, top to bottom then left to right, rounded to pixels as SeeAct's tool does.
        With the pipeline's `rank_by_generation`, the stage-1 reply `generation` joins the task in the
        ranker's query: a target the task's words do not name ("Next", a date) is not ranked out."""
        query = self._task.question if self._task else ""
        if self.pipeline.rank_by_generation and generation:
            query = f"{query}\n{generation}"
        ranked = self.ranker.rank(query, self.previous_actions, observation.elements)
        top = [e for e, _ in ranked[: self.top_k]]
        if self.pipeline.by_position:
            return sorted(top, key=lambda e: (round(e.center[1]), round(e.center[0])))
        return sorted(top, key=lambda e: e.label)

    async def _ground(self, ask: Any, convo: list[Message], observation: Observation, generation: str) -> Grounded:
        if self.grounding == "choice":
            return await ground_choice(ask, convo, self.candidates(observation, generation),
                                       batch_size=self.batch_size, fixed_batches=self.pipeline.fixed_batches,
                                       paper=self.paper)
        if self.grounding == "som":
            return await ground_som(ask, convo, self.candidates(observation, generation), observation.screenshot,
                                    legend=self.som_legend, label_colors=self.pipeline.som_label, paper=self.paper)
        if self.grounding == "attributes":
            return await ground_attributes(ask, convo, observation.elements, max_options=self.batch_size,
                                           paper=self.paper)
        return await ground_coordinates(ask, convo, observation, paper=self.paper, scale=self.image_scale)


def _log_messages(convo: list[Message], *, step: int) -> list[dict[str, Any]]:
    out = []
    for message in convo:
        content: list[dict[str, Any]] = []
        for part in message.parts:
            if isinstance(part, ImagePart):
                content.append({"type": "image_url", "image_url": {"url": f"<screenshot of step {step}>"}})
            else:
                content.append({"type": "text", "text": part.text})
        out.append({"role": message.role, "content": content})
    return out
