"""`sandbox serve --variant shuffled|renamed|banner`: the same sites, data and answers, the pages changed
(navigation order, ids and classes, a promotion banner); the reference still solves the tasks on them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.sandbox.server import Sandbox

runner = CliRunner()
_TAGS = re.compile(r"<[^>]+>")


def _page(variant: str | None, site: str = "shop", path: str = "/") -> str:
    with Sandbox(variant=variant) as sandbox:
        return sandbox.fetch(site, path).body.decode()


def _text(html: str) -> list[str]:
    """The words a page shows (scripts and styles left out)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return _TAGS.sub(" ", html).split()


def _links(html: str) -> list[str]:
    block = re.search(r'aria-label="Departments">(.*?)</nav>', html, re.S)
    assert block is not None
    return re.findall(r"<a [^>]*>(.*?)</a>", block.group(1))


def test_shuffled_moves_navigation_links_and_keeps_the_rest() -> None:
    plain, shuffled = _page(None), _page("shuffled")
    assert _links(plain) != _links(shuffled) and sorted(_links(plain)) == sorted(_links(shuffled))
    assert _page("shuffled") == shuffled     # the same order on every visit
    assert sorted(_text(plain)) == sorted(_text(shuffled))


def test_renamed_renames_ids_and_classes_in_the_page_and_its_style_sheet() -> None:
    plain, renamed = _page(None), _page("renamed")
    assert 'class="masthead"' in plain and 'class="masthead"' not in renamed
    assert _text(plain) == _text(renamed)
    with Sandbox(variant="renamed") as sandbox, Sandbox() as original:
        sheet = re.search(r'href="(/static/[^"]+\.css)"', plain)
        assert sheet is not None
        css, css_renamed = (s.fetch("shop", sheet.group(1)).body.decode() for s in (original, sandbox))
    assert ".masthead" in css and ".masthead" not in css_renamed
    new_name = re.search(r'<header class="([^"]+)"', renamed).group(1)
    assert f".{new_name}" in css_renamed


def test_banner_comes_first_and_the_page_follows_unchanged() -> None:
    plain, banner = _page(None), _page("banner")
    body = banner[banner.index("<body"):]
    assert body.index('aria-label="Promotion"') < body.index("masthead")
    assert banner.replace(re.search(r'<div role="region" aria-label="Promotion".*?</div>', banner).group(0), "") == plain


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ConfigError, match="unknown sandbox variant 'mirrored'"):
        Sandbox(variant="mirrored")


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("variant", ["shuffled", "renamed", "banner"])
def test_the_reference_still_solves_tasks_on_each_variant(variant: str, tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--id", "shop--1", "--id", "flights--2",
                              "--id", "sports--1", "--variant", variant, "--out", str(out)])
    assert res.exit_code == 0, res.output
    for task in ("shop--1", "flights--2", "sports--1"):   # sports: links in drop-down panels stay in them
        assert json.loads((out / task / "result.json").read_text())["success"] is True, task
