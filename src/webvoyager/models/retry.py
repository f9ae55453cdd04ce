"""Retries for provider calls (tenacity): exponential backoff with jitter, Retry-After, clear final errors.

The provider SDKs' own retries are switched off (max_retries=0) so that these are the only ones and
every retry is logged (logger "webvoyager.models") with its cause. Rate limits (429), conflicts and
request timeouts (408/409), server errors (5xx), client timeouts and connection errors are retried;
authentication (401/403) and bad requests (400/404/422, ...) fail at once, since repeating them cannot
help. After the last attempt a `ModelError(retryable=True)` carries the provider's message.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import os
import random
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Awaitable, Callable, Literal, Sequence, TypeVar

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt

from webvoyager.errors import ModelError

logger = logging.getLogger("webvoyager.models")

T = TypeVar("T")

FailureKind = Literal["rate_limit", "server", "timeout", "connection", "auth", "bad_request",
                      "invalid_response"]

RETRY_BASE_ENV = "WEBVOYAGER_RETRY_BASE_S"
RETRY_CAP_ENV = "WEBVOYAGER_RETRY_CAP_S"


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait between attempts.

    The n-th retry (n = 1, 2, ...) waits `base_s * 2**(n-1)`, capped at `cap_s`, times a random
    factor in [1 - jitter, 1] (so parallel workers do not retry in lockstep). A Retry-After header
    replaces the computed wait, capped at `max_retry_after_s`.
    """

    max_retries: int = 4
    base_s: float = 1.0
    cap_s: float = 60.0
    jitter: float = 0.5
    max_retry_after_s: float = 300.0

    @classmethod
    def from_env(cls, max_retries: int = 4) -> RetryPolicy:
        """Defaults, with base/cap taken from WEBVOYAGER_RETRY_BASE_S / _CAP_S when set (tests, CI)."""
        base = _env_float(RETRY_BASE_ENV, cls.base_s)
        cap = _env_float(RETRY_CAP_ENV, cls.cap_s)
        return cls(max_retries=max_retries, base_s=base, cap_s=max(cap, base))

    def delay(self, retry_number: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number `retry_number` (1-based)."""
        if retry_after is not None:
            return max(0.0, min(retry_after, self.max_retry_after_s))
        raw = min(self.cap_s, self.base_s * 2 ** (retry_number - 1))
        return raw * (1.0 - self.jitter * random.random())


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return max(0.0, float(value))
    except ValueError:
        logger.warning("ignoring %s=%r: not a number", name, value)
        return default


@dataclass(frozen=True)
class Failure:
    """A provider error, classified: what happened, the provider's words, and any Retry-After."""

    kind: FailureKind
    message: str
    status: int | None = None
    retry_after: float | None = None

    @property
    def retryable(self) -> bool:
        return self.kind in ("rate_limit", "server", "timeout", "connection")

    def describe(self) -> str:
        """A short cause for logs, e.g. 'HTTP 429 rate limit' or 'timeout'."""
        label = {
            "rate_limit": "rate limit",
            "server": "server error",
            "timeout": "timeout",
            "connection": "connection error",
            "auth": "authentication error",
            "bad_request": "bad request",
            "invalid_response": "unreadable response",
        }[self.kind]
        return f"HTTP {self.status} {label}" if self.status else label


def parse_retry_after(headers: object) -> float | None:
    """Seconds from `retry-after-ms` or `Retry-After` (seconds or an HTTP date); None if absent."""
    get = getattr(headers, "get", None)
    if get is None:
        return None
    millis = get("retry-after-ms")
    if millis:
        try:
            return float(millis) / 1000.0
        except ValueError:
            pass
    value = get("retry-after")
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def classify_sdk_error(exc: BaseException, sdk: ModuleType) -> Failure | None:
    """Classify an exception from the `openai` or `anthropic` SDK (both share one error hierarchy), or
    from `google.genai` (see `classify_genai_error`).

    Returns None for exceptions that are not API errors (programming errors propagate unchanged).
    """
    if sdk.__name__ == "google.genai":
        return classify_genai_error(exc)
    if isinstance(exc, sdk.APITimeoutError):
        return Failure("timeout", str(exc) or "request timed out")
    if isinstance(exc, sdk.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        detail = f"{exc} ({cause})" if cause else str(exc)
        return Failure("connection", detail)
    if isinstance(exc, sdk.APIStatusError):
        status = int(exc.status_code)
        return _by_status(status, _status_message(exc), parse_retry_after(getattr(exc.response, "headers", None)))
    if isinstance(exc, sdk.APIError):
        # e.g. a 200 whose body does not match the API schema (a half-compatible local server)
        return Failure("invalid_response", str(exc))
    if isinstance(exc, json.JSONDecodeError):  # the SDK parsing a body that is not JSON
        return Failure("invalid_response", f"the response body is not JSON ({exc})")
    return None


def _by_status(status: int, message: str, retry_after: float | None) -> Failure:
    """What an HTTP error status means for retrying (the same for every provider)."""
    if status == 429:
        return Failure("rate_limit", message, status, retry_after)
    if status in (408, 409) or status >= 500:
        return Failure("server", message, status, retry_after)
    if status in (401, 403):
        return Failure("auth", message, status)
    return Failure("bad_request", message, status)


def classify_genai_error(exc: BaseException) -> Failure | None:
    """Classify an exception of the `google-genai` SDK: its `errors.APIError` carries the HTTP status
    (`code`) and Google's `error.message`; transport failures come straight from httpx (or httpx2)."""
    import importlib

    from google.genai import errors

    for name in ("httpx", "httpx2"):   # the SDK runs on whichever is installed (httpx2 is a fork of httpx)
        try:
            transport = importlib.import_module(name)
        except ImportError:
            continue
        if isinstance(exc, transport.TimeoutException):
            return Failure("timeout", str(exc) or "request timed out")
        if isinstance(exc, transport.TransportError):
            return Failure("connection", str(exc) or type(exc).__name__)
    if isinstance(exc, errors.APIError):
        status, message = int(exc.code or 0), exc.message or str(exc)
        if status == 0:
            return Failure("invalid_response", message)
        return _by_status(status, message, parse_retry_after(getattr(exc.response, "headers", None)))
    if isinstance(exc, (errors.UnknownApiResponseError, json.JSONDecodeError)):
        return Failure("invalid_response", f"the response body could not be read ({exc})")
    return None


def _status_message(exc: BaseException) -> str:
    """The provider's own error message (the `error.message` of the JSON body) when there is one."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
        if isinstance(error, str):
            return error
    return getattr(exc, "message", None) or str(exc)


def redact(text: str, secrets: Sequence[str | None]) -> str:
    """Replace every secret (API key) in `text` by '***' so it never reaches logs or errors."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    return text


class _Retryable(Exception):
    """A classified transient failure, carried through tenacity to the next attempt."""

    def __init__(self, failure: Failure, message: str) -> None:
        super().__init__(message)
        self.failure, self.message = failure, message


async def call_with_retries(
    call: Callable[[], Awaitable[T]],
    *,
    classify: Callable[[BaseException], Failure | None],
    policy: RetryPolicy,
    provider: str,
    model: str,
    key_hint: str,
    secrets: Sequence[str | None] = (),
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> T:
    """Run `call`, retrying transient failures per `policy` (with tenacity); raise `ModelError` when it
    fails for good. `key_hint` names what to check on an auth failure (e.g. "OPENAI_API_KEY")."""
    attempts = policy.max_retries + 1

    async def attempt() -> T:
        try:
            return await call()
        except Exception as exc:  # noqa: BLE001 - classified below; unknown errors re-raised
            failure = classify(exc)
            if failure is None:
                raise
            message = redact(failure.message, secrets)
            if not failure.retryable:
                raise _fatal_error(failure, message, provider, model, key_hint) from None
            raise _Retryable(failure, message) from None

    def wait(state: RetryCallState) -> float:
        error = state.outcome.exception() if state.outcome else None
        retry_after = error.failure.retry_after if isinstance(error, _Retryable) else None
        return policy.delay(state.attempt_number, retry_after)

    def before_sleep(state: RetryCallState) -> None:
        error = state.outcome.exception() if state.outcome else None
        if isinstance(error, _Retryable):
            source = " (Retry-After)" if error.failure.retry_after is not None else ""
            delay = state.next_action.sleep if state.next_action else 0.0
            logger.warning("%s attempt %d/%d failed (%s: %s); retrying in %.2fs%s", provider, state.attempt_number,
                           attempts, error.failure.describe(), error.message, delay, source)

    retrying = AsyncRetrying(stop=stop_after_attempt(attempts), wait=wait, retry=retry_if_exception_type(_Retryable),
                             before_sleep=before_sleep, sleep=sleep, reraise=True)
    try:
        return await retrying(attempt)
    except _Retryable as last:
        raise ModelError(
            f"{provider} call for model {model!r} failed after {attempts} attempt(s); "
            f"last error: {last.failure.describe()}: {last.message}",
            retryable=True,
        ) from None


def _fatal_error(failure: Failure, message: str, provider: str, model: str, key_hint: str) -> ModelError:
    if failure.kind == "auth" and failure.status == 403:
        return ModelError(
            f"permission denied for {provider} (HTTP 403): {message}; check that the key in "
            f"{key_hint} may use model {model!r}"
        )
    if failure.kind == "auth":
        return ModelError(f"authentication failed for {provider}: {message}; check {key_hint}")
    if failure.kind == "invalid_response":
        return ModelError(
            f"{provider} sent a response that could not be read for model {model!r}: {message}; "
            "check that the server really speaks this provider's API"
        )
    if failure.status == 404:
        return ModelError(
            f"{provider} answered 404 for model {model!r}: {message}; check the model name "
            "(and --base-url for an OpenAI-compatible server)"
        )
    return ModelError(
        f"{provider} rejected the request (HTTP {failure.status}) for model {model!r}: {message}"
    )
