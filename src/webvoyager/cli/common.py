"""Helpers shared by CLI modules: one console, and turning our exceptions into clean exits."""

from __future__ import annotations

import functools
import os
from typing import Any, Callable, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from webvoyager.errors import WebVoyagerError, disk_failure, storage_error

# Output piped into a log file or CI gets no terminal width: Rich would assume 80 columns and cut the
# results tables ("100.…"), so without a terminal (and no COLUMNS set) we print 160 columns wide.
PIPED_WIDTH = 160


def _console(stderr: bool = False) -> Console:
    probe = Console(stderr=stderr)
    if probe.is_terminal or os.environ.get("COLUMNS"):
        return probe
    return Console(stderr=stderr, width=PIPED_WIDTH)


console = _console()
err_console = _console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def friendly_errors(func: F) -> F:
    """Print our own exceptions, and a disk that refused a file, as one red line (no traceback) and exit
    with code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except WebVoyagerError as exc:
            err_console.print(f"[bold red]error:[/] {escape(str(exc))}")  # [brackets] are text
            raise typer.Exit(code=2) from None
        except OSError as exc:
            if not disk_failure(exc):
                raise
            # a write the library does not wrap itself (the disk filled up between two files)
            message = storage_error(exc, "a file", hint="free some space or choose a writable --out folder")
            err_console.print(f"[bold red]error:[/] {escape(str(message))}")
            raise typer.Exit(code=2) from None

    return wrapper  # type: ignore[return-value]
