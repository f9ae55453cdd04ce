"""Open computer-use models on an OpenAI-compatible chat-completions server (vLLM, SGLang, ...):
UI-TARS-1.5, Qwen2.5-VL, Qwen3-VL and Fara-7B, through the official `openai` SDK.

The conversation is plain chat: our system prompt (cua/prompts/<family>.txt: the task, the actions the
model was trained on and its coordinate convention), then a user turn per model call holding the
screenshot at the size the family's processor resizes it to (so the model answers in the space we
sent), with what went wrong since (a failed action, the gate's refusal, an unreadable reply) as text
before it; the assistant turns are replayed as the family's reference replays them. The newest
`keep_images` screenshots stay, older ones become a line of text. The family's reader turns a reply
into pixel actions (`cua/ui_tars.py`, `cua/qwen_vl.py`); the calls get synthetic ids (`c<turn>.<n>`).
"""

from __future__ import annotations

import base64
import json
from typing import Any

from webvoyager.browser.action_spec import Point
from webvoyager.cua.anthropic_cua import LEFT_OUT
from webvoyager.cua.open_reply import Family, Reader, ReadReply
from webvoyager.cua.qwen_vl import FARA, QWEN25_VL, QWEN3_VL, TOOL_NAME
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.cua.ui_tars import UI_TARS
from webvoyager.errors import ConfigError
from webvoyager.models.openai_provider import OpenAIModel
from webvoyager.prompts import load_prompt
from webvoyager.tasks import Task

FAMILIES = {f.name: f for f in (UI_TARS, QWEN25_VL, QWEN3_VL, FARA)}
"""The open families by the spec prefix that names them (`ui-tars:MODEL`, ...)."""


def family_named(name: str) -> Family:
    """The family of a spec prefix, or ConfigError naming the ones there are."""
    if name not in FAMILIES:
        raise ConfigError(f"unknown open computer-use family {name!r}; use one of {', '.join(FAMILIES)}")
    return FAMILIES[name]


def _image_part(png: bytes) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode("ascii")}}


def _server_calls(message: Any) -> str:
    """Tool calls the server parsed out of the text itself (vLLM with a tool-call parser), written back
    as the `<tool_call>` blocks the reader reads."""
    calls = getattr(message, "tool_calls", None) or []
    return "".join(f"\n<tool_call>\n{{\"name\": {json.dumps(c.function.name)}, \"arguments\": "
                   f"{c.function.arguments}}}\n</tool_call>" for c in calls if getattr(c, "function", None))


class OpenComputerUse:
    """The conversation with one open model of a `family`, for one task at a time."""

    def __init__(self, model: OpenAIModel, family: Family, viewport: tuple[int, int], *, max_tokens: int = 4096,
                 keep_images: int = 3) -> None:
        self.model, self.family = model, family
        self.name = family.name
        self.screen = family.screen(viewport)
        self.max_tokens, self.keep_images = max_tokens, keep_images
        self._reader = Reader(self.screen)
        self._messages: list[dict[str, Any]] = []
        self._names: dict[str, str] = {}   # call id -> the family's name of the action (for error lines)
        self._url, self._turns = "", 0

    def system(self, task: Task) -> str:
        """Our system prompt for this family: the task, its actions and its coordinate space."""
        width, height = self.screen.image if self.screen.grid is None else (self.screen.grid, self.screen.grid)
        return load_prompt("webvoyager.cua", self.family.prompt).render(allow_unused=True,
            task=task.question, start_url=task.start_url, width=width, height=height, tool=TOOL_NAME,
            rules=load_prompt("webvoyager.cua", "open_rules.txt").text.strip())

    def start(self, task: Task, system: str) -> None:
        """Open `task`. The generic `system` prompt speaks of a computer tool these models were not
        trained on, so the family's own prompt replaces it."""
        self._messages = [{"role": "system", "content": self.system(task)}]
        self._reader, self._names, self._url, self._turns = Reader(self.screen), {}, task.start_url, 0

    def _user_turn(self, results: list[CallResult], screenshot: bytes) -> dict[str, Any]:
        lines = []
        for result in results:
            name = self._name(result.call_id)
            if result.error:
                lines.append(f"{name}: {result.error}" if name else result.error)
            elif result.text:
                lines.append(result.text)
            self._url = result.url or self._url
        if self.family.url_turns:
            lines.insert(0, f"Current URL: {self._url}")
        content: list[dict[str, Any]] = [{"type": "text", "text": "\n".join(lines)}] if lines else []
        return {"role": "user", "content": content + [_image_part(screenshot)]}

    def _prune_images(self) -> None:
        """Keep the newest `keep_images` screenshots; older ones become a short text."""
        seen = 0
        for message in reversed(self._messages):
            parts = message["content"]
            for i in reversed(range(len(parts) if isinstance(parts, list) else 0)):
                if parts[i].get("type") == "image_url":
                    seen += 1
                    if seen > self.keep_images:
                        parts[i] = {"type": "text", "text": LEFT_OUT}

    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Send the screenshot (and what became of the last turn's calls), read the next turn."""
        self._messages.append(self._user_turn(results, screenshot))
        self._prune_images()
        request = {"model": self.model.model, "messages": self._messages, "max_tokens": self.max_tokens}
        response, usage = await self.model.native(self.model.client.chat.completions.create, request)
        message = response.choices[0].message
        reply = (message.content or "") + _server_calls(message)
        self._messages.append({"role": "assistant", "content": self.family.replay(reply)})
        self._turns += 1
        return self._model_turn(self.family.read(reply, self._reader), reply, usage)

    def _model_turn(self, read: ReadReply, reply: str, usage: Any) -> ModelTurn:
        calls, refused = [], []
        if read.error:
            refused.append((f"c{self._turns}", f"Your reply could not be read: {read.error}."))
        for n, call in enumerate(read.calls, 1):
            call_id = f"c{self._turns}.{n}"
            self._names[call_id] = call.name
            if call.error:
                refused.append((call_id, call.error))
            for k, action in enumerate(call.actions):
                calls.append(PixelCall(call_id if k == 0 else f"{call_id}.{k}", action, name=call.name,
                                       model_point=call.model_point))
        return ModelTurn(text=read.thought, calls=tuple(calls), raw=reply, usage=usage, answer=read.answer,
                         refused=tuple(refused))

    def _name(self, call_id: str) -> str:
        """The name of the reply's call behind `call_id` (a later action of a call that takes several
        carries a suffix)."""
        return self._names.get(call_id) or self._names.get(call_id.rsplit(".", 1)[0], "")

    @property
    def tool_label(self) -> str:
        """The family's tool, as a step's record names it."""
        return self.family.tool

    def cursor_text(self, cursor: Point | None) -> str:
        """These families have no cursor query; kept for the policy's contract."""
        return ""

    def messages_log(self) -> list[dict[str, Any]]:
        """The conversation as sent, screenshots replaced by a marker (they are saved with the steps)."""
        def strip(part: dict[str, Any]) -> dict[str, Any]:
            return {"type": "image", "note": "screenshot (saved with the step)"} if part.get("type") == "image_url" \
                else part
        return [{**m, "content": [strip(p) for p in m["content"]] if isinstance(m["content"], list) else m["content"]}
                for m in self._messages]
