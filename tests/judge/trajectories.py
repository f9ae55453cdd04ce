"""Other agents' trajectories on disk, for `judge import` tests: Online-Mind2Web v1 and v2 submissions and
the original WebVoyager code's results folders (messages worded from the original's own templates, read
from ../shared at test time)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from string import Template
from typing import Any

import pytest
from PIL import Image

from tests.conftest import SHARED_DATA

ORIGINAL = SHARED_DATA / "webvoyager" / "original"


def image(color: str, fmt: str = "PNG", size: tuple[int, int] = (80, 60)) -> bytes:
    """A small real image of one colour."""
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, format=fmt)
    return buf.getvalue()


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


# ---- Online-Mind2Web submissions ----------------------------------------------------------------------

V1_SHOTS = {"shot_2.png": image("red"), "shot_10.png": image("green"), "shot_1.png": image("blue")}


def omw_submission(root: Path) -> Path:
    """A submission folder: two v1 tasks (one with JPEG screenshots), one v2 task and four malformed ones."""
    v1 = root / "v1kettle"
    _write(v1 / "result.json", json.dumps({
        "task_id": "v1kettle", "task": "Find the cheapest blue kettle on Shopmart.",
        "action_history": ["<input> Search -> TYPE: blue kettle", "<a> Blue kettle 1.7 l -> CLICK"],
        "thoughts": ["I search for the kettle.", "The first result is the cheapest."],
        "final_result_response": "The Blue kettle 1.7 l at $12 is the cheapest."}))
    for name, data in V1_SHOTS.items():   # ordered by number: 1 (blue), 2 (red), 10 (green)
        _write(v1 / "trajectory" / name, data)
    jpg = root / "v1jpeg"
    _write(jpg / "result.json", json.dumps({"task": "Open the store's help page.", "action_history": ["CLICK Help"],
                                            "thoughts": None, "final_result_response": ""}))
    _write(jpg / "trajectory" / "0.jpg", image("yellow", "JPEG"))
    _write(jpg / "trajectory" / "1.jpg", image("purple", "JPEG"))
    v2 = root / "v2flight"
    _write(v2 / "result.json", json.dumps({
        "schema_version": "online-mind2web-v2", "task": "Show one-way flights from Boston to Denver.",
        "action_history": [
            {"action": "CLICK one-way", "thought": "Pick one-way first.", "screenshot": "s1.png"},
            {"action": "TYPE Denver into To", "thought": "Then the destination.", "screenshot": "s2.png"},
            {"action": "TASK_COMPLETE: the flights are listed", "thought": "The list shows.", "screenshot": "s3.png"},
        ],
        "agent_final_answer": "Flights from Boston to Denver are listed."}))
    for name, color in (("s1.png", "black"), ("s2.png", "gray"), ("s3.png", "white")):
        _write(v2 / "trajectory" / name, image(color))
    _write(root / "badjson" / "result.json", '{"task": "x", "action_history": [')
    _write(root / "badjson" / "trajectory" / "1.png", image("red"))
    _write(root / "noresult" / "trajectory" / "1.png", image("red"))
    gif = root / "gifshot"
    _write(gif / "result.json", json.dumps({"schema_version": "online-mind2web-v2", "task": "y", "action_history": [
        {"action": "CLICK a", "thought": "", "screenshot": "1.gif"}, {"action": "done", "thought": "", "screenshot": "1.gif"}]}))
    _write(gif / "trajectory" / "1.gif", image("red", "GIF"))
    lost = root / "lostshot"
    _write(lost / "result.json", json.dumps({"schema_version": "online-mind2web-v2", "task": "z", "action_history": [
        {"action": "CLICK a", "thought": "", "screenshot": "1.png"}, {"action": "done", "thought": "", "screenshot": "2.png"}]}))
    _write(lost / "trajectory" / "1.png", image("red"))
    return root


# ---- the original WebVoyager code's results -------------------------------------------------------------

def original_templates() -> dict[str, str]:
    """The original's message templates, read from its code in ../shared (skips without it)."""
    if not (ORIGINAL / "run.py").is_file():
        pytest.skip(f"the original WebVoyager code is not at {ORIGINAL}")
    from webvoyager.packs.webvoyager_import import read_webvoyager

    return read_webvoyager(ORIGINAL)


def _fill(template: str, **values: str) -> str:
    return Template(template).safe_substitute(values)


class OriginalLog:
    """Builds one task's `interact_messages.json` the way run.py does: observation turns as [text, image_url]
    parts (the screenshot replaced by a placeholder when saved), all but the newest one clipped to text,
    error turns as plain strings, replies as strings."""

    def __init__(self, templates: dict[str, str], question: str, web: str) -> None:
        self.t = templates
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": templates["system"]}]
        self.intro = _fill(templates["task_intro"], ques=question, web=web) + templates["obs_prompt"]
        self.turns = 0

    def observe(self) -> None:
        self.turns += 1
        text = (_fill(self.t["first_observation"], init_msg=self.intro, web_text="[0]: <input> \"Search\"")
                if self.turns == 1 else _fill(self.t["next_observation"], warn_obs="", web_text="[0]: <a> \"x\""))
        self._clip()
        self.messages.append({"role": "user", "content": [
            {"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": "data:image/png;base64,{b64_img}"}}]})

    def error(self, kind: str) -> None:
        self.turns += 1
        self.messages.append({"role": "user", "content": self.t[kind]})

    def reply(self, text: str) -> None:
        self.messages.append({"role": "assistant", "content": text})

    def _clip(self) -> None:
        for m in self.messages:   # max_attached_imgs = 1: older observations become text
            if m["role"] == "user" and isinstance(m["content"], list):
                kept = m["content"][0]["text"].split(self.t["clip_split"])[0].strip()
                m["content"] = kept + self.t["omitted"]


def _original_task(folder: Path, question: str, web: str, turns: list[tuple[str, str]],
                   shots: dict[str, bytes]) -> None:
    """One task folder: `turns` are (the user turn: "observe" or an error template's name, the reply)."""
    log = OriginalLog(original_templates(), question, web)
    for turn, reply in turns:
        if turn == "observe":
            log.observe()
        else:
            log.error(turn)
        log.reply(reply)
    _write(folder / "interact_messages.json", json.dumps(log.messages, indent=2))
    for name, data in shots.items():
        _write(folder / name, data)


LASAGNA = "Find a vegetarian lasagna recipe with over 100 reviews."


def original_results(root: Path) -> tuple[Path, dict[str, bytes]]:
    """results/ with two time folders: an answered task (a format error and a failed action on the way), the
    same task run again later, an unanswered task, a folder without interact_messages.json and one whose
    shown screenshot is missing. Returns the folder and the screenshots of the imported answered task."""
    early, late = root / "20240301_10_00_00", root / "20240302_09_30_00"
    _original_task(early / "taskAllrecipes--0", LASAGNA, "https://www.allrecipes.com/",
                   [("observe", "Thought: I search first.\nAction: Type [0]; [lasagna]")],
                   {"screenshot1.png": image("red")})
    shots = {"screenshot1.png": image("navy"), "screenshot2.png": image("olive"), "screenshot4.png": image("teal")}
    _original_task(late / "taskAllrecipes--0", LASAGNA, "https://www.allrecipes.com/", [
        ("observe", "Thought: I search for it.\nAction: Type [0]; [vegetarian lasagna]"),
        ("observe", "I am not sure what to do."),                 # no Thought/Action: a format error follows
        ("format_error", "Thought: Open the first result.\nAction: Click [4]"),
        ("observe", "Thought: It has 212 reviews.\nAction: ANSWER; [Vegetarian Four Cheese Lasagna]"),
    ], shots)
    _write(late / "taskAllrecipes--0" / "agent.log", "INFO - finish!!\n")
    _original_task(late / "taskBBC News--3", "What is the top story on BBC News?", "https://www.bbc.com/news", [
        ("observe", "Thought: Scroll to see more.\nAction: Scroll [WINDOW]; [down]"),
        ("observe", "Thought: Keep looking.\nAction: Scroll [WINDOW]; [down]"),
    ], {"screenshot1.png": image("silver"), "screenshot2.png": image("maroon")})
    _write(late / "taskGitHub--1" / "screenshot1.png", image("red"))
    _original_task(late / "taskGitHub--2", "Find the top Python repository.", "https://github.com/", [
        ("observe", "Thought: search.\nAction: Click [1]"), ("observe", "Thought: done.\nAction: ANSWER; [x]"),
    ], {"screenshot1.png": image("red")})
    return root, shots
