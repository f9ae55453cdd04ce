"""`--backend ray` on a real local Ray cluster (one per module), sandbox tasks, the reference model,
real Chromium: same results as the local backend, a killed worker's task is retried (once), an
interrupted driver resumes, and a missing Ray is an actionable error."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from tests.bench.procs import browser_roots, cmdline, task_states
from webvoyager.api import create_model
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.bench.suites import load_suite
from webvoyager.browser.types import BrowserConfig
from webvoyager.runs.store import RunStore
from webvoyager.tasks import Task
from webvoyager.trajectory import Result

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IDS = ["flights--1", "hotels--1", "hotels--3"]
CLI = str(Path(sys.executable).parent / "webvoyager")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """A local two-CPU Ray cluster for this module; its address, for drivers in other processes."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def _executor(workers: int, timeout_s: float | None = 120.0):
    from webvoyager.bench.ray_backend import RayExecutor

    return RayExecutor(workers=workers, model_spec="reference", settings=RunSettings(),
                       browser_config=BrowserConfig(), task_timeout_s=timeout_s)


class Calls:
    """A bench listener that runs `on_started` / `on_finished` hooks (the tests' eyes on a live run)."""

    def __init__(self, on_started: Callable[[Task], None] | None = None,
                 on_finished: Callable[[Task, Result], None] | None = None) -> None:
        self.on_started, self.on_finished = on_started, on_finished

    def started(self, task: Task) -> None:
        if self.on_started:
            self.on_started(task)

    def finished(self, task: Task, result: Result) -> None:
        if self.on_finished:
            self.on_finished(task, result)


def _results(run: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in run.glob("*/result.json")}


def _attempts(run: Path) -> dict[str, list[tuple[int, str]]]:
    con = sqlite3.connect(run / "runs.sqlite")
    try:
        out: dict[str, list[tuple[int, str]]] = {}
        for task_id, attempt, status in con.execute("SELECT task_id, attempt, status FROM attempts ORDER BY attempt"):
            out.setdefault(task_id, []).append((attempt, status))
        return out
    finally:
        con.close()


async def test_ray_gives_the_local_results_with_one_browser_per_actor(ray_address, sandbox, tmp_path: Path) -> None:
    tasks = load_suite("sandbox", port=sandbox.port, ids=IDS)
    local, remote = tmp_path / "local", tmp_path / "ray"
    await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=local,
                    options=BenchOptions(workers=2))

    executor = _executor(workers=2)
    browsers: dict[int, set[int]] = {}     # actor pid -> Chromium main processes seen below it

    def look(task: Task, result: Result) -> None:
        for pid in executor.worker_pids:
            browsers.setdefault(pid, set()).update(browser_roots(pid))

    outcome = await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=remote,
                              options=BenchOptions(workers=2), listener=Calls(on_finished=look), executor=executor)
    assert outcome.ran == 3
    want, got = _results(local), _results(remote)
    assert sorted(got) == sorted(IDS)
    for task_id in IDS:
        for key in ("status", "answer", "success", "steps", "final_url", "golden_answer", "attempt"):
            assert got[task_id][key] == want[task_id][key], (task_id, key)
        assert got[task_id]["success"] is True
        assert sorted(p.name for p in (remote / task_id).iterdir()) == \
            sorted(p.name for p in (local / task_id).iterdir())
    # two actors, each with one browser of its own, reused for every task it ran (3 tasks, 2 actors)
    assert len(browsers) == 2 and all(len(b) == 1 for b in browsers.values()), browsers
    assert not set(executor.worker_pids) & {os.getpid()}
    summary = json.loads((remote / "summary.json").read_text())
    assert summary["overall"]["tasks"] == 3 and summary["overall"]["by_signal"]["checked"]["success"] == 3
    assert not list(remote.glob(".partial-*"))


def _in_run(pid: int) -> bool:
    """The actor process is executing its `run` method (Ray names the process after the call)."""
    return "BrowserWorker.run" in cmdline(pid)


def _kill_while_running(executor, task_id: str, times: int, killed: list[int]) -> None:
    """Kill the actor process running `task_id` mid-task, `times` times (each retry runs on a new actor)."""
    deadline = time.monotonic() + 120
    while len(killed) < times and time.monotonic() < deadline:
        pid = executor.pids.get(task_id)
        if pid is not None and pid not in killed and _in_run(pid):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        time.sleep(0.02)


async def test_a_killed_worker_task_is_retried_once_then_an_error(ray_address, sandbox, tmp_path: Path) -> None:
    tasks = load_suite("sandbox", port=sandbox.port, ids=IDS)
    retried, doomed = IDS[0], IDS[1]          # killed once; killed on both tries
    executor = _executor(workers=2)
    killers: list[threading.Thread] = []
    killed: dict[str, list[int]] = {retried: [], doomed: []}

    def on_started(task: Task) -> None:
        if task.id in killed:
            times = 1 if task.id == retried else 2
            thread = threading.Thread(target=_kill_while_running, args=(executor, task.id, times, killed[task.id]))
            thread.start()
            killers.append(thread)

    run = tmp_path / "run"
    outcome = await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=run,
                              options=BenchOptions(workers=2), listener=Calls(on_started=on_started),
                              executor=executor)
    for thread in killers:
        thread.join()
    assert len(killed[retried]) == 1 and len(killed[doomed]) == 2
    assert executor.replaced == 3
    for pid in killed[retried] + killed[doomed]:
        assert not Path(f"/proc/{pid}").exists() or "BrowserWorker" not in cmdline(pid)
    assert outcome.ran == 3
    results = _results(run)
    assert sorted(results) == sorted(IDS)
    # retried on a fresh actor and finished as the local backend would
    assert results[retried]["status"] == "answered" and results[retried]["success"] is True
    assert results[retried]["attempt"] == 2
    # died twice: recorded as an error that says why
    assert results[doomed]["status"] == "error" and "worker running this task died" in results[doomed]["error"]
    assert results[doomed]["attempt"] == 2
    # the untouched task ran once
    assert results[IDS[2]]["success"] is True and results[IDS[2]]["attempt"] == 1
    attempts = _attempts(run)
    assert attempts[retried] == [(1, "lost"), (2, "answered")]
    assert attempts[doomed] == [(1, "lost"), (2, "error")]
    assert attempts[IDS[2]] == [(1, "answered")]
    with RunStore(run) as store:
        assert all(r.state == "done" for r in store.rows())
        assert all(store.finished_attempts(t) == 1 for t in IDS)   # nothing finished twice
    assert not list(run.glob(".partial-*"))


RESUME_IDS = ["flights--1", "hotels--1", "hotels--3"]


def _bench_cmd(out: Path, address: str, *extra: str) -> list[str]:
    cmd = [CLI, "bench", "sandbox", "--model", "reference", "--backend", "ray", "--address", address,
           "--workers", "2", "--out", str(out)]
    for task_id in RESUME_IDS:
        cmd += ["--id", task_id]
    return cmd + list(extra)


def test_interrupted_driver_resumes_without_repeating(ray_address, tmp_path: Path) -> None:
    out = tmp_path / "run"
    db = out / "runs.sqlite"
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.Popen(_bench_cmd(out, ray_address), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 150
        while True:   # watch the driver's own bookkeeping until a task is done and another is running
            states = list(task_states(db).values())
            if states.count("done") >= 1 and "running" in states:
                break
            assert proc.poll() is None, proc.stdout.read().decode()[-2000:] if proc.stdout else ""
            assert time.monotonic() < deadline, "the run never got under way"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=90)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode != 0
    states = task_states(db)
    done_before = sorted(t for t, s in states.items() if s == "done")
    unfinished = sorted(t for t, s in states.items() if s != "done")
    assert done_before and unfinished
    before = {t: {p.name: p.stat().st_mtime_ns for p in (out / t).iterdir()} for t in done_before}

    resumed = subprocess.run(_bench_cmd(out, ray_address, "--resume"), capture_output=True, text=True,
                             timeout=300, env=env)
    assert resumed.returncode == 0, resumed.stdout[-2000:] + resumed.stderr[-2000:]
    assert f"Kept {len(done_before)} finished task(s)" in resumed.stdout
    with RunStore(out) as store:
        rows = {r.task_id: r for r in store.rows()}
        assert sorted(rows) == sorted(RESUME_IDS) and all(r.state == "done" for r in rows.values())
        for task_id in RESUME_IDS:
            assert store.finished_attempts(task_id) == 1, task_id      # none finished twice
        for task_id in done_before:
            assert rows[task_id].attempts == 1                         # not run again
    for task_id in done_before:                                         # untouched: same files, same mtimes
        assert {p.name: p.stat().st_mtime_ns for p in (out / task_id).iterdir()} == before[task_id]
    results = _results(out)
    assert sorted(results) == sorted(RESUME_IDS)
    assert all(r["status"] == "answered" and r["success"] is True for r in results.values())
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["tasks"] == summary["overall"]["finished"] == len(RESUME_IDS)


def test_backend_ray_without_ray_installed_says_how_to_install(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "sys.modules['ray'] = None  # `import ray` now fails as if it were not installed\n"
        "import webvoyager, webvoyager.cli\n"
        "from webvoyager.cli import main\n"
        f"sys.argv = ['webvoyager', 'bench', 'sandbox', '--model', 'reference', '--backend', 'ray', "
        f"'--out', {str(tmp_path / 'run')!r}]\n"
        "main()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert res.returncode != 0
    text = " ".join((res.stdout + res.stderr).split())
    assert "needs Ray" in text and "pip install 'webvoyager[ray]'" in text, text
    assert not (tmp_path / "run").exists()     # refused before anything started
