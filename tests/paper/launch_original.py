"""Run the ORIGINAL WebVoyager script (`run.py` or `evaluation/auto_eval.py`) with the few changes it needs
on this machine, made in memory so the original files stay byte for byte as published.

Runs under the original's own virtualenv (.venv-original: openai 1.1.1, selenium 4.15.2), so it imports
nothing of ours. Usage: `python launch_original.py SCRIPT [ARGS...]`, with environment:

- WEBVOYAGER_RECORDER_URL: the recording OpenAI server; openai 1.1.1 ignores OPENAI_BASE_URL and the
  original passes only `api_key`, so the client's default base URL is replaced here.
- WEBVOYAGER_ORIGINAL_CHROMIUM / WEBVOYAGER_CHROMEDRIVER: the browser binary (tests/paper/original.py chooses
  Debian's chromium-headless-shell) and Debian's chromedriver. Selenium Manager would download both
  (offline here), and Chromium refuses to start as root without --no-sandbox.
"""

from __future__ import annotations

import os
import runpy
import sys

import openai
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def _patch_openai(base_url: str) -> None:
    original_init = openai.OpenAI.__init__

    def init(self: openai.OpenAI, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("base_url", base_url)
        original_init(self, *args, **kwargs)  # type: ignore[arg-type]

    openai.OpenAI.__init__ = init  # type: ignore[method-assign]


def _patch_chrome(binary: str, driver: str) -> None:
    original_chrome = webdriver.Chrome

    class Chrome(original_chrome):  # type: ignore[misc, valid-type]
        def __init__(self, options: webdriver.ChromeOptions | None = None, **kwargs: object) -> None:
            options = options or webdriver.ChromeOptions()
            options.binary_location = binary
            for flag in ("--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
                if flag not in options.arguments:
                    options.add_argument(flag)
            kwargs.setdefault("service", Service(executable_path=driver))
            super().__init__(options=options, **kwargs)  # type: ignore[arg-type]

    webdriver.Chrome = Chrome  # type: ignore[misc]


def main() -> None:
    script, *args = sys.argv[1:]
    _patch_openai(os.environ["WEBVOYAGER_RECORDER_URL"])
    _patch_chrome(os.environ["WEBVOYAGER_ORIGINAL_CHROMIUM"], os.environ["WEBVOYAGER_CHROMEDRIVER"])
    folder = os.path.dirname(os.path.abspath(script))
    sys.path.insert(0, folder)   # the scripts import their siblings (prompts, utils)
    sys.argv = [script, *args]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
