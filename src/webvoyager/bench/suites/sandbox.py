"""The `sandbox` suite: the 210 code-checked tasks of the 15 local replica sites, served in-process.

`SandboxServed` is the part shared with the hostile suite: the sandbox runs for the duration of the run
and the `Google` action lands on its own search engine.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING, Iterator

from webvoyager.bench.suites.base import FinishedRun, Suite
from webvoyager.bench.suites.sections import Section, site_table
from webvoyager.runs.manifest import ManifestSource
from webvoyager.tasks import Task

if TYPE_CHECKING:
    from webvoyager.browser.types import BrowserConfig
    from webvoyager.sandbox.server import Sandbox


class SandboxServed(Suite):
    """A suite whose tasks run on the local sandbox, started by `serve`."""

    sandbox: Sandbox | None = None

    @contextlib.contextmanager
    def serve(self) -> Iterator[None]:
        from webvoyager.sandbox.server import Sandbox

        with Sandbox(port=0, variant=self.args.variant) as sandbox:
            self.sandbox = sandbox
            try:
                yield
            finally:
                self.sandbox = None

    @property
    def port(self) -> int | None:
        """The port of the sandbox the tasks point at (the one served, else `SuiteArgs.port`)."""
        return self.sandbox.port if self.sandbox else self.args.port

    def browser_config(self, config: BrowserConfig) -> BrowserConfig:
        if self.sandbox is not None and self.sandbox.search_url:
            return replace(config, search_url=self.sandbox.search_url)
        return config


class SandboxSuite(SandboxServed):
    name = "sandbox"
    help = "The 210 code-checked tasks of the 15 local replica websites (served by this process)."
    default_confirm = "allow"   # a local replica: buying there costs nothing

    def load(self) -> list[Task]:
        from webvoyager.sandbox.catalog import load_sandbox_tasks

        return load_sandbox_tasks(self.port)

    def manifest_source(self) -> ManifestSource:
        """Every site's tasks.json, named `<site>/tasks.json`."""
        from webvoyager.sandbox.catalog import task_files

        return ManifestSource(files=tuple((f"{path.parent.name}/{path.name}", path) for path in task_files()))

    def paper_sites(self) -> dict[str, str]:
        """Each sandbox site's name (Cartwheel, ...) -> the paper's website it stands for (Amazon, ...)."""
        from webvoyager.sandbox.catalog import load_sandbox_tasks

        return _paper_names(load_sandbox_tasks())

    def results(self, run: FinishedRun) -> list[Section]:
        """The per-site table in the paper's order of its 15 websites, with their names beside ours."""
        return [site_table(run.summary, paper_sites=_paper_names(run.tasks))]


def _paper_names(tasks: list[Task]) -> dict[str, str]:
    """The tasks' site names (Cartwheel, ...) -> the paper's websites they stand for, in the paper's order."""
    from webvoyager.sandbox.catalog import PAPER_SITES, site_of

    ours = {site_of(t): t.site for t in tasks}
    return {ours[key]: name for key, name in PAPER_SITES.items() if key in ours}
