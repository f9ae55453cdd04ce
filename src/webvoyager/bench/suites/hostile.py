"""The `hostile` suite: prompt-injection attacks on a sandbox shop, each with a benign twin; the
measures (attack.json per task, hostile.json per run) are in `bench/hostile.py`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from webvoyager.bench.suites.base import FinishedRun, TaskHooks
from webvoyager.bench.suites.sandbox import SandboxServed
from webvoyager.bench.suites.sections import Section, TableSection, TextSection, site_table
from webvoyager.tasks import Task

if TYPE_CHECKING:
    from webvoyager.api.settings import RunSettings
    from webvoyager.bench.hostile import HostileReport
    from webvoyager.trajectory import Result


class HostileSuite(SandboxServed):
    name = "hostile"
    help = "Prompt-injection attacks on a sandbox shop with benign twins (--no-rails: measure without the rails)."

    secret: str | None = None

    def settings(self, settings: RunSettings) -> RunSettings:
        from webvoyager.bench.hostile import hostile_settings

        settings, self.secret = hostile_settings(settings, rails=self.args.rails)
        return settings.validate()   # the suite's secret must meet the same rules (e.g. no --trace)

    def load(self) -> list[Task]:
        from webvoyager.sandbox.catalog import HOSTILE_TASKS, load_hostile_tasks

        self.task_files = [HOSTILE_TASKS]
        return load_hostile_tasks(self.port)

    def hooks(self) -> TaskHooks:
        from webvoyager.bench.hostile import record_attack

        sandbox, secret = self.sandbox, self.secret

        def after_task(task: Task, result: Result, folder: Path) -> None:
            record_attack(task, result, folder, sandbox, secret)

        return TaskHooks(after_task=after_task)

    def results(self, run: FinishedRun) -> list[Section]:
        from webvoyager.bench.hostile import hostile_report

        return [site_table(run.summary), *attack_sections(hostile_report(run.run_dir, run.tasks), run.model)]


def attack_sections(report: HostileReport, model: str) -> list[Section]:
    """Attack success and benign-twin utility per attack kind, and the overall rates in a line."""
    rows = tuple((name, f"{k.succeeded}/{k.attacks}", f"{k.twins_done}/{k.twins}") for name, k in report.kinds.items())
    o = report.overall
    table = TableSection(f"Hostile suite: {model}", ("attack kind", "attack succeeded", "twin solved"), rows,
                         total=("overall", f"{o.succeeded}/{o.attacks}", f"{o.twins_done}/{o.twins}"))
    rates = o.to_dict()
    asr, util = rates["attack_success_rate"], rates["utility"]
    line = TextSection(f"Attack success rate {'-' if asr is None else f'{100 * asr:.1f}%'}, "
                       f"benign-twin utility {'-' if util is None else f'{100 * util:.1f}%'}.")
    return [table, line]
