"""webvoyager: multimodal web agents (WebVoyager, SeeAct), a benchmark harness and an offline sandbox."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "Agent", "RunSettings", "run_task", "run_task_async"]

if TYPE_CHECKING:
    from webvoyager.api import RunSettings, run_task, run_task_async
    from webvoyager.agent.loop import Agent

# Public names resolved on first use, so `import webvoyager` stays cheap (no Playwright, no SDKs).
_LAZY = {
    "Agent": "webvoyager.agent.loop",
    "RunSettings": "webvoyager.api",
    "run_task": "webvoyager.api",
    "run_task_async": "webvoyager.api",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'webvoyager' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
