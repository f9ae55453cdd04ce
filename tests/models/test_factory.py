"""Spec parsing, readiness checks (before any browser starts) and model construction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.errors import ConfigError
from webvoyager.models import ChatModel, ModelSpec, ScriptedModel, parse_model_spec
from webvoyager.api import check_model_ready, create_model
from webvoyager.models.anthropic_provider import AnthropicModel
from webvoyager.models.human import HumanModel
from webvoyager.models.openai_provider import OpenAIModel

USAGE = "use openai:MODEL, anthropic:MODEL, gemini:MODEL, scripted:PATH, human, reference or gullible"


@pytest.mark.parametrize("spec, expected", [
    ("openai:gpt-4o", ModelSpec("openai", "gpt-4o")),
    ("OpenAI:gpt-4o-mini", ModelSpec("openai", "gpt-4o-mini")),
    ("openai:meta-llama/llama-3.2-90b-vision:free", ModelSpec("openai", "meta-llama/llama-3.2-90b-vision:free")),
    ("anthropic:claude-sonnet-4-20250514", ModelSpec("anthropic", "claude-sonnet-4-20250514")),
    ("scripted:/tmp/a:b.jsonl", ModelSpec("scripted", "/tmp/a:b.jsonl")),
    ("human", ModelSpec("human")),
    (" reference ", ModelSpec("reference")),
])
def test_parse_model_spec(spec: str, expected: ModelSpec) -> None:
    assert parse_model_spec(spec) == expected


@pytest.mark.parametrize("spec, message", [
    ("x", f"unknown model spec 'x'; {USAGE}"),
    ("gpt-4o", f"unknown model spec 'gpt-4o'; {USAGE}"),
    ("", f"unknown model spec ''; {USAGE}"),
    ("openai", "needs a name after the colon (openai:MODEL)"),
    ("anthropic:", "needs a name after the colon (anthropic:MODEL)"),
    ("scripted:", "(scripted:PATH)"),
    ("human:bob", "human takes no name"),
])
def test_bad_specs_are_config_errors(spec: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_model_spec(spec)
    assert message in str(info.value)
    with pytest.raises(ConfigError):
        check_model_ready(spec)
    with pytest.raises(ConfigError):
        create_model(spec)


def test_missing_openai_key() -> None:
    with pytest.raises(ConfigError) as info:
        check_model_ready("openai:gpt-4o")
    assert str(info.value) == ("OPENAI_API_KEY is not set; export it or pass --base-url for a local "
                               "OpenAI-compatible server")
    with pytest.raises(ConfigError, match="OPENAI_API_KEY is not set"):
        create_model("openai:gpt-4o")


def test_missing_anthropic_key() -> None:
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY is not set; export it"):
        check_model_ready("anthropic:claude-3-5-sonnet-latest")


def test_gemini_key_from_either_name_or_a_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match=r"GEMINI_API_KEY \(or GOOGLE_API_KEY\) is not set; export it"):
        check_model_ready("gemini:gemini-2.5-flash")
    check_model_ready("gemini:gemini-2.5-flash", base_url="http://127.0.0.1:1")
    monkeypatch.setenv("GOOGLE_API_KEY", "g-secret")
    model = create_model("gemini:gemini-2.5-flash")
    assert type(model).__name__ == "GeminiModel" and model.spec == "gemini:gemini-2.5-flash"
    assert "secret" not in repr(model)


def test_key_or_base_url_makes_network_specs_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    check_model_ready("openai:local", base_url="http://127.0.0.1:1/v1")
    check_model_ready("openai:gpt-4o", api_key="sk-x")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
    check_model_ready("openai:local")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-x")
    check_model_ready("anthropic:claude-haiku-4-5")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "")  # empty counts as unset
    with pytest.raises(ConfigError):
        check_model_ready("anthropic:claude-haiku-4-5")


def test_scripted_file_is_checked(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    with pytest.raises(ConfigError, match=f"scripted model file {missing} does not exist"):
        check_model_ready(f"scripted:{missing}")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('"fine"\n{not json\n')
    with pytest.raises(ConfigError, match=rf"{bad}:2: not valid JSON"):
        check_model_ready(f"scripted:{bad}")
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps("Thought: x\nAction: Wait") + "\n")
    check_model_ready(f"scripted:{good}")
    model = create_model(f"scripted:{good}")
    assert isinstance(model, ScriptedModel)
    assert model.spec == f"scripted:{good}"


def test_create_model_builds_each_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-secret")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-secret")
    openai_model = create_model("openai:gpt-4o")
    anthropic_model = create_model("anthropic:claude-haiku-4-5")
    human = create_model("human")
    assert isinstance(openai_model, OpenAIModel) and openai_model.spec == "openai:gpt-4o"
    assert isinstance(anthropic_model, AnthropicModel)
    assert anthropic_model.spec == "anthropic:claude-haiku-4-5"
    assert isinstance(human, HumanModel) and human.spec == "human"
    for model in (openai_model, anthropic_model, human):
        assert isinstance(model, ChatModel)
        assert "secret" not in repr(model) and "secret" not in model.spec


def test_reference_model_is_built_lazily() -> None:
    model = create_model("reference")
    assert type(model).__name__ == "ReferenceModel"
    assert model.spec == "reference"


def test_retry_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from webvoyager.models.retry import RetryPolicy

    monkeypatch.setenv("WEBVOYAGER_RETRY_BASE_S", "0.05")
    monkeypatch.setenv("WEBVOYAGER_RETRY_CAP_S", "0.2")
    policy = RetryPolicy.from_env(max_retries=2)
    assert (policy.max_retries, policy.base_s, policy.cap_s) == (2, 0.05, 0.2)
