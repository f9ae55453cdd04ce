"""What `run.json` says about a run imported from another agent's trajectories (`judge import`).

An imported run was not made by our agent: `run.json` carries an `imported` block (the source format,
the folder read, when, and the folders skipped with why), every task's `result.json` says
`"policy": "imported"`, and the report marks the run as imported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

IMPORTED_POLICY = "imported"


@dataclass(frozen=True)
class SkippedFolder:
    """A source folder that was not imported, and why."""

    folder: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"folder": self.folder, "reason": self.reason}


@dataclass
class ImportInfo:
    """The `imported` block of an imported run's `run.json`."""

    format: str                    # online-mind2web or webvoyager-original
    source: str                    # the folder read (absolute)
    imported_at: str
    tasks: int = 0
    skipped: list[SkippedFolder] = field(default_factory=list)
    schemas: list[str] = field(default_factory=list)   # online-mind2web: the submission versions seen (v1, v2)

    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "source": self.source, "imported_at": self.imported_at, "tasks": self.tasks,
                "schemas": list(self.schemas), "skipped": [s.to_dict() for s in self.skipped]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ImportInfo:
        skipped = [SkippedFolder(str(s.get("folder", "")), str(s.get("reason", "")))
                   for s in data.get("skipped") or [] if isinstance(s, dict)]
        return cls(format=str(data.get("format", "")), source=str(data.get("source", "")),
                   imported_at=str(data.get("imported_at", "")), tasks=int(data.get("tasks") or 0),
                   skipped=skipped, schemas=[str(s) for s in data.get("schemas") or []])


def read_import_info(run_dir: Path) -> ImportInfo | None:
    """The run's import record, or None for a run of our own agent (or an unreadable run.json)."""
    try:
        data = json.loads((Path(run_dir) / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    block = data.get("imported") if isinstance(data, dict) else None
    return ImportInfo.from_dict(block) if isinstance(block, dict) else None
