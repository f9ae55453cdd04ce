"""Process-tree helpers over /proc (Linux), for tests that kill a browser or a bench run, and a read-only
look at a run's SQLite index while it runs."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def children_map() -> dict[int, list[int]]:
    """parent pid -> child pids, for every process visible in /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int, tree: dict[int, list[int]] | None = None) -> list[int]:
    """Every process below `pid` (in `tree`, a snapshot, when given)."""
    tree, out, todo = tree if tree is not None else children_map(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def browser_main_processes(root: int | None = None) -> set[int]:
    """Chromium main processes (not renderers/helpers) below `root` (default: this process)."""
    pids = descendants(root if root is not None else os.getpid())
    return {p for p in pids if "chrom" in cmdline(p).split(" ")[0].lower() and "--type=" not in cmdline(p)}


def _is_chromium(pid: int) -> bool:
    return "chrom" in cmdline(pid).split(" ")[0].lower()


def browser_roots(root: int, tree: dict[int, list[int]] | None = None) -> set[int]:
    """Chromium main processes below `root`: a Chromium whose parent is not a Chromium. Unlike
    `browser_main_processes`, a helper caught between fork and exec (it still shows the main process's
    command line) does not count as a browser of its own."""
    tree = tree if tree is not None else children_map()
    out, todo = set(), [root]
    while todo:
        parent = todo.pop()
        for child in tree.get(parent, []):
            todo.append(child)
            if _is_chromium(child) and not _is_chromium(parent):
                out.add(child)
    return out


def task_states(db: Path) -> dict[str, str]:
    """task id -> state in a run's runs.sqlite, read-only (empty while the file or schema is not there)."""
    if not db.is_file():
        return {}
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return dict(con.execute("SELECT task_id, state FROM tasks").fetchall())
        finally:
            con.close()
    except sqlite3.OperationalError:
        return {}   # the schema is not there yet
