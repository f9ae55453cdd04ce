"""SeeAct's prompt templates (seeact/prompts/*.txt, `$name` placeholders; see webvoyager.prompts)."""

from __future__ import annotations

from webvoyager.prompts import load_prompt

NOT_IN_PAPER = ("SCROLL UP", "SCROLL DOWN", "GO BACK")
"""Online operations SeeAct's own tool does not offer (seeact.py acts only on CLICK, SELECT, TYPE, PRESS
ENTER, HOVER and TERMINATE): left out of the prompts, and not acted on, under `--protocol paper`."""


def render(name: str, **values: object) -> str:
    """Fill prompt `name` (a file in seeact/prompts without .txt); ConfigError for a missing value."""
    return load_prompt("webvoyager.seeact", f"{name}.txt").render(**values)


def operations(online: bool, *, paper: bool = False) -> str:
    """The bullet list of operations: all of them online (`paper`: without scrolling and going back),
    CLICK/TYPE/SELECT offline (Mind2Web)."""
    text = render("operations_online" if online else "operations_offline")
    if online and paper:
        text = "\n".join(line for line in text.split("\n") if not line.startswith(("- SCROLL", "- GO BACK")))
    return text


def op_names(online: bool, *, paper: bool = False) -> str:
    """Operation names for the answer format line."""
    names = ["CLICK", "TYPE", "SELECT"]
    if online:
        names += ["HOVER", "PRESS ENTER", "SCROLL UP", "SCROLL DOWN", "GO BACK", "TERMINATE"]
    return ", ".join(n for n in names if not (paper and n in NOT_IN_PAPER))


def short_operations(online: bool, *, paper: bool = False) -> str:
    """A few words naming the operations, for the system prompt."""
    base = "click an element, type text into a field, or choose an option of a drop-down list"
    if online and paper:
        base = ("click an element, type text into a field, choose an option of a drop-down list, hover, "
                "press Enter, or stop with a final answer")
    elif online:
        base = ("click an element, type text into a field, choose an option of a drop-down list, hover, "
                "press Enter, scroll, go back, or stop with a final answer")
    return base
