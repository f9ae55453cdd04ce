"""RunSettings are checked when they are made, and every run path checks what depends on the machine:
a combination that cannot run is refused before any browser starts, with one line saying what to do."""

from __future__ import annotations

import asyncio
import json
import stat
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.api import create_model, execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.models.scripted import ScriptedModel
from webvoyager.protocol import POLICIES, PROTOCOLS
from webvoyager.seeact.grounding import MODES
from webvoyager.tasks import Task

TASK = Task(id="t1", question="q", start_url="http://127.0.0.1:9/")


def test_seeact_text_only_is_refused_when_the_settings_are_made() -> None:
    with pytest.raises(ConfigError, match="SeeAct policy needs screenshots.*drop --text-only"):
        RunSettings(policy="seeact", text_only=True)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"policy": "seeact2"}, "unknown policy 'seeact2'; use one of webvoyager, seeact"),
    ({"protocol": "papers"}, "unknown protocol 'papers'"),
    ({"grounding": "pixels"}, "unknown grounding 'pixels'; use one of choice, som"),
    ({"confirm": "maybe"}, "unknown confirm mode"),
    ({"max_steps": 0}, "max_steps"),
    ({"wait_s": 0.0}, "wait_s"),
    ({"trace": True, "secrets": ("x",)}, "--trace cannot be used with secrets"),
])
def test_bad_values_are_refused_at_construction_without_validate(kwargs: dict, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        RunSettings(**kwargs)


def test_replace_checks_again() -> None:
    """`dataclasses.replace` (as the hostile suite adds its rails) runs the same checks."""
    with pytest.raises(ConfigError, match="SeeAct policy needs screenshots"):
        replace(RunSettings(policy="seeact"), text_only=True)
    with pytest.raises(ConfigError, match="--trace cannot"):
        replace(RunSettings(trace=True), secret_env=("SOME_SECRET",))


def test_allowed_values_are_declared_once_and_kept_as_strings_in_run_json(tmp_path: Path) -> None:
    assert POLICIES == ("webvoyager", "seeact", "cua") and PROTOCOLS == ("default", "paper")
    assert MODES == ("choice", "som", "attributes", "coordinates")
    data = RunSettings(policy="seeact", protocol="paper", grounding="som").to_dict()
    assert (data["policy"], data["protocol"], data["grounding"]) == ("seeact", "paper", "som")
    assert data["max_steps"] == 29 and data["viewport"] == [1280, 720]   # filled in from the protocol
    assert json.loads(json.dumps(data)) == data


def test_values_are_typed_and_filled_in() -> None:
    values = RunSettings(protocol="paper").values
    assert (values.max_steps, values.max_tokens, values.seed, values.stuck_after) == (15, 1000, 42, None)


def test_execute_task_checks_the_machine_before_touching_the_browser(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SETTINGS_TEST_UNSET", raising=False)
    settings = RunSettings(secret_env=("SETTINGS_TEST_UNSET",))
    with pytest.raises(ConfigError, match="SETTINGS_TEST_UNSET not set"):
        # No browser at all: validation must come first, so it is never used.
        asyncio.run(execute_task(TASK, browser=None, model=ScriptedModel.from_replies([]),  # type: ignore[arg-type]
                                 settings=settings, task_dir=tmp_path / "t1"))
    assert not (tmp_path / "t1").exists()


def test_run_bench_checks_the_machine_before_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = RunSettings(system_prompt=str(tmp_path / "missing.txt"))
    with pytest.raises(ConfigError, match="missing.txt does not exist"):
        asyncio.run(run_bench([TASK], model=ScriptedModel.from_replies([]), settings=settings,
                              run_dir=tmp_path / "run", options=BenchOptions()))
    assert not (tmp_path / "run").exists()


@pytest.fixture
def chromium_marker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake Chromium that leaves a file behind if anything launches it."""
    marker = tmp_path / "chromium-started"
    fake = tmp_path / "fake-chromium"
    fake.write_text(f"#!/bin/sh\ntouch {marker}\nexit 1\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("WEBVOYAGER_CHROMIUM", str(fake))
    return marker


def test_stand_ins_refuse_settings_they_cannot_serve() -> None:
    with pytest.raises(ConfigError, match="cannot answer SeeAct's coordinates grounding.*--grounding choice"):
        create_model("reference", settings=RunSettings(policy="seeact", grounding="coordinates"))
    with pytest.raises(ConfigError, match="gullible model answers WebVoyager conversations and plays computer use"):
        create_model("gullible", settings=RunSettings(policy="seeact"))


@pytest.mark.parametrize("command", [
    ["run", "q", "--url", "http://127.0.0.1:9/"],
    ["bench", "sandbox", "--site", "recipes", "--limit", "1"],
])
@pytest.mark.parametrize("options, start", [
    (["--text-only"], "error: the SeeAct policy needs screenshots"),
    (["--grounding", "coordinates"], "error: the reference model cannot answer SeeAct's coordinates grounding"),
])
def test_cli_refuses_what_cannot_run_in_one_line_before_any_browser(command: list[str], options: list[str],
                                                                     start: str, tmp_path: Path,
                                                                     chromium_marker: Path) -> None:
    out = tmp_path / "run"
    res = CliRunner().invoke(app, [*command, "--model", "reference", "--policy", "seeact", *options,
                                   "--out", str(out)])
    assert res.exit_code == 2, res.output
    said = " ".join(res.output.split())   # one message (the console may wrap it), no traceback
    assert start in said and said.count("error:") == 1 and "Traceback" not in said, res.output
    if options == ["--text-only"]:   # refused with the settings, before anything else is printed
        assert said.startswith(start), res.output
    assert options[0] in said
    assert not chromium_marker.exists() and not (out / "task").exists() and not (out / "recipes--1").exists()


def test_the_cua_policy_has_its_own_budget_and_refuses_what_it_cannot_run() -> None:
    from webvoyager.api import create_model

    cua = RunSettings(policy="cua")
    assert (cua.max_steps, cua.max_tokens) == (50, 4096) and RunSettings().max_steps == 15
    with pytest.raises(ConfigError, match="no paper protocol"):
        RunSettings(policy="cua", protocol="paper")
    with pytest.raises(ConfigError, match="cannot run --text-only"):
        RunSettings(policy="cua", text_only=True)
    with pytest.raises(ConfigError, match="needs a computer-use model; 'human' is not one"):
        create_model("human", settings=cua)
    assert create_model("reference", settings=cua).spec == "reference"   # the pixel stand-ins
    assert create_model("gullible", settings=cua).spec == "gullible"
    assert create_model("openai:gpt-5.4", settings=cua, api_key="sk-test").spec == "openai:gpt-5.4"   # OpenAI's tool
