"""Exceptions raised across the package. Every message says what went wrong and what to do."""

from __future__ import annotations


class WebVoyagerError(Exception):
    """Base class for every error this package raises on purpose."""


class ConfigError(WebVoyagerError):
    """Bad settings: an unknown model spec, a missing API key, a bad option value."""


class TaskFileError(WebVoyagerError):
    """A task file that cannot be read; the message names the file, the line and the field."""


class BrowserError(WebVoyagerError):
    """The browser could not be started, or crashed, or a page never loaded."""


class PageLoadError(BrowserError):
    """A page did not load within the timeout."""


class PageCrashedError(BrowserError):
    """The tab's renderer process died (the page ran out of memory, or Chromium failed): the task cannot
    go on in this tab."""


class PageUnresponsiveError(BrowserError):
    """The page did not answer a browser call within its bound (a script in an endless loop, endless
    dialogs): the step, and the task, end instead of waiting for it."""


class ActionError(WebVoyagerError):
    """An action could not be executed. The message is written for the model to read."""


class ModelError(WebVoyagerError):
    """A model call failed after its retries, or the model cannot be used (auth, bad request)."""

    def __init__(self, message: str, *, retryable: bool = False) -> None:
        super().__init__(message)
        self.retryable = retryable


class WorkerLostError(WebVoyagerError):
    """A bench worker process died while it ran a task (killed, out of memory, node lost). The runner
    retries the task once on a fresh worker, then records it as an error."""
