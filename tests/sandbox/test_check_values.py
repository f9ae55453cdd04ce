"""Every site's task checks are derived from its data (`EXPECTED` in tests/sandbox/test_<site>.py), and
that derivation really guards them: a check value changed by hand makes it fail."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tests.sandbox.check_values import assert_check_values
from webvoyager.sandbox.catalog import TASK_SOURCE
from webvoyager.sandbox.server import discover_sites
from webvoyager.tasks import Task

SITES = sorted(name for name, site in discover_sites().items()
               if (site.root / TASK_SOURCE).is_file() or (site.root / "attacks.jsonl").is_file())


def _site_tests(site: str) -> Any:
    return importlib.import_module(f"tests.sandbox.test_{site}")


@pytest.mark.parametrize("site", SITES)
def test_check_values_come_from_site_data(site: str) -> None:
    module = _site_tests(site)
    assert_check_values(module.TASKS, module.EXPECTED)


def _mutated(task: Task) -> Task:
    """The task with its first check value changed: a number off by one, a phrase with a word added."""
    assert task.checks is not None
    data = task.checks.model_dump(mode="json")
    first = (data["answer"] or data["state"])[0]
    if first["type"] == "number":
        first["value"] += 1
    elif first["type"] == "text":
        first["expect"][0] = (first["expect"][0] if isinstance(first["expect"][0], str) else first["expect"][0][0]) + " x"
    elif first["type"] == "pairs":
        first["pairs"][0]["value"] = "x"
    elif first["type"] == "url":
        first["host"] = "elsewhere.localhost"
    elif first["type"] == "storage":
        first["key"] = first["key"] + "x"
    else:
        first["contains"][0] += " x"
    return task.replace(checks=type(task.checks).model_validate(data))


@pytest.mark.parametrize("site", SITES)
def test_a_changed_check_value_fails_the_derivation(site: str) -> None:
    module = _site_tests(site)
    for task_id, task in module.TASKS.items():
        tampered = {**module.TASKS, task_id: _mutated(task)}
        with pytest.raises(AssertionError, match=task_id):
            assert_check_values(tampered, module.EXPECTED)
