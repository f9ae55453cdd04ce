#!/usr/bin/env bash
# Set-up for the differential tests (tests/paper/): a virtualenv with the ORIGINAL WebVoyager code's own
# dependencies, and Debian's chromedriver for its Selenium; a second one with the ORIGINAL SeeAct offline
# experiment's. Safe to re-run; sourced by scripts/setup.sh
# (which gives it apt_install), or run alone.
# The versions are the ones the original pins (requirements.txt) plus what it imports without pinning
# (numpy) and what openai 1.1.1 needs to start today (httpx < 0.28: newer httpx dropped `proxies=`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
VENV=.venv-original
REQUIREMENTS=(openai==1.1.1 selenium==4.15.2 pillow==10.1.0 numpy "httpx<0.28")

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
# pip's own check makes a re-run cheap: everything already satisfied installs nothing.
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "${REQUIREMENTS[@]}"

# SeeAct's offline experiment (src/offline_experiments/offline_experiment.py) imports jsonlines, and through
# its helpers openai < 1 (`openai.ChatCompletion`, `openai.error`: 0.28.1 is the last such release), backoff,
# lxml and bs4 (src/data_utils). Its repository pins none of them.
SEEACT_VENV=.venv-seeact-original
SEEACT_REQUIREMENTS=(openai==0.28.1 backoff==2.2.1 jsonlines==4.0.0 lxml beautifulsoup4)
if [ ! -x "$SEEACT_VENV/bin/python" ]; then
  "$PYTHON" -m venv "$SEEACT_VENV"
fi
"$SEEACT_VENV/bin/python" -m pip install -q --disable-pip-version-check "${SEEACT_REQUIREMENTS[@]}"

# Selenium Manager would download a driver (no network here); Debian's matches Debian's chromium. The
# original's `--headless` is Chromium's old headless mode, now a binary of its own (chromium-headless-shell).
if [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  if declare -F apt_install >/dev/null; then
    apt_install chromium-driver chromium-headless-shell \
      || echo "warning: no chromedriver or headless shell; the differential test cannot run" >&2
  else
    echo "warning: install Debian's chromium-driver and chromium-headless-shell" >&2
  fi
fi
