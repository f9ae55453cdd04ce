"""Writing imported tasks in our run layout, so `judge`, `report` and `judge agreement` read them unchanged.

The run is built in a hidden folder beside RUN_DIR and renamed into place at the end, every file
written atomically through `TaskWriter`: a killed import leaves no half run. An existing RUN_DIR is
refused, unless `force` and it is itself an earlier import, which is then replaced whole (its task
folders, judgements and report); a run of our own agent is never replaced.
"""

from __future__ import annotations

import os
import platform
import shutil
import sys
from dataclasses import replace
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Callable, Iterable

from webvoyager.agent.redact import Redactor
from webvoyager.agent.task_writer import TaskWriter
from webvoyager.errors import ConfigError
from webvoyager.fileio import ensure_writable_dir, write_json_atomic
from webvoyager.judge.importers.records import ImportedTask, Read
from webvoyager.runs.imported import IMPORTED_POLICY, ImportInfo, SkippedFolder, read_import_info
from webvoyager.runs.summary import write_summary
from webvoyager.trajectory import Result, Step, TaskDir, safe_dirname


def check_target(out: Path, *, force: bool) -> None:
    """Refuse an existing, non-empty RUN_DIR (see the module docstring)."""
    if not out.exists():
        return
    if not out.is_dir():
        raise ConfigError(f"{out} is a file; choose a new folder for the imported run (--out)")
    if not any(out.iterdir()):
        return
    if not force:
        raise ConfigError(f"{out} already holds a run; choose a new --out folder, or pass --force to replace an "
                          "earlier import there (its judgements go too)")
    if read_import_info(out) is None:
        raise ConfigError(f"{out} holds a run that was not imported (no 'imported' in its run.json); --force "
                          "replaces only an earlier import: choose a new --out folder")


def write_imported_run(reads: Iterable[Read], out: Path, info: ImportInfo, *, force: bool = False,
                       on_read: Callable[[Read], None] | None = None) -> ImportInfo:
    """Write every read task into the run folder `out`; returns the import record as written to run.json."""
    out = Path(out)
    check_target(out, force=force)
    ensure_writable_dir(out.parent, what="folder for the imported run")
    building = out.parent / f".{out.name}.importing-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir()
    try:
        info = _write_all(reads, building, info, on_read)
        if info.tasks == 0:
            raise ConfigError(f"nothing imported from {info.source}: all {len(info.skipped)} folder(s) were "
                              "skipped (see the reasons above)")
        _move_into_place(building, out)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return info


def _write_all(reads: Iterable[Read], run_dir: Path, info: ImportInfo,
               on_read: Callable[[Read], None] | None) -> ImportInfo:
    redactor = Redactor.from_env()
    schemas: set[str] = set()
    for read in reads:
        if isinstance(read, ImportedTask):
            folder = run_dir / safe_dirname(read.task_id)
            if folder.exists():
                read = SkippedFolder(str(read.folder.name if read.folder else read.task_id),
                                     f"task id {read.task_id!r} was already imported (same folder name)")
            else:
                write_task(read, folder, redactor)
                info.tasks += 1
                schemas.update({read.schema} - {""})
        if isinstance(read, SkippedFolder):
            info.skipped.append(read)
        if on_read is not None:
            on_read(read)
    info = replace(info, schemas=sorted(schemas))
    write_json_atomic(run_dir / "run.json", {
        "command": "judge import", "model": None, "imported": info.to_dict(),
        "started_at": info.imported_at,
        "versions": {"webvoyager": _version(), "python": sys.version.split()[0], "platform": platform.platform()},
    })
    write_summary(run_dir)
    return info


def write_task(task: ImportedTask, folder: Path, redactor: Redactor) -> None:
    """One imported task's files: screenshots, trajectory.json, the source's message log, result.json."""
    files, writer = TaskDir(folder), TaskWriter(folder, redactor)
    folder.mkdir(parents=True)
    steps = []
    for index, item in enumerate(task.steps, start=1):
        name = None
        if item.screenshot is not None:
            writer.screenshot_job(files.screenshot(index), item.screenshot, [])()
            name = files.screenshot(index).name
        steps.append(Step(index=index, url="", thought=item.thought, action=item.action, action_data=item.action_data,
                          raw_output=item.raw, error=item.error, notes=list(item.notes), screenshot=name))
    header = {"task_id": task.task_id, "question": task.question, "start_url": task.start_url, "site": task.site,
              "policy": IMPORTED_POLICY, "model": "", "imported_from": str(task.folder or "")}
    writer.trajectory_job(header, steps)()
    if task.messages is not None:
        writer.messages_job(task.messages)()
    writer.result(Result(task_id=task.task_id, question=task.question, start_url=task.start_url,
                         status="answered" if task.answer is not None else "step_limit", answer=task.answer,
                         steps=len(task.actions), site=task.site, policy=IMPORTED_POLICY))


def _move_into_place(building: Path, out: Path) -> None:
    """Rename the finished run to `out`; an earlier import there (checked by `check_target`) goes."""
    if out.exists() and any(out.iterdir()):
        old = out.parent / f".{out.name}.replaced-{os.getpid()}"
        os.replace(out, old)
        os.replace(building, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        if out.exists():
            out.rmdir()
        os.replace(building, out)


def _version() -> str | None:
    try:
        return metadata.version("webvoyager")
    except metadata.PackageNotFoundError:
        return None


def now_utc() -> str:
    """The time stamp of an import record."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
