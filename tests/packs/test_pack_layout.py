"""`--protocol paper --prompts PACK`: the turns are rendered with the pack's own strings in the original's
layout. The expected texts are rebuilt from the pack's templates at test time (never written here)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Sequence

import pytest

from webvoyager.api.settings import RunSettings
from webvoyager.browser.types import Observation
from webvoyager.errors import ConfigError
from webvoyager.judge.evidence import Evidence
from webvoyager.judge.methods import ORIGINAL_STATED_SCREENSHOTS, JudgeRules, judge_webvoyager
from webvoyager.models.base import Completion, ImagePart, Message
from webvoyager.packs import OUR_WORDING, ProtocolPack
from webvoyager.protocol import judge_values
from webvoyager.tasks import Task
from webvoyager.voyager.policy import WebVoyagerPolicy

TASK = Task(id="t--1", question="How many servings does the linguine make?", start_url="http://recipes.localhost/")
LISTING = '[0]: "Home";\t[1]: <input> "", "Search";'


class Recording:
    """A model that answers from a list and keeps every request it was sent."""

    spec = "recording"

    def __init__(self, replies: Sequence[str]) -> None:
        self.replies, self.sent = list(replies), []  # type: ignore[var-annotated]

    async def complete(self, messages: list[Message], **_: object) -> Completion:
        self.sent.append(messages)
        return Completion(self.replies.pop(0))


def _obs(n: int, **changes: object) -> Observation:
    values: dict[str, object] = dict(url=f"http://recipes.localhost/p{n}", title=f"Page {n}", screenshot=b"clean",
                                     marked_screenshot=f"shot{n}".encode(), elements=[], text=f"{LISTING} #{n}")
    values.update(changes)
    return Observation(**values)  # type: ignore[arg-type]


def _run(pack: ProtocolPack, observations: list[Observation], replies: list[str], *,
         text_only: bool = False) -> list[list[Message]]:
    model = Recording(replies)
    policy = WebVoyagerPolicy(model, text_only=text_only, original_actions=True, pack=pack)  # type: ignore[arg-type]
    policy.reset(TASK)

    async def go() -> None:
        for obs in observations:
            await policy.decide(obs)

    asyncio.run(go())
    return model.sent


def _first_text(pack: ProtocolPack, listing: str, *, text_only: bool = False) -> str:
    suffix = "_text_only" if text_only else ""
    init = pack.prompt("task_intro").render(ques=TASK.question, web=TASK.start_url) + pack.text(f"obs_prompt{suffix}")
    slot = "ac_tree" if text_only else "web_text"
    return pack.prompt(f"first_observation{suffix}").render(init_msg=init, **{slot: listing})


def test_first_and_next_turns_are_the_packs_templates_without_url_or_title(pack: ProtocolPack) -> None:
    sent = _run(pack, [_obs(1), _obs(2)], ["Thought: a\nAction: Click [1]", "Thought: b\nAction: Wait"])
    first = sent[0]
    assert first[0].role == "system" and first[0].text_content == pack.text("system")
    assert first[1].text_content == _first_text(pack, _obs(1).text)
    assert [p.data for p in first[1].parts if isinstance(p, ImagePart)] == [b"shot1"]
    later = sent[1][3]
    assert later.text_content == pack.prompt("next_observation").render(warn_obs="", web_text=_obs(2).text)
    assert "Page 2" not in later.text_content and "/p2" not in later.text_content


def test_the_non_textbox_warning_fills_the_next_turns_slot(pack: ProtocolPack) -> None:
    from webvoyager.browser.types import TypeWarning

    warned = _obs(2, type_warning=TypeWarning(tag="div", type=None))
    sent = _run(pack, [_obs(1), warned], ["Thought: a\nAction: Type [1]; [x]", "Thought: b\nAction: Wait"])
    warning = pack.prompt("type_warning").render(tag_name="div", ele_type="None")
    assert sent[1][3].text_content == pack.prompt("next_observation").render(warn_obs=warning, web_text=_obs(2).text)


def test_a_failure_is_answered_by_the_fixed_text_without_a_new_screenshot(pack: ProtocolPack) -> None:
    failed = _obs(2, last_action="Click [999]", last_action_error="no element 999")
    no_action = _obs(3, reply_error="the reply has no Action line")
    sent = _run(pack, [_obs(1), failed, no_action, _obs(4), _obs(5)],
                ["Thought: a\nAction: Click [999]", "Thought: b", "Thought: c\nAction: Wait",
                 "Thought: d\nAction: Wait", "Thought: e\nAction: Wait"])
    after_failure = sent[1][3]
    assert after_failure.text_content == pack.text("action_error") and not after_failure.images
    assert sent[2][5].text_content == pack.text("format_error") and not sent[2][5].images
    # Three screenshots in context: those of observations 1, 4 and 5, as the original keeps them.
    last = sent[4]
    assert [p.data for m in last for p in m.parts if isinstance(p, ImagePart)] == [b"shot1", b"shot4", b"shot5"]


def test_old_observations_become_the_fixed_omitted_text(pack: ProtocolPack) -> None:
    sent = _run(pack, [_obs(i) for i in range(1, 5)], ["Thought: x\nAction: Wait"] * 4)
    last = sent[3]
    split = pack.text("clip_split")
    assert last[1].text_content == _first_text(pack, _obs(1).text).split(split)[0].strip() + pack.text("omitted")
    assert not last[1].images and len([m for m in last if m.images]) == 3


def test_text_only_uses_the_text_only_templates_and_counts_every_turn(pack: ProtocolPack) -> None:
    failed = _obs(2, last_action="Click [9]", last_action_error="no element 9")
    sent = _run(pack, [_obs(1), failed, _obs(3), _obs(4), _obs(5)], ["Thought: x\nAction: Wait"] * 5,
                text_only=True)
    assert sent[0][0].text_content == pack.text("system_text_only")
    assert sent[0][1].text_content == _first_text(pack, _obs(1).text, text_only=True) and not sent[0][1].images
    split = pack.text("clip_split")
    # The original's text-only clipping counts the error turn as a tree too, and clips it the same way.
    assert sent[4][3].text_content == pack.text("action_error").split(split)[0].strip() + pack.text("omitted_text_only")


def test_the_judge_sends_the_originals_system_prompt_and_layout(pack: ProtocolPack, tmp_path: Path) -> None:
    shots = []
    for i in (1, 2):
        shots.append(tmp_path / f"screenshot{i}.png")
        shots[-1].write_bytes(f"png{i}".encode())
    ev = Evidence(task_id="t--1", question=TASK.question, answer="6 servings", status="answered", actions=(),
                  urls=(), screenshots=tuple(shots))
    model = Recording(["It matches. SUCCESS"])
    rules = JudgeRules(protocol="paper", values=judge_values("paper"), images=None, pack=pack)
    judgement = asyncio.run(judge_webvoyager(ev, model, rules))  # type: ignore[arg-type]
    system, user = model.sent[0]
    assert system.text_content == pack.text("judge_system")
    texts = [p.text for p in user.parts if not isinstance(p, ImagePart)]  # type: ignore[attr-defined]
    assert texts == [pack.prompt("judge_user").render(task=TASK.question, answer="6 servings",
                                                      num=ORIGINAL_STATED_SCREENSHOTS), pack.text("judge_closing")]
    assert [(p.data, p.detail) for p in user.parts if isinstance(p, ImagePart)] == [(b"png1", None), (b"png2", None)]
    assert judgement.verdict == "SUCCESS"


def test_settings_record_the_pack_or_say_our_wording(pack: ProtocolPack) -> None:
    ours = RunSettings(protocol="paper")
    assert ours.wording == OUR_WORDING and ours.to_dict()["wording"] == OUR_WORDING
    packed = RunSettings(protocol="paper", prompts=str(pack.folder)).to_dict()
    assert packed["prompts"]["commit"] == pack.commit and packed["prompts"]["path"] == str(pack.folder)
    assert packed["wording"] != OUR_WORDING
    with pytest.raises(ConfigError, match="--protocol paper"):
        RunSettings(prompts=str(pack.folder))
    with pytest.raises(ConfigError, match="no manifest.json"):
        RunSettings(protocol="paper", prompts=str(pack.folder / "missing"))


def test_the_judge_leaves_out_screenshots_the_packed_agent_never_sent(tmp_path: Path) -> None:
    import json

    from tests.bench.fakerun import FakeTask, make_run
    from webvoyager.judge.evidence import load_evidence, run_used_pack

    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=4, answer="6")])
    trajectory = run / "t-1" / "trajectory.json"
    data = json.loads(trajectory.read_text())
    steps = data["steps"] if isinstance(data, dict) else data
    steps[1]["error"] = "There is no element [999]"   # step 2 failed: step 3's screenshot was never sent
    trajectory.write_text(json.dumps(data))
    names = lambda ev: [p.name for p in ev.screenshots]  # noqa: E731
    assert names(load_evidence(run / "t-1")) == [f"screenshot{i}.png" for i in (1, 2, 3, 4)]
    assert names(load_evidence(run / "t-1", sent_only=True)) == ["screenshot1.png", "screenshot2.png", "screenshot4.png"]
    assert not run_used_pack(run)


def test_an_old_pdf_turn_is_clipped_to_the_pdf_omitted_text(pack: ProtocolPack, tmp_path: Path) -> None:
    from webvoyager.browser.pdf import pdf_note

    note = pdf_note(tmp_path / "report.pdf", "Staff count: 37.", None)
    observations = [_obs(1), _obs(2, notes=[note]), _obs(3), _obs(4), _obs(5)]
    sent = _run(pack, observations, ["Thought: x\nAction: Wait"] * 5)
    pdf_turn = pack.prompt("pdf_observation").render(pdf_obs=pack.prompt("pdf_note").render(pdf_obs=note),
                                                     web_text=_obs(2).text)
    assert sent[1][3].text_content == pdf_turn
    split = pack.text("clip_split")
    assert sent[4][3].text_content == pdf_turn.split(split)[0].strip() + pack.text("omitted_pdf")
    assert pack.text("omitted_pdf") != pack.text("omitted")
