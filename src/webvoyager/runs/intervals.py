"""The statistics of a success rate: Wilson's interval, a bootstrap interval over tasks, pass@k and pass^k.

Pure functions of counts, no I/O, so each is checked by hand in tests/bench/test_intervals.py.

- `wilson(successes, n)`: the 95% score interval of a proportion (one attempt per task).
- `bootstrap_mean(values)`: the percentile interval of the mean of per-task values (several attempts per
  task: each task's share of successful attempts), resampling tasks `RESAMPLES` times with a fixed
  `SEED`, so the same run gives the same interval every time.
- `pass_at_k(n, c, k)`: the chance that at least one of k attempts drawn from a task's n (c successful)
  succeeds, 1 - C(n-c, k) / C(n, k) (the unbiased estimator of Chen et al., 2021).
- `pass_hat_k(n, c, k)`: the chance that all k drawn attempts succeed, C(c, k) / C(n, k) (unbiased too).
"""

from __future__ import annotations

import math
import random
from typing import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
RESAMPLES = 2000
"""Bootstrap resamples of the tasks (documented in DESIGN.md "Repeats and intervals")."""
SEED = 0
"""The bootstrap's seed: the interval of a run is the same every time it is computed."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson's score interval of `successes` out of `n` (None when n is 0)."""
    if n <= 0:
        return None
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n ({successes} of {n})")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def bootstrap_mean(values: Sequence[float], resamples: int = RESAMPLES, seed: int = SEED,
                   level: float = 0.95) -> tuple[float, float] | None:
    """The percentile bootstrap interval of the mean of `values` (one per task), resampling the tasks
    with replacement `resamples` times from `random.Random(seed)`; None when there are no values."""
    if not values:
        return None
    rng, n = random.Random(seed), len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    tail = (1 - level) / 2
    low = means[min(resamples - 1, int(math.floor(tail * resamples)))]
    high = means[min(resamples - 1, int(math.ceil((1 - tail) * resamples)) - 1)]
    return low, high


def _check(n: int, c: int, k: int) -> None:
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")


def pass_at_k(n: int, c: int, k: int) -> float:
    """At least one of k attempts succeeds, estimated from n attempts with c successes."""
    _check(n, c, k)
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """All k attempts succeed (pass^k), estimated from n attempts with c successes."""
    _check(n, c, k)
    return math.comb(c, k) / math.comb(n, k)
