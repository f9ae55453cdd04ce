"""Judges against the local OpenAI-protocol server: what the real SDK sends, verdicts, resume, errors."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.models.fake_providers import FakeOpenAI, openai_error
from webvoyager.judge.runner import JudgeSettings, judge_run
from webvoyager.judge.verdict import parse_requirement_list, parse_requirement_verdicts, parse_verdict
from webvoyager.api import create_model
from webvoyager.models.retry import RetryPolicy


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as s:
        yield s


def _model(server: FakeOpenAI):
    return create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-test",
                        retry=RetryPolicy(max_retries=0, base_s=0.01, cap_s=0.01, jitter=0.0))


def _images(body: dict[str, Any]) -> list[str]:
    urls = []
    for msg in body["messages"]:
        if isinstance(msg["content"], list):
            urls += [p["image_url"]["url"] for p in msg["content"] if p.get("type") == "image_url"]
    return urls


def _text(body: dict[str, Any]) -> str:
    out = []
    for msg in body["messages"]:
        content = msg["content"]
        out += [content] if isinstance(content, str) else [p["text"] for p in content if p.get("type") == "text"]
    return "\n".join(out)


@pytest.mark.parametrize("text,verdict", [
    ("Looks fine.\nVerdict: SUCCESS", "SUCCESS"),
    ("verdict: not success", "NOT SUCCESS"),
    ("At first I thought NOT SUCCESS, but the last screenshot shows it. **Success**", "SUCCESS"),
    ("It was a success... however the filter is missing. NOT SUCCESS.", "NOT SUCCESS"),
    ("The task was successful", None),
    ("", None),
])
def test_parse_verdict(text: str, verdict: str | None) -> None:
    assert parse_verdict(text) == verdict


def test_parse_requirements() -> None:
    reqs = parse_requirement_list("Here they are:\n1. Find a vegan recipe\n2) Rating at least 4.5\n- 60+ reviews")
    assert reqs == ["Find a vegan recipe", "Rating at least 4.5", "60+ reviews"]
    judged = parse_requirement_verdicts(
        "Requirement 1: MET - vegan shown\n**Requirement 2: NOT MET** - rating 4.2\nVerdict: NOT SUCCESS", reqs)
    assert [(r.met, r.reason) for r in judged] == [(True, "vegan shown"), (False, "rating 4.2"), (None, "")]


async def test_webvoyager_protocol_sends_k_images_at_temperature_zero(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=5, answer="The price is $42")])
    server.queue("The screenshot shows $42.\nVerdict: SUCCESS")
    report = await judge_run(run, _model(server), JudgeSettings(method="webvoyager", images=2))
    assert report.judged == ["t-1"] and report.success == 1
    assert len(server.requests) == 1
    body = server.requests[0].body
    assert body["temperature"] == 0
    images = _images(body)
    assert len(images) == 2
    # the LAST two marked screenshots, oldest first
    shots = [(run / "t-1" / f"screenshot{i}.png").read_bytes() for i in (4, 5)]
    assert [base64.b64decode(u.split(",", 1)[1]) for u in images] == shots
    text = _text(body)
    assert "Question of t-1?" in text and "The price is $42" in text
    judgement = read_json(run / "t-1" / "judgement.json")
    assert judgement["verdict"] == "SUCCESS"
    assert (judgement["method"], judgement["protocol"]) == ("webvoyager", "default")
    assert judgement["model"] == "openai:gpt-4o" and judgement["images"] == 2
    assert judgement["usage"]["input_tokens"] == 100
    summary = read_json(run / "summary.json")
    assert summary["overall"]["by_signal"]["judged"] == {"tasks": 1, "success": 1, "rate": 1.0}


async def test_all_images(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=4)])
    server.queue("NOT SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(images="all"))
    assert len(_images(server.requests[0].body)) == 4
    assert read_json(run / "t-1" / "judgement.json")["verdict"] == "NOT SUCCESS"


async def test_no_answer_fails_without_a_model_call(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("lim", status="step_limit", answer=None)])
    for protocol in ("webvoyager", "keypoints"):
        report = await judge_run(run, _model(server), JudgeSettings(method=protocol, force=True))
        assert report.judged == ["lim"]
        j = read_json(run / "lim" / "judgement.json")
        assert j["verdict"] == "NOT SUCCESS" and j["model_called"] is False and j["method"] == protocol
    assert server.requests == []


async def test_unparseable_reply_is_an_error_not_a_verdict(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1")])
    server.queue("I cannot decide.")
    report = await judge_run(run, _model(server), JudgeSettings())
    assert "t-1" in report.errors and report.judged == []
    j = read_json(run / "t-1" / "judgement.json")
    assert j["verdict"] is None and j["success"] is None and "verdict" in j["error"]
    assert read_json(run / "summary.json")["overall"]["by_signal"]["judged"]["tasks"] == 0
    # an errored task is judged again on the next pass
    server.queue("Verdict: SUCCESS")
    report = await judge_run(run, _model(server), JudgeSettings())
    assert report.judged == ["t-1"]


async def test_model_failure_is_recorded(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1")])
    server.queue(openai_error(401, "bad key"))
    report = await judge_run(run, _model(server), JudgeSettings())
    assert "bad key" in report.errors["t-1"]


async def test_resume_skips_same_protocol_and_model(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask(f"t-{i}") for i in range(4)])
    server.responder = lambda req: "Verdict: SUCCESS"
    first = await judge_run(run, _model(server), JudgeSettings(workers=3))
    assert sorted(first.judged) == [f"t-{i}" for i in range(4)] and len(server.requests) == 4
    again = await judge_run(run, _model(server), JudgeSettings(workers=3))
    assert again.judged == [] and len(again.skipped) == 4 and len(server.requests) == 4
    other = await judge_run(run, _model(server), JudgeSettings(method="keypoints"))
    assert len(other.judged) == 4  # another protocol is a new judgement
    forced = await judge_run(run, _model(server), JudgeSettings(method="keypoints", force=True))
    assert len(forced.judged) == 4


async def test_keypoints_never_shows_thoughts(tmp_path: Path, server: FakeOpenAI) -> None:
    thoughts = ["I open the search page", "I type the query",
                "SECRET-THOUGHT: I have definitely completed the task successfully"]
    run = make_run(tmp_path / "run", [FakeTask("k-1", steps=3, answer="Vegan Lasagna, 4.7 stars", thoughts=thoughts)])
    server.queue("1. Find a vegan lasagna recipe\n2. Rating of at least 4.5 stars",
                 "Requirement 1: MET - the recipe page is shown\nRequirement 2: MET - 4.7 stars visible\n"
                 "Verdict: SUCCESS")
    report = await judge_run(run, _model(server), JudgeSettings(method="keypoints", images=2))
    assert report.judged == ["k-1"]
    extract, judge = (r.body for r in server.requests)
    assert _images(extract) == [] and "Question of k-1?" in _text(extract)
    assert extract["temperature"] == 0 and judge["temperature"] == 0
    text = _text(judge)
    assert "1. Find a vegan lasagna recipe" in text and "2. Rating of at least 4.5 stars" in text
    assert "Click [1]" in text and "ANSWER; Vegan Lasagna, 4.7 stars" in text
    for thought in thoughts:
        assert thought not in text and thought not in _text(extract)
    assert "Thought:" not in text
    assert len(_images(judge)) == 2
    j = read_json(run / "k-1" / "judgement.json")
    assert j["verdict"] == "SUCCESS" and [r["met"] for r in j["requirements"]] == [True, True]
    assert j["usage"]["calls"] == 2


async def test_keypoints_unmet_requirement_overrides_success(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("k-1")])
    server.queue("1. A\n2. B", "Requirement 1: MET - ok\nRequirement 2: NOT MET - missing\nVerdict: SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(method="keypoints"))
    assert read_json(run / "k-1" / "judgement.json")["verdict"] == "NOT SUCCESS"


async def test_two_judges_of_one_run_are_kept_and_compared(tmp_path: Path, server: FakeOpenAI) -> None:
    from webvoyager.judge.agreement import compare, load_labels

    run = make_run(tmp_path / "run", [FakeTask("t-1"), FakeTask("t-2")])
    server.queue("Verdict: SUCCESS", "Verdict: SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(workers=1))
    server.queue("1. A", "Requirement 1: MET - ok\nVerdict: SUCCESS",
                 "1. A", "Requirement 1: NOT MET - no\nVerdict: NOT SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(method="keypoints", workers=1))
    assert read_json(run / "t-2" / "judgement.json")["method"] == "keypoints"   # the latest judge
    wv = load_labels(f"{run}@webvoyager/openai:gpt-4o")
    kp = load_labels(f"{run}@keypoints/openai:gpt-4o")
    assert wv == {"t-1": True, "t-2": True} and kp == {"t-1": True, "t-2": False}
    assert compare(wv, kp).agreement == 0.5
    # the webvoyager judge's own record still makes a rerun of it a no-op
    again = await judge_run(run, _model(server), JudgeSettings(workers=1))
    assert len(again.skipped) == 2 and len(server.requests) == 6


# ----- the paper protocol's judge (docs/DESIGN.md, "Protocols") ---------------------------------------

AMBIGUOUS = "At first glance NOT SUCCESS, but the last screenshot shows the price.\nVerdict: SUCCESS"


async def test_judge_inputs_paper_sees_the_whole_trajectory(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=6)])
    server.queue("Verdict: SUCCESS", "Verdict: SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(protocol="paper"))
    await judge_run(run, _model(server), JudgeSettings(protocol="default"))
    assert [len(_images(r.body)) for r in server.requests] == [6, 3]


async def test_verdict_rule_paper_fails_on_any_not_success(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1")])
    server.queue(AMBIGUOUS, AMBIGUOUS)
    await judge_run(run, _model(server), JudgeSettings(protocol="paper"))
    paper = read_json(run / "t-1" / "judgements" / "webvoyager-paper--openai_gpt-4o.json")
    await judge_run(run, _model(server), JudgeSettings(protocol="default"))
    default = read_json(run / "t-1" / "judgements" / "webvoyager--openai_gpt-4o.json")
    assert (paper["verdict"], paper["protocol"]) == ("NOT SUCCESS", "paper")
    assert (default["verdict"], default["protocol"]) == ("SUCCESS", "default")
    assert read_json(run / "summary.json")["judges"] == {"webvoyager / openai:gpt-4o": 1}   # the latest judge


async def test_judge_sampling_paper_sends_temperature_zero_and_seed(tmp_path: Path, server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("t-1")])
    server.queue("Verdict: SUCCESS", "Verdict: SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(protocol="paper"))
    await judge_run(run, _model(server), JudgeSettings(protocol="default"))
    paper, default = (r.body for r in server.requests)
    assert (paper["temperature"], paper["seed"], paper["max_tokens"]) == (0.0, 42, 1000)
    assert (default["temperature"], default.get("seed"), default["max_tokens"]) == (0.0, None, 1024)


def test_paper_judge_settings_are_fixed() -> None:
    from webvoyager.errors import ConfigError

    with pytest.raises(ConfigError, match="whole trajectory"):
        JudgeSettings(protocol="paper", images=3).validate()
    with pytest.raises(ConfigError, match="--method webvoyager"):
        JudgeSettings(protocol="paper", method="keypoints").validate()
    with pytest.raises(ConfigError, match="--method keypoints"):
        JudgeSettings(protocol="keypoints").validate()      # the old meaning of --protocol


async def test_own_judge_prompt_replaces_the_instructions(tmp_path: Path, server: FakeOpenAI) -> None:
    prompt = tmp_path / "judge.txt"
    prompt.write_text("As an evaluator, reply SUCCESS or NOT SUCCESS.\n", encoding="utf-8")
    run = make_run(tmp_path / "run", [FakeTask("t-1")])
    server.queue("SUCCESS")
    await judge_run(run, _model(server), JudgeSettings(prompt=str(prompt)))
    system = server.requests[0].body["messages"][0]
    assert system["role"] == "system" and system["content"] == "As an evaluator, reply SUCCESS or NOT SUCCESS."
