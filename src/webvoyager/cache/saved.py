"""How many model calls the action cache saved in a run directory (its steps marked `cached`)."""

from __future__ import annotations

from pathlib import Path

from webvoyager.trajectory import TaskDir


def calls_saved(folder: Path) -> int:
    """Steps replayed from the cache in a task folder, or in every task folder of a run directory."""
    folder = Path(folder)
    tasks = [folder] if TaskDir(folder).trajectory.is_file() else sorted(p for p in folder.iterdir() if p.is_dir())
    return sum(sum(1 for s in TaskDir(t).load_steps() if s.policy_data.cached) for t in tasks)
