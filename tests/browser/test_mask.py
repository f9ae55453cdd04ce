"""Every place a page shows a secret is painted over in the screenshots of an observation (browser/mask.py):
its text split over nodes, an open shadow root and an iframe, in real Chromium on
tests/pages/robust/secret_places.html, read back with Tesseract."""

from __future__ import annotations

import shutil

import pytest

from webvoyager.standins.ocr import read_words

pytestmark = [pytest.mark.browser, pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract")]

SECRET = "p@ss w&rd 9"


def _words(png: bytes) -> str:
    return " ".join(w.text for w in read_words(png))


async def test_a_secret_is_masked_wherever_the_page_shows_it(session, pages_url) -> None:
    await session.goto(f"{pages_url}/robust/secret_places.html")
    shown = await session.observe()
    before = _words(shown.screenshot)
    assert before.count("p@ss") == 3 or before.count("w&rd") >= 2, before   # the page really shows it

    session.mask_secrets([SECRET])
    masked = await session.observe()
    for png in (masked.screenshot, masked.marked_screenshot):
        words = _words(png)
        for place in ("Saved note:", "Shadow copy:", "Framed copy:", "Other words stay readable."):
            assert place in words, words
        assert "p@ss" not in words and "w&rd" not in words and "pass" not in words, words
