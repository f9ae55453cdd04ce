"""Run one scenario with the original code and with ours, each against its own recording server that
answers from the same script, and compare what each sent (agent requests, then the judge's).

Also reads and checks the list of known differences (known_differences.json): every differing field must
be listed with a reason, and every listed field must still differ.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from tests.models.fake_providers import FakeOpenAI
from tests.paper.original import OriginalCopy, OriginalTask
from tests.paper.ours import import_pack, judge_ours, run_ours
from tests.paper.request_diff import FieldDiff, diff
from tests.paper.scenarios import Scenario
from webvoyager.sandbox.catalog import PAPER_SITES, load_sandbox_tasks, site_of

KNOWN_DIFFERENCES = Path(__file__).with_name("known_differences.json")
T = TypeVar("T")


@dataclass(frozen=True)
class Comparison:
    """The requests of one conversation (a scenario's agent, or its judge) compared field by field."""

    name: str              # "vision/agent", "vision/judge", ...
    compared: int          # fields either side sent
    differences: list[FieldDiff]


def recorded(replies: tuple[str, ...], work: Callable[[str], T], save: Path) -> tuple[T, list[Any]]:
    """Call `work(base_url)` against a fresh recorder queued with `replies`; return its result and the
    request bodies, also written to `save` as JSON (a request past the script gets a 400, which ends
    either code's loop)."""
    with FakeOpenAI() as recorder:
        recorder.queue(*replies)
        try:
            result = work(recorder.base_url)
        finally:
            save.write_text(json.dumps(recorder.bodies(), indent=1))
        return result, recorder.bodies()


def run_scenario(scenario: Scenario, sandbox_port: int, folder: Path) -> list[Comparison]:
    """Both codes on the scenario's task (one sandbox serving both); the comparisons, agent then judge."""
    (task,) = [t for t in load_sandbox_tasks(port=sandbox_port) if t.id == scenario.task_id]
    site = site_of(task)
    # The original's result folders and auto_eval.py know tasks by the paper's website name only.
    original_task = OriginalTask(id=f"{PAPER_SITES[site].replace(' ', '')}--{task.id.rsplit('--', 1)[1]}",
                                 web_name=PAPER_SITES[site], question=task.question, url=task.start_url)
    folder.mkdir(parents=True, exist_ok=True)
    copy = OriginalCopy(folder)
    pack = import_pack(copy.code, folder)
    name = scenario.name
    task_dir, original_agent = recorded(scenario.replies, lambda url: copy.run(
        original_task, url, max_iter=15, text_only=scenario.text_only, name=name),
        folder / f"{name}-original-requests.json")
    run, our_agent = recorded(scenario.replies, lambda url: run_ours(
        task.question, task.start_url, url, folder / f"{name}-ours", text_only=scenario.text_only,
        pack=pack, log=folder / f"{name}-ours.log"), folder / f"{name}-ours-requests.json")
    comparisons = [Comparison(f"{name}/agent", *diff(f"{name}/agent", original_agent, our_agent))]
    if scenario.judge_reply is not None:
        judge = (scenario.judge_reply,)
        _, original_judge = recorded(judge, lambda url: copy.judge(task_dir, url, name=name),
                                      folder / f"{name}-original-judge-requests.json")
        _, our_judge = recorded(judge, lambda url: judge_ours(run, url, pack=pack,
                                                                log=folder / f"{name}-ours-judge.log"),
                                 folder / f"{name}-ours-judge-requests.json")
        comparisons.append(Comparison(f"{name}/judge", *diff(f"{name}/judge", original_judge, our_judge)))
    return comparisons


@dataclass(frozen=True)
class KnownDifference:
    """A field that differs today on purpose or until fixed, with why."""

    field: str
    reason: str


def load_known(path: Path = KNOWN_DIFFERENCES) -> list[KnownDifference]:
    """The checked-in known differences."""
    return [KnownDifference(entry["field"], entry["reason"]) for entry in json.loads(path.read_text())]


def unexplained(comparisons: list[Comparison], known: list[KnownDifference]) -> tuple[list[FieldDiff], list[str]]:
    """Differences not in `known` (new), and known fields of these comparisons that no longer differ
    (fixed: to be removed from the list)."""
    listed = {k.field for k in known}
    found = {d.field for c in comparisons for d in c.differences}
    new = [d for c in comparisons for d in c.differences if d.field not in listed]
    fixed = [k.field for k in known if compared_in(k.field, comparisons) and k.field not in found]
    return new, fixed


def compared_in(field: str, comparisons: list[Comparison]) -> bool:
    """Whether `field` belongs to one of these comparisons ("vision/agent[3]..." to "vision/agent")."""
    return field.startswith(tuple(f"{c.name}{sep}" for c in comparisons for sep in "[."))


def report(comparisons: list[Comparison], known: list[KnownDifference]) -> str:
    """A readable report: per comparison the fields compared and differing, then each difference."""
    reasons = {k.field: k.reason for k in known}
    lines = [f"{c.name}: {c.compared} fields compared, {len(c.differences)} differ" for c in comparisons]
    for c in comparisons:
        for d in c.differences:
            lines.append(f"- {d.describe()}\n    known: {reasons.get(d.field, 'NO (new difference)')}")
    return "\n".join(lines)


def require(missing: list[str], what: str) -> None:
    """Skip the test when `missing` names something (FAIL in CI, CI=true, so CI never passes by not running)."""
    if not missing:
        return
    import pytest

    message = f"the differential test cannot run the original {what} code; missing:\n- " + "\n- ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(message + "\n(.ci/run runs scripts/setup.sh, which installs them: see its output)")
    pytest.skip(message)


def assert_only_known(comparisons: list[Comparison]) -> None:
    """Fail unless the differing fields are exactly the listed ones (a new one fails, a gone one too)."""
    known = load_known()
    new, fixed = unexplained(comparisons, known)
    text = report(comparisons, known)
    print(text)   # shown with -s, and in the failure below
    assert not new and not fixed, (
        f"{len(new)} new difference(s), {len(fixed)} listed difference(s) gone; update "
        f"tests/paper/known_differences.json (benchmarks/paper_diff.py --update-known keeps the reasons)\n"
        + "".join(f"NEW {d.describe()}\n" for d in new) + "".join(f"GONE {f}\n" for f in fixed) + text)
