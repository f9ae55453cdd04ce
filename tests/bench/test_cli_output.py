"""CLI tables printed into a pipe (a log file, CI) keep every cell whole: no terminal means no width,
and Rich would otherwise assume 80 columns and cut the results ("100.…")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.bench.fakerun import FakeTask, make_run
from webvoyager.runs.summary import write_summary

SCRIPT = """
import sys
from pathlib import Path
from webvoyager.cli.bench_cmd import print_summary
from webvoyager.runs.summary import read_summary
from webvoyager.sandbox.catalog import PAPER_SITES
print_summary(read_summary(Path(sys.argv[1])), paper_sites=PAPER_SITES)
"""


def test_piped_results_table_is_not_cut(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", [FakeTask(f"sports--{i}", site="sports", success=True) for i in range(1, 13)]
                   + [FakeTask("hotels--1", site="hotels", success=False)])
    write_summary(run, run_wall_s=5.0)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(run)], capture_output=True, text=True, env=env,
                         check=True).stdout
    sports = next(line for line in out.splitlines() if "sports" in line)
    assert "100.0% (12/12)" in sports and "ESPN" in sports
    assert "0.0% (0/1)" in next(line for line in out.splitlines() if "hotels" in line)
    assert "…" not in out
