"""The scripted episodes of the differential test: the same model replies, in order, for both codes.

Each episode is short because the original sleeps a fixed time after each action (5 s at the start, 10 s
after Type, 3 s after a click or scroll, 5 s for Wait, 2 s after GoBack or a failed action).
The sandbox task is recipes--1 (Simmer & Sage, the Allrecipes stand-in); label numbers are the paper
element list's on its pages: [5] the header's search box, [1] the header's "Recipes" link.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scenario:
    """One episode: a sandbox task, the agent's replies in order, and the judge's reply (None: no judge)."""

    name: str
    task_id: str
    replies: tuple[str, ...]
    text_only: bool = False
    judge_reply: str | None = None


VISION = Scenario(
    name="vision",
    task_id="recipes--1",
    replies=(
        "Thought: I search for the recipe.\nAction: Type [5]; [Tandoori Halloumi Linguine]",
        "Thought: I open the recipe index.\nAction: Click [1]",
        "Thought: I click the element numbered 999.\nAction: Click [999]",          # no such label
        "Thought: I am not sure what to do next.",                                  # no action at all
        "Thought: I look further down.\nAction: Scroll [WINDOW]; [down]",
        "Thought: The page may still be loading.\nAction: Wait",
        "Thought: I go back to the results.\nAction: GoBack",
        "Thought: The recipe makes 6 servings.\nAction: ANSWER; [6 servings]",
    ),
    judge_reply="The screenshots show the recipe and the answer matches the task. SUCCESS",
)

TEXT_ONLY = Scenario(
    name="text_only",
    task_id="recipes--1",
    replies=(
        "Thought: I look further down.\nAction: Scroll [WINDOW]; [down]",
        "Thought: I could not find it.\nAction: Wait",
        "Thought: The recipe makes 6 servings.\nAction: ANSWER; [6 servings]",
    ),
    text_only=True,
)

SCENARIOS = (VISION, TEXT_ONLY)
