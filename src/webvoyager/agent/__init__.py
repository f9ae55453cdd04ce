"""The WebVoyager policy and the agent loop that drives any policy.

Modules: `parser` (reply → action), `prompts/` (system prompts), `messages` (the conversation, with
old observations clipped), `webvoyager_policy` (one model call per step), `loop_guard` (repeats on an
unchanged page), `redact` (secrets out of files, logs and model requests), `recorder` (the task's
files, written as they happen), `loop` (`Agent`), `api` (`RunSettings`, `execute_task`, `run_task`).
"""
