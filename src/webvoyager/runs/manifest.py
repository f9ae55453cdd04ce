"""A suite's manifest (`SuiteManifest`), recorded in run.json so a run says which tasks it measured.

It holds the sha256 of each task file the suite read (`files`), the suite's task count, a digest of its
task ids (which also pins suites made without files, such as MiniWoB++'s task names and seeds), and the
tasks the suite says it removed or replaced. `bench --resume` refuses to continue a run whose manifest
differs from the suite's as it is now (`differences` says what differs).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

MANIFEST_KEY = "manifest"


@dataclass(frozen=True)
class FileDigest:
    """One task file: its name as the suite shows it, and the sha256 of its bytes."""

    name: str
    sha256: str

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "sha256": self.sha256}


@dataclass(frozen=True)
class SuiteManifest:
    """What pins a suite: its task files, its task count and ids, and its removed or replaced tasks."""

    suite: str
    tasks: int
    ids_sha256: str
    files: tuple[FileDigest, ...] = ()
    removed: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "tasks": self.tasks, "ids_sha256": self.ids_sha256,
                "files": [f.to_dict() for f in self.files], "removed": list(self.removed),
                "replaced": list(self.replaced)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SuiteManifest:
        return cls(suite=str(data.get("suite") or ""), tasks=int(data.get("tasks") or 0),
                   ids_sha256=str(data.get("ids_sha256") or ""),
                   files=tuple(FileDigest(str(f["name"]), str(f["sha256"])) for f in data.get("files") or []),
                   removed=tuple(data.get("removed") or ()), replaced=tuple(data.get("replaced") or ()))

    def differences(self, now: SuiteManifest) -> list[str]:
        """What differs between this (recorded) manifest and `now`, one phrase each; empty: the same."""
        out: list[str] = []
        if self.tasks != now.tasks:
            out.append(f"the suite had {self.tasks} tasks and has {now.tasks} now")
        elif self.ids_sha256 != now.ids_sha256:
            out.append("the suite's task ids changed")
        before, after = {f.name: f.sha256 for f in self.files}, {f.name: f.sha256 for f in now.files}
        for name in sorted(before.keys() | after.keys()):
            if name not in after:
                out.append(f"{name} is gone")
            elif name not in before:
                out.append(f"{name} is new")
            elif before[name] != after[name]:
                out.append(f"{name} changed (sha256 {before[name][:12]}… then, {after[name][:12]}… now)")
        for what, old, new in (("removed", self.removed, now.removed), ("replaced", self.replaced, now.replaced)):
            if set(old) != set(new):
                out.append(f"the {what} tasks changed ({', '.join(sorted(set(old) ^ set(new)))})")
        return out


@dataclass(frozen=True)
class ManifestSource:
    """What a suite knows about its own tasks beyond their ids: the files they came from (each with the
    name to show) and the tasks it removed or replaced (`Suite.manifest_source`)."""

    files: tuple[tuple[str, Path], ...] = ()
    removed: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file's bytes, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def make_manifest(suite: str, task_ids: Iterable[str], source: ManifestSource) -> SuiteManifest:
    """The manifest of a suite whose tasks have these ids (all of the suite's tasks, before --site or
    --limit choose some) and whose files and revisions `source` names."""
    ids = sorted(task_ids)
    ids_sha256 = hashlib.sha256(json.dumps(ids).encode("utf-8")).hexdigest()
    files = tuple(FileDigest(name, sha256_file(path)) for name, path in source.files)
    return SuiteManifest(suite, len(ids), ids_sha256, files, tuple(source.removed), tuple(source.replaced))


def read_manifest(run_dir: Path) -> SuiteManifest | None:
    """The manifest run.json records, or None (a run from before manifests, or not a bench run)."""
    try:
        data = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        recorded = data.get(MANIFEST_KEY)
    except (OSError, json.JSONDecodeError, AttributeError):
        return None
    return SuiteManifest.from_dict(recorded) if isinstance(recorded, dict) else None
