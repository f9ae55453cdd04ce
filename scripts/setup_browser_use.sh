#!/usr/bin/env bash
# Creates .venv-browser-use (beside .venv) with browser-use, for `bench --agent cmd:"... browser_use_agent"`.
# A venv of its own: browser-use pins versions of openai, anthropic, pydantic... that may differ from ours.
# Usage: bash scripts/setup_browser_use.sh [PYTHON]   (default python3; browser-use needs Python >= 3.11)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${1:-python3}"
VENV=.venv-browser-use
VERSION="${BROWSER_USE_VERSION:-0.13.14}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "browser-use==$VERSION"
"$VENV/bin/python" -c "import browser_use; print('browser-use', '$VERSION', 'ready in $VENV')"
