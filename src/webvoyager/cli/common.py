"""Helpers shared by CLI modules: one console, and turning our exceptions into clean exits."""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from webvoyager.errors import WebVoyagerError

console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def friendly_errors(func: F) -> F:
    """Print our own exceptions as one red line (no traceback) and exit with code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except WebVoyagerError as exc:
            err_console.print(f"[bold red]error:[/] {escape(str(exc))}")  # [brackets] are text
            raise typer.Exit(code=2) from None

    return wrapper  # type: ignore[return-value]
