"""The fast PNG writer for marked screenshots: lossless, valid for Pillow and zlib, and small on
screen-like content."""

from __future__ import annotations

import io
import struct
import zlib

import pytest

from PIL import Image, ImageDraw

from webvoyager.browser.png import SIGNATURE, encode_png


def _screen_like() -> Image.Image:
    image = Image.new("RGB", (320, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 300, 40), fill=(30, 60, 200))
    draw.text((20, 50), "Add to cart  $19.99", fill=(0, 0, 0))
    for x in range(0, 320, 7):
        draw.line((x, 120, 319 - x, 199), fill=(x % 256, 100, 200 - x % 200))
    return image


def test_round_trips_losslessly_through_pillow() -> None:
    image = _screen_like()
    back = Image.open(io.BytesIO(encode_png(image)))
    back.load()
    assert back.format == "PNG" and back.mode == "RGB" and back.size == image.size
    assert back.tobytes() == image.tobytes()


def test_converts_other_modes_to_rgb() -> None:
    image = Image.new("RGBA", (5, 3), (10, 20, 30, 128))
    back = Image.open(io.BytesIO(encode_png(image)))
    assert back.mode == "RGB" and back.getpixel((4, 2)) == (10, 20, 30)


def test_chunks_are_well_formed() -> None:
    data = encode_png(_screen_like())
    assert data.startswith(SIGNATURE)
    pos, kinds = len(SIGNATURE), []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        kinds.append(kind)
        pos += 12 + length
    assert kinds == [b"IHDR", b"IDAT", b"IEND"]


def test_flat_screens_compress_well() -> None:
    data = encode_png(Image.new("RGB", (1024, 768), (250, 250, 250)))
    assert len(data) < 20_000          # raw pixels are 2.3 MB


@pytest.mark.browser
async def test_observation_screenshot_matches_playwright_and_marks_stay_off_the_page(session, pages_url) -> None:
    # The observation's screenshot (taken over CDP) shows exactly what Playwright's screenshot shows, at
    # the viewport size; the marked copy differs from it while the page itself stays unmarked.
    await session.goto(f"{pages_url}/zoo/basic.html")
    obs = await session.observe()
    ours = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    theirs = Image.open(io.BytesIO(await session.page.screenshot(type="png", caret="initial"))).convert("RGB")
    assert ours.size == theirs.size == (1024, 768)
    assert ours.tobytes() == theirs.tobytes()
    marked = Image.open(io.BytesIO(obs.marked_screenshot))
    assert marked.size == ours.size and marked.convert("RGB").tobytes() != ours.tobytes()
    again = Image.open(io.BytesIO((await session.observe()).screenshot)).convert("RGB")
    assert again.tobytes() == ours.tobytes()
