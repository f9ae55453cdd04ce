"""The injected page script (`js/page_*.js`) and a helper to call into it from any frame."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from playwright.async_api import Frame

_JS = Path(__file__).parent / "js"
# Core and discovery first: the other parts take their helpers from it.
_PARTS = ("page_agent.js", "page_tree.js", "page_actions.js", "page_paper.js")


@lru_cache(maxsize=1)
def page_agent_source() -> str:
    """Source of the page agent; installed as an init script in every context we create."""
    return "\n".join((_JS / part).read_text(encoding="utf-8") for part in _PARTS)


async def call(frame: Frame, body: str, arg: Any = None) -> Any:
    """Evaluate `(W, arg) => body` in `frame`, where W is the page agent, injecting it first if absent.

    The agent is normally present (init script); frames that predate the context's init script
    (a browser we connected to over CDP) or documents that skipped it get it on demand.
    """
    expression = f"(arg) => {{ const W = window.__webvoyager__; if (!W) return {{__missing__: true}}; return ({body}); }}"
    result = await frame.evaluate(expression, arg)
    if isinstance(result, dict) and result.get("__missing__"):
        await frame.evaluate(page_agent_source())
        result = await frame.evaluate(expression, arg)
    return result


async def call_handle(frame: Frame, body: str, arg: Any = None) -> Any:
    """Like `call`, but returns a JSHandle (for functions that return DOM elements)."""
    expression = f"(arg) => {{ const W = window.__webvoyager__; if (!W) return '__missing__'; return ({body}); }}"
    handle = await frame.evaluate_handle(expression, arg)
    if handle.as_element() is None and await handle.json_value() == "__missing__":
        await frame.evaluate(page_agent_source())
        handle = await frame.evaluate_handle(expression, arg)
    return handle
