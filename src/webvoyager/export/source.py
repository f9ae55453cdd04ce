"""The run directories an export reads: checked to be runs, their finished tasks, and an output kept outside them."""

from __future__ import annotations

from pathlib import Path

from webvoyager.errors import ConfigError
from webvoyager.runs.records import TaskRecord, load_records


def finished_records(run_dir: Path, out: Path) -> list[TaskRecord]:
    """The finished tasks of `run_dir` (a bench or run folder); ConfigError when it is no run directory,
    holds no finished task, or `out` lies inside it."""
    if not run_dir.is_dir():
        raise ConfigError(f"run directory {run_dir} does not exist; pass the --out folder of a bench or run")
    if not (run_dir / "run.json").is_file():
        raise ConfigError(f"{run_dir} is not a run directory (it has no run.json); pass the --out folder of a "
                          "bench or run")
    records = [r for r in load_records(run_dir) if r.result is not None]
    if not records:
        raise ConfigError(f"{run_dir} holds no finished task to export; run or resume the bench first")
    if out.resolve() == run_dir.resolve() or out.resolve().is_relative_to(run_dir.resolve()):
        raise ConfigError(f"write the export outside the run directory (got {out})")
    return records
