"""What a reader of another agent's trajectories hands the writer: one `ImportedTask` per task folder.

Readers keep the source's facts only: its task id and question, its final answer, and per step the
factual action, the thought and the screenshot file. Screenshots are checked to be PNG or JPEG by
their bytes (a file name proves nothing).
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from PIL import Image, UnidentifiedImageError

from webvoyager.errors import TrajectoryFileError
from webvoyager.runs.imported import SkippedFolder

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"


@dataclass(frozen=True)
class ImportedStep:
    """One step of an imported trajectory. `action` None: a step that took no factual action (the page
    after the last action, or a reply without a readable action); `raw` is the model's reply when the
    source kept it, `action_data` the action read into our grammar when the source speaks it."""

    action: str | None
    thought: str = ""
    screenshot: bytes | None = None    # PNG bytes (see `screenshot_png`)
    action_data: dict[str, Any] | None = None
    raw: str = ""
    error: str | None = None
    notes: tuple[str, ...] = ()


@dataclass
class ImportedTask:
    """One task as another agent recorded it. `answer` None: the agent never gave a final answer."""

    task_id: str
    question: str
    answer: str | None
    steps: list[ImportedStep] = field(default_factory=list)
    start_url: str = ""
    site: str = ""
    schema: str = ""                  # the source's own version of its layout (online-mind2web: v1, v2)
    folder: Path | None = None        # the source folder
    messages: list[Any] | None = None  # the source's chat log, kept as is (the original WebVoyager's)

    @property
    def actions(self) -> list[str]:
        """The factual actions, in order."""
        return [s.action for s in self.steps if s.action]


Read = Union[ImportedTask, SkippedFolder]
"""What a reader yields per source folder: the task, or why the folder was skipped."""


def read_json_file(path: Path) -> Any:
    """The parsed JSON of `path`; TrajectoryFileError naming the file when it is missing or not JSON."""
    if not path.is_file():
        raise TrajectoryFileError(f"{path.name} is missing")
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError:
        raise TrajectoryFileError(f"{path.name} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise TrajectoryFileError(f"{path.name} is not valid JSON ({exc.msg} at line {exc.lineno}, "
                                  f"column {exc.colno})") from None


def screenshot_png(path: Path) -> bytes:
    """The screenshot at `path` as PNG bytes: a PNG as it is, a JPEG converted (the run layout holds PNG
    screenshots, and judges send them as PNG); TrajectoryFileError for anything else."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TrajectoryFileError(f"cannot read the screenshot {path.name}: {exc.strerror or exc}") from None
    if data.startswith(_PNG):
        return data
    if not data.startswith(_JPEG):
        raise TrajectoryFileError(f"the screenshot {path.name} is not a PNG or JPEG image")
    try:
        with Image.open(io.BytesIO(data)) as image:
            out = io.BytesIO()
            image.convert("RGB").save(out, format="PNG")
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise TrajectoryFileError(f"the JPEG screenshot {path.name} cannot be read: {exc}") from None
    return out.getvalue()


def first_number(name: str) -> int | None:
    """The first whole number in a file name (`step_12.png` -> 12), None when it has none."""
    found = re.search(r"\d+", name)
    return int(found.group()) if found else None
