#!/usr/bin/env bash
# One-time set-up, safe to re-run: a virtualenv with webvoyager and its test extras, and a Chromium.
# Used by scripts/demo.sh and scripts/test.sh; needs Python >= 3.11.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "webvoyager needs Python >= 3.11; set PYTHON=/path/to/python3.11" >&2
  exit 1
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq || return 1; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    echo "python venv module missing; installing python3-venv" >&2
    apt_install python3-venv && "$PYTHON" -m venv .venv
  fi
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e ".[test]"

# Chromium: $WEBVOYAGER_CHROMIUM, else the system one, else (as root on Debian) apt, else Playwright's (which
# brings its headless shell too). Headless runs use Debian's chromium-headless-shell where it is installed:
# the same pages for well under half the CPU (browser/launch.py).
if [ -n "${WEBVOYAGER_CHROMIUM:-}" ] && [ -x "${WEBVOYAGER_CHROMIUM}" ]; then
  :
elif command -v chromium >/dev/null || [ -x /usr/bin/chromium ]; then
  [ -x /usr/lib/chromium/chromium-headless-shell ] || apt_install chromium-headless-shell \
    || echo "warning: no chromium-headless-shell; headless runs use the full browser (slower)" >&2
elif apt_install chromium chromium-headless-shell fonts-liberation fonts-dejavu-core; then
  echo "installed Debian's chromium and its headless shell"
else
  echo "no system Chromium; downloading Playwright's (playwright install chromium)"
  .venv/bin/python -m playwright install chromium
fi

# Tesseract OCR: the offline `reference` model reads answers off screenshots with it.
if ! command -v tesseract >/dev/null; then
  apt_install tesseract-ocr || echo "warning: no tesseract; install tesseract-ocr for the reference model" >&2
fi
# The pixel stand-ins' text detector (rapidocr_onnxruntime, in [test]) imports OpenCV, which needs libGL.
if ! .venv/bin/python -c 'import cv2' 2>/dev/null; then
  apt_install libgl1 libglib2.0-0 || echo "warning: OpenCV cannot load; install libgl1 and libglib2.0-0" >&2
fi

# The differential test's second virtualenv (the original WebVoyager code's pins) and chromedriver.
# Sourced, so it installs through apt_install above.
. scripts/setup_original.sh
