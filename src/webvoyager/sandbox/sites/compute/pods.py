"""What an answer is made of: pods (titled result boxes), assumptions about ambiguous words, and the
`NotThis` signal a handler raises when a query is not its kind. Shared by the engine and its handlers."""

from __future__ import annotations

from dataclasses import dataclass, field

from webvoyager.sandbox.sites.compute.parser import Choice


@dataclass
class Pod:
    id: str
    title: str
    lines: list[str] = field(default_factory=list)
    rows: list[tuple[str, ...]] = field(default_factory=list)   # a table
    more: list[str] = field(default_factory=list)               # revealed by the pod's "More" button
    more_label: str = ""
    late: bool = False                                          # loaded by the page after a delay
    has_steps: bool = False                                     # shows the "Step-by-step solution" button
    links: list[str] = field(default_factory=list)              # per line: the page it links to ("" = none)


@dataclass
class Assumption:
    slot: str
    word: str
    current: str
    others: list[tuple[str, str]]       # (value, description) of the other readings


@dataclass
class Answer:
    query: str
    kind: str
    pods: list[Pod] = field(default_factory=list)
    assumptions: list[Assumption] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    result: str = ""
    understood: bool = True
    error: str = ""

    def pod(self, pod_id: str) -> Pod | None:
        return next((p for p in self.pods if p.id == pod_id), None)


class NotThis(Exception):
    """This handler does not apply; try the next one."""


def choices_to_assumptions(choices: list[Choice]) -> list[Assumption]:
    out, seen = [], set()
    for c in choices:
        if c.slot in seen:
            continue
        seen.add(c.slot)
        current = next(d for v, d in c.options if v == c.chosen)
        out.append(Assumption(c.slot, c.word, current, [(v, d) for v, d in c.options if v != c.chosen]))
    return out
