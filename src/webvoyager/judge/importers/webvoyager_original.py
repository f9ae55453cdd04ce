"""Reading the original WebVoyager code's output: `results/<time>/task<id>/` folders.

Each folder holds `interact_messages.json` (the chat the original run.py kept: the system prompt, then
user turns and the model's replies, older screenshots already replaced by text) and `screenshot{i}.png`,
the page shown at iteration i (none for an iteration that only reported an error or a format problem).
Step i is the i-th reply: its thought and action are read with our WebVoyager parser under the paper's
grammar, the answer is the text of a final ANSWER action (no ANSWER: the run ended without one). The
question and start page come from the first user turn. `DIR` may be `results/` (several time folders:
a task run more than once keeps its latest run) or one `results/<time>/` folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from webvoyager.browser.action_set import Answer, action_text, action_to_dict
from webvoyager.errors import ConfigError, TrajectoryFileError
from webvoyager.judge.importers.records import ImportedStep, ImportedTask, Read, read_json_file, screenshot_png
from webvoyager.runs.imported import SkippedFolder
from webvoyager.voyager.parser import parse_reply

# The first user turn names the task and its website ("... a task: QUESTION  Please interact with URL
# and get the answer ..."); the words between are the original's, matched loosely.
_TASK = re.compile(r"task:\s*(?P<question>.*?)\s+Please interact with\s+(?P<url>\S+)\s+and get the answer",
                   re.DOTALL)


def task_folders(source: Path) -> list[Path]:
    """The `task<id>` folders of `source` (a results/<time>/ folder) or of its subfolders (results/), or
    `source` itself when it is one."""
    if source.name.startswith("task") and (source / "interact_messages.json").is_file():
        return [source]

    def tasks_in(folder: Path) -> list[Path]:
        return sorted(p for p in folder.iterdir() if p.is_dir() and p.name.startswith("task"))

    found = tasks_in(source)
    if not found:
        found = [t for sub in sorted(p for p in source.iterdir() if p.is_dir()) for t in tasks_in(sub)]
    if not found:
        raise ConfigError(f"{source} holds no task<id> folders; pass the results/ folder of the original run.py "
                          "(or one results/<time>/ folder)")
    return found


def read_results(source: Path) -> Iterator[Read]:
    """One task (or the reason it was skipped) per task folder; a task found in several time folders
    is read from the latest (time folders are named by their start time, so they sort by it)."""
    folders = task_folders(source)
    latest = {f.name: f for f in folders}    # sorted: the last of a name is the latest run
    for folder in folders:
        where = str(folder.relative_to(source)) if folder != source else folder.name
        if latest[folder.name] != folder:
            newer = latest[folder.name].relative_to(source)
            yield SkippedFolder(where, f"task {folder.name[4:]} has a later run in {newer}, which is imported")
            continue
        try:
            yield read_task(folder)
        except TrajectoryFileError as exc:
            yield SkippedFolder(where, str(exc))


def _text(content: Any) -> str:
    """A message's text: the string, or its text parts joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _showed_page(content: Any) -> bool:
    """Whether a user turn showed the page: it carried the screenshot (or did, before the original
    replaced older screenshots by an 'Observation:' text); error and format turns did not."""
    if isinstance(content, list):
        return any(isinstance(p, dict) and p.get("type") == "image_url" for p in content)
    return "Observation:" in _text(content)


def read_task(folder: Path) -> ImportedTask:
    """The task recorded in one `task<id>` folder; TrajectoryFileError says what is wrong with it."""
    task_id = folder.name[len("task"):]
    if not task_id:
        raise TrajectoryFileError("the folder name has no task id after 'task'")
    messages = read_json_file(folder / "interact_messages.json")
    if not isinstance(messages, list) or not all(isinstance(m, dict) and "role" in m for m in messages):
        raise TrajectoryFileError("interact_messages.json is not a list of chat messages {role, content}")
    users = [m for m in messages if m["role"] == "user"]
    stated = _TASK.search(_text(users[0].get("content"))) if users else None
    if stated is None:
        raise TrajectoryFileError("interact_messages.json's first user turn does not state the task as the "
                                  "original run.py does")
    with_pages = any(folder.glob("screenshot*.png"))   # a text-only run saved no screenshots
    steps: list[ImportedStep] = []
    answer: str | None = None
    turn: Any = None
    for message in messages:
        if message["role"] == "user":
            turn = message.get("content")
            continue
        if message["role"] != "assistant":
            continue
        number = len(steps) + 1
        shot = folder / f"screenshot{number}.png"
        png = None
        if shot.is_file():
            png = screenshot_png(shot)
        elif with_pages and _showed_page(turn):
            raise TrajectoryFileError(f"step {number} showed the page but {shot.name} is missing")
        reply = _text(message.get("content"))
        parsed = parse_reply(reply, original_only=True)
        action = parsed.action
        answer = action.text if isinstance(action, Answer) else None
        steps.append(ImportedStep(action=action_text(action) if action else None, thought=parsed.thought,
                                  screenshot=png, raw=reply, error=parsed.error,
                                  action_data=action_to_dict(action) if action else None))
    if not steps:
        raise TrajectoryFileError("interact_messages.json holds no reply of the model")
    site = task_id.split("--")[0] if "--" in task_id else ""
    return ImportedTask(task_id=task_id, question=stated.group("question").strip(), answer=answer, steps=steps,
                        start_url=stated.group("url"), site=site, folder=folder, messages=messages)
