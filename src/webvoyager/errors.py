"""Exceptions raised across the package. Every message says what went wrong and what to do."""

from __future__ import annotations

import errno
from typing import Literal


class WebVoyagerError(Exception):
    """Base class for every error this package raises on purpose."""


class ConfigError(WebVoyagerError):
    """Bad settings: an unknown model spec, a missing API key, a bad option value."""


class TaskFileError(WebVoyagerError):
    """A task file that cannot be read; the message names the file, the line and the field."""


class TrajectoryFileError(WebVoyagerError):
    """Another agent's trajectory folder that cannot be imported (`judge import`); the message names the
    file and what is wrong with it."""


class BrowserError(WebVoyagerError):
    """The browser could not be started, or crashed, or a page never loaded."""


class PageLoadError(BrowserError):
    """A page did not load within the timeout."""


class SiteUnreachableError(PageLoadError):
    """The start page's host could not be reached at all: no such host, refused or reset connection, no
    network, TLS failed (Chromium's `net::ERR_*` of the navigation, browser/network_errors.py): the
    machine's or the network's failure, not the task's (infrastructure kind "network"). `code` is
    Chromium's name."""

    def __init__(self, message: str, *, code: str = "") -> None:
        super().__init__(message)
        self.code = code


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


class StorageError(WebVoyagerError):
    """A folder or the disk refused the run's files (read-only, no permission, full). The message names
    the path and what to do."""


# ----- infrastructure failures ---------------------------------------------------------------------
# A task that failed because of the machine or a service (not because of the page, the task or the
# model's choices) is an infrastructure failure: `bench --resume` runs it again once that is fixed.

InfraKind = Literal["disk", "browser", "network", "model", "harness", "worker"]
"""What failed under an infrastructure failure (`Result.infrastructure`): the disk, the browser (it
crashed, died or could not start), the network (the start page's host unreachable), the model API (it
kept failing after its retries), the harness (our own code raised), a bench worker (it died twice)."""
INFRA_KINDS: tuple[str, ...] = ("disk", "browser", "network", "model", "harness", "worker")

DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EACCES, errno.EPERM})
"""OS errors of writing files that say the disk or folder is at fault: full, over quota, read-only,
failing, not writable."""


def disk_failure(exc: BaseException) -> bool:
    """True for an error of writing to the disk that is the disk's or the folder's fault (see
    DISK_ERRNOS), including SQLite's "database or disk is full"."""
    if isinstance(exc, StorageError):
        return True
    if isinstance(exc, OSError):
        return exc.errno in DISK_ERRNOS
    return type(exc).__name__ == "OperationalError" and "disk" in str(exc).lower()  # sqlite3, unimported here


def infrastructure_kind(exc: BaseException) -> InfraKind | None:
    """The kind of infrastructure failure `exc` is, or None when it is the task's own failure.

    The disk (see `disk_failure`), a bench worker that died, a model that could not be reached or kept
    failing after its retries (a `ModelError` marked retryable: connection, rate limit, server error), a
    start page whose host could not be reached (`SiteUnreachableError`: offline, unknown host, refused, TLS), a tab whose renderer crashed
    (`PageCrashedError`), and any exception that is not one of ours raised on purpose (`harness`: a bug
    in our code, or a library's error we did not expect). A browser that could not be started, or that
    died under a task, is classified where it is started (the bench's executor)."""
    if disk_failure(exc):
        return "disk"
    if isinstance(exc, WorkerLostError):
        return "worker"
    if isinstance(exc, ModelError) and exc.retryable:
        return "model"
    if isinstance(exc, SiteUnreachableError):
        return "network"
    if isinstance(exc, PageCrashedError):
        return "browser"
    if not isinstance(exc, WebVoyagerError):
        return "harness"
    return None


def storage_error(exc: OSError, path: object, *, hint: str) -> StorageError:
    """One line for an OS error of writing `path`: what the system said and what to do (`hint`)."""
    reason = exc.strerror or type(exc).__name__
    where = exc.filename or path
    return StorageError(f"cannot write {where}: {reason}; {hint}")
