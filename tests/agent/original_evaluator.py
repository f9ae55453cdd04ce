"""A reader that does what WebVoyager's original auto-evaluator (evaluation/auto_eval.py) does with a
task folder before it calls its judge: it is how the tests check that our `interact_messages.json` and
screenshots can be judged by the original tool. Written from its behaviour, not copied:

* a log of one message (the system prompt only) is a task without an answer;
* the task is the text between "Now given a task:" and "Please interact with" in the first user
  message (its first text part when the content is a list), on one line;
* the run answered only if the LAST message's content is a string containing "Action: ANSWER", and
  the answer is what follows the first "ANSWER;" / "ANSWER " (up to a closing bracket);
* the screenshots are the files named `screenshot<i>.png`, in the order of i, the last K of them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

_TASK = re.compile(r"Now given a task:(.+?)Please interact with")
_ANSWER = re.compile(r"ANSWER[; ]+\[?(.[^\]]*)\]?")
_SCREENSHOT = re.compile(r"screenshot(\d+)\.png")


@dataclass(frozen=True)
class EvaluatorInput:
    """What the original evaluator would send its judge (answer None: it scores 0 without a call)."""

    task: str | None
    answer: str | None
    screenshots: list[str]


def read_task_folder(folder: Path, max_images: int = 15) -> EvaluatorInput:
    messages = json.loads((folder / "interact_messages.json").read_text(encoding="utf-8"))
    if len(messages) == 1:
        return EvaluatorInput(task=None, answer=None, screenshots=[])
    first = messages[1]["content"]
    if isinstance(first, list):
        first = first[0]["text"]
    assert "Now given a task" in first, "the original evaluator asserts this and stops"
    found = _TASK.search(first)
    assert found is not None, "the original evaluator would crash reading the task"
    task = found.group(1).strip()
    last = messages[-1]["content"]
    if not isinstance(last, str) or "Action: ANSWER" not in last:
        return EvaluatorInput(task=task, answer=None, screenshots=[])
    answer = _ANSWER.search(last)
    assert answer is not None, "the original evaluator would crash reading the answer"
    shots = sorted(((name, int(m.group(1))) for name in sorted(p.name for p in folder.iterdir())
                    if (m := _SCREENSHOT.search(name))), key=lambda pair: pair[1])
    return EvaluatorInput(task=task, answer=answer.group(1).strip(), screenshots=[n for n, _ in shots[-max_images:]])
