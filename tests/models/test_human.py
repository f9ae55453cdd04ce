"""The human model: shows the element list and screenshot path, reads a reply up to a '.' line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from webvoyager.errors import ModelError
from webvoyager.models import ImagePart, Message, TextPart
from webvoyager.models.human import HumanModel

ELEMENTS = '[0]: <a> "Home"\n[1]: <input type=text> "" placeholder="Search"'


def conversation(image: bytes) -> list[Message]:
    return [
        Message.text("system", "Reply with Thought: and Action:"),
        Message.text("user", "Task: search for cats"),
        Message("user", (ImagePart(image), TextPart(ELEMENTS))),
    ]


async def test_shows_observation_and_reads_multiline_reply(tmp_path: Path) -> None:
    out = io.StringIO()
    typed = io.StringIO("Thought: type in the box\nAction: Type [1]; cats\n.\nnext reply\n")
    model = HumanModel(input=typed, output=out, image_dir=tmp_path)

    completion = await model.complete(conversation(b"PNG-1"), temperature=0.0, seed=1)

    assert completion.text == "Thought: type in the box\nAction: Type [1]; cats"
    assert completion.usage.calls == 1
    shown = out.getvalue()
    assert "Reply with Thought: and Action:" in shown  # the instructions, on the first call
    assert ELEMENTS in shown
    screenshot = tmp_path / "step1.png"
    assert f"Marked screenshot: {screenshot}" in shown
    assert screenshot.read_bytes() == b"PNG-1"

    # second call: the next reply is read up to end of input; instructions are not repeated
    out.truncate(0)
    out.seek(0)
    second = await model.complete(conversation(b"PNG-2"))
    assert second.text == "next reply"
    assert "Reply with Thought" not in out.getvalue()
    assert (tmp_path / "step2.png").read_bytes() == b"PNG-2"


async def test_end_of_input_without_reply_is_an_error(tmp_path: Path) -> None:
    model = HumanModel(input=io.StringIO(""), output=io.StringIO(), image_dir=tmp_path)
    with pytest.raises(ModelError, match="input ended before a reply"):
        await model.complete([Message.text("user", "hi")])


async def test_without_image_no_screenshot_line(tmp_path: Path) -> None:
    out = io.StringIO()
    model = HumanModel(input=io.StringIO("Action: Wait\n.\n"), output=out, image_dir=tmp_path)
    assert (await model.complete([Message.text("user", "text-only obs")])).text == "Action: Wait"
    assert "Marked screenshot" not in out.getvalue()
    assert "text-only obs" in out.getvalue()


def test_default_streams_are_the_terminal(tmp_path: Path) -> None:
    """Through `create_model("human")` in a real process: stdout shows the observation, stdin answers."""
    import subprocess
    import sys

    script = (
        "import asyncio\n"
        "from webvoyager.api import create_model\nfrom webvoyager.models import Message\n"
        "model = create_model('human')\n"
        "reply = asyncio.run(model.complete([Message.text('user', 'OBSERVATION-TEXT')]))\n"
        "print('REPLY=' + repr(reply.text))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input="Thought: t\nAction: Wait\n.\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "OBSERVATION-TEXT" in done.stdout
    assert "REPLY='Thought: t\\nAction: Wait'" in done.stdout
