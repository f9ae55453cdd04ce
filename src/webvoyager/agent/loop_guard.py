"""Detects an agent repeating the same action on the same page.

Navigation getting stuck is the paper's first failure cause (44% of failures, SPEC §1): repeating a
failed action, or up/down indecision. The guard counts each (page fingerprint, action) pair over the
run: choosing an action again on a page that looks exactly as when it was chosen before earns a
warning note for the model; the `stuck_after`-th time stops the run. Counting pairs rather than only
consecutive steps also catches oscillation (Scroll down, Scroll up, Scroll down ... between the same
two views; Click a result, GoBack, Click the same result ...).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

Verdict = Literal["ok", "warn", "stuck"]

WARNING_START = "Warning: you have now chosen"
"""How every loop-guard warning to the model begins."""


@dataclass(frozen=True)
class GuardResult:
    verdict: Verdict
    repeats: int
    note: str | None = None


class LoopGuard:
    """Counts how often each action was chosen on each exact page state."""

    def __init__(self, stuck_after: int = 3) -> None:
        if stuck_after < 2:
            raise ValueError("stuck_after must be at least 2 (the first repeat only warns)")
        self.stuck_after = stuck_after
        self.warnings = 0
        self._seen: Counter[tuple[str, str]] = Counter()

    def check(self, fingerprint: str, action: str) -> GuardResult:
        """Judge the action about to be executed on the page with `fingerprint`.

        Returns "stuck" when this pair occurs for the `stuck_after`-th time (do not execute it),
        "warn" with a note for the next observation on an earlier repeat, else "ok".
        """
        key = (fingerprint, action)
        self._seen[key] += 1
        repeats = self._seen[key]
        if repeats >= self.stuck_after:
            return GuardResult("stuck", repeats)
        if repeats >= 2:
            self.warnings += 1
            note = (f"{WARNING_START} '{action}' {repeats} times on this same page, and it did not "
                    f"get you further. Do not repeat it: choose a different element or action (scroll, go back, "
                    f"search with other words). The run stops if you choose it here "
                    f"{self.stuck_after - repeats} more time(s).")
            return GuardResult("warn", repeats, note)
        return GuardResult("ok", repeats)
