"""What a judge may look at for one task: the question, the final answer, the actions and screenshots.

Read from the task's folder in a run directory. Thoughts and raw model output are deliberately not
part of it: judges see what the agent did, not what it claimed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

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
    actions, urls, shots = [], [], []
    failed_before = False
    for step in steps:
        if step.action:
            actions.append(step.action)
            urls.append(step.url)
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
                    actions=tuple(actions), urls=tuple(urls), screenshots=tuple(shots))
