"""Judging a whole run directory: in parallel, resumable, one `judgement.json` per task.

`judgement.json` holds the latest judge's decision (the one summary.json and the report use); every
judge's own copy is also kept in `judgements/<protocol>--<model>.json`, so two judges of the same run
can be compared (`judge agreement ... --run RUN_DIR@PROTOCOL/MODEL`).

A task already judged with the same protocol and model (with a verdict) is skipped unless `force`;
a task whose earlier judgement was an error is judged again. `summary.json` is rewritten at the end.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from webvoyager.runs.records import load_records
from webvoyager.runs.summary import write_summary
from webvoyager.errors import ConfigError, ModelError
from webvoyager.judge.evidence import load_evidence
from webvoyager.judge.protocols import PROTOCOLS, judge_task
from webvoyager.runs.judgements import Judgement, archive_path, load_judgement
from webvoyager.models.base import ChatModel
from webvoyager.trajectory import TaskDir

log = logging.getLogger("webvoyager.judge")


@dataclass(frozen=True)
class JudgeSettings:
    """How to judge: protocol, how many of the last screenshots (None: all), parallelism, re-judging."""

    protocol: str = "webvoyager"
    images: int | None = 3
    workers: int = 4
    force: bool = False

    def validate(self) -> JudgeSettings:
        if self.protocol not in PROTOCOLS:
            raise ConfigError(f"unknown judge protocol {self.protocol!r}; use one of {', '.join(PROTOCOLS)}")
        if self.images is not None and self.images < 1:
            raise ConfigError("--images must be a positive number or 'all'")
        if self.workers < 1:
            raise ConfigError("--workers must be at least 1")
        return self


@dataclass
class JudgeReport:
    """What a judging pass did."""

    judged: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    success: int = 0


def parse_images(value: str) -> int | None:
    """`--images K|all` to an int or None."""
    if value.strip().lower() == "all":
        return None
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"--images must be a number or 'all', got {value!r}") from None


async def judge_run(run_dir: Path, model: ChatModel, settings: JudgeSettings,
                    on_done: Callable[[Judgement], None] | None = None) -> JudgeReport:
    """Judge every finished task of `run_dir`; returns what was judged, skipped and failed."""
    settings.validate()
    report = JudgeReport()
    todo: list[Path] = []
    for rec in load_records(run_dir):
        if rec.result is None:
            continue
        folder = run_dir / rec.dirname
        old = load_judgement(archive_path(folder, settings.protocol, model.spec)) or \
            load_judgement(TaskDir(folder).judgement)
        if (not settings.force and old is not None and old.verdict is not None
                and old.protocol == settings.protocol and old.model == model.spec):
            report.skipped.append(rec.task_id)
            continue
        todo.append(folder)
    gate = asyncio.Semaphore(settings.workers)

    async def one(folder: Path) -> None:
        async with gate:
            ev = load_evidence(folder)
            try:
                judgement = await judge_task(ev, model, protocol=settings.protocol, images=settings.images)
            except ModelError as exc:
                judgement = Judgement(task_id=ev.task_id, protocol=settings.protocol, model=model.spec,
                                      verdict=None, error=f"model call failed: {exc}")
            judgement.save(archive_path(folder, settings.protocol, model.spec))
            judgement.save(TaskDir(folder).judgement)
            if judgement.verdict is None:
                report.errors[ev.task_id] = judgement.error or "no verdict"
            else:
                report.judged.append(ev.task_id)
                report.success += int(bool(judgement.success))
            if on_done is not None:
                on_done(judgement)

    await asyncio.gather(*(one(f) for f in todo))
    write_summary(run_dir)
    return report
