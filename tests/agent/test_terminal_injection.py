"""Terminal control from page text never reaches the terminal (issue 22, item 4): `webvoyager run` in a
subprocess on a page whose alert carries escape sequences, C1 controls and a bidi override."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.bench.test_bad_files_cli import cli
from webvoyager.cli.common import SafeConsole
from webvoyager.text import printable

HOSTILE = "\x1b[2J\x1b[31mgotcha\x1b]0;pwned\x07 \x9b31m\u202eevil\u202c done"
FORBIDDEN = ("\x1b", "\x9b", "\x07", "\u202e", "\u202c")


@pytest.mark.browser
def test_the_live_step_view_prints_no_terminal_control_from_the_page(tmp_path: Path, pages_url: str) -> None:
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps("Thought: press it.\nAction: Click [0]") + "\n"
                      + json.dumps("Thought: done.\nAction: ANSWER; [seen \x1b[5mblink\x1b[0m]") + "\n",
                      encoding="utf-8")
    done = cli("run", "Press the button", "--url", f"{pages_url}/robust/ansi.html", "--model", f"scripted:{script}",
               "--out", str(tmp_path / "run"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'The page showed an alert: "gotcha pwned evil done"' not in done.stdout  # the OSC body goes too
    assert 'The page showed an alert: "gotcha evil done"' in done.stdout   # the note was printed, cleaned
    assert "Answer: seen blink" in done.stdout
    for char in FORBIDDEN:
        assert char not in done.stdout and char not in done.stderr, repr(char)
    # the files keep what happened, as it happened
    steps = json.loads((tmp_path / "run" / "task" / "trajectory.json").read_text(encoding="utf-8"))["steps"]
    assert "\x1b[31mgotcha" in steps[0]["outcome_notes"][0]


def test_the_console_keeps_its_own_styles_and_drops_the_pages_codes() -> None:
    out = io.StringIO()
    console = SafeConsole(file=out, force_terminal=True, color_system="standard", width=200)
    console.print(f"[bold red]Note:[/] {HOSTILE}")
    shown = out.getvalue()
    assert "\x1b[1;31m" in shown or "\x1b[31;1m" in shown     # rich's own colour for "Note:"
    assert "\x1b[2J" not in shown and "\x1b]0;" not in shown and "\u202e" not in shown and "\x9b" not in shown
    assert "gotcha evil done" in shown


def test_printable_keeps_ordinary_text() -> None:
    text = "Prix: 12 € — 日本語, emoji 🙂, tab\there\nnext line, zero\u200bwidth"
    assert printable(text) == text
    assert printable(HOSTILE) == "gotcha evil done"
