"""Run the ORIGINAL SeeAct offline experiment (src/offline_experiments/offline_experiment.py) with the two
changes it needs here, made in memory so the original files stay byte for byte as published.

Runs under SeeAct's own virtualenv (.venv-seeact-original: openai 0.28.1, backoff, jsonlines, lxml,
beautifulsoup4), so it imports nothing of ours. Usage: `python launch_seeact_original.py REPO`, with
environment:

- WEBVOYAGER_RECORDER_URL: the recording OpenAI server, as `openai.api_base` (openai < 1 reads no base
  URL from the environment, and the script sets only an API key);
- WEBVOYAGER_SEEACT_MODEL: the model name. The script builds its `OpenaiEngine` without one (a user fills
  it in, as the API key "Your API Key"), and openai 0.28 refuses a request without a model, which the
  engine's backoff would retry forever.
"""

from __future__ import annotations

import os
import runpy
import sys

import openai


def main() -> None:
    (root,) = sys.argv[1:]
    openai.api_base = os.environ["WEBVOYAGER_RECORDER_URL"]
    sys.path.insert(0, root)   # the script imports `src.data_utils...` from the repository's root
    from src.demo_utils import inference_engine   # type: ignore[import-not-found]

    original_init = inference_engine.OpenaiEngine.__init__

    def init(self: object, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("model", os.environ["WEBVOYAGER_SEEACT_MODEL"])
        original_init(self, *args, **kwargs)

    inference_engine.OpenaiEngine.__init__ = init
    runpy.run_module("src.offline_experiments.offline_experiment", run_name="__main__")


if __name__ == "__main__":
    main()
