"""Infrastructure failures apart (issue 25): each cause gets its own status, is counted in its own column
and left out of the success denominator unless `--infra-as-failure`; the paper protocol prints both views.

Through the real CLI: a start page on a closed port (refused), a host that cannot resolve (`.invalid`), TLS
spoken to a plain-HTTP server (the handshake fails), and
a model server that answers 500 until the retries run out (the real OpenAI SDK against a local server),
beside a task that succeeds. Through the runner: a tab whose renderer crashes, and a model double that
raises an exception our code does not expect (the harness raised)."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Iterator, Sequence

import pytest

from tests.bench.test_bad_files_cli import cli
from tests.local_server import QuietHandler, serve
from tests.models.fake_providers import FakeOpenAI, RecordedRequest, Reply, openai_completion, openai_error
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.browser.types import BrowserConfig
from webvoyager.models.base import Completion, Message
from webvoyager.runs.intervals import wilson
from webvoyager.tasks import Task
from webvoyager.tasks.answers import TextCheck
from webvoyager.tasks.model import TaskChecks

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGES = Path(__file__).resolve().parents[1] / "pages" / "robust"
ANSWER = "Thought: The page says 42.\nAction: ANSWER; [42]"
CHECK = {"answer": [{"type": "text", "expect": ["42"]}]}


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def page_url() -> Iterator[str]:
    with serve(QuietHandler, PAGES) as url:
        yield f"{url}/plain.html"


@pytest.fixture
def model_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    """Answers every request for the outage task with HTTP 500 (retried at once, then given up), the
    others with the answer."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-infra")
    monkeypatch.setenv("WEBVOYAGER_RETRY_BASE_S", "0")

    def respond(request: RecordedRequest) -> Reply:
        if "outage" in json.dumps(request.body):
            return openai_error(500, "the server is overloaded")
        return openai_completion(ANSWER)

    with FakeOpenAI(respond) as server:
        yield server


def _tasks(path: Path, tasks: dict[str, tuple[str, str]]) -> Path:
    path.write_text("".join(json.dumps({"web_name": "Local", "id": tid, "ques": question, "web": url, "check": CHECK})
                            + "\n" for tid, (url, question) in tasks.items()), encoding="utf-8")
    return path


def _result(out: Path, task_id: str) -> dict:
    return json.loads((out / task_id / "result.json").read_text())


def test_refused_unresolved_and_model_outage_are_infrastructure_and_left_out(tmp_path: Path, page_url: str,
                                                                             model_server: FakeOpenAI) -> None:
    tasks = _tasks(tmp_path / "tasks.jsonl", {
        "control": (page_url, "What is the answer?"),
        "refused": (f"http://127.0.0.1:{closed_port()}/", "What is the answer?"),
        "unresolved": ("http://webvoyager-test.invalid/", "What is the answer?"),
        "tls": (page_url.replace("http://", "https://", 1), "What is the answer?"),   # TLS to a plain-HTTP server
        "outage": (page_url, "What is the answer during the outage?"),
    })
    out = tmp_path / "run"
    done = cli("bench", str(tasks), "--model", "openai:gpt-4o", "--base-url", model_server.base_url, "--out", str(out))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    causes = {tid: (_result(out, tid)["status"], _result(out, tid)["infrastructure"])
              for tid in ("control", "refused", "unresolved", "tls", "outage")}
    assert causes == {"control": ("answered", None), "refused": ("error", "network"),
                      "unresolved": ("error", "network"), "tls": ("error", "network"), "outage": ("error", "model")}
    assert "ERR_SSL_" in _result(out, "tls")["error"]
    assert "ERR_CONNECTION_REFUSED" in _result(out, "refused")["error"]
    assert "ERR_NAME_NOT_RESOLVED" in _result(out, "unresolved")["error"]
    assert "HTTP 500" in _result(out, "outage")["error"]
    assert sum(1 for b in model_server.bodies() if "outage" in json.dumps(b)) == 5   # the first call and 4 retries

    summary = json.loads((out / "summary.json").read_text())
    overall = summary["overall"]
    assert overall["infrastructure"] == {"model": 1, "network": 3}
    assert overall["success"] == {"tasks": 1, "success": 1, "rate": 1.0}      # the four are left out
    est = summary["estimates"]
    left_out, strict = est["infra_excluded"]["overall"], est["infra_as_failure"]["overall"]
    assert est["view"] == "infra_excluded"
    assert (left_out["attempts"], left_out["successes"], left_out["rate"]) == (1, 1, 1.0)
    assert (left_out["interval"]["low"], left_out["interval"]["high"]) == pytest.approx((0.2065, 1.0), abs=5e-5)
    assert left_out["infrastructure"] == {"attempts": 4, "causes": {"model": 1, "network": 3}}
    assert (strict["attempts"], strict["successes"], strict["rate"]) == (5, 1, 0.2)
    assert (strict["interval"]["low"], strict["interval"]["high"]) == pytest.approx((0.0362, 0.6245), abs=5e-5)
    assert (strict["interval"]["low"], strict["interval"]["high"]) == pytest.approx(wilson(1, 5))
    table = done.stdout[done.stdout.index("Success with 95% intervals"):]
    assert "infra" in table and "Infrastructure failures: 4 (model 1, network 3)" in " ".join(table.split())
    assert "counted as failures" not in table                     # one view under the default protocol

    assert cli("report", str(out)).returncode == 0
    html = (out / "report.html").read_text()
    assert "(infrastructure: network)" in html and "(infrastructure: model)" in html
    sites = html[html.index('id="sites"'):html.index("</table>", html.index('id="sites"'))]
    assert "<td>100.0% (1/1)</td>" in sites and "4 infrastructure failure(s)\n  are left out" in html
    assert "Infrastructure failures: 4 (model 1, network 3), left out of the success denominator" in html


def test_infra_as_failure_counts_them_and_the_paper_protocol_prints_both_views(tmp_path: Path, page_url: str,
                                                                              model_server: FakeOpenAI) -> None:
    tasks = _tasks(tmp_path / "tasks.jsonl", {"control": (page_url, "What is the answer?"),
                                              "refused": (f"http://127.0.0.1:{closed_port()}/", "What is it?")})
    out = tmp_path / "run"
    done = cli("bench", str(tasks), "--model", "openai:gpt-4o", "--base-url", model_server.base_url,
               "--protocol", "paper", "--infra-as-failure", "--out", str(out))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["success"] == {"tasks": 2, "success": 1, "rate": 0.5}
    assert summary["estimates"]["view"] == "infra_as_failure"
    assert summary["estimates"]["infra_as_failure"]["overall"]["rate"] == 0.5
    assert summary["estimates"]["infra_excluded"]["overall"]["rate"] == 1.0
    assert json.loads((out / "run.json").read_text())["infra_as_failure"] is True
    shown = " ".join(done.stdout.split())
    strict = shown.index("Success with 95% intervals (infrastructure failures counted as failures)")
    lenient = shown.index("Success with 95% intervals (infrastructure failures left out)")
    assert strict < lenient                                      # the run's own view first, then the other
    assert cli("report", str(out)).returncode == 0
    html = (out / "report.html").read_text()
    assert "(infrastructure failures counted as failures)" in html and "(infrastructure failures left out)" in html


class ByQuestion:
    """A model double: answers the control task, raises a bug's exception on the harness task."""

    spec = "by-question"

    async def complete(self, messages: Sequence[Message], **kwargs: object) -> Completion:
        text = "\n".join(m.text_content for m in messages)
        if "Break" in text:
            raise KeyError("a bug in the code that built this request")
        return Completion(ANSWER)


async def test_a_crashed_tab_and_an_exception_in_our_code_are_their_own_causes(probe_url: str, tmp_path: Path) -> None:
    check = TaskChecks(answer=[TextCheck(type="text", expect=["42"])])
    tasks = [Task(id="heap", question="Load it all", start_url=f"{probe_url}/robust/heap.html", checks=check),
             Task(id="harness", question="Break the harness", start_url=f"{probe_url}/robust/control.html",
                  checks=check),
             Task(id="control", question="What is the answer?", start_url=f"{probe_url}/robust/control.html",
                  checks=check)]
    config = BrowserConfig(response_timeout_s=3.0, extra_args=("--js-flags=--max-old-space-size=64",))
    run = tmp_path / "bench"
    outcome = await run_bench(tasks, model=ByQuestion(), settings=RunSettings(), run_dir=run,  # type: ignore[arg-type]
                              options=BenchOptions(workers=1, task_timeout_s=120), browser_config=config)
    heap, harness = _result(run, "heap"), _result(run, "harness")
    assert (heap["status"], heap["infrastructure"]) == ("error", "browser")
    assert heap["error"].startswith("the page crashed")
    assert (harness["status"], harness["infrastructure"]) == ("error", "harness")
    assert "KeyError" in harness["error"]
    assert _result(run, "control")["success"] is True
    overall = outcome.summary.overall
    assert dict(overall.infrastructure) == {"browser": 1, "harness": 1}
    assert (overall.success.tasks, overall.success.success) == (1, 1)
    strict = outcome.summary.estimates.views["infra_as_failure"].overall
    assert (strict.attempts, strict.successes) == (3, 1) and strict.rate == pytest.approx(1 / 3)
