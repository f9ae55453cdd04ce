"""A served model's answer time, played by the offline stand-ins (`--latency S`), so that a bench at real
model latency (many tasks waiting on their models at once) can be measured without a model."""

from __future__ import annotations

import asyncio


async def answer_after(seconds: float) -> None:
    """Wait `seconds` before a stand-in answers, as a model behind an API would (0: answer at once)."""
    if seconds > 0:
        await asyncio.sleep(seconds)
