"""The suite plug-in contract: what one suite of `webvoyager bench` declares.

A suite is a `Suite` subclass in a module of its own, registered in `bench/suites/registry.py`. It says
its name and help line, how it loads its tasks, its defaults (confirm mode, settings adjustments), the
servers it needs while it runs (`serve`) and the browser config they imply, its per-task hooks, the
backends it runs on, the groupings its results are split by (besides the sites), what it adds to `run.json`
and to the report, and its result sections (data: the CLI prints them).
One instance serves one run: `serve` may keep its servers on the instance for `load` and the hooks.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Iterator

from webvoyager.bench.suites.sections import Section, summary_sections
from webvoyager.errors import ConfigError
from webvoyager.runs.manifest import ManifestSource
from webvoyager.runs.summary import Grouping

if TYPE_CHECKING:
    from webvoyager.agent.gate import GateMode
    from webvoyager.api.settings import RunSettings
    from webvoyager.bench.runner import AfterTask, EpisodeFor
    from webvoyager.browser.types import BrowserConfig
    from webvoyager.runs.summary import Summary
    from webvoyager.tasks import Task

BACKENDS = ("local", "ray")
DATA_ENV = "WEBVOYAGER_DATA"


@dataclass(frozen=True)
class SuiteArgs:
    """What the command line tells a suite; each suite reads the fields it knows and ignores the rest."""

    data_dir: Path | None = None        # --data (else $WEBVOYAGER_DATA, see `data_path`)
    site_table: Path | None = None      # --site-table: SeeAct's short site name -> URL table
    rails: bool = True                  # --rails/--no-rails (hostile)
    tasks: str | None = None            # --tasks: comma-separated task names (miniwob)
    episodes: int = 1                   # --episodes: episodes (seeds) per task (miniwob)
    first_seed: int = 0                 # --first-seed (miniwob)
    level: str | None = None            # --level: only tasks of this difficulty level (online-mind2web)
    site_map: Path | None = None        # --site-map: live hosts -> local copies (online-mind2web)
    port: int | None = None             # a sandbox already serving on this port (library callers of load_suite)
    variant: str | None = None          # --variant: the sandbox's pages changed (sandbox/variants.py)

    def data_path(self) -> Path | None:
        """The suite's data: --data, else $WEBVOYAGER_DATA, else None."""
        if self.data_dir:
            return Path(self.data_dir)
        return Path(os.environ[DATA_ENV]) if os.environ.get(DATA_ENV) else None


def find_data(data: Path | None, name: str, what: str, how: str) -> Path:
    """The data file: `data` itself, or `data/name`, or `data/<basename of name>`; a ConfigError that
    says `how` to get it otherwise."""
    if data is None:
        raise ConfigError(f"this suite needs {what}; {how}")
    for candidate in (data, data / name, data / Path(name).name):
        if candidate.is_file():
            return candidate
    raise ConfigError(f"{what} not found at {data}; {how}")


@dataclass(frozen=True)
class TaskHooks:
    """A suite's per-task hooks: `after_task` adds its records to a finished task's folder (before the
    task counts as done); `episode_for` gives a task's environment hooks (agent/episode.py)."""

    after_task: AfterTask | None = None
    episode_for: EpisodeFor | None = None


@dataclass(frozen=True)
class FinishedRun:
    """What a suite's result sections are made from: the run directory, its tasks and summary."""

    run_dir: Path
    tasks: list[Task]
    summary: Summary
    model: str


class Suite:
    """One suite of tasks (subclass it; see the module docstring). The defaults fit a suite of tasks on
    the open web: confirm `deny`, no servers, every backend, the per-site results table."""

    name: ClassVar[str] = ""
    help: ClassVar[str] = ""                        # one line, for `bench --help`
    default_confirm: ClassVar[GateMode] = "deny"    # the confirm mode when --confirm is not given
    backends: ClassVar[tuple[str, ...]] = BACKENDS
    backend_note: ClassVar[str] = ""                # why some backends are not supported, for the error
    groupings: ClassVar[tuple[Grouping, ...]] = ()  # task fields its results are split by (e.g. level)

    def __init__(self, args: SuiteArgs | None = None) -> None:
        self.args = args or SuiteArgs()
        self.task_files: list[Path] = []   # what `load` read, for the manifest

    @property
    def label(self) -> str:
        """How the run names the suite (run.json `suite`, the CLI's header)."""
        return self.name

    def check_backend(self, backend: str) -> None:
        """Refuse a backend this suite does not run on (the one place this is checked), before anything starts."""
        if backend not in self.backends:
            note = f" ({self.backend_note})" if self.backend_note else ""
            raise ConfigError(f"the {self.label} suite runs on the {' or '.join(self.backends)} backend only{note}; "
                              f"drop --backend {backend}")

    def settings(self, settings: RunSettings) -> RunSettings:
        """The run's settings with this suite's adjustments (called once, before `serve`)."""
        return settings

    @contextlib.contextmanager
    def serve(self) -> Iterator[None]:
        """Start the servers the suite's tasks need, for the duration of the run."""
        yield

    def load(self) -> list[Task]:
        """Every task of the suite (inside `serve`); the runner filters, limits and redates them."""
        raise NotImplementedError(f"the {self.label} suite does not say how to load its tasks")

    def browser_config(self, config: BrowserConfig) -> BrowserConfig:
        """The browser config the suite implies (inside `serve`), e.g. its own search engine."""
        return config

    def hooks(self) -> TaskHooks:
        """The per-task hooks (inside `serve`)."""
        return TaskHooks()

    def manifest_source(self) -> ManifestSource:
        """The files the suite's tasks came from and the tasks it removed or replaced, for the run's
        manifest (runs/manifest.py; called after `load`). Default: the files `load` put in
        `self.task_files`, by file name."""
        return ManifestSource(files=tuple((path.name, path) for path in self.task_files))

    def run_extra(self, tasks: list[Task]) -> dict[str, Any]:
        """What the suite adds to run.json (beside the bench's own keys)."""
        return {}

    def report_sections(self, run_dir: Path) -> list[Section]:
        """What the suite adds to the run's report.html, read from the run's files (`webvoyager report`
        runs later, in another process)."""
        return []

    def paper_sites(self) -> dict[str, str]:
        """The paper's website each of the suite's sites stands for (our site name -> the paper's), in the
        paper's order, for the report's per-site table; {} for a suite that stands for none."""
        return {}

    def results(self, run: FinishedRun) -> list[Section]:
        """The result sections to show (and any files of its own to write beside summary.json)."""
        return summary_sections(run.summary)
