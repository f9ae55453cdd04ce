"""Bytes and estimated image tokens of one sandbox screenshot under each image option.

Takes the marked 1024x768 screenshot of a sandbox page with the real browser, encodes it as
`--image-format` / `--image-scale` would (models.image_encoding) and prints the size sent (bytes of the
base64 a request carries) and the per-provider token estimates (models.image_tokens).

    .venv/bin/python benchmarks/image_options.py [--site shop]
"""

from __future__ import annotations

import argparse
import asyncio
import base64

import tempfile
from pathlib import Path

from webvoyager.browser.browser import Browser
from webvoyager.browser.types import BrowserConfig
from webvoyager.models.image_encoding import ImageOptions
from webvoyager.models.image_tokens import anthropic_image_tokens, gemini_image_tokens, image_size, openai_image_tokens
from webvoyager.sandbox.server import Sandbox

OPTIONS = [ImageOptions(), ImageOptions("jpeg"), ImageOptions("jpeg", 60), ImageOptions("jpeg", 30),
           ImageOptions(scale=0.75), ImageOptions("jpeg", scale=0.5)]


async def _screenshot(url: str) -> bytes:
    browser = await Browser.launch(BrowserConfig())
    try:
        with tempfile.TemporaryDirectory() as downloads:
            session = await browser.new_session(download_dir=Path(downloads))
            await session.goto(url)
            return (await session.observe()).marked_screenshot
    finally:
        await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="shop")
    args = parser.parse_args()
    with Sandbox(port=0) as sandbox:
        png = asyncio.run(_screenshot(sandbox.url(args.site)))
    print(f"{'option':<28} {'base64 KB':>9} {'size':>9} {'openai high':>11} {'low':>4} {'anthropic':>9} {'gemini':>6}")
    for option in OPTIONS:
        data = option.encode(png) if option.reencodes else (png, "image/png")
        w, h = image_size(data[0]) or (0, 0)
        name = f"{option.format}" + (f":{option.quality}" if option.quality else "") + f" scale {option.scale}"
        print(f"{name:<28} {len(base64.b64encode(data[0])) / 1024:>9.1f} {f'{w}x{h}':>9} "
              f"{openai_image_tokens(w, h, 'high'):>11} {openai_image_tokens(w, h, 'low'):>4} "
              f"{anthropic_image_tokens(w, h):>9} {gemini_image_tokens(w, h):>6}")


if __name__ == "__main__":
    main()
