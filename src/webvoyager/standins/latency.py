"""A served model's answer time, played by the offline stand-ins (`--latency S`), so that a bench at real
model latency (many tasks waiting on their models at once) can be measured without a model."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Awaitable, Callable, TypeVar

T = TypeVar("T")

_REPLIES = ThreadPoolExecutor(max_workers=4, thread_name_prefix="standin-reply")
"""The stand-ins' own threads, apart from the default pool the harness decodes and marks screenshots in."""


async def answer_after(seconds: float, reply: Awaitable[T]) -> T:
    """`reply`, given once `seconds` have passed (0: as soon as it is made), as a model behind an API
    answers: the reply is made during that time, not after it; a reply that fails fails after it too."""
    waited = asyncio.ensure_future(asyncio.sleep(seconds))
    try:
        try:
            answer = await reply
        except Exception:
            await waited
            raise
        await waited
    finally:
        waited.cancel()
    return answer


def in_thread(make: Callable[[], T]) -> Awaitable[T]:
    """`make()` run in the stand-ins' threads: a stand-in's reading (Tesseract on a screenshot, a long
    element list) must not hold up the event loop that every task of a bench shares, any more than a
    remote model's work does."""
    return asyncio.get_running_loop().run_in_executor(_REPLIES, make)
