"""The live progress bar of `webvoyager bench`: done / running / success so far / tokens / cost / ETA."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from webvoyager.tasks import Task
from webvoyager.trajectory import Result, run_key
from webvoyager.usage import Usage


class ProgressBar:
    """A rich progress bar fed by the runner's listener callbacks. Use as a context manager."""

    def __init__(self, total: int, *, completed: int = 0, console: Console | None = None) -> None:
        self.running = 0
        self.done = 0
        self.success = 0
        self.checked = 0
        self.usage = Usage()
        self._progress = Progress(
            TextColumn("[bold]bench[/]"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[stats]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=console, transient=False,
        )
        self._task = self._progress.add_task("bench", total=total, completed=completed, stats=self._stats())

    def _stats(self) -> str:
        rate = f"{self.success}/{self.checked}" if self.checked else "-"
        cost = f"${self.usage.cost_usd:.2f}" if self.usage.cost_usd is not None else "$?"
        return (f"running {self.running} | success {rate} | tokens {self.usage.total_tokens:,}{self.usage.cached_note} | {cost}")

    def __enter__(self) -> ProgressBar:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

    def started(self, task: Task) -> None:
        self.running += 1
        self._progress.update(self._task, stats=self._stats())

    def finished(self, task: Task, result: Result) -> None:
        self.running -= 1
        self.done += 1
        if result.success is not None:
            self.checked += 1
            self.success += int(result.success)
        self.usage = self.usage + result.usage
        self._progress.update(self._task, advance=1, stats=self._stats())
        mark = {True: "[green]ok[/]", False: "[red]fail[/]", None: "[yellow]?[/]"}[result.success]
        infra = f" (infrastructure: {result.infrastructure})" if result.infrastructure else ""
        self._progress.console.print(f"{mark} {run_key(task.id, result.repeat)}: {result.status}{infra} "
                                     f"in {result.steps} steps")
