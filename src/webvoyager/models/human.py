"""`human`: a person plays the model at the terminal.

Each call shows the element list (the text of the newest user message) and the path of the marked
screenshot (the newest image, written to a temporary folder), then reads the reply from the input
until a line holding only "." or the end of input. The first call also shows the system prompt, so
the person knows the action format. Reading happens in a daemon thread so the event loop (and the
browser it drives) keeps running while the person thinks, and Ctrl-C is not held up by a blocked read.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import threading
from pathlib import Path
from typing import Sequence, TextIO

from webvoyager.errors import ModelError
from webvoyager.models.base import Completion, Message
from webvoyager.text import printable
from webvoyager.usage import Usage

_RULE = "-" * 72


class HumanModel:
    """A ChatModel whose replies are typed by a person; streams are injectable for tests."""

    spec = "human"
    supports_seed = False

    def __init__(self, *, input: TextIO | None = None, output: TextIO | None = None,
                 image_dir: str | Path | None = None) -> None:
        self._input = input
        self._output = output
        self._image_dir = Path(image_dir) if image_dir is not None else None
        self._calls = 0

    def __repr__(self) -> str:
        return "HumanModel()"

    def _screenshot_path(self, messages: Sequence[Message]) -> Path | None:
        """Write the newest image of the conversation to a file; None when there is none."""
        for message in reversed(messages):
            if message.images:
                image = message.images[-1]
                break
        else:
            return None
        if self._image_dir is None:
            self._image_dir = Path(tempfile.mkdtemp(prefix="webvoyager-human-"))
        self._image_dir.mkdir(parents=True, exist_ok=True)
        suffix = image.media_type.rsplit("/", 1)[-1].replace("jpeg", "jpg")
        path = self._image_dir / f"step{self._calls}.{suffix}"
        path.write_bytes(image.data)
        return path

    def _prompt_text(self, messages: Sequence[Message]) -> str:
        lines: list[str] = []
        if self._calls == 1:
            system = "\n".join(m.text_content for m in messages if m.role == "system")
            if system:
                lines += [_RULE, "Instructions given to the model:", system]
        last_user = next((m for m in reversed(messages) if m.role == "user"), None)
        lines += [_RULE, f"Model call #{self._calls}"]
        if last_user is not None:
            lines.append(last_user.text_content)
        screenshot = self._screenshot_path(messages)
        if screenshot is not None:
            lines.append(f"Marked screenshot: {screenshot}")
        lines += [_RULE, 'Type your reply (e.g. "Thought: ...", then "Action: ..."); '
                         'end it with a line holding only "."']
        return "\n".join(lines) + "\n"

    def _read_reply(self) -> str | None:
        stream = self._input or sys.stdin
        lines: list[str] = []
        saw_anything = False
        while True:
            line = stream.readline()
            if not line:  # end of input
                break
            saw_anything = True
            if line.rstrip("\r\n").strip() == ".":
                break
            lines.append(line.rstrip("\r\n"))
        return "\n".join(lines).strip() if saw_anything else None

    async def _read_in_background(self) -> str | None:
        # Not asyncio.to_thread: the default executor is joined at exit, so a read still blocked
        # on the terminal would keep the process alive after Ctrl-C. A daemon thread does not.
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str | None] = loop.create_future()

        def settle(value: str | None, error: BaseException | None) -> None:
            if future.done():
                return  # the call was cancelled meanwhile
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(value)

        def read() -> None:
            try:
                value, error = self._read_reply(), None
            except Exception as exc:  # noqa: BLE001 - handed to the awaiting coroutine
                value, error = None, exc
            try:
                loop.call_soon_threadsafe(settle, value, error)
            except RuntimeError:
                pass  # the loop has closed; nobody waits for this reply any more

        threading.Thread(target=read, name="webvoyager-human-input", daemon=True).start()
        return await future

    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0,
                       max_tokens: int = 1024, seed: int | None = None) -> Completion:
        """Show the observation, wait for the person's reply, return it (temperature etc. unused)."""
        self._calls += 1
        out = self._output or sys.stdout
        out.write(printable(self._prompt_text(messages)))   # page text must not drive the terminal
        out.flush()
        reply = await self._read_in_background()
        if reply is None:
            raise ModelError("human model: the input ended before a reply was typed; "
                             "run interactively or pipe the replies in, each ending with a '.' line")
        return Completion(text=reply, usage=Usage(calls=1), model=self.spec)
