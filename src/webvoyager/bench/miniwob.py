"""The MiniWoB++ suite: the tasks of the `miniwob` package (pip install 'webvoyager[miniwob]'), served
from a loopback HTTP server of our own and run with our agent; the page's own reward function decides.

One episode is one task of the run: `<task>--<seed>` (site = the MiniWoB++ task name, so the per-site
table of the summary is the per-task table). `MiniwobEpisode.begin` seeds the page's random generator
(`Math.seedrandom`), starts the episode (`core.startEpisodeReal`) and gives the model the page's own
utterance (`core.getUtterance`) as the question; after every action `ended` reads the page's globals
(`WOB_DONE_GLOBAL`, `WOB_RAW_REWARD_GLOBAL`, `WOB_REWARD_REASON`).

The reward we record is the page's raw reward (1 solved, <= 0 not, partial credit in some tasks), not
the time-discounted one: model latency is not the agent's skill. The page's own time limit (10 s, made
for RL policies) is raised to `EPISODE_TIME_S`; an episode the agent leaves unfinished scores 0.
"""

from __future__ import annotations

import functools
import importlib.util
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, Iterable

from webvoyager.agent.episode import EpisodeEnd
from webvoyager.errors import BrowserError, ConfigError
from webvoyager.tasks import Task
from webvoyager.text import first_line

EPISODE_TIME_S = 600.0
"""The page's time limit of one episode (the default per-task timeout of a bench)."""
PENDING_QUESTION = "(the MiniWoB++ page gives the task when the episode starts)"
_INSTALL = "install it with: pip install 'webvoyager[miniwob]' (the `miniwob` package ships the task pages)"


def html_root() -> Path:
    """The folder of the MiniWoB++ pages inside the installed `miniwob` package (not imported: that would
    pull in gymnasium)."""
    spec = importlib.util.find_spec("miniwob")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(f"the miniwob suite needs the `miniwob` package; {_INSTALL}")
    root = Path(list(spec.submodule_search_locations)[0]) / "html"
    if not (root / "miniwob").is_dir() or not (root / "core" / "core.js").is_file():
        raise ConfigError(f"the installed `miniwob` package has no task pages under {root}; reinstall it ({_INSTALL})")
    return root


def task_names(root: Path | None = None) -> list[str]:
    """Every MiniWoB++ task name (the pages under html/miniwob), sorted."""
    return sorted(p.stem for p in ((root or html_root()) / "miniwob").glob("*.html"))


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's name
        pass


class MiniwobServer:
    """Serves the MiniWoB++ pages on 127.0.0.1 (a free port unless given) while in its `with` block."""

    def __init__(self, port: int = 0, root: Path | None = None) -> None:
        self.root = root or html_root()
        handler = functools.partial(_QuietHandler, directory=str(self.root))
        self._server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True, name="miniwob-http")

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def task_url(self, name: str) -> str:
        return f"{self.base_url}/miniwob/{name}.html"

    def __enter__(self) -> MiniwobServer:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._server.shutdown()
        self._server.server_close()


def parse_task_list(text: str | None, available: Iterable[str]) -> list[str]:
    """`click-button,enter-text` → the names, checked against the installed tasks (None/empty: all)."""
    known = list(available)
    if not text:
        return known
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ConfigError(f"unknown MiniWoB++ task(s) {', '.join(unknown)}; "
                          f"the installed package has {len(known)}, e.g. {', '.join(known[:5])}")
    return list(dict.fromkeys(names))


def miniwob_tasks(server: MiniwobServer, names: Iterable[str], *, episodes: int = 1,
                  first_seed: int = 0) -> list[Task]:
    """`episodes` tasks per name, seeded `first_seed`, `first_seed + 1`, ..."""
    if episodes < 1:
        raise ConfigError("--episodes must be at least 1")
    return [Task(id=f"{name}--{seed}", question=PENDING_QUESTION, start_url=server.task_url(name), site=name,
                 extra={"miniwob_task": name, "miniwob_seed": seed})
            for name in names for seed in range(first_seed, first_seed + episodes)]


@dataclass(frozen=True)
class MiniwobEpisode:
    """The Episode hooks (agent/episode.py) of one MiniWoB++ task page with one seed."""

    seed: int
    time_limit_s: float = EPISODE_TIME_S
    ready_timeout_s: float = 10.0

    async def begin(self, session: Any, task: Task) -> Task:
        page = session.page
        try:
            await page.wait_for_function("() => document.readyState === 'complete' && typeof core !== 'undefined'",
                                         timeout=self.ready_timeout_s * 1000)
            await page.evaluate("([seed, ms]) => { Math.seedrandom(seed); core.EPISODE_MAX_TIME = ms; "
                                "core.startEpisodeReal(); }", [self.seed, int(self.time_limit_s * 1000)])
            await page.wait_for_function("() => WOB_TASK_READY === true", timeout=self.ready_timeout_s * 1000)
            utterance = await page.evaluate("() => core.getUtterance()")
        except Exception as exc:  # Playwright's errors: the page is not a working MiniWoB++ task
            raise BrowserError(f"could not start the MiniWoB++ episode at {page.url}: {first_line(exc)}. "
                               "Is it a MiniWoB++ task page (html/miniwob/*.html of the miniwob package)?") from exc
        if not utterance:
            raise BrowserError(f"the MiniWoB++ page {page.url} gave no task text (core.getUtterance() is empty)")
        return task.replace(question=str(utterance))

    async def ended(self, session: Any, *, final: bool = False) -> EpisodeEnd | None:
        state = await session.page.evaluate(
            "() => typeof WOB_DONE_GLOBAL === 'undefined' ? null : ({done: WOB_DONE_GLOBAL, "
            "raw: WOB_RAW_REWARD_GLOBAL, reason: WOB_REWARD_REASON})")
        if state is None:   # the tab left the task page: the episode cannot be finished any more
            return EpisodeEnd(reward=0.0, success=False, reason="the agent left the MiniWoB++ task page")
        if state["done"]:
            raw = float(state["raw"])
            reason = state["reason"] or ""
            return EpisodeEnd(reward=raw, success=raw > 0, reason=str(reason))
        if final:
            return EpisodeEnd(reward=0.0, success=False, reason="the episode was not finished")
        return None


def episode_for(task: Task) -> MiniwobEpisode | None:
    """The hooks of a task made by `miniwob_tasks` (None for any other task)."""
    seed = task.extra.get("miniwob_seed")
    return MiniwobEpisode(int(seed)) if seed is not None else None
