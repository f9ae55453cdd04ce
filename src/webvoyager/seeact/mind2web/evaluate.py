"""The Mind2Web offline evaluator: score recorded predictions, or run a model with textual choices.

Model runs follow SeeAct's offline protocol: previous actions come from the gold history; the
candidates are ranked (the recorded ranks when the data has them, else our ranker), the top k are kept
and re-sorted top-to-bottom, split into lettered batches, and for each batch the model describes the
next action from the screenshot (stage 1) and then answers the multiple-choice question (stage 2). The
first batch whose answer names an element wins.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Sequence

from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel, Message
from webvoyager.packs import ProtocolPack
from webvoyager.protocol import DEFAULT_OFFLINE_CROP, OfflineCrop
from webvoyager.seeact import messages, pack_layout
from webvoyager.seeact.choices import ChoiceBatch, split_batches
from webvoyager.seeact.mind2web.data import Candidate, QueryBatch, Step
from webvoyager.seeact.mind2web.html import INTERACTIVE_TAGS, candidate_text, describe, node_texts
from webvoyager.seeact.mind2web.metrics import StepOutcome, score_step
from webvoyager.seeact.mind2web.predictions import Prediction
from webvoyager.seeact.parse import GroundingReply, parse_grounding
from webvoyager.seeact.ranker import LexicalRanker, Ranker
from webvoyager.usage import Usage


@dataclass
class PreparedStep:
    """The choice batches of a step and whether a positive candidate made the top k."""

    batches: list[QueryBatch]
    in_top_k: bool


def prepare_step(step: Step, *, ranker: Ranker | None = None, top_k: int = 50, batch_size: int = 17) -> PreparedStep:
    """Batches of (backend_node_id, description) options for a step.

    Query folders already hold SeeAct's batches; for parquet rows the candidates are ranked here.
    """
    if step.batches:
        offered = {c[0] for b in step.batches for c in b.choices}
        ranked_ok = any(c.rank is not None and c.rank < top_k for c in step.positives)
        return PreparedStep(step.batches, bool(step.positive_ids & offered) or ranked_ok)
    candidates = step.positives + step.negatives
    nodes = node_texts(step.cleaned_html) if step.cleaned_html else {}
    if candidates and all(c.rank is not None for c in candidates):
        top = sorted(candidates, key=lambda c: c.rank or 0)[:top_k]
    else:
        texts = [candidate_text(c, nodes) for c in candidates]
        ranked = (ranker or LexicalRanker()).rank(step.task, step.previous_actions, candidates, texts=texts)
        # Interactive elements (links, buttons, fields) are the usual targets: a small bonus on ties.
        ranked.sort(key=lambda pair: -(pair[1] + (0.5 if pair[0].tag in INTERACTIVE_TAGS else 0.0)))
        top = [c for c, _ in ranked[:top_k]]
    in_top = any(c.backend_node_id in step.positive_ids for c in top)
    top.sort(key=_reading_order)
    batches = [QueryBatch(choices=tuple((c.backend_node_id, describe(c, nodes)) for c in group))
               for group in split_batches(top, batch_size)]
    return PreparedStep(batches, in_top)


def _reading_order(c: Candidate) -> tuple[float, float]:
    box = c.bbox
    return (box[1], box[0]) if box else (float("inf"), 0.0)


def _choice_batch(choices: Sequence[tuple[str, str]], index: int) -> ChoiceBatch[str]:
    return ChoiceBatch(items=tuple(c[0] for c in choices), descriptions=tuple(c[1] for c in choices), index=index)


def score_predictions(step: Step, preds: list[Prediction], prepared: PreparedStep | None = None) -> StepOutcome:
    """Score a step's recorded predictions: the first batch whose answer names an element wins."""
    prepared = prepared or prepare_step(step)
    chosen: str | None = None
    reply = GroundingReply()
    for pred in sorted(preds, key=lambda p: p.batch):
        choices = pred.choices
        if choices is None:
            choices = list(prepared.batches[pred.batch].choices) if pred.batch < len(prepared.batches) else []
        reply = parse_grounding(pred.grounding)
        picked = _choice_batch(choices, pred.batch).pick(reply.element)
        if picked is not None:
            chosen = picked
            break
    return score_step(step.annotation_id, step.action_uid, step.split, positive_ids=step.positive_ids,
                      gold_op=step.operation.op, gold_value=step.operation.value, predicted_element=chosen,
                      predicted_op=reply.operation, predicted_value=reply.value, in_top_k=prepared.in_top_k,
                      step_index=step.index, task_steps=step.task_steps)


def _media_type(data: bytes) -> str:
    return "image/jpeg" if data[:3] == b"\xff\xd8\xff" else "image/png"


def batch_image(step: Step, batch: QueryBatch, candidates: dict[str, Candidate],
                crop: OfflineCrop = DEFAULT_OFFLINE_CROP) -> bytes | None:
    """The screenshot shown with a batch: the recorded crop, else the page screenshot cropped around
    the batch's candidates as `crop` says (Mind2Web screenshots are whole pages, often thousands of
    pixels high)."""
    if batch.image is not None:
        return batch.image.read_bytes()
    if step.screenshot is None:
        return None
    from PIL import Image

    image = Image.open(io.BytesIO(step.screenshot))
    boxes = [candidates[i].bbox for i, _ in batch.choices if i in candidates and candidates[i].bbox]
    if not boxes:
        return step.screenshot
    top = max(0, int(min(b[1] for b in boxes if b)) - crop.margin)   # type: ignore[index]
    bottom = min(image.height, max(top + crop.min_height,
                                   int(max(b[1] + b[3] for b in boxes if b)) + crop.margin))  # type: ignore[index]
    out = io.BytesIO()
    image.crop((0, top, image.width, bottom)).convert("RGB").save(out, format="JPEG", quality=crop.quality)
    return out.getvalue()


@dataclass
class StepRun:
    """What a model run produced for one step."""

    outcome: StepOutcome
    predictions: list[Prediction] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)


def _our_turns(step: Step, image: bytes | None) -> list[Message]:
    """Our wording: the system prompt and stage 1 (the screenshot after the text, when there is one)."""
    convo: list[Message] = [messages.system_message(online=False)]
    if image is not None:
        convo.append(messages.generation_message(step.task, step.previous_actions, image, online=False,
                                                 media_type=_media_type(image)))
    else:
        convo.append(Message.text("user", messages.generation_message(
            step.task, step.previous_actions, b"", online=False).text_content))
    return convo


async def run_step(step: Step, model: ChatModel, *, ranker: Ranker | None = None, top_k: int = 50,
                   batch_size: int = 17, temperature: float = 0.0, max_tokens: int | None = None,
                   seed: int | None = None, crop: OfflineCrop = DEFAULT_OFFLINE_CROP,
                   pack: ProtocolPack | None = None) -> StepRun:
    """Ask `model` about one step, batch by batch, until a batch's answer names an element (or every
    batch, `crop.every_batch`). With a SeeAct `pack`, the requests are the original's textual-choice
    ones (`seeact.pack_layout`), worded from the pack."""
    prepared = prepare_step(step, ranker=ranker, top_k=top_k, batch_size=batch_size)
    max_tokens = crop.max_tokens if max_tokens is None else max_tokens
    by_id = {c.backend_node_id: c for c in step.positives + step.negatives}
    words = pack_layout.wording(pack, "text_choice") if pack is not None else None
    preds: list[Prediction] = []
    usage = Usage()
    if not prepared.in_top_k:   # the positive was ranked out: a failure whatever the model says
        return StepRun(outcome=score_predictions(step, preds, prepared))
    for index, batch in enumerate(prepared.batches):
        image = batch_image(step, batch, by_id, crop)
        if pack is not None and words is not None:
            if image is None:
                raise ConfigError(f"step {step.key}: no screenshot; the paper's requests need one per batch")
            convo = pack_layout.generation_turn(words, pack_layout.query_text(
                pack, words, step.task, step.previous_actions), image, _media_type(image))
        else:
            convo = _our_turns(step, image)
        gen = await model.complete(convo, temperature=temperature, max_tokens=max_tokens, seed=seed)
        if pack is not None and words is not None:
            convo = pack_layout.referring_turn(convo, gen.text, pack_layout.referring_text(
                pack, words, [text for _, text in batch.choices]))
            question = convo[-1]
        else:
            question = messages.choice_message(_choice_batch(batch.choices, index), online=False)  # type: ignore[arg-type]
            convo += [Message.text("assistant", gen.text), question]
        ground = await model.complete(convo, temperature=temperature, max_tokens=max_tokens, seed=seed)
        usage = usage + gen.usage + ground.usage
        preds.append(Prediction(batch=index, generation=gen.text, grounding=ground.text,
                                annotation_id=step.annotation_id, action_uid=step.action_uid,
                                choices=list(batch.choices),
                                prompt=[convo[0].text_content, convo[1].text_content, question.text_content]))
        named = _choice_batch(batch.choices, index).pick(parse_grounding(ground.text).element) is not None
        if named and not crop.every_batch:
            break
    return StepRun(outcome=score_predictions(step, preds, prepared), predictions=preds, usage=usage)
