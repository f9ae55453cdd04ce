"""Retry policy arithmetic and Retry-After parsing (no network)."""

from __future__ import annotations

import email.utils
import time

import pytest

from webvoyager.models.retry import RetryPolicy, parse_retry_after, redact


def test_backoff_doubles_and_is_capped() -> None:
    policy = RetryPolicy(base_s=1.0, cap_s=5.0, jitter=0.0)
    assert [policy.delay(n) for n in range(1, 6)] == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_jitter_stays_within_bounds() -> None:
    policy = RetryPolicy(base_s=2.0, cap_s=60.0, jitter=0.5)
    delays = [policy.delay(2) for _ in range(200)]
    assert all(2.0 <= d <= 4.0 for d in delays)
    assert len(set(delays)) > 1


def test_retry_after_replaces_backoff_and_is_capped() -> None:
    policy = RetryPolicy(base_s=1.0, jitter=0.0, max_retry_after_s=30.0)
    assert policy.delay(1, retry_after=7.0) == 7.0
    assert policy.delay(1, retry_after=3600.0) == 30.0


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "12"}) == 12.0
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert parse_retry_after({}) is None
    assert parse_retry_after({"retry-after": "soon"}) is None
    date = email.utils.formatdate(time.time() + 20, usegmt=True)
    assert parse_retry_after({"retry-after": date}) == pytest.approx(20, abs=2)


def test_redact() -> None:
    assert redact("bad key sk-abc123 given", ["sk-abc123", None]) == "bad key *** given"
