"""CLI command: `webvoyager observe URL` — what the model would see on a page (a debugging tool).

Writes screenshot.png, marked.png and elements.txt into --out and prints the element list.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors
from webvoyager.fileio import write_bytes_atomic, write_text_atomic


async def _observe(url: str, out: Path, text_only: bool, headed: bool) -> tuple[str, list[str], int]:
    from webvoyager.browser import Browser
    from webvoyager.browser.types import BrowserConfig

    async with await Browser.launch(BrowserConfig(headless=not headed)) as browser:
        session = await browser.new_session(download_dir=out / "downloads")
        await session.goto(url)
        observation = await session.observe(text_only=text_only)
    out.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(out / "screenshot.png", observation.screenshot)
    write_bytes_atomic(out / "marked.png", observation.marked_screenshot)
    write_text_atomic(out / "elements.txt", observation.text + "\n")
    return observation.text, observation.notes, len(observation.elements)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command("observe")
    @friendly_errors
    def observe(
        url: str = typer.Argument(..., help="Page to observe (http://, https:// or file://)."),
        out: Path = typer.Option(Path("observation"), "--out", help="Folder for screenshot.png, marked.png, elements.txt."),
        text_only: bool = typer.Option(False, "--text-only", help="Print the accessibility-tree outline instead."),
        headed: bool = typer.Option(False, "--headed", help="Show the browser window."),
    ) -> None:
        """Show what the agent sees on URL: Set-of-Mark screenshot and element list."""
        if "://" not in url and Path(url).exists():
            url = Path(url).resolve().as_uri()
        text, notes, count = asyncio.run(_observe(url, out, text_only, headed))
        console.print(escape(text) if text else "[dim](no interactive elements in view)[/]", soft_wrap=True)
        for note in notes:
            console.print(f"[yellow]Note:[/] {escape(note)}")
        console.print(f"[dim]{count} element(s); wrote {out / 'screenshot.png'}, {out / 'marked.png'}, "
                      f"{out / 'elements.txt'}[/]")
