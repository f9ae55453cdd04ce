"""`webvoyager export dataset RUN_DIR... -o OUT`: runs as training data, one row per step or per trajectory.

A step row holds the task (`task_id`, `question`, `site`, `start_url`), what the model was given at that
step (`screenshot`: the marked screenshot it saw, a path relative to OUT, the file copied to
`OUT/screenshots/<run>/<task folder>/step<i>.png`; `elements_text`: the element list, or the text-only
tree; `url`, `title`), what it said (`reply`: its raw output, `thought`), the parsed action (`action`
in canonical text such as `Click [7]`, `action_kind`, `action_json`: the action's fields as a JSON
string, `target`: the acted element) and its outcome (`outcome`: ok | error | no_action, `error`,
`outcome_notes`), plus the task's end (`status`, `answer`, `success`, `checked`, `judged`). A trajectory
row holds the task, its end, its checks and verdicts (`checked`: the task's own check, `judged` and
`judgement`: an LMM judge's, `golden`: the benchmark's golden answer found in the answer, `success`: the
headline, docs/DESIGN.md "Reading a run"), its usage, and its steps as a list of the step fields.

`--success-only` keeps the tasks whose headline success is true, `--failed-only` those where it is false
(rejection-sampling fine-tuning keeps the first); tasks that failed for the infrastructure (the machine,
never the agent) are always left out. Every string passes the project's `Redactor` (the environment's
secrets and the values of `--secret-env` names): the run's files were redacted when written, this catches
secrets the run did not know; screenshots are copied as the run masked them. Formats: `jsonl`
(`OUT/steps.jsonl` or `OUT/trajectories.jsonl`, which `datasets.load_dataset("json", ...)` reads) and
`hf` (a Hugging Face `datasets` dataset in OUT by `save_to_disk`, the same columns plus `image` (step
rows) or `images` (trajectory rows) with the screenshots' bytes; needs the `dataset` extra).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from webvoyager.agent.redact import Redactor
from webvoyager.errors import ConfigError
from webvoyager.export.source import finished_records
from webvoyager.fileio import write_bytes_atomic, write_text_atomic
from webvoyager.runs.records import TaskRecord
from webvoyager.trajectory import Step, TaskDir

Format = Literal["jsonl", "hf"]
Per = Literal["step", "trajectory"]
Only = Literal["all", "success", "failed"]
FORMATS: tuple[str, ...] = ("jsonl", "hf")
PERS: tuple[str, ...] = ("step", "trajectory")
SCREENSHOTS = "screenshots"


@dataclass(frozen=True)
class DatasetRequest:
    """What to export: the runs, where, in which format, a row per what, which tasks."""

    run_dirs: tuple[Path, ...]
    out: Path
    format: Format = "jsonl"
    per: Per = "step"
    only: Only = "all"
    secret_env: tuple[str, ...] = ()   # env vars whose values are redacted too

    def validate(self) -> DatasetRequest:
        if not self.run_dirs:
            raise ConfigError("give at least one RUN_DIR to export")
        if self.format not in FORMATS:
            raise ConfigError(f"--format {self.format!r}: use {' or '.join(FORMATS)}")
        if self.per not in PERS:
            raise ConfigError(f"--per {self.per!r}: use {' or '.join(PERS)}")
        if self.out.exists() and (not self.out.is_dir() or any(self.out.iterdir())):
            raise ConfigError(f"{self.out} already exists and is not an empty folder; choose a new -o OUT")
        return self


@dataclass
class DatasetExport:
    """What `export_dataset` wrote: rows, the tasks they come from, the screenshots copied, and the tasks
    left out (by the success filter, or because they failed for the infrastructure)."""

    path: Path
    rows: int = 0
    tasks: int = 0
    screenshots: int = 0
    filtered: list[str] = field(default_factory=list)
    infrastructure: list[str] = field(default_factory=list)


def export_dataset(request: DatasetRequest) -> DatasetExport:
    """Write the dataset (see the module docstring); ConfigError for a bad request or run directory, before
    anything is written."""
    request.validate()
    runs = [(run_dir, finished_records(run_dir, request.out)) for run_dir in request.run_dirs]
    redactor = Redactor.from_env(_env_values(request.secret_env))
    name = "steps" if request.per == "step" else "trajectories"
    export = DatasetExport(request.out / (f"{name}.jsonl" if request.format == "jsonl" else ""))
    rows: list[dict[str, Any]] = []
    images: list[Any] = []
    for label, (run_dir, records) in zip(_labels([r for r, _ in runs]), runs):
        for rec in records:
            if _left_out(rec, request.only, export):
                continue
            export.tasks += 1
            steps = TaskDir(run_dir / rec.dirname).load_steps()
            where = redactor.text(f"{label}/{rec.dirname}")   # a folder name is text that may hold a secret
            shots = [_copy_screenshot(run_dir / rec.dirname, step, request.out, where) for step in steps]
            export.screenshots += sum(shot is not None for shot in shots)
            step_rows = [redactor.data(_step_fields(step, shot)) for step, shot in zip(steps, shots)]
            head = redactor.data(_task_fields(label, rec))
            if request.per == "step":
                rows += [{**head, **row} for row in step_rows]
                images += [_image(request.out, shot) for shot in shots]
            else:
                rows.append({**head, **redactor.data(_verdict_fields(rec)), "steps": step_rows})
                images.append([_image(request.out, shot) for shot in shots if shot is not None])
    export.rows = len(rows)
    if not rows:
        raise ConfigError(f"no task of {', '.join(map(str, request.run_dirs))} is left to export after the filter "
                          f"({len(export.filtered)} filtered out, {len(export.infrastructure)} infrastructure "
                          "failures); drop --success-only/--failed-only, or export other runs")
    request.out.mkdir(parents=True, exist_ok=True)
    if request.format == "jsonl":
        write_text_atomic(export.path, "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    else:
        _save_hf(request.out, rows, images, "image" if request.per == "step" else "images")
    return export


def _left_out(rec: TaskRecord, only: Only, export: DatasetExport) -> bool:
    """Whether the task is not exported (noted in `export`): an infrastructure failure, or the filter's."""
    if rec.infrastructure is not None:
        export.infrastructure.append(rec.task_id)
        return True
    if (only == "success" and rec.success is not True) or (only == "failed" and rec.success is not False):
        export.filtered.append(rec.task_id)
        return True
    return False


def _task_fields(label: str, rec: TaskRecord) -> dict[str, Any]:
    r = rec.result
    assert r is not None
    return {"run": label, "task_id": rec.task_id, "repeat": rec.repeat, "site": rec.site, "question": r.question,
            "start_url": r.start_url, "status": r.status, "answer": r.answer, "final_url": r.final_url,
            "success": rec.success, "checked": rec.checked, "judged": rec.judged}


def _verdict_fields(rec: TaskRecord) -> dict[str, Any]:
    """A trajectory's checks and verdicts beyond the headline, and its usage."""
    r, j = rec.result, rec.judgement
    assert r is not None
    judgement = None if j is None else {"method": j.method, "model": j.model, "verdict": j.verdict,
                                        "reasoning": j.reasoning}
    usage = r.usage
    return {"golden": rec.golden, "golden_answer": r.golden_answer, "signal": rec.signal, "judgement": judgement,
            "steps_taken": r.steps, "error": r.error,
            "usage": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens,
                      "cost_usd": None if usage.cost_usd is None else float(usage.cost_usd), "calls": usage.calls}}


def _step_fields(step: Step, shot: str | None) -> dict[str, Any]:
    data = step.action_data or {}
    outcome = "no_action" if step.action is None else ("error" if step.error else "ok")
    return {"step": step.index, "url": step.url, "title": step.title, "screenshot": shot,
            "elements_text": step.elements_text, "reply": step.raw_output, "thought": step.thought,
            "action": step.action, "action_kind": data.get("kind"),
            "action_json": json.dumps(data, ensure_ascii=False, sort_keys=True) if data else None,
            "target": step.target.to_dict() if step.target is not None else None,
            "outcome": outcome, "error": step.error, "outcome_notes": list(step.outcome_notes)}


def _copy_screenshot(folder: Path, step: Step, out: Path, where: str) -> str | None:
    """Copy the marked screenshot the model saw at `step` under OUT/screenshots/`where`/; its path relative
    to OUT, None when the step has none (text-only runs)."""
    source = folder / step.screenshot if step.screenshot else TaskDir(folder).screenshot(step.index)
    if not source.is_file():
        return None
    relative = f"{SCREENSHOTS}/{where}/step{step.index}.png"
    write_bytes_atomic(out / relative, source.read_bytes())
    return relative


def _image(out: Path, shot: str | None) -> dict[str, Any] | None:
    return None if shot is None else {"bytes": (out / shot).read_bytes(), "path": shot}


def _labels(run_dirs: list[Path]) -> list[str]:
    """A distinct name per run directory (its folder name; `-2`, `-3` after a name seen before)."""
    seen: dict[str, int] = {}
    labels = []
    for run_dir in run_dirs:
        name = run_dir.resolve().name
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return labels


def _env_values(names: tuple[str, ...]) -> list[str]:
    missing = [n for n in names if not os.environ.get(n)]
    if missing:
        raise ConfigError(f"--secret-env {', '.join(missing)}: no such environment variable is set (export it, "
                          "or leave the option out)")
    return [os.environ[n] for n in names]


def _save_hf(out: Path, rows: list[dict[str, Any]], images: list[Any], column: str) -> None:
    """`rows` (with the screenshots' bytes in `column`) as a Hugging Face dataset saved to `out`."""
    try:
        import datasets
    except ImportError:
        raise ConfigError("--format hf needs the `datasets` package: pip install 'webvoyager[dataset]' "
                          "(or export --format jsonl, which datasets.load_dataset('json', ...) reads)") from None
    datasets.disable_progress_bars()   # the CLI prints its own line
    table = datasets.Dataset.from_list([{**row, column: image} for row, image in zip(rows, images)])
    feature = datasets.Image() if column == "image" else datasets.Sequence(datasets.Image())
    table.cast_column(column, feature).save_to_disk(str(out))
