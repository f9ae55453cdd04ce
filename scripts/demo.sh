#!/usr/bin/env bash
# Set up (if needed) and run the agent on a sandbox task: a real model when a provider key is
# configured (OPENAI_API_KEY or ANTHROPIC_API_KEY), otherwise the built-in `reference` model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/webvoyager demo "$@"
