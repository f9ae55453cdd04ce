"""The WebVoyager conversation in the ORIGINAL's layout, worded with a prompt pack's templates
(`--protocol paper --prompts PACK`; the pack is the user's own import of the original code).

What differs from `voyager.messages` (our layout), each as the original's run.py and utils.py do it:
- no heading with the step, title or URL: a turn is the pack's first / next / after-a-PDF observation
  template filled with the element list (or accessibility tree) and, on later turns, the warning slot;
- the first turn is the task intro plus the observation prompt, then the first observation template;
- after a failed action, or a reply the loop could not use, the turn is the pack's fixed text (the
  format-error turn when the reply lacks `Thought:` or `Action:`, else the action-error turn), sent
  WITHOUT the new screenshot, so the screenshots kept in context are the original's;
- clipping counts, from the newest turn back, the turns with a screenshot (text-only: every user turn)
  and replaces those past `context_images` by their text before the pack's split marker, stripped,
  plus the pack's fixed omitted text (its PDF variant after a PDF); a fixed text turn is kept as is.
The non-textbox warning (`Observation.type_warning`, after a Type into something that may not be a
text box) fills the next turn's warning slot with the pack's warning template. The loop's other notes
(dialogs, blocked navigations) have no place in the original's turns and are not shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webvoyager.browser.pdf import PDF_NOTE_START
from webvoyager.browser.types import Observation
from webvoyager.models.base import ImagePart, Message, Part, TextPart
from webvoyager.packs import ProtocolPack
from webvoyager.voyager.messages import final_reply

# The markers whose absence makes the original answer with its format-error turn (run.py main loop).
_REPLY_MARKERS = ("Thought:", "Action:")


@dataclass
class PackTurn:
    """One user turn as first sent (before clipping) and the model's reply to it."""

    index: int                  # the step (1-based), for the screenshot file of the message log
    text: str
    image: bytes | None = None  # the marked screenshot (None: text-only, or a fixed text turn)
    pdf: bool = False
    fixed: bool = False         # the pack's fixed error text, not an observation
    reply: str | None = None


class PackWording:
    """Builds and clips the turns of one conversation from the pack's templates."""

    def __init__(self, pack: ProtocolPack, *, text_only: bool) -> None:
        self.pack = pack
        self.text_only = text_only
        self._suffix = "_text_only" if text_only else ""

    def system_prompt(self) -> str:
        return self.pack.text(f"system{self._suffix}")

    def turn(self, index: int, obs: Observation, *, question: str, start_url: str,
             previous: list[PackTurn]) -> PackTurn:
        """The user turn answering the previous step (or opening the task when `previous` is empty)."""
        if previous and (obs.reply_error or obs.last_action_error):
            last = previous[-1].reply or ""
            name = "action_error" if obs.last_action_error or all(m in last for m in _REPLY_MARKERS) else "format_error"
            return PackTurn(index, self.pack.text(name), fixed=True)
        listing = {"ac_tree" if self.text_only else "web_text": obs.text}
        image = None if self.text_only else (obs.marked_screenshot or obs.screenshot or None)
        pdf_notes = [n for n in obs.notes if n.startswith(PDF_NOTE_START)]
        if not any(not t.fixed for t in previous):
            intro = self.pack.prompt("task_intro").render(ques=question, web=start_url)
            init_msg = intro + self.pack.text(f"obs_prompt{self._suffix}")
            text = self.pack.prompt(f"first_observation{self._suffix}").render(init_msg=init_msg, **listing)
            return PackTurn(index, text, image)
        if pdf_notes:
            pdf_obs = self.pack.prompt("pdf_note").render(pdf_obs=pdf_notes[-1])
            text = self.pack.prompt(f"pdf_observation{self._suffix}").render(pdf_obs=pdf_obs, **listing)
            return PackTurn(index, text, image, pdf=True)
        warned = obs.type_warning
        # The original formats Selenium's values with an f-string, so a missing type reads "None".
        warn_obs = "" if warned is None else self.pack.prompt("type_warning").render(tag_name=warned.tag,
                                                                                     ele_type=str(warned.type))
        text = self.pack.prompt(f"next_observation{self._suffix}").render(warn_obs=warn_obs, **listing)
        return PackTurn(index, text, image)

    def _clipped(self, turn: PackTurn) -> str:
        kept = turn.text.split(self.pack.text("clip_split"))[0].strip()
        return kept + self.pack.text(f"omitted{'_pdf' if turn.pdf else ''}{self._suffix}")

    def layout(self, system: str, turns: list[PackTurn], *, context_images: int) -> list[tuple[str, str, PackTurn | None]]:
        """(role, text, turn whose screenshot goes with it or None) for every message, clipped."""
        shown: list[tuple[str, str, PackTurn | None]] = []
        counted = 0
        for turn in reversed(turns):
            if turn.reply is not None:
                shown.append(("assistant", turn.reply, None))
            counts = not turn.fixed if not self.text_only else True
            if counts and counted >= context_images:
                shown.append(("user", self._clipped(turn), None))
                continue
            counted += int(counts)
            shown.append(("user", turn.text, turn if turn.image is not None else None))
        shown.append(("system", system, None))
        return shown[::-1]

    def messages(self, system: str, turns: list[PackTurn], *, context_images: int) -> list[Message]:
        """The provider-neutral messages for the next model call."""
        out = []
        for role, text, with_image in self.layout(system, turns, context_images=context_images):
            parts: tuple[Part, ...] = (TextPart(text),)
            if with_image is not None and with_image.image is not None:
                parts += (ImagePart(with_image.image),)
            out.append(Message(role=role, parts=parts))  # type: ignore[arg-type]
        return out

    def log(self, system: str, turns: list[PackTurn], *, context_images: int) -> list[dict[str, Any]]:
        """The same conversation in the `interact_messages.json` layout (screenshots as file names)."""
        out: list[dict[str, Any]] = []
        for role, text, with_image in self.layout(system, turns, context_images=context_images):
            if with_image is None:
                out.append({"role": role, "content": text})
            else:
                out.append({"role": role, "content": [
                    {"type": "text", "text": text},
                    {"type": "image_url", "image_url": {"url": f"screenshot{with_image.index}.png"}}]})
        if out and out[-1]["role"] == "assistant":
            out[-1]["content"] = final_reply(out[-1]["content"])
        return out
