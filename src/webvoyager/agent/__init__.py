"""The generic agent loop that drives any policy, and what it needs around it.

Modules: `policy` (the Policy/Decision contract), `loop` (`Agent`: observe, decide, act, record),
`loop_guard` (repeated actions on an unchanged page), `gate` (the confirm gate for consequential actions),
`redact` (secrets out of files, logs and model requests), `recorder` (the task's files, written as they
happen), `page_content` (the delimiters that mark page text as data in a prompt), `episode` (tasks whose environment
ends the episode, such as MiniWoB++). The WebVoyager policy lives in `voyager/`, SeeAct in `seeact/`, and
the wiring of a run (`RunSettings`, `execute_task`, `run_task`) in `api/`.
"""
