"""Helpers shared by CLI modules: one console, and turning our exceptions into clean exits.

Everything the CLI prints goes through `SafeConsole`, which strips terminal control (escape sequences,
control characters, bidi overrides: `text.printable`) from the text it renders, so page text or a
model's reply shown in a step, a note, an answer, a table or a log line cannot drive the terminal.
"""

from __future__ import annotations

import functools
import logging
import os
from typing import Any, Callable, Iterable, TypeVar

import typer
from rich.console import Console, ConsoleDimensions, ConsoleOptions, RenderableType
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

from webvoyager.errors import WebVoyagerError, disk_failure, storage_error
from webvoyager.text import printable

# Output piped into a log file or CI gets no terminal width: Rich would assume 80 columns and cut the
# results tables ("100.…"), so without a terminal (and no COLUMNS set) we print 160 columns wide.
PIPED_WIDTH = 160


class SafeConsole(Console):
    """A rich Console whose rendered text has no terminal control in it (`text.printable`); rich's own
    control segments (cursor moves of the live progress bar) and styles are kept. Strings are cleaned
    before rich parses and highlights them (which would split a sequence over several segments);
    `render` cleans what reaches the terminal by other ways (Text objects, tables)."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(printable(text), **kwargs)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control or not segment.text:
                yield segment
            else:
                text = printable(segment.text)
                yield segment if text == segment.text else Segment(text, segment.style)


class PrintableFilter(logging.Filter):
    """Makes a log record's message printable (for log handlers that write to a terminal directly)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = printable(message)
        if clean != message:
            record.msg, record.args = clean, ()
        return True


class _PipedWidthConsole(SafeConsole):
    """Without a terminal and without COLUMNS, PIPED_WIDTH columns; asked at every print, so a COLUMNS set
    later (a test's CliRunner env, a wrapper script) is honoured too."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if kwargs.get("width") is None:
            self._width = None   # rich fixed it from COLUMNS at creation; `size` reads COLUMNS each time

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        if self._width is None and not self.is_terminal and not os.environ.get("COLUMNS"):
            return ConsoleDimensions(PIPED_WIDTH, size.height)
        return size

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        self._width, self._height = new_size


def _console(stderr: bool = False) -> Console:
    return _PipedWidthConsole(stderr=stderr)


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
