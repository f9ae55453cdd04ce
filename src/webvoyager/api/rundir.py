"""Run directories: a fresh folder per run, and its `run.json` (settings, versions, model; never a key)."""

from __future__ import annotations

import platform
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

from webvoyager.api.settings import RunSettings
from webvoyager.fileio import write_json_atomic


def new_run_dir(base: Path | str = "runs", prefix: str = "run") -> Path:
    """A fresh folder `base/<prefix>-YYYYmmdd-HHMMSS[-n]`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = Path(base) / f"{prefix}-{stamp}", 1
    while path.exists():
        n += 1
        path = Path(base) / f"{prefix}-{stamp}-{n}"
    return path


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def write_run_json(out_dir: Path, settings: RunSettings, model_spec: str, *, command: str = "run",
                   base_url: str | None = None, extra: dict[str, Any] | None = None) -> Path:
    """Write `out_dir/run.json`: settings, versions and the model spec (never a key)."""
    data: dict[str, Any] = {
        "command": command,
        "model": model_spec,
        "base_url": base_url,
        "settings": settings.to_dict(),
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "versions": {"webvoyager": _version("webvoyager"), "python": sys.version.split()[0],
                     "platform": platform.platform(), "playwright": _version("playwright"),
                     "openai": _version("openai"), "anthropic": _version("anthropic")},
        **(extra or {}),
    }
    path = Path(out_dir) / "run.json"
    write_json_atomic(path, settings.redactor().data(data))
    return path
