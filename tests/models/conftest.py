"""Fixtures for the model tests: fake provider servers and a fast retry policy."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.models.fake_providers import FakeAnthropic, FakeOpenAI, serve_anthropic, serve_openai
from webvoyager.models.retry import RetryPolicy


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    yield from serve_openai()


@pytest.fixture
def fake_anthropic() -> Iterator[FakeAnthropic]:
    yield from serve_anthropic()


@pytest.fixture
def fast_retry() -> RetryPolicy:
    """Three retries with tiny, jitter-free waits (0.01, 0.02, 0.04 s) so tests stay fast."""
    return RetryPolicy(max_retries=3, base_s=0.01, cap_s=0.04, jitter=0.0)


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests decide keys and base URLs themselves; the developer's environment must not leak in."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL",
                 "GEMINI_API_KEY", "GOOGLE_API_KEY", "GEMINI_BASE_URL",
                 "WEBVOYAGER_PRICES", "WEBVOYAGER_RETRY_BASE_S", "WEBVOYAGER_RETRY_CAP_S"):
        monkeypatch.delenv(name, raising=False)
