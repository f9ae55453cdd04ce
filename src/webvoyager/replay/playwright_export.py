"""`webvoyager export playwright RUN_DIR/TASK -o script.py`: a recorded task as a standalone Python
Playwright script (it imports nothing of webvoyager).

Each executed step becomes a check that the page is at the recorded path and query, then the action on
the element found by role and accessible name, placeholder, or tag and text (the step's `target`
identity; never its label), then a wait for the page to load and its network to go quiet. The answer is
read from the page text with the action cache's `AnswerLocator` when the run's cache (`--cache`, in
run.json, or `cache_dir`) holds one for the task; otherwise the recorded answer is printed, with a
comment saying so. The script's template is `templates/playwright_script.txt`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import urlsplit

from webvoyager.browser.types import (Action, Answer, Click, DoubleClick, GoBack, Hover, PressKey, Scroll, Search,
                                      Select, Type, Wait, action_from_dict)
from webvoyager.cache.locator import AnswerLocator
from webvoyager.cache.store import ActionCache
from webvoyager.errors import ConfigError
from webvoyager.replay.replayer import load_trajectory
from webvoyager.trajectory import Step, TaskDir

_TEMPLATE = Path(__file__).parent / "templates" / "playwright_script.txt"
_ON_ELEMENT = {Click: "click()", DoubleClick: "dblclick()", Hover: "hover()"}


@dataclass(frozen=True)
class ExportedScript:
    """The script's text and how its answer is obtained."""

    text: str
    steps: int
    reads_answer: bool       # the answer is read from the page (an AnswerLocator), not printed as recorded


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _run_settings(task_dir: Path) -> dict[str, Any]:
    try:
        return dict(json.loads((task_dir.parent / "run.json").read_text(encoding="utf-8"))["settings"])
    except (OSError, json.JSONDecodeError, KeyError, TypeError):
        return {}


def _answer_locator(task_dir: Path, header: dict[str, Any], cache_dir: Path | None) -> AnswerLocator | None:
    folder = cache_dir or _run_settings(task_dir).get("cache")
    if not folder:
        return None
    entry = ActionCache(folder).load(str(header.get("task_id", task_dir.name)), header["start_url"])
    last = entry.steps[-1] if entry and entry.steps else None
    return last.answer if last is not None and last.action.get("kind") == "answer" else None


def _element(step: Step) -> str:
    if step.target is None:
        raise ConfigError(f"step {step.index} ({step.action}) has no recorded element (a trajectory written before "
                          "steps recorded their target); record the task again to export it")
    place = {"nth": step.target.nth, "similar": step.target.similar} if step.target.similar > 1 else {}
    return repr({**step.target.identity(), **place})


def _action_lines(step: Step, action: Action, next_url: str | None) -> list[str]:
    """The script lines of one step's action (before the settle)."""
    n = step.index
    if type(action) in _ON_ELEMENT:
        return [f"find(page, {n}, {_element(step)}).{_ON_ELEMENT[type(action)]}"]
    if isinstance(action, Type):
        lines = [f"box = find(page, {n}, {_element(step)})", "box.click()", f"box.fill(value({action.text!r}))"]
        return lines + (['box.press("Enter")'] if action.press_enter else [])
    if isinstance(action, Select):
        return [f"find(page, {n}, {_element(step)}).select_option(label=value({action.option!r}))"]
    if isinstance(action, Scroll):
        element = _element(step) if isinstance(action.target, int) else "None"
        return [f"scroll(page, {n}, {element}, {action.direction!r})"]
    if isinstance(action, GoBack):
        return ["page.go_back()"]
    if isinstance(action, PressKey):
        return [f"page.keyboard.press({action.key!r})"]
    if isinstance(action, Wait):
        return []
    if isinstance(action, Search):   # the search engine's page: where the recording went next
        return [f"page.goto(moved({next_url!r}, port))"] if next_url else ["pass  # the search page was the last step"]
    raise ConfigError(f"step {n} ({step.action}) cannot be exported: a {type(action).__name__} acts on a screen "
                      "point, which names no element a script could find again")


def export_playwright(task_dir: Path, *, cache_dir: Path | None = None) -> ExportedScript:
    """The Playwright script of the task recorded in `task_dir` (see the module docstring)."""
    task_dir = Path(task_dir)
    header, steps = load_trajectory(task_dir)
    done = [s for s in steps if s.action_data is not None and not s.error]
    if not done:
        raise ConfigError(f"{task_dir}/trajectory.json has no executed step to export")
    locator = _answer_locator(task_dir, header, cache_dir)
    result = TaskDir(task_dir).load_result()
    lines: list[str] = []
    for i, step in enumerate(done):
        action = action_from_dict(step.action_data or {})
        next_url = done[i + 1].url if i + 1 < len(done) else None
        lines += [f"# Step {step.index}: {step.action}", f"expect_at(page, {step.index}, {_path(step.url)!r})"]
        if isinstance(action, Answer):
            if locator is not None:
                lines.append(f"answer = read_answer(page, {locator.template!r}, {[vars(s) for s in locator.slots]!r})")
            else:
                lines += ["# The recorded answer: the action cache holds no place on the page to read it from.",
                          f"answer = {action.text!r}"]
            break
        lines += _action_lines(step, action, next_url) + ["settle(page)"]
    if result is not None and result.answer is None and not any(line.startswith("answer = ") for line in lines):
        lines.append("# The recorded run ended without an answer.")
    viewport = tuple(_run_settings(task_dir).get("viewport") or (1024, 768))
    text = "#!/usr/bin/env python3\n" + Template(_TEMPLATE.read_text(encoding="utf-8")).substitute(
        title=f"Task {header.get('task_id', task_dir.name)}: {header.get('question', '')}".replace('"""', "'''"),
        source=str(task_dir), start_url=repr(header["start_url"]), viewport=repr(viewport),
        steps="\n".join(f"    {line}" for line in lines))
    return ExportedScript(text=text, steps=len(done), reads_answer=locator is not None)
