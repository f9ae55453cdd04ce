"""Browser layer: a Playwright session, Set-of-Mark observations, actions and PDF text.

The public names are imported lazily so that `webvoyager.browser.types` stays cheap to import
for code that only needs the data types (policies, parsers).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Browser", "Session", "SyncBrowser", "format_element", "format_elements", "draw_marks"]

_WHERE = {"Browser": "browser", "Session": "session", "SyncBrowser": "sync", "format_element": "elements_text",
          "format_elements": "elements_text", "draw_marks": "marks"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"webvoyager.browser.{_WHERE[name]}"), name)
    raise AttributeError(name)
