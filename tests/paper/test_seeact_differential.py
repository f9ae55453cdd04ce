"""The SeeAct differential test: the ORIGINAL offline experiment (offline_experiment.py, openai 0.28) and
`webvoyager mind2web eval --protocol paper --prompts PACK` on the textual-choice example, answered by the
same recorded replies, must send the same requests apart from the differences listed (with a reason each)
in known_differences.json, write the same predictions (outputs and prompts) and score the same.

Needs SeeAct's virtualenv (scripts/setup_original.sh: .venv-seeact-original). Without it the test is
skipped on a developer's machine and FAILS in CI (CI=true), as the WebVoyager one.
`benchmarks/paper_diff.py` prints the same comparison for a person.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paper.harness import assert_only_known, require
from tests.paper.seeact_offline import compare_offline, missing_prerequisites, prediction_differences


@pytest.fixture
def seeact_code_ready() -> None:
    require(missing_prerequisites(), "SeeAct")


@pytest.mark.slow
@pytest.mark.usefixtures("seeact_code_ready")
def test_offline_textual_choices_differ_only_as_listed(tmp_path: Path) -> None:
    comparison = compare_offline(tmp_path)
    # The example's three batches, two calls each: a comparison of nothing would pass vacuously.
    assert len(comparison.original.requests) == 6 and comparison.requests.compared > 60
    assert_only_known([comparison.requests])
    assert prediction_differences(comparison) == []
    assert comparison.our_metrics[0]["element_acc"] == 1.0   # batch 0's recorded answer is the positive
