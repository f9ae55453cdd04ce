"""The `miniwob` suite: MiniWoB++ task pages (the `miniwob` package) served by this process, one episode
per task, rewarded by the page itself; the environment (server, episode hooks) is `bench/miniwob.py`."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Iterator

from webvoyager.bench.suites.base import FinishedRun, Suite, TaskHooks
from webvoyager.bench.suites.sections import Section, reward_table
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task

if TYPE_CHECKING:
    from webvoyager.bench.miniwob import MiniwobServer


class MiniwobSuite(Suite):
    name = "miniwob"
    help = "MiniWoB++ task pages, rewarded by the page (--tasks a,b --episodes N --first-seed S)."
    default_confirm = "allow"   # synthetic pages: login-user and others type into password fields
    backends = ("local",)
    backend_note = "its pages are served by this process"

    server: MiniwobServer | None = None

    @contextlib.contextmanager
    def serve(self) -> Iterator[None]:
        from webvoyager.bench.miniwob import MiniwobServer

        with MiniwobServer() as server:
            self.server = server
            try:
                yield
            finally:
                self.server = None

    def load(self) -> list[Task]:
        from webvoyager.bench import miniwob

        if self.server is None:
            raise ConfigError("the miniwob suite's tasks exist only while it serves its pages: load them "
                              "inside `serve()` (webvoyager bench miniwob does)")
        names = miniwob.parse_task_list(self.args.tasks, miniwob.task_names(self.server.root))
        return miniwob.miniwob_tasks(self.server, names, episodes=self.args.episodes,
                                     first_seed=self.args.first_seed)

    def hooks(self) -> TaskHooks:
        from webvoyager.bench.miniwob import episode_for

        return TaskHooks(episode_for=episode_for)

    def run_extra(self, tasks: list[Task]) -> dict[str, Any]:
        return {"miniwob": {"tasks": sorted({t.site for t in tasks}), "episodes": self.args.episodes,
                            "first_seed": self.args.first_seed}}

    def results(self, run: FinishedRun) -> list[Section]:
        return [reward_table(run.summary)]
