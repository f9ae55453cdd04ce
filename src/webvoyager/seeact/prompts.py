"""SeeAct's prompt templates (seeact/prompts/*.txt, `$name` placeholders; see webvoyager.prompts)."""

from __future__ import annotations

from webvoyager.prompts import load_prompt


def render(name: str, **values: object) -> str:
    """Fill prompt `name` (a file in seeact/prompts without .txt); ConfigError for a missing value."""
    return load_prompt("webvoyager.seeact", f"{name}.txt").render(**values)


def operations(online: bool) -> str:
    """The bullet list of operations: all of them online, CLICK/TYPE/SELECT offline (Mind2Web)."""
    return render("operations_online" if online else "operations_offline")


def op_names(online: bool) -> str:
    """Operation names for the answer format line."""
    names = ["CLICK", "TYPE", "SELECT"]
    if online:
        names += ["HOVER", "PRESS ENTER", "SCROLL UP", "SCROLL DOWN", "GO BACK", "TERMINATE"]
    return ", ".join(names)


def short_operations(online: bool) -> str:
    """A few words naming the operations, for the system prompt."""
    base = "click an element, type text into a field, or choose an option of a drop-down list"
    if online:
        base = ("click an element, type text into a field, choose an option of a drop-down list, hover, "
                "press Enter, scroll, go back, or stop with a final answer")
    return base
