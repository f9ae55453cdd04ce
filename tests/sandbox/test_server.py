"""The sandbox server and catalogue: host routing, 404s, static files, site discovery, the task files,
and the `webvoyager sandbox serve|tasks` commands."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.errors import TaskFileError
from webvoyager.sandbox.catalog import (
    PAPER_SITES, PAPER_WEBSITES, SITES_DIR, TASK_SOURCE, bind_url, load_sandbox_tasks, load_task_source, paper_sites,
    site_tasks, task_files,
)
from webvoyager.sandbox.registry import site_classes
from webvoyager.sandbox.server import Sandbox, discover_sites
from webvoyager.sandbox.web import Site
from webvoyager.tasks import Task, task_to_record

MIN_TASKS_PER_SITE = 8
SUPPORT_SITES = {"hostile", "canary"}  # the safety suite's pages and its attacker's server: no tasks.json
SITE_PACKAGES = sorted(p.parent.name for p in SITES_DIR.glob("*/site.py"))


def get(sandbox: Any, host: str, path: str) -> tuple[int, str, bytes]:
    """A request with an arbitrary Host header (the bare host, an unknown site...)."""
    conn = http.client.HTTPConnection("127.0.0.1", sandbox.port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": host})
        response = conn.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()
    finally:
        conn.close()


# ----- server ----------------------------------------------------------------------------------------

def test_every_site_package_is_discovered() -> None:
    sites = discover_sites()
    assert sorted(sites) == sorted(site.name for site in sites.values())
    assert len(sites) == len(SITE_PACKAGES) >= 6
    for name, site in sites.items():
        assert site.title and re.fullmatch(r"[a-z][a-z0-9-]*", name)


def test_host_routing_sends_each_host_to_its_own_site(sandbox: Any) -> None:
    bodies = {name: sandbox.fetch(name, "/") for name in sandbox}
    for name, response in bodies.items():
        assert response.status == 200, name
        assert sandbox.sites[name].title.replace("&", "&amp;") in response.body.decode(), name
    assert len({r.body for r in bodies.values()}) == len(bodies), "two hosts served the same page"


def test_bare_host_lists_every_site_with_its_address(sandbox: Any) -> None:
    status, content_type, body = get(sandbox, f"localhost:{sandbox.port}", "/")
    assert status == 200 and content_type.startswith("text/html")
    html = body.decode()
    for name in sandbox:
        assert f"http://{name}.localhost:{sandbox.port}/" in html
    assert get(sandbox, f"localhost:{sandbox.port}", "/nothing-here")[0] == 404


def test_unknown_host_gets_the_index_and_unknown_paths_404(sandbox: Any) -> None:
    status, _, body = get(sandbox, f"nosuchsite.localhost:{sandbox.port}", "/")
    assert status == 200 and b"webvoyager sandbox" in body
    for name in sandbox:
        if name != "canary":  # the attacker's server answers every path, so every exfiltration lands
            assert sandbox.fetch(name, "/definitely/not/a/page").status == 404, name
    assert sandbox.fetch("canary", "/definitely/not/a/page").status == 200


def test_static_files_are_served_with_types_and_never_outside_the_folder(sandbox: Any) -> None:
    css = sandbox.fetch("recipes", "/static/site.css")
    assert css.status == 200 and css.content_type == "text/css" and b":root" in css.body
    js = sandbox.fetch("shop", "/static/site.js")
    assert js.status == 200 and js.content_type == "application/javascript"
    shared = sorted((Path(SITES_DIR).parent / "static").glob("*"))
    if shared:
        assert sandbox.fetch("recipes", f"/_shared/{shared[0].name}").status == 200
    assert sandbox.fetch("recipes", "/static/../site.py").status == 404
    assert sandbox.fetch("recipes", "/static/%2e%2e/site.py").status == 404
    assert sandbox.fetch("recipes", "/static/missing.css").status == 404


def test_a_site_error_is_a_500_page_not_a_dead_server() -> None:
    with Sandbox(port=0) as running:
        site = running.sites["recipes"]

        def broken(request: Any) -> Any:
            raise RuntimeError("boom")

        site.route("/broken", broken)
        response = running.fetch("recipes", "/broken")
        assert response.status == 500 and b"RuntimeError: boom" in response.body
        assert running.fetch("recipes", "/").status == 200


def test_url_and_fetch_reject_unknown_sites(sandbox: Any) -> None:
    with pytest.raises(KeyError, match="unknown sandbox site"):
        sandbox.url("nope")
    with pytest.raises(KeyError, match="unknown sandbox site"):
        sandbox.fetch("nope", "/")


# ----- catalogue -------------------------------------------------------------------------------------

def assert_site_tasks_complete(site: Site, tasks: list[Task], running: Sandbox) -> None:
    """What must hold of ANY sandbox site with tasks, a paper site or a new one: each task starts on the
    site (its id prefixed with the site's name), has a question, checks, a reference solution within its
    step budget and probes, and its start page serves."""
    assert tasks, f"{site.name}: its {TASK_SOURCE} holds no tasks"
    for task in tasks:
        host = urlparse(task.start_url).hostname or ""
        assert host == f"{site.name}.localhost" and task.id.startswith(f"{site.name}--"), task.id
        assert task.site and task.question.strip() and task.checkable, task.id
        assert task.reference is not None and task.reference.steps and task.reference.answer, task.id
        assert task.probes is not None and task.probes.accept and task.probes.reject, task.id
        assert len(task.reference.steps) <= (task.max_steps or 15), task.id
        start = urlparse(task.start_url)
        assert running.fetch(site.name, start.path + (f"?{start.query}" if start.query else "")).status == 200, task.id


def test_every_site_with_a_task_source_meets_what_any_site_must(sandbox: Any) -> None:
    with_tasks = {p.parent.name for p in task_files()}
    assert with_tasks <= set(SITE_PACKAGES), "every tasks.json belongs to a site package"
    for name in sorted(with_tasks):
        assert_site_tasks_complete(sandbox.sites[name], site_tasks(name), sandbox)
    tasks = load_sandbox_tasks()
    assert len({t.id for t in tasks}) == len(tasks), "task ids must be unique across sites"


def test_the_fifteen_paper_sites_are_all_present_with_enough_tasks() -> None:
    assert list(PAPER_SITES.values()) == list(PAPER_WEBSITES), "each of the paper's websites needs a site"
    assert {p.parent.name for p in task_files()} >= set(PAPER_SITES), "every paper site needs a tasks.json"
    per_host = Counter(urlparse(t.start_url).hostname for t in load_sandbox_tasks())
    for name in PAPER_SITES:
        assert per_host[f"{name}.localhost"] >= MIN_TASKS_PER_SITE, name
    # sites that stand for no paper website (the safety suite's pages) are allowed, and have no tasks
    assert {n for n, cls in site_classes().items() if cls.paper_site is None} == SUPPORT_SITES


def test_paper_sites_come_from_the_site_attributes_in_the_papers_order() -> None:
    assert PAPER_SITES == {"recipes": "Allrecipes", "shop": "Amazon", "brand": "Apple", "preprints": "ArXiv",
                           "news": "BBC News", "hotels": "Booking", "dictionary": "Cambridge Dictionary",
                           "courses": "Coursera", "sports": "ESPN", "code": "GitHub", "flights": "Google Flights",
                           "maps": "Google Map", "search": "Google Search", "hub": "Huggingface",
                           "compute": "Wolfram Alpha"}
    assert list(PAPER_SITES) == list(paper_sites())
    for name, paper in PAPER_SITES.items():
        assert site_classes()[name].paper_site == paper


def test_a_task_source_in_a_bad_shape_is_an_error_naming_the_file_and_task(tmp_path: Path) -> None:
    good = task_to_record(site_tasks("shop")[0])
    (tmp_path / "dup.json").write_text(json.dumps([good, good]))
    with pytest.raises(TaskFileError, match=r"dup\.json, task 2: duplicate task id 'shop--1'"):
        load_task_source(tmp_path / "dup.json")
    (tmp_path / "bad.json").write_text(json.dumps([good, {**good, "id": "shop--x", "web": "nowhere"}]))
    with pytest.raises(TaskFileError, match=r"bad\.json, task 2: field 'web'"):
        load_task_source(tmp_path / "bad.json")
    (tmp_path / "broken.json").write_text("[{")
    with pytest.raises(TaskFileError, match=r"broken\.json: not valid JSON"):
        load_task_source(tmp_path / "broken.json")


def test_loading_with_a_port_binds_every_start_url() -> None:
    for task in load_sandbox_tasks(port=4321):
        assert urlparse(task.start_url).port == 4321, task.start_url
    assert bind_url("http://shop.localhost/p/x?y=1", 99) == "http://shop.localhost:99/p/x?y=1"
    assert bind_url("http://shop.localhost:8765/", 99) == "http://shop.localhost:99/"
    assert bind_url("https://example.org/", 99) == "https://example.org/"


# ----- CLI ---------------------------------------------------------------------------------------------

def test_cli_tasks_table_lists_every_task() -> None:
    result = CliRunner().invoke(app, ["sandbox", "tasks"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    for task in load_sandbox_tasks():
        assert task.id in result.output
    assert f"{len(load_sandbox_tasks())} sandbox tasks" in result.output
    assert "answer:number" in result.output and "state:storage" in result.output


def test_cli_tasks_json_for_one_site() -> None:
    result = CliRunner().invoke(app, ["sandbox", "tasks", "--site", "shop", "--json"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.output.splitlines() if line.strip()]
    shop = [t for t in load_sandbox_tasks() if t.id.startswith("shop--")]
    assert [r["id"] for r in records] == [t.id for t in shop]
    assert all(r["web"].startswith("http://shop.localhost/") and "reference" in r for r in records)


def test_cli_tasks_unknown_site_is_a_clear_error() -> None:
    result = CliRunner().invoke(app, ["sandbox", "tasks", "--site", "nosuch"])
    assert result.exit_code == 2
    assert "unknown sandbox site nosuch" in result.output and "recipes" in result.output


@pytest.mark.slow
def test_cli_serve_prints_urls_serves_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "COLUMNS": "200"}
    command = [sys.executable, "-c", "from webvoyager.cli import main; main()", "sandbox", "serve", "--port", "0"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        assert proc.stdout is not None
        seen: list[str] = []
        port = None
        for line in proc.stdout:   # the table and then the "press Ctrl-C" line
            seen.append(line)
            if "Ctrl-C" in line:
                port = int(re.search(r"localhost:(\d+)/", line).group(1))  # type: ignore[union-attr]
                break
        output = "".join(seen)
        assert port, output
        for name in discover_sites():
            assert f"http://{name}.localhost:{port}/" in output
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/", headers={"Host": f"recipes.localhost:{port}"})
        assert conn.getresponse().status == 200
        conn.close()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_cli_serve_on_a_busy_port_is_a_clear_error(sandbox: Any) -> None:
    result = CliRunner().invoke(app, ["sandbox", "serve", "--port", str(sandbox.port)])
    assert result.exit_code == 2
    assert f"cannot listen on port {sandbox.port}" in result.output and "--port" in result.output
