"""A secret typed into a search form that submits by GET lands in the page's URL; it must still reach no
file of a `run` or a `bench` run directory (the task files, summary.json, runs.sqlite, the report and its
CSV), in its plain form or URL-encoded (quote, quote_plus).

End to end through the real CLI: a real browser on tests/pages over HTTP, a scripted model typing
`{{SEARCH_SECRET}}` (given with --secret-env) into the search box of tests/pages/agent/index.html, whose
results page echoes the query.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# lower case (the results page echoes the query lower-cased), with a space and "&" so that the URL's
# form-encoded spelling (open+sesame%2642) differs from the value and from quote()'s (open%20sesame%2642)
SECRET = "open sesame&42"
FORMS = {"plain": SECRET, "quote": quote(SECRET, safe=""), "quote_plus": quote_plus(SECRET)}
RUN_FILES = ("result.json", "trajectory.json", "interact_messages.json")


@pytest.fixture
def script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEARCH_SECRET", SECRET)
    path = tmp_path / "replies.jsonl"
    replies = ["Thought: search for the private word.\nAction: Type [0]; [{{SEARCH_SECRET}}]",
               # a model never sees the value; this script writes it anyway, to show the answer is redacted
               f"Thought: the search found nothing.\nAction: ANSWER; [no recipe matches {SECRET}]"]
    path.write_text("".join(json.dumps(r) + "\n" for r in replies))
    return path


def _leaks(run_dir: Path) -> list[str]:
    """Every (file, form) where a form of the secret occurs in the bytes of a file under `run_dir`."""
    return [f"{path.relative_to(run_dir)}: {name}" for path in sorted(run_dir.rglob("*")) if path.is_file()
            for name, form in FORMS.items() if form.encode() in path.read_bytes()]


def _assert_nothing_leaks(run_dir: Path, task_dir: Path, *, bench: bool) -> None:
    report = CliRunner().invoke(app, ["report", str(run_dir)])
    assert report.exit_code == 0, report.output
    result = json.loads((task_dir / "result.json").read_text())
    assert result["status"] == "answered", result
    # the page got the value in its URL (its encoded form was replaced there), and the answer named it
    assert result["final_url"].endswith("results.html?q=[REDACTED]"), result["final_url"]
    assert result["answer"] == "no recipe matches [REDACTED]"
    expected = [*RUN_FILES, "report.html", "report.csv", *(("summary.json", "runs.sqlite") if bench else ())]
    for name in expected:
        assert next(run_dir.rglob(name), None) is not None, f"{name} was not written"
    assert _leaks(run_dir) == []


def test_run_writes_the_secret_in_no_file(tmp_path: Path, pages_url: str, script: Path) -> None:
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", "Search the recipes for {{SEARCH_SECRET}}", "--url",
                                   f"{pages_url}/agent/index.html", "--model", f"scripted:{script}",
                                   "--secret-env", "SEARCH_SECRET", "--confirm", "allow", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert SECRET not in res.output and FORMS["quote_plus"] not in res.output
    _assert_nothing_leaks(out, out / "task", bench=False)


def test_bench_writes_the_secret_in_no_file(tmp_path: Path, pages_url: str, script: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"web_name": "Recipes", "id": "secret--1", "web": f"{pages_url}/agent/index.html",
                                 "ques": "Search the recipes for {{SEARCH_SECRET}}"}) + "\n")
    out = tmp_path / "bench"
    res = CliRunner().invoke(app, ["bench", str(tasks), "--model", f"scripted:{script}", "--secret-env",
                                   "SEARCH_SECRET", "--confirm", "allow", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert SECRET not in res.output and FORMS["quote_plus"] not in res.output
    _assert_nothing_leaks(out, out / "secret--1", bench=True)
