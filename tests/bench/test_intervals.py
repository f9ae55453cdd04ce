"""runs/intervals.py against values computed by hand (Wilson 5/10, 0/10, 10/10; pass@k and pass^k)."""

from __future__ import annotations

import pytest

from webvoyager.runs.intervals import RESAMPLES, bootstrap_mean, pass_at_k, pass_hat_k, wilson


@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    # p = 5/10, z = 1.96: centre (0.5 + z²/20) / (1 + z²/10) = 0.5; half z·sqrt(0.025 + z²/400) / 1.38415 = 0.2634
    (5, 10, 0.2366, 0.7634),
    # p = 0: centre (z²/20) / 1.38415 = 0.13876 and half the same, so [0, 0.2775]
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),   # centre (1 + z²/2) / (1 + z²) = 0.6033, half z·sqrt(z²/4) / (1 + z²) = 0.3967
])
def test_wilson_by_hand(successes: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(successes, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_of_nothing_is_none_and_bad_counts_are_refused() -> None:
    assert wilson(0, 0) is None
    with pytest.raises(ValueError):
        wilson(11, 10)


@pytest.mark.parametrize(("n", "c", "k", "at", "hat"), [
    (10, 5, 1, 0.5, 0.5),             # k = 1: both are c / n
    (3, 1, 2, 2 / 3, 0.0),            # 1 - C(2,2)/C(3,2) = 1 - 1/3; C(1,2) = 0
    (3, 2, 2, 1.0, 1 / 3),            # C(1,2) = 0, so 1; C(2,2)/C(3,2) = 1/3
    (5, 2, 3, 0.9, 0.0),              # 1 - C(3,3)/C(5,3) = 1 - 1/10
    (5, 4, 3, 1.0, 0.4),              # C(4,3)/C(5,3) = 4/10
    (3, 3, 3, 1.0, 1.0),
    (3, 0, 3, 0.0, 0.0),
])
def test_pass_at_k_and_pass_hat_k_by_hand(n: int, c: int, k: int, at: float, hat: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(at)
    assert pass_hat_k(n, c, k) == pytest.approx(hat)


def test_pass_at_k_needs_k_attempts() -> None:
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)


def test_bootstrap_is_deterministic_and_brackets_the_mean() -> None:
    values = [1.0, 0.0, 1 / 3, 2 / 3, 1.0, 0.0, 1.0, 1.0]
    first, again = bootstrap_mean(values), bootstrap_mean(values)
    assert first == again                                   # seeded: the same run, the same interval
    low, high = first
    mean = sum(values) / len(values)
    assert 0.0 <= low < mean < high <= 1.0
    assert bootstrap_mean([0.5] * 4) == (0.5, 0.5)          # no spread, no interval width
    assert bootstrap_mean([]) is None
    assert RESAMPLES == 2000
    assert bootstrap_mean(values, seed=1) != first          # the seed is what fixes it
