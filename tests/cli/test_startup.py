"""Start-up: a command that runs no vendor's model does not import the vendors' SDKs (they take seconds)."""

from __future__ import annotations

import subprocess
import sys

SDKS = ("anthropic", "openai", "google.genai")


def test_the_bench_and_run_paths_import_no_provider_sdk() -> None:
    probe = ("import sys, webvoyager.cli.bench_cmd, webvoyager.cli.run_cmd, webvoyager.bench.suite_run; "
             "from webvoyager.api.policies import make_policy; "
             f"print(' '.join(m for m in {SDKS!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
