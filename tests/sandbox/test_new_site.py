"""Adding a site: a 16th site, written the way docs/SANDBOX.md says, outside `sandbox/sites/`, is
discovered, served on its own origin, meets what tests/sandbox/test_server.py asks of any site, and its
task loads, passes its probes and is solved by the reference model in a real browser."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.sandbox.test_server import assert_site_tasks_complete
from webvoyager.sandbox.catalog import TASK_SOURCE, bind_url, load_task_source, paper_sites
from webvoyager.sandbox.server import SITES_PACKAGE, Sandbox
from webvoyager.tasks import Task

PACKAGE = "extra_sandbox_sites"   # a package of its own, so the real sites/ folder is never written to

SITE_PY = '''"""Leafy Lane: a tea shop with one listing page, sortable by price and paged three teas at a time."""

from webvoyager.sandbox import kit
from webvoyager.sandbox.web import Request, Response, Site

TEAS = (("Assam Breakfast", 6.5), ("Jasmine Pearls", 12.0), ("Sencha", 9.25), ("Rooibos", 5.75), ("Earl Grey", 7.0))
PAGE_SIZE = 3


class TeaSite(Site):
    name = "teashop"
    title = "Leafy Lane"
    paper_site = None   # stands for none of the paper's 15 websites

    def setup(self) -> None:
        self.route("/", self.home)

    def home(self, request: Request) -> Response:
        sort = "price" if request.arg("sort") == "price" else ""
        teas = sorted(TEAS, key=lambda t: t[1]) if sort else list(TEAS)
        page = kit.paginate(teas, request.arg("page"), PAGE_SIZE)
        link = kit.query_link("/", {"sort": sort, "page": ""}, omit=kit.BLANK_OR_FIRST)
        return self.render("home.html", page=page, link=link, sort=sort)


SITE = TeaSite
'''

HOME_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ site_title }}</title></head>
<body>
<h1>{{ site_title }}</h1>
<nav><a href="{{ link(sort='', page='') }}">Our teas</a> <a href="{{ link(sort='price', page='') }}">Cheapest first</a></nav>
<ul class="teas">{% for name, price in page.items %}<li>{{ name }}: ${{ '%.2f'|format(price) }}</li>{% endfor %}</ul>
<p>Teas {{ page.first }}–{{ page.last }} of {{ page.total }}</p>
{% if page.number < page.count %}<a href="{{ link(page=page.number + 1) }}">Next page</a>{% endif %}
</body></html>
"""

TASK = {
    "web_name": "Leafy Lane", "id": "teashop--1", "web": "http://teashop.localhost/",
    "ques": "On Leafy Lane, which tea is the cheapest, and what does it cost?",
    "check": {"answer": [{"type": "text", "expect": ["Rooibos"], "forbid": ["Assam Breakfast", "Earl Grey"]},
                         {"type": "number", "value": 5.75}]},
    "reference": {
        "steps": [{"do": "click", "target": {"text": "Cheapest first"}}, {"do": "answer"}],
        "answer": {"say": "The cheapest tea is {tea}.",
                   "read": {"tea": {"from": "element", "target": {"tag": "li", "nth": 0},
                                    "pattern": r"^(.+: \$[\d.]+)$"}}},
    },
    "probes": {
        "pass": ["The cheapest tea is Rooibos at $5.75.", "Rooibos, 5.75"],
        "fail": [{"answer": "Assam Breakfast at $6.50", "kind": "neighbour"},
                 {"answer": "Rooibos at $6.75", "kind": "off_by_one"},
                 {"answer": "Rooibos at $5.75, then Assam Breakfast at $6.50", "kind": "in_list"},
                 {"answer": "I could not find the prices on Leafy Lane.", "kind": "refusal"}],
    },
}


@pytest.fixture(scope="module")
def extra_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The new site's folder, written as a newcomer would, in a package on sys.path for this module."""
    root = tmp_path_factory.mktemp("extra")
    site = root / PACKAGE / "teashop"
    (site / "templates").mkdir(parents=True)
    (root / PACKAGE / "__init__.py").write_text("")
    (site / "__init__.py").write_text("")
    (site / "site.py").write_text(SITE_PY)
    (site / "templates" / "home.html").write_text(HOME_HTML)
    (site / TASK_SOURCE).write_text(json.dumps([TASK], indent=2))
    sys.path.insert(0, str(root))
    try:
        yield site
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def extended(extra_site: Path) -> Iterator[Sandbox]:
    """The sandbox with the paper sites and the new one."""
    with Sandbox(port=0, packages=(SITES_PACKAGE, PACKAGE)) as running:
        yield running


def _tasks(extra_site: Path, port: int | None = None) -> list[Task]:
    tasks = load_task_source(extra_site / TASK_SOURCE)
    return tasks if port is None else [t.replace(start_url=bind_url(t.start_url, port)) for t in tasks]


def test_the_new_site_is_served_on_its_own_origin_with_the_kit(extended: Sandbox) -> None:
    assert "teashop" in extended.sites and len(extended.sites) == len(paper_sites()) + 3  # + hostile, canary
    first = extended.fetch("teashop", "/").body.decode()
    assert "<h1>Leafy Lane</h1>" in first and "Assam Breakfast: $6.50" in first and "Rooibos" not in first
    assert 'href="/?page=2">Next page' in first and "Teas 1–3 of 5" in first
    cheapest = extended.fetch("teashop", "/?sort=price").body.decode()
    assert cheapest.index("Rooibos: $5.75") < cheapest.index("Assam Breakfast: $6.50")
    assert 'href="/?sort=price&amp;page=2"' in cheapest   # the link keeps the sort while it pages
    last = extended.fetch("teashop", "/?sort=price&page=9").body.decode()   # past the end: the last page
    assert "Teas 4–5 of 5" in last and "Next page" not in last
    assert extended.fetch("recipes", "/").status == 200   # the paper sites are still there


def test_the_new_site_meets_what_any_site_must_and_its_task_probes_hold(extra_site: Path,
                                                                        extended: Sandbox) -> None:
    tasks = _tasks(extra_site)
    assert [t.id for t in tasks] == ["teashop--1"]
    assert_site_tasks_complete(extended.sites["teashop"], tasks, extended)
    task = tasks[0]
    assert task.probes is not None
    assert all(task.probe(p) for p in task.probes.accept)
    assert not any(task.probe(p) for p in task.probes.reject)


@pytest.mark.browser
@pytest.mark.slow
async def test_the_reference_model_solves_the_new_sites_task(extra_site: Path, extended: Sandbox, browser: Any,
                                                             tmp_path: Path) -> None:
    from webvoyager.api import RunSettings, execute_task
    from webvoyager.standins.reference import ReferenceModel

    task = _tasks(extra_site, extended.port)[0]
    result = await execute_task(task, browser=browser, model=ReferenceModel(tasks=[task]), task_dir=tmp_path / task.id,
                                settings=RunSettings(max_steps=5))
    assert result.status == "answered" and result.success is True, (result.error, result.answer)
    assert "Rooibos" in (result.answer or "")
