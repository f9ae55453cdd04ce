"""`webvoyager judge import`: other agents' trajectories in our run layout, to judge and report them.

Formats: `online-mind2web` (the benchmark's v1 and v2 submissions, judge/importers/online_mind2web.py)
and `webvoyager-original` (the original WebVoyager code's results folders, webvoyager_original.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

from webvoyager.errors import ConfigError
from webvoyager.judge.importers.online_mind2web import read_submissions
from webvoyager.judge.importers.records import ImportedTask, Read
from webvoyager.judge.importers.webvoyager_original import read_results
from webvoyager.judge.importers.writer import now_utc, write_imported_run
from webvoyager.runs.imported import ImportInfo, SkippedFolder

READERS: dict[str, Callable[[Path], Iterator[Read]]] = {
    "online-mind2web": read_submissions,
    "webvoyager-original": read_results,
}
FORMATS = tuple(READERS)


def import_trajectories(source: Path, out: Path, fmt: str, *, force: bool = False,
                        on_read: Callable[[Read], None] | None = None) -> ImportInfo:
    """Import the trajectories of `source` (in format `fmt`) into the run folder `out`; `on_read` sees each
    task imported or folder skipped as it goes. Returns the import record (counts, skipped folders)."""
    if fmt not in READERS:
        raise ConfigError(f"unknown trajectory format {fmt!r}; use one of {', '.join(FORMATS)}")
    source = Path(source).resolve()
    if not source.is_dir():
        raise ConfigError(f"{source} is not a folder; pass the folder that holds the trajectories")
    if Path(out).resolve() == source or source in Path(out).resolve().parents:
        raise ConfigError(f"write the imported run outside {source} (--out)")
    info = ImportInfo(format=fmt, source=str(source), imported_at=now_utc())
    return write_imported_run(READERS[fmt](source), Path(out), info, force=force, on_read=on_read)


__all__ = ["FORMATS", "ImportInfo", "ImportedTask", "SkippedFolder", "import_trajectories"]
