"""Screen spaces: a model's point maps to the viewport pixel it meant, for each family's convention
(resized screenshots with odd sizes, smart_resize, normalised grids), proven by clicking a small
target that is found in the resized screenshot by its colour, never by the DOM."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from webvoyager.browser.action_set import ClickAt
from webvoyager.browser.action_spec import Point
from webvoyager.browser.screen_space import ScreenSpace, anthropic_image_size, smart_resize

UI_TARS = dict(factor=28, min_pixels=100 * 28 * 28, max_pixels=16384 * 28 * 28)
TARGET = """<!doctype html><html><body style="margin:0;background:#fff">
<div id="t" style="position:absolute;left:{x}px;top:{y}px;width:12px;height:12px;background:#f00"
     onclick="window.__hit = (window.__hit || 0) + 1"></div></body></html>"""


def test_smart_resize_rounds_half_to_even_as_the_python_reference_does() -> None:
    # 1022 / 28 = 36.5: Python rounds to 36 (1008); JavaScript's Math.round would give 37 (1036).
    assert smart_resize(1022, 1522, **UI_TARS) == (1008, 1512)
    for height, width in ((768, 1024), (900, 1440), (767, 1023), (2000, 3000), (50, 80)):
        h, w = smart_resize(height, width, **UI_TARS)
        assert h % 28 == 0 and w % 28 == 0 and UI_TARS["min_pixels"] <= h * w <= UI_TARS["max_pixels"]
    with pytest.raises(ValueError, match="aspect ratio"):
        smart_resize(10, 2100, **UI_TARS)


def test_anthropic_size_keeps_the_aspect_ratio_inside_both_limits() -> None:
    assert anthropic_image_size(1024, 768) == (1024, 768)
    assert anthropic_image_size(1456, 819) == (1456, 819)     # fits: sent as is
    w, h = anthropic_image_size(1920, 1080)
    assert max(w, h) <= 1568 and -(-w // 28) * -(-h // 28) <= 1568 and abs(w / h - 1920 / 1080) < 0.01


@pytest.mark.parametrize("space, model_point, expected", [
    (ScreenSpace((1280, 800), (1024, 640)), (512, 320), Point(640, 400)),            # declared smaller size
    (ScreenSpace((1440, 900), (1440, 900), grid=1000, rounding="floor"), (999, 999), Point(1438, 899)),   # Gemini
    (ScreenSpace((1024, 768), (1024, 768), grid=999, rounding="round"), (500, 500), Point(513, 384)),     # Qwen3
    (ScreenSpace((1023, 767), (1036, 756)), (1036, 756), Point(1022, 766)),          # the far edge stays on screen
])
def test_points_map_to_the_viewport(space: ScreenSpace, model_point: tuple[float, float], expected: Point) -> None:
    assert space.to_viewport(*model_point) == expected


def test_lengths_and_the_way_back() -> None:
    space = ScreenSpace((1440, 900), (1440, 900), grid=1000)
    assert space.length_to_viewport(0, 800) == (0, 720)
    assert space.from_viewport(Point(720, 450)) == (500, 500)


def _red_centre(png: bytes) -> tuple[float, float]:
    """The centre of the red pixels of a screenshot (what a model would point at)."""
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
        xs, ys = [], []
        for y in range(rgb.height):
            for x in range(rgb.width):
                r, g, b = rgb.getpixel((x, y))
                if r > 200 and g < 80 and b < 80:
                    xs.append(x)
                    ys.append(y)
    assert xs, "the target is not in the image"
    return (min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2


@pytest.mark.browser
@pytest.mark.parametrize("viewport, make_space", [
    ((1023, 767), lambda v: ScreenSpace(v, (777, 583))),                                   # odd sizes both ways
    ((1024, 768), lambda v: ScreenSpace(v, smart_resize(v[1], v[0], **UI_TARS)[::-1])),    # UI-TARS-1.5 pixels
    ((1280, 800), lambda v: ScreenSpace(v, anthropic_image_size(*v))),
])
async def test_a_point_read_off_the_resized_screenshot_clicks_the_target(browser, tmp_path: Path, viewport,
                                                                         make_space) -> None:
    config = replace(browser.config, viewport=viewport)
    session = await browser.new_session(download_dir=tmp_path / "d", config=config)
    try:
        for x, y in ((viewport[0] - 14, viewport[1] - 14), (3, 5), (511, 383)):
            page = tmp_path / f"t{x}.html"
            page.write_text(TARGET.format(x=x, y=y), encoding="utf-8")
            await session.goto(page.as_uri())
            obs = await session.observe()
            space = make_space(viewport)
            shown = space.fit(obs.screenshot)
            assert Image.open(io.BytesIO(shown)).size == space.image
            await session.execute(ClickAt(space.to_viewport(*_red_centre(shown))))
            assert await session.page.evaluate("window.__hit") == 1, (x, y)
    finally:
        await session.close()
