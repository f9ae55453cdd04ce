#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite. Extra arguments go to pytest, e.g. -m "not slow",
# --reference-all (every sandbox task with the reference model, not the per-site sample).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# browser-use in a venv of its own (its pins differ from ours), for the browser-use adapter's end-to-end test.
bash scripts/setup_browser_use.sh >/dev/null \
  || echo "warning: could not set up .venv-browser-use (PyPI unreachable?); its test will be skipped" >&2
# Two pytest-xdist workers (WEBVOYAGER_TEST_WORKERS; 0 runs the tests in this process); a worker that runs
# out of tests takes queued ones from the other, so no long test is left waiting behind another at the end.
exec .venv/bin/python -m pytest -q -p no:cacheprovider -n "${WEBVOYAGER_TEST_WORKERS:-2}" --dist worksteal "$@"
