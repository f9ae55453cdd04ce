"""Tasks: what to do, how success is checked, how a person would do it, and probes of the checks.

`load_tasks(path)` reads a JSONL task file; `Task.check(answer, page_state)` decides success by the
task's own checks (strict: a wrong or conflicting value fails, see `answers` and `states`).
"""

from webvoyager.tasks.answers import AnswerCheck, NumberCheck, Pair, PairsCheck, TextCheck
from webvoyager.tasks.loader import load_tasks, parse_tasks, task_from_record, task_to_record
from webvoyager.tasks.model import (AnswerPlan, Attack, ElementRef, Pick, Probe, Probes, ReadSpec, ReferenceSolution,
                                    ReferenceStep, Task, TaskChecks)
from webvoyager.tasks.states import PageState, PageTextCheck, StateCheck, StorageCheck, UrlCheck
from webvoyager.text import normalize_text

__all__ = ["AnswerCheck", "NumberCheck", "Pair", "PairsCheck", "TextCheck", "load_tasks", "parse_tasks",
           "task_from_record", "task_to_record", "AnswerPlan", "Attack", "Pick", "Probe", "Probes", "ReadSpec",
           "ReferenceSolution", "ReferenceStep", "ElementRef", "Task", "TaskChecks", "PageState", "PageTextCheck", "StateCheck",
           "StorageCheck", "UrlCheck", "normalize_text"]
