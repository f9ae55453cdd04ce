"""Detects an agent repeating the same action on the same page.

Navigation getting stuck is the paper's first failure cause (44% of failures, SPEC §1): repeating a
failed action, or up/down indecision. The guard counts each (page fingerprint, action) pair over the
run: choosing an action again on a page that looks exactly as when it was chosen before earns a
warning note for the model; the `stuck_after`-th time stops the run. Counting pairs rather than only
consecutive steps also catches oscillation (Scroll down, Scroll up, Scroll down ... between the same
two views; Click a result, GoBack, Click the same result ...).

`Wait` is judged by time, not by count: waiting again for a slow page is reasonable, so a Wait that
really waited never counts as a repeat. Its time is added up per page, and the run stops only once
`wait_stuck_s` (15 s) have been waited on one unchanged page; every Wait after the first warns.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from webvoyager.protocol import WAIT_STUCK_S

GuardVerdict = Literal["ok", "warn", "stuck"]

WARNING_START = "Warning: you have now chosen"
"""How every loop-guard warning to the model begins."""


@dataclass(frozen=True)
class GuardResult:
    verdict: GuardVerdict
    repeats: int
    note: str | None = None       # the warning for the model ("warn")
    reason: str | None = None     # why the run stops ("stuck")


class LoopGuard:
    """Counts how often each action was chosen on each exact page state (and how long Wait waited)."""

    def __init__(self, stuck_after: int = 3, *, wait_stuck_s: float = WAIT_STUCK_S) -> None:
        if stuck_after < 2:
            raise ValueError("stuck_after must be at least 2 (the first repeat only warns)")
        self.stuck_after = stuck_after
        self.wait_stuck_s = wait_stuck_s
        self.warnings = 0
        self._seen: Counter[tuple[str, str]] = Counter()
        self._waited: Counter[str] = Counter()

    def check(self, fingerprint: str, action: str, *, wait: bool = False) -> GuardResult:
        """Judge the action about to be executed on the page with `fingerprint` (`wait`: it is a Wait).

        Returns "stuck" when this pair occurs for the `stuck_after`-th time (do not execute it),
        "warn" with a note for the next observation on an earlier repeat, else "ok".
        """
        key = (fingerprint, action)
        self._seen[key] += 1
        repeats = self._seen[key]
        if wait:
            return self._check_wait(fingerprint, action, repeats)
        if repeats >= self.stuck_after:
            return GuardResult("stuck", repeats, reason=f"'{action}' was chosen {repeats} times in a row on a page "
                                                        "that did not change")
        if repeats >= 2:
            self.warnings += 1
            note = (f"{WARNING_START} '{action}' {repeats} times on this same page, and it did not "
                    f"get you further. Do not repeat it: choose a different element or action (scroll, go back, "
                    f"search with other words). The run stops if you choose it here "
                    f"{self.stuck_after - repeats} more time(s).")
            return GuardResult("warn", repeats, note)
        return GuardResult("ok", repeats)

    def waited(self, fingerprint: str, seconds: float) -> None:
        """Record that a Wait on the page with `fingerprint` took `seconds`."""
        self._waited[fingerprint] += seconds

    def _check_wait(self, fingerprint: str, action: str, repeats: int) -> GuardResult:
        total = self._waited[fingerprint]
        if total >= self.wait_stuck_s:
            return GuardResult("stuck", repeats, reason=f"'{action}' waited {total:.0f} s in all on a page that "
                                                        "did not change")
        if total > 0:
            self.warnings += 1
            note = (f"{WARNING_START} '{action}' {repeats} times on this same page; you have waited {total:.0f} s "
                    f"and it did not change. If nothing is loading, act instead (scroll, click, go back). The run "
                    f"stops once {self.wait_stuck_s:g} s have been waited on an unchanged page.")
            return GuardResult("warn", repeats, note)
        return GuardResult("ok", repeats)
