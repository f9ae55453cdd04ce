"""What a judge may look at for one task: the question, the final answer, the actions and screenshots.

Read from the task's folder in a run directory. Thoughts and raw model output are deliberately not
part of it: judges see what the agent did, not what it claimed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from webvoyager.browser.action_set import Answer, action_from_dict
from webvoyager.errors import ConfigError
from webvoyager.trajectory import TaskDir


@dataclass(frozen=True)
class Evidence:
    """One task's record as a judge sees it."""

    task_id: str
    question: str
    answer: str | None
    status: str
    actions: tuple[str, ...]
    urls: tuple[str, ...]
    screenshots: tuple[Path, ...]
    answers: tuple[bool, ...] = ()   # per action: whether it is the agent's final answer (ANSWER)

    def last_screenshots(self, k: int | None) -> list[Path]:
        """The newest `k` screenshots (all when k is None), oldest first."""
        shots = list(self.screenshots)
        return shots if k is None else shots[-k:] if k > 0 else []

    def action_lines(self) -> str:
        """Numbered actions with the page they were taken on."""
        if not self.actions:
            return "(no actions)"
        lines = []
        for i, (action, url) in enumerate(zip(self.actions, self.urls), start=1):
            lines.append(f"{i}. {action}  (on {url})" if url else f"{i}. {action}")
        return "\n".join(lines)

    def factual_actions(self) -> Evidence:
        """The same evidence without the final-answer actions: what the agent did, never what it claimed
        (webjudge's outcome stage must not read the answer)."""
        keep = [i for i in range(len(self.actions)) if not (i < len(self.answers) and self.answers[i])]
        return replace(self, actions=tuple(self.actions[i] for i in keep), urls=tuple(self.urls[i] for i in keep),
                       answers=tuple(False for _ in keep))


def _is_answer(action_data: dict | None, action: str) -> bool:
    if action_data is not None and "kind" in action_data:
        try:
            return isinstance(action_from_dict(action_data), Answer)
        except ValueError:
            pass
    return action.lstrip().upper().startswith("ANSWER")


def run_used_pack(run_dir: Path) -> bool:
    """Whether the run was worded by a prompt pack (run.json `settings.prompts`)."""
    try:
        return bool(json.loads((run_dir / "run.json").read_text(encoding="utf-8"))["settings"].get("prompts"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def load_evidence(folder: Path, *, sent_only: bool = False) -> Evidence:
    """Build the evidence of the task recorded in `folder` (needs result.json). With `sent_only` (a run
    worded by a prompt pack) the screenshots of steps that followed a failed step are left out: the
    agent answered those with the original's fixed text turn and never showed that screenshot, and the
    original code saved no screenshot for them either."""
    td = TaskDir(folder)
    result = td.load_result()
    if result is None:
        raise ConfigError(f"{folder} has no result.json; run the task before judging it")
    steps = td.load_steps()
    actions, urls, shots, answers = [], [], [], []
    failed_before = False
    for step in steps:
        if step.action:
            actions.append(step.action)
            urls.append(step.url)
            answers.append(_is_answer(step.action_data, step.action))
        name = step.screenshot or f"screenshot{step.index}.png"
        if (folder / name).is_file() and not (sent_only and failed_before):
            shots.append(folder / name)
        failed_before = step.error is not None
    if not steps:  # a folder without trajectory.json: fall back to the numbered screenshots
        i = 1
        while td.screenshot(i).is_file():
            shots.append(td.screenshot(i))
            i += 1
    return Evidence(task_id=result.task_id, question=result.question,
                    answer=result.answer if result.status == "answered" else None, status=result.status,
                    actions=tuple(actions), urls=tuple(urls), screenshots=tuple(shots),
                    answers=tuple(answers))
