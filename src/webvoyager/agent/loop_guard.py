"""Detects an agent repeating the same action on a page that does not change.

Navigation getting stuck is the paper's first failure cause (44% of failures, SPEC §1), often by
repeating a failed action. The guard compares (page fingerprint, action) with the previous step: the
second identical step earns a warning note for the model; the `stuck_after`-th stops the run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Verdict = Literal["ok", "warn", "stuck"]


@dataclass(frozen=True)
class GuardResult:
    verdict: Verdict
    repeats: int
    note: str | None = None


class LoopGuard:
    """Counts consecutive repeats of the same action on an unchanged page."""

    def __init__(self, stuck_after: int = 3) -> None:
        if stuck_after < 2:
            raise ValueError("stuck_after must be at least 2 (the first repeat only warns)")
        self.stuck_after = stuck_after
        self.warnings = 0
        self._last: tuple[str, str] | None = None
        self._repeats = 0

    def check(self, fingerprint: str, action: str) -> GuardResult:
        """Judge the action about to be executed on the page with `fingerprint`.

        Returns "stuck" when this is the `stuck_after`-th identical step in a row (do not execute it),
        "warn" with a note for the next observation on an earlier repeat, else "ok".
        """
        key = (fingerprint, action)
        self._repeats = self._repeats + 1 if key == self._last else 1
        self._last = key
        if self._repeats >= self.stuck_after:
            return GuardResult("stuck", self._repeats)
        if self._repeats >= 2:
            self.warnings += 1
            note = (f"Warning: you have now chosen '{action}' {self._repeats} times in a row and the page did not "
                    f"change. Do not repeat it: choose a different element or action (scroll, go back, search "
                    f"differently). The run stops if you repeat it {self.stuck_after - self._repeats} more time(s).")
            return GuardResult("warn", self._repeats, note)
        return GuardResult("ok", self._repeats)

