"""The registry of suites: `bench SUITE` looks a suite up here by name, `bench --help` lists them.

The built-in suites are registered below; another suite registers itself with `register(MySuite)`.
A suite argument that is no registered name but a file is a tasks JSONL file (`JsonlFileSuite`).
"""

from __future__ import annotations

from pathlib import Path

from webvoyager.bench.suites.base import Suite, SuiteArgs
from webvoyager.bench.suites.sections import Section
from webvoyager.bench.suites.gaia import GaiaSuite
from webvoyager.bench.suites.hostile import HostileSuite
from webvoyager.bench.suites.jsonl_file import JsonlFileSuite
from webvoyager.bench.suites.miniwob import MiniwobSuite
from webvoyager.bench.suites.online_mind2web import OnlineMind2WebSuite
from webvoyager.bench.suites.sandbox import SandboxSuite
from webvoyager.bench.suites.seeact_online import SeeActOnlineSuite
from webvoyager.bench.suites.webvoyager import WebVoyagerSuite
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task

_SUITES: dict[str, type[Suite]] = {}


def register(suite: type[Suite]) -> type[Suite]:
    """Make `suite` available to `webvoyager bench` under its name (usable as a class decorator)."""
    if not suite.name or not suite.help:
        raise ConfigError(f"{suite.__name__} needs a name and a help line to be registered as a suite")
    fields = Task.model_fields
    unknown = [g.key for g in suite.groupings if g.key not in fields]
    if unknown:
        raise ConfigError(f"{suite.__name__} groups its results by {', '.join(unknown)}, which is no field of a "
                          f"task; use one of {', '.join(fields)}")
    known = _SUITES.get(suite.name)
    if known is not None and known is not suite:
        raise ConfigError(f"a suite named {suite.name!r} is already registered ({known.__name__}); choose another name")
    _SUITES[suite.name] = suite
    return suite


def unregister(name: str) -> None:
    """Remove the suite registered as `name` (nothing happens when there is none)."""
    _SUITES.pop(name, None)


def registered() -> dict[str, type[Suite]]:
    """The registered suites by name, in registration order."""
    return dict(_SUITES)


def open_suite(name_or_path: str, args: SuiteArgs | None = None) -> Suite:
    """The suite for one run: a registered suite by name, else the tasks JSONL file at that path."""
    suite = _SUITES.get(name_or_path)
    if suite is not None:
        return suite(args)
    if Path(name_or_path).is_file():
        return JsonlFileSuite(name_or_path, args)
    raise ConfigError(f"unknown suite {name_or_path!r}: use one of {', '.join(_SUITES)} or the path of a "
                      "tasks JSONL file")


def report_sections(suite: object, run_dir: Path) -> list[Section]:
    """The report sections of the suite a run recorded (run.json `suite`); none for a tasks file or a
    suite not registered in this process."""
    known = _SUITES.get(suite) if isinstance(suite, str) else None
    return known().report_sections(run_dir) if known else []


def suite_paper_sites(suite: object) -> dict[str, str]:
    """The paper's websites the sites of the suite a run recorded (run.json `suite`) stand for, in the
    paper's order (`Suite.paper_sites`); {} for a tasks file or a suite not registered in this process."""
    known = _SUITES.get(suite) if isinstance(suite, str) else None
    return known().paper_sites() if known else {}


for _builtin in (SandboxSuite, HostileSuite, WebVoyagerSuite, GaiaSuite, SeeActOnlineSuite, MiniwobSuite,
                 OnlineMind2WebSuite):
    register(_builtin)
