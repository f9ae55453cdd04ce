"""The typed records of a step (acted element, gate verdict, policy record) keep trajectory.json's keys:
a step as earlier versions wrote it loads into the types and is written back byte for byte."""

from __future__ import annotations

import json

import pytest

from webvoyager.trajectory import ActedElement, GateVerdict, GroundingDetails, Result, SeeActRecord, Step

BASE = {"grounding": "choice", "generation": "Click the search button.", "grounding_replies": ["ELEMENT: C"],
        "operation": "CLICK", "value": "", "element": 3, "point": None}

# policy_data as the policies wrote it (a dict literal plus each strategy's own entries, in that order)
POLICY_DATA = {
    "webvoyager": {"images_sent": 2},
    "choice, chosen": {"seeact": {**BASE, "batches": [["<button> \"Search\""]], "batch": 0, "letter": "C"}},
    "choice, none chosen": {"seeact": {**BASE, "element": None, "batches": [[], ["<a> \"x\""]], "batch": None}},
    "som": {"seeact": {**BASE, "grounding": "som", "labels": {"A": 0, "B": 3}, "letter": None}},
    "attributes, page op": {"seeact": {**BASE, "grounding": "attributes", "operation": "SCROLL DOWN",
                                       "element_type": "", "element_text": ""}},
    "attributes, several": {"seeact": {**BASE, "grounding": "attributes", "element_type": "button",
                                       "element_text": "Go", "matches": [3, 5], "follow_up": ["<button> \"Go\""]}},
    "coordinates": {"seeact": {**BASE, "grounding": "coordinates", "point": [120.0, 48.5]}},
    "none (older files)": {},
}


def _step(policy_data: dict) -> dict:
    step = Step(index=1, url="http://example.org/").to_dict()
    step["gate"] = {"choice": "reject", "reason": "it buys", "by": "mode", "note": "denied", "action": "Click [3]"}
    step["target"] = {"label": 3, "tag": "button", "text": "Buy", "aria_label": "", "role": "", "type": "submit",
                      "placeholder": ""}
    step["policy_data"] = policy_data
    return step


@pytest.mark.parametrize("case", list(POLICY_DATA))
def test_a_step_written_before_loads_typed_and_writes_back_the_same(case: str) -> None:
    written = _step(POLICY_DATA[case])
    step = Step.from_dict(json.loads(json.dumps(written)))
    assert isinstance(step.gate, GateVerdict) and step.gate.choice == "reject"
    assert isinstance(step.target, ActedElement) and step.target.label == 3 and step.target.identity()["type"] == "submit"
    assert json.dumps(step.to_dict()) == json.dumps(written)   # same keys, same order


def test_the_seeact_record_is_typed() -> None:
    step = Step.from_dict(_step(POLICY_DATA["attributes, several"]))
    record = step.policy_data.seeact
    assert isinstance(record, SeeActRecord) and isinstance(record.details, GroundingDetails)
    assert (record.operation, record.element, record.details.matches) == ("CLICK", 3, [3, 5])
    assert Step.from_dict(_step(POLICY_DATA["webvoyager"])).policy_data.images_sent == 2


def test_a_result_with_the_retired_blocked_status_still_loads() -> None:
    result = Result.from_dict({"task_id": "t", "question": "q", "start_url": "http://example.org/",
                               "status": "blocked", "usage": {}})
    assert result.status == "blocked" and not result.answered
