"""Retries, backoff and final errors, for both providers, through the real SDKs over loopback."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Callable, Iterator

import pytest

from tests.models.fake_providers import (
    FakeAnthropic,
    FakeOpenAI,
    FakeResponse,
    anthropic_error,
    openai_error,
)
from webvoyager.errors import ModelError
from webvoyager.models import ChatModel, Message
from webvoyager.api import create_model
from webvoyager.models.retry import RetryPolicy

SECRET = "sk-secret-0123456789"
HELLO = [Message.text("user", "hello")]


@dataclass
class Provider:
    name: str
    server: FakeOpenAI | FakeAnthropic
    error: Callable[..., FakeResponse]
    key_env: str

    def model(self, retry: RetryPolicy, timeout_s: float = 10.0) -> ChatModel:
        spec = "openai:gpt-4o" if self.name == "openai" else "anthropic:claude-haiku-4-5"
        return create_model(spec, base_url=self.server.base_url, api_key=SECRET,
                            timeout_s=timeout_s, retry=retry)


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> Iterator[Provider]:
    if request.param == "openai":
        with FakeOpenAI() as server:
            yield Provider("openai", server, openai_error, "OPENAI_API_KEY")
    else:
        with FakeAnthropic() as server:
            yield Provider("anthropic", server, anthropic_error, "ANTHROPIC_API_KEY")


def retry_logs(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "webvoyager.models" and "retrying" in r.getMessage()]


async def test_transient_failures_are_retried_then_succeed(
        provider: Provider, fast_retry: RetryPolicy, caplog: pytest.LogCaptureFixture) -> None:
    provider.server.queue(
        provider.error(429, "slow down please"),
        provider.error(500, "internal oops"),
        FakeResponse(close=True),
        "finally",
    )
    with caplog.at_level(logging.WARNING, logger="webvoyager.models"):
        completion = await provider.model(fast_retry).complete(HELLO)

    assert completion.text == "finally"
    assert len(provider.server.requests) == 4
    logs = retry_logs(caplog)
    assert len(logs) == 3
    assert "attempt 1/4" in logs[0] and "HTTP 429 rate limit" in logs[0] and "slow down please" in logs[0]
    assert "HTTP 500 server error" in logs[1] and "internal oops" in logs[1]
    assert "connection error" in logs[2]
    # exponential backoff without Retry-After: 0.01, 0.02, 0.04 s (jitter off)
    waits = [float(re.search(r"retrying in ([\d.]+)s", m).group(1)) for m in logs]
    assert waits == [0.01, 0.02, 0.04]


async def test_retry_after_is_honoured(provider: Provider, fast_retry: RetryPolicy,
                                       caplog: pytest.LogCaptureFixture) -> None:
    provider.server.queue(provider.error(429, "limit", headers={"retry-after": "0.15"}), "ok")
    with caplog.at_level(logging.WARNING, logger="webvoyager.models"):
        assert (await provider.model(fast_retry).complete(HELLO)).text == "ok"
    (log,) = retry_logs(caplog)
    assert "retrying in 0.15s (Retry-After)" in log


async def test_hanging_server_times_out_and_is_retried(
        provider: Provider, fast_retry: RetryPolicy, caplog: pytest.LogCaptureFixture) -> None:
    provider.server.queue(FakeResponse(hang=True), "after the timeout")
    with caplog.at_level(logging.WARNING, logger="webvoyager.models"):
        completion = await provider.model(fast_retry, timeout_s=1.0).complete(HELLO)
    assert completion.text == "after the timeout"
    (log,) = retry_logs(caplog)
    assert "timeout" in log


async def test_gives_up_after_last_attempt_with_provider_message(
        provider: Provider, fast_retry: RetryPolicy, caplog: pytest.LogCaptureFixture) -> None:
    provider.server.queue(*[provider.error(503, f"overloaded #{i}") for i in range(1, 5)])
    with caplog.at_level(logging.WARNING, logger="webvoyager.models"):
        with pytest.raises(ModelError) as info:
            await provider.model(fast_retry).complete(HELLO)
    assert len(provider.server.requests) == 4  # 1 attempt + 3 retries
    assert len(retry_logs(caplog)) == 3
    assert info.value.retryable is True
    message = str(info.value)
    assert f"{provider.name} call" in message and "after 4 attempt(s)" in message
    assert "HTTP 503" in message and "overloaded #4" in message


async def test_auth_failure_is_immediate_and_clear(
        provider: Provider, fast_retry: RetryPolicy, caplog: pytest.LogCaptureFixture) -> None:
    # Providers sometimes echo the key; it must not reach the error or the logs.
    provider.server.queue(provider.error(401, f"Incorrect API key provided: {SECRET}"), "never")
    with caplog.at_level(logging.DEBUG):
        with pytest.raises(ModelError) as info:
            await provider.model(fast_retry).complete(HELLO)
    assert len(provider.server.requests) == 1
    assert retry_logs(caplog) == []
    assert info.value.retryable is False
    message = str(info.value)
    assert message.startswith(f"authentication failed for {provider.name}: Incorrect API key provided")
    assert f"; check {provider.key_env}" in message
    assert SECRET not in message
    assert SECRET not in caplog.text


@pytest.mark.parametrize("status", [400, 404, 422])
async def test_bad_request_fails_at_once(provider: Provider, fast_retry: RetryPolicy, status: int) -> None:
    provider.server.queue(provider.error(status, "model does not accept images"), "never")
    with pytest.raises(ModelError) as info:
        await provider.model(fast_retry).complete(HELLO)
    assert len(provider.server.requests) == 1
    assert info.value.retryable is False
    assert "model does not accept images" in str(info.value)
    assert f"HTTP {status}" in str(info.value) or f"answered {status}" in str(info.value)


async def test_forbidden_names_the_model(provider: Provider, fast_retry: RetryPolicy) -> None:
    provider.server.queue(provider.error(403, "no access to this model"))
    with pytest.raises(ModelError, match=r"permission denied .* no access to this model; check"):
        await provider.model(fast_retry).complete(HELLO)
    assert len(provider.server.requests) == 1


async def test_connection_refused_is_retried_then_reported(fast_retry: RetryPolicy,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    server = FakeOpenAI().start()
    url = server.base_url
    server.stop()  # nothing listens on the port any more
    model = create_model("openai:gpt-4o", base_url=url, api_key="k", retry=fast_retry)
    with caplog.at_level(logging.WARNING, logger="webvoyager.models"):
        with pytest.raises(ModelError, match="after 4 attempt.*connection error"):
            await model.complete(HELLO)
    assert len(retry_logs(caplog)) == 3


@pytest.mark.parametrize("response", [
    FakeResponse(200, {"unexpected": 1}),
    FakeResponse(200, "just a string"),
    FakeResponse(200, None),  # empty body
], ids=["wrong-object", "string", "empty"])
async def test_unreadable_success_response_is_a_clear_error(
        provider: Provider, fast_retry: RetryPolicy, response: FakeResponse) -> None:
    provider.server.queue(response, "never")
    with pytest.raises(ModelError, match=r"could not be read for model .*check that the server"):
        await provider.model(fast_retry).complete(HELLO)
    assert len(provider.server.requests) == 1
