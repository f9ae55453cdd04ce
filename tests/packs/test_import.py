"""`webvoyager protocol import webvoyager PATH`: the templates parsed out of the original's source, a
manifest with a sha256 per template and the commit, and clear errors for a folder that is not the repo."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.packs.conftest import ORIGINAL
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.packs import WEBVOYAGER_TEMPLATES, ProtocolPack, load_pack
from webvoyager.packs.pack import sha256
from webvoyager.packs.source import SourceError
from webvoyager.packs.webvoyager_import import import_webvoyager

runner = CliRunner()


def _constant(relative: str, name: str) -> str:
    tree = ast.parse((ORIGINAL / relative).read_text())
    (value,) = [n.value.value for n in tree.body if isinstance(n, ast.Assign)
                and any(getattr(t, "id", None) == name for t in n.targets)]
    return value


def test_every_template_is_written_with_its_sha256(pack: ProtocolPack) -> None:
    manifest = json.loads((pack.folder / "manifest.json").read_text())
    assert set(manifest["templates"]) == set(WEBVOYAGER_TEMPLATES)
    for name, entry in manifest["templates"].items():
        text = (pack.folder / entry["file"]).read_text()
        assert text and entry["sha256"] == sha256(text), name
    assert manifest["source"] == str(ORIGINAL.resolve()) and manifest["webvoyager_version"] == "test"


def test_constants_are_the_originals_verbatim(pack: ProtocolPack) -> None:
    assert pack.text("system") == _constant("prompts.py", "SYSTEM_PROMPT")
    assert pack.text("system_text_only") == _constant("prompts.py", "SYSTEM_PROMPT_TEXT_ONLY")
    assert pack.text("judge_system") == _constant("evaluation/auto_eval.py", "SYSTEM_PROMPT")


def test_fstrings_become_templates_with_named_slots(pack: ProtocolPack) -> None:
    source = (ORIGINAL / "run.py").read_text()
    # The next-observation template, filled, is the f-string's text with its values in place.
    filled = pack.prompt("next_observation").render(warn_obs="WARN", web_text="LIST")
    assert filled.startswith("Observation:WARN ") and filled.endswith("\nLIST")
    assert filled[len("Observation:WARN"):-len("LIST")].strip() in source.replace("\\n", "\n")
    assert pack.prompt("task_intro").placeholders == {"ques", "web"}
    intro = pack.prompt("task_intro").render(ques="Q", web="http://x/")
    assert "Q" in intro and "http://x/" in intro and "example.com" not in intro
    user = pack.prompt("judge_user").render(task="T", answer="A", num=3)
    assert "<task>" not in user and "T" in user and "A" in user and "3" in user


def test_commit_comes_from_source_md(pack: ProtocolPack) -> None:
    noted = re.search(r"[0-9a-f]{40}", (ORIGINAL / "SOURCE.md").read_text()).group(0)
    assert pack.commit == noted


def test_commit_is_unknown_without_git_or_note(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(ORIGINAL, copy, ignore=shutil.ignore_patterns("SOURCE.md"))
    assert import_webvoyager(copy, tmp_path / "pack", version="test").commit is None


def test_a_wrong_folder_names_what_is_missing(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="prompts.py is missing"):
        import_webvoyager(tmp_path, tmp_path / "pack", version="test")
    copy = tmp_path / "copy"
    shutil.copytree(ORIGINAL, copy)
    (copy / "utils.py").chmod(0o644)
    (copy / "utils.py").write_text("def something_else():\n    pass\n")
    with pytest.raises(SourceError, match=r"utils.py: no function clip_message_and_obs\(\)"):
        import_webvoyager(copy, tmp_path / "pack2", version="test")


def test_a_changed_template_is_refused(pack: ProtocolPack, tmp_path: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(pack.folder, copy)
    (copy / "system.txt").write_text("something else")
    with pytest.raises(ConfigError, match="system.txt was changed since it was imported"):
        load_pack(copy)
    with pytest.raises(ConfigError, match="no manifest.json"):
        load_pack(tmp_path / "nowhere")


def test_cli_imports_and_refuses_a_folder_that_is_not_the_repository(tmp_path: Path) -> None:
    out = tmp_path / "pack"
    done = runner.invoke(app, ["protocol", "import", "webvoyager", str(ORIGINAL), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert load_pack(out).templates
    done = runner.invoke(app, ["protocol", "import", "seeact", str(tmp_path)])
    assert done.exit_code == 2 and "src/data_utils/prompts.py is missing" in done.output
    done = runner.invoke(app, ["protocol", "import", "webvoyager", str(tmp_path / "nothing-here")])
    assert done.exit_code == 2 and "not a folder" in done.output
