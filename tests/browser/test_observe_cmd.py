"""`webvoyager observe URL`: writes the screenshots and the element list, prints the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app

pytestmark = [pytest.mark.browser, pytest.mark.slow]   # each test starts its own Chromium


def test_observe_writes_files_and_prints_elements(tmp_path: Path) -> None:
    page = Path(__file__).parents[1] / "pages" / "zoo" / "select.html"
    result = CliRunner().invoke(app, ["observe", str(page), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    elements = (tmp_path / "elements.txt").read_text()
    assert elements.splitlines()[2] == '[2]: <div role=combobox> "Pick a size"'
    assert '[2]: <div role=combobox> "Pick a size"' in result.output
    assert (tmp_path / "screenshot.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "marked.png").read_bytes() != (tmp_path / "screenshot.png").read_bytes()


def test_observe_bad_url_is_one_red_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["observe", "http://127.0.0.1:1/", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "could not be loaded" in result.output and "Traceback" not in result.output
