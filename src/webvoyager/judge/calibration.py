"""Judges measured against ground truth: `webvoyager judge calibrate RUN_DIR` on a run of code-checked tasks.

Two measurements per judge (a method and model that judged the run, from each task's `judgements/` copies):

* **The run**: the judge's verdict on each attempt against the task's own check (`judge.agreement.compare`,
  a = the checks, b = the judge): agreement, Cohen's kappa, false-positive rate (the judge passes what
  the check fails), false-negative rate, and the success-rate gap (judge minus checks, in points).
* **Probes**: for each task with answer checks that the agent solved, its first solved trajectory is
  judged again with its final answer replaced by each of the task's probes: its right
  answers reworded (`pass`) and its wrong ones (`hedge`, `off_by_one`, `neighbour`, ...). A judge that
  passes a hedge or an off-by-one shows it, per probe kind. Probes that describe a final page state
  are left out (the screenshots are the recorded ones). The same method, protocol and model judge
  them, with the protocol's screenshots (a prompt pack, if the run's judge used one, is not reused).

The result is `calibration.json` in the run directory (`Calibration.to_dict`), which summary.json and the
report show. Nobody else can measure a judge without people labelling; a code-checked suite can.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from webvoyager.errors import ConfigError, ModelError
from webvoyager.fileio import write_json_atomic
from webvoyager.judge.agreement import Agreement, compare
from webvoyager.judge.evidence import load_evidence
from webvoyager.judge.methods import judge_task
from webvoyager.judge.runner import JudgeSettings
from webvoyager.models.base import ChatModel
from webvoyager.runs.calibration import CALIBRATION_NAME
from webvoyager.runs.judgements import judge_name, load_judgement
from webvoyager.runs.records import TaskRecord, load_records
from webvoyager.tasks import Probe, Task

PASS_KIND = "pass"
"""The probe kind of a task's right answers reworded (its `pass` probes)."""


@dataclass(frozen=True)
class JudgeKey:
    """One judge of a run: its name (method, `-paper` under the paper protocol) and model."""

    method: str
    protocol: str
    model: str

    @property
    def name(self) -> str:
        return f"{judge_name(self.method, self.protocol)}/{self.model}"


@dataclass(frozen=True)
class ProbeVerdict:
    """The judge's verdict on one synthetic trajectory: a task's trajectory with a probe as its answer."""

    task_id: str
    kind: str
    answer: str
    expected: bool           # what the task's checks say of the answer
    judged: bool | None      # None: no verdict (the reply could not be read, or the call failed)


@dataclass(frozen=True)
class KindScore:
    """A judge's verdicts on the probes of one kind."""

    kind: str
    probes: int
    judged_success: int
    no_verdict: int

    @property
    def success_rate(self) -> float | None:
        judged = self.probes - self.no_verdict
        return self.judged_success / judged if judged else None


@dataclass
class JudgeCalibration:
    """One judge against the code checks: on the run's attempts and on the probes."""

    judge: JudgeKey
    run: Agreement
    probes: list[ProbeVerdict] = field(default_factory=list)

    @property
    def false_positive_rate(self) -> float | None:
        """Share of the attempts the checks fail that the judge passes."""
        failed = self.run.b_only_success + self.run.both_failure
        return self.run.b_only_success / failed if failed else None

    @property
    def false_negative_rate(self) -> float | None:
        """Share of the attempts the checks pass that the judge fails."""
        passed = self.run.both_success + self.run.a_only_success
        return self.run.a_only_success / passed if passed else None

    def kinds(self) -> list[KindScore]:
        """Per probe kind (right answers first, then the wrong kinds by name)."""
        names = sorted({p.kind for p in self.probes}, key=lambda k: (k != PASS_KIND, k))
        return [KindScore(kind, sum(p.kind == kind for p in self.probes),
                          sum(p.kind == kind and p.judged is True for p in self.probes),
                          sum(p.kind == kind and p.judged is None for p in self.probes)) for kind in names]

    def to_dict(self) -> dict[str, Any]:
        return {"judge": self.judge.name, "method": self.judge.method, "protocol": self.judge.protocol,
                "model": self.judge.model, "run": self.run.to_dict(),
                "false_positive_rate": self.false_positive_rate, "false_negative_rate": self.false_negative_rate,
                "probe_kinds": [{"kind": k.kind, "probes": k.probes, "judged_success": k.judged_success,
                                 "no_verdict": k.no_verdict, "success_rate": k.success_rate} for k in self.kinds()],
                "probes": [vars(p) for p in self.probes]}


@dataclass
class Calibration:
    """Every calibrated judge of a run."""

    judges: list[JudgeCalibration]

    def to_dict(self) -> dict[str, Any]:
        return {"judges": [j.to_dict() for j in self.judges]}

    def save(self, run_dir: Path) -> Path:
        path = run_dir / CALIBRATION_NAME
        write_json_atomic(path, self.to_dict())
        return path


def _key(rec: TaskRecord) -> str:
    return f"{rec.task_id}#{rec.repeat}"


def run_judges(records: Sequence[TaskRecord], run_dir: Path) -> dict[JudgeKey, dict[str, bool]]:
    """Every judge that judged the run, with its verdicts (attempt key -> success)."""
    found: dict[JudgeKey, dict[str, bool]] = {}
    for rec in records:
        for path in sorted((run_dir / rec.dirname / "judgements").glob("*.json")):
            j = load_judgement(path)
            if j is not None and j.success is not None:
                found.setdefault(JudgeKey(j.method, j.protocol, j.model), {})[_key(rec)] = j.success
    return found


def choose_judges(available: Mapping[JudgeKey, Any], wanted: Sequence[str]) -> list[JudgeKey]:
    """The judges `wanted` names (`JUDGE/MODEL`, or `JUDGE` for each of its models); all when none named."""
    if not available:
        raise ConfigError("no judge has judged this run yet: run `webvoyager judge RUN_DIR --model SPEC` first")
    if not wanted:
        return sorted(available, key=lambda k: k.name)
    chosen = [k for k in sorted(available, key=lambda k: k.name)
              if any(w in (k.name, judge_name(k.method, k.protocol)) for w in wanted)]
    unknown = [w for w in wanted if not any(w in (k.name, judge_name(k.method, k.protocol)) for k in available)]
    if unknown:
        raise ConfigError(f"no judge {', '.join(unknown)} in this run; it was judged by "
                          f"{', '.join(sorted(k.name for k in available))}")
    return chosen


def _probe_source(attempts: list[TaskRecord]) -> TaskRecord | None:
    """The attempt whose trajectory the probes are put into: the first the check passes (its screenshots
    show the right answer, so a judge that passes a wrong one is fooled by the answer alone); None when
    no attempt passed."""
    return next((r for r in attempts if r.checked), None)


async def _judge_probes(run_dir: Path, records: Sequence[TaskRecord], tasks: Mapping[str, Task], key: JudgeKey,
                        model: ChatModel, workers: int) -> list[ProbeVerdict]:
    rules = JudgeSettings(method=key.method, protocol=key.protocol).validate().rules()
    by_task: dict[str, list[TaskRecord]] = {}
    for rec in records:
        if rec.result is not None and rec.task_id in tasks:
            by_task.setdefault(rec.task_id, []).append(rec)
    todo: list[tuple[TaskRecord, str, Probe, bool]] = []
    for task_id, attempts in by_task.items():
        task = tasks[task_id]
        if task.probes is None or task.checks is None or not task.checks.answer:
            continue
        source = _probe_source(attempts)
        if source is None:
            continue
        todo += [(source, PASS_KIND, p, True) for p in task.probes.accept if p.answer is not None and not p.has_state]
        todo += [(source, p.kind or "fail", p, False) for p in task.probes.reject
                 if p.answer is not None and not p.has_state]
    gate = asyncio.Semaphore(workers)

    async def one(source: TaskRecord, kind: str, probe: Probe, expected: bool) -> ProbeVerdict:
        async with gate:
            evidence = replace(load_evidence(run_dir / source.dirname), answer=probe.answer, status="answered")
            try:
                verdict = (await judge_task(evidence, model, method=key.method, rules=rules)).success
            except ModelError:
                verdict = None
            return ProbeVerdict(source.task_id, kind, probe.answer or "", expected, verdict)

    return list(await asyncio.gather(*(one(*item) for item in todo)))


async def calibrate(run_dir: Path, tasks: Mapping[str, Task], *, judges: Sequence[str] = (),
                    model_for: Callable[[str], ChatModel], probes: bool = True, workers: int = 4) -> Calibration:
    """Calibrate the run's judges (`judges` names some, see `choose_judges`) against the checks of `tasks`
    (the run's tasks by id, with their checks and probes); `model_for` builds a judge's model from its spec
    for the probes. Writes nothing (see `Calibration.save`)."""
    records = load_records(run_dir)
    checked = {_key(r): bool(r.checked) for r in records if r.checked is not None}
    if not checked or not any(r.task_id in tasks for r in records):
        raise ConfigError(f"{run_dir} has no code-checked tasks of a known suite: calibrate a run of the sandbox "
                          "(`webvoyager bench sandbox ...`), whose tasks have checks and probes")
    verdicts = run_judges(records, run_dir)
    out = []
    for key in choose_judges(verdicts, judges):
        calibration = JudgeCalibration(key, compare(checked, verdicts[key]))
        if probes:
            calibration.probes = await _judge_probes(run_dir, records, tasks, key, model_for(key.model), workers)
        out.append(calibration)
    return Calibration(out)

