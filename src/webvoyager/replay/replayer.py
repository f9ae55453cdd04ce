"""`replay_task`: re-run a recorded task's actions in a fresh browser, step by step, and report the first
step where the page no longer matches the recording.

At each recorded step, in a fresh session that started at the task's start URL:
1. the page must be at the recorded URL (sandbox URLs are moved to the port of the sandbox started for
   the replay);
2. the acted element must still be there: the element with the recorded label and the same identity
   (tag, text, aria-label, role, input type, placeholder; `Element.identity`), or else one element
   with that identity under another label (the action then uses the new label, noted as "moved");
3. the action must execute without an error.
The first failed check ends the replay ("diverged", with the reason). Steps whose action was not
executed when recorded (unparseable reply, refused action, action error) are skipped; an answer ends it.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Literal
from urllib.parse import urlsplit, urlunsplit

from webvoyager.browser.browser import Browser
from webvoyager.browser.session import Session
from webvoyager.browser.types import Action, Answer, BrowserConfig, Element, Point, action_from_dict, action_text
from webvoyager.errors import ActionError, BrowserError, ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.trajectory import ActedElement, Step, TaskDir

REPLAY_NAME = "replay.json"
CheckStatus = Literal["match", "moved", "diverged", "skipped"]
_SANDBOX_HOST = re.compile(r"^[a-z0-9-]+\.localhost$")
UrlMover = Callable[[str], str]


@dataclass
class StepCheck:
    """What replaying one recorded step found."""

    index: int
    action: str | None
    status: CheckStatus
    recorded_url: str
    url: str = ""
    reason: str = ""
    label: int | None = None     # the label the replayed action used (differs from the recording: moved)


@dataclass
class ReplayReport:
    """The replay of one task (written as replay.json in the task folder)."""

    task_id: str
    task_dir: str
    start_url: str
    steps: list[StepCheck] = field(default_factory=list)

    @property
    def first_divergence(self) -> StepCheck | None:
        return next((s for s in self.steps if s.status == "diverged"), None)

    @property
    def matched(self) -> bool:
        return self.first_divergence is None

    def to_dict(self) -> dict[str, Any]:
        first = self.first_divergence
        return {"task_id": self.task_id, "task_dir": self.task_dir, "start_url": self.start_url,
                "matched": self.matched, "first_divergence": first.index if first else None,
                "reason": first.reason if first else None, "steps": [asdict(s) for s in self.steps]}


def sandbox_port_mover(port: int | None) -> UrlMover:
    """A URL rewriter that moves `http://<site>.localhost:<any port>/...` to `port` (identity when None)."""

    def move(url: str) -> str:
        if port is None:
            return url
        parts = urlsplit(url)
        if parts.hostname and _SANDBOX_HOST.match(parts.hostname):
            return urlunsplit(parts._replace(netloc=f"{parts.hostname}:{port}"))
        return url

    return move


def uses_sandbox(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    return bool(_SANDBOX_HOST.match(host))


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


def _find_target(target: ActedElement, elements: list[Element]) -> tuple[Element | None, str]:
    """The element the recorded step acted on, in the new observation: (element, "" | "moved" | why not)."""
    want, label = target.identity(), target.label
    same_label = next((e for e in elements if e.label == label), None)
    if same_label is not None and same_label.identity() == want:
        return same_label, ""
    others = [e for e in elements if e.identity() == want]
    if len(others) == 1:
        return others[0], "moved"
    described = f'<{target.tag or "?"}> "{target.text}"'
    if len(others) > 1:
        return None, f"the element {described} is now there {len(others)} times; which one is ambiguous"
    now = (f'; label [{label}] is now <{same_label.tag}> "{same_label.text}"' if same_label is not None
           else f"; there is no label [{label}] now")
    return None, f"the element {described} (label [{label}] when recorded) is missing or changed{now}"


async def _check_point(session: Session, check: StepCheck, target: ActedElement, action: Action,
                       elements: list[Element]) -> tuple[StepCheck, Action | None]:
    """A step that acted at a screen point: the element recorded under the point must be there again;
    if the page moved it, act at its new centre (found among the labelled elements by what it shows)."""
    point: Point = getattr(action, "target")
    here = await session.element_at(point)
    if here is not None and here.identity() == target.identity():
        return check, action
    others = [e for e in elements if e.identity() == target.identity()]
    described = f'<{target.tag or "?"}> "{target.text}"'
    if len(others) != 1:
        now = f'<{here.tag}> "{here.text}"' if here is not None else "nothing"
        check.status = "diverged"
        check.reason = (f"the element {described} recorded at ({point.x:.0f}, {point.y:.0f}) is not there (now "
                        f"{now}) and is {'missing' if not others else f'there {len(others)} times'} elsewhere")
        return check, None
    x, y = others[0].center
    check.status, check.label = "moved", others[0].label
    check.reason = f"same element, at ({x:.0f}, {y:.0f}) instead of ({point.x:.0f}, {point.y:.0f})"
    return check, replace(action, target=Point(x, y))  # type: ignore[call-arg]


async def _check_step(session: Session, step: Step, move_url: UrlMover) -> tuple[StepCheck, Action | None]:
    """Observe, compare with the recorded step; return the check and the action to run (None: stop)."""
    expected = move_url(step.url)
    check = StepCheck(step.index, step.action, "match", recorded_url=expected)
    observation = await session.observe()
    check.url = observation.url
    if not _same_url(observation.url, expected):
        check.status, check.reason = "diverged", f"the page is at {observation.url}, the recording was at {expected}"
        return check, None
    action = action_from_dict(step.action_data or {})
    if step.target is not None and isinstance(getattr(action, "target", None), Point):
        return await _check_point(session, check, step.target, action, observation.elements)
    if step.target is not None and hasattr(action, "target") and isinstance(getattr(action, "target"), int):
        element, why = _find_target(step.target, observation.elements)
        if element is None:
            check.status, check.reason = "diverged", why
            return check, None
        check.label = element.label
        if why == "moved":
            check.status, check.reason = "moved", f"same element, label [{element.label}] instead of [{step.target.label}]"
            action = replace(action, target=element.label)  # type: ignore[call-arg]
    return check, action


async def replay_steps(session: Session, start_url: str, steps: list[Step], move_url: UrlMover) -> list[StepCheck]:
    """Replay `steps` in `session` from `start_url` (see the module docstring)."""
    checks: list[StepCheck] = []
    await session.goto(move_url(start_url))
    for step in steps:
        if step.action_data is None or step.error:
            checks.append(StepCheck(step.index, step.action, "skipped", recorded_url=move_url(step.url),
                                    reason=step.error or "no action was recorded at this step"))
            continue
        check, action = await _check_step(session, step, move_url)
        checks.append(check)
        if action is None:
            break
        if isinstance(action, Answer):
            break
        try:
            await session.execute(action)
        except ActionError as exc:
            check.status, check.reason = "diverged", f"{action_text(action)} failed: {exc}"
            break
    return checks


def load_trajectory(task_dir: Path) -> tuple[dict[str, Any], list[Step]]:
    """The header (task_id, start_url...) and steps of a recorded task; ConfigError when there is none."""
    files = TaskDir(task_dir)
    if not files.trajectory.is_file():
        raise ConfigError(f"{task_dir} holds no trajectory.json; pass a task folder of a run, e.g. RUN_DIR/<task id>")
    data = json.loads(files.trajectory.read_text(encoding="utf-8"))
    steps = [Step.from_dict(s) for s in data.get("steps", [])]
    if not data.get("start_url"):
        raise ConfigError(f"{files.trajectory} has no start_url; it was not written by webvoyager")
    return data, steps


def _browser_config(task_dir: Path, headless: bool) -> BrowserConfig:
    """The viewport the run used (run.json of the run directory), else the default."""
    config = BrowserConfig(headless=headless)
    try:
        settings = json.loads((task_dir.parent / "run.json").read_text(encoding="utf-8"))["settings"]
        return replace(config, viewport=tuple(settings["viewport"]))  # type: ignore[arg-type]
    except (OSError, json.JSONDecodeError, KeyError, TypeError):
        return config


async def replay_task(task_dir: Path, *, headless: bool = True, sandbox_port: int | None = None,
                      search_url: str | None = None) -> ReplayReport:
    """Replay the task recorded in `task_dir` in a new browser; write and return its `replay.json`.
    `sandbox_port`: where the sandbox runs now (sandbox URLs of the recording are moved there)."""
    task_dir = Path(task_dir)
    header, steps = load_trajectory(task_dir)
    if not steps:
        raise ConfigError(f"{task_dir}/trajectory.json has no steps to replay")
    move = sandbox_port_mover(sandbox_port)
    config = _browser_config(task_dir, headless)
    if search_url:
        config = replace(config, search_url=search_url)
    report = ReplayReport(task_id=str(header.get("task_id", task_dir.name)), task_dir=str(task_dir),
                          start_url=move(header["start_url"]))
    browser = await Browser.launch(config)
    try:
        session = await browser.new_session(download_dir=task_dir / "replay-downloads")
        try:
            report.steps = await replay_steps(session, header["start_url"], steps, move)
        except BrowserError as exc:
            index = len(report.steps) + 1
            report.steps.append(StepCheck(index, None, "diverged", recorded_url="", reason=f"the browser failed: {exc}"))
        finally:
            await session.close()
    finally:
        await browser.close()
    write_json_atomic(task_dir / REPLAY_NAME, report.to_dict())
    return report
