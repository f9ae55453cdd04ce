"""SeeAct's prompt templates (seeact/prompts/*.txt), filled with `string.Template` ($name placeholders)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from string import Template

PROMPT_DIR = Path(__file__).parent / "prompts"


@lru_cache(maxsize=None)
def _template(name: str) -> Template:
    return Template((PROMPT_DIR / f"{name}.txt").read_text(encoding="utf-8").strip())


def render(name: str, **values: object) -> str:
    """Fill prompt `name` (a file in seeact/prompts without .txt); a missing value is a KeyError."""
    return _template(name).substitute({k: str(v) for k, v in values.items()})


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
