"""The differential test: the ORIGINAL WebVoyager code and `webvoyager --protocol paper` on the same sandbox
task, answered by the same script, must send the same requests apart from the differences listed (with
a reason each) in known_differences.json. A new difference fails, and so does a listed one that is gone
(remove it from the list: the list only shrinks truthfully).

Needs the original's virtualenv and chromedriver (scripts/setup_original.sh). Without them the test is
skipped on a developer's machine and FAILS in CI (CI=true), so CI never passes by not running it.
`benchmarks/paper_diff.py` prints the same comparison for a person.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.paper.harness import load_known, report, run_scenario, unexplained
from tests.paper.original import missing_prerequisites
from tests.paper.scenarios import SCENARIOS, TEXT_ONLY, VISION, Scenario


@pytest.fixture
def original_code_ready() -> None:
    missing = missing_prerequisites()
    if not missing:
        return
    message = "the differential test cannot run the original WebVoyager code; missing:\n- " + "\n- ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(message + "\n(.ci/run runs scripts/setup.sh, which installs them: see its output)")
    pytest.skip(message)


def _check(scenario: Scenario, sandbox: object, tmp_path: Path) -> None:
    comparisons = run_scenario(scenario, sandbox.port, tmp_path)  # type: ignore[attr-defined]
    known = load_known()
    new, fixed = unexplained(comparisons, known)
    text = report(comparisons, known)
    print(text)   # shown with -s, and in the failure below
    assert not new and not fixed, (
        f"{len(new)} new difference(s), {len(fixed)} listed difference(s) gone; update "
        f"tests/paper/known_differences.json (benchmarks/paper_diff.py --update-known keeps the reasons)\n"
        + "".join(f"NEW {d.describe()}\n" for d in new) + "".join(f"GONE {f}\n" for f in fixed) + text)


@pytest.mark.slow
@pytest.mark.usefixtures("original_code_ready")
def test_vision_run_and_judge_differ_only_as_listed(sandbox: object, tmp_path: Path) -> None:
    """Type, Click, a bad label, a reply without an action, Scroll, Wait, GoBack, ANSWER; then the judge."""
    _check(VISION, sandbox, tmp_path)


@pytest.mark.slow
@pytest.mark.usefixtures("original_code_ready")
def test_text_only_run_differs_only_as_listed(sandbox: object, tmp_path: Path) -> None:
    _check(TEXT_ONLY, sandbox, tmp_path)


def test_every_known_difference_has_a_reason_and_a_scenario() -> None:
    known = load_known()
    fields = [k.field for k in known]
    assert len(fields) == len(set(fields)), "a field is listed twice"
    scopes = tuple(f"{s.name}/" for s in SCENARIOS)
    for entry in known:
        assert entry.field.startswith(scopes), f"{entry.field}: no scenario of that name"
        assert entry.reason.strip() and entry.reason != "TODO", f"{entry.field}: say why it differs"
