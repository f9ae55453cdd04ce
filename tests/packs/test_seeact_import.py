"""`webvoyager protocol import seeact PATH`: SeeAct's prompt strings parsed out of the original's source
(never run), a manifest with the commit and a sha256 per template, clear errors for a folder that is not
the repository, and a pack of one paper refused where the other's is needed."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.packs import SEEACT_TEMPLATES, ProtocolPack, load_pack
from webvoyager.packs.pack import sha256
from webvoyager.packs.seeact_import import import_seeact
from webvoyager.packs.source import SourceError

from tests.packs.conftest import SEEACT_ORIGINAL as ORIGINAL
runner = CliRunner()


def _module_value(relative: str, name: str) -> object:
    """A module-level value of the original, evaluated by the test from literals only (ast.literal_eval
    of a dict of f-strings fails, so dictionaries are read key by key from their constants)."""
    tree = ast.parse((ORIGINAL / relative).read_text())
    (node,) = [n.value for n in tree.body if isinstance(n, ast.Assign)
               and any(getattr(t, "id", None) == name for t in n.targets)]
    return node


def test_every_template_is_found_with_its_sha256_and_the_commit(seeact_pack: ProtocolPack) -> None:
    manifest = json.loads((seeact_pack.folder / "manifest.json").read_text())
    assert manifest["protocol"] == "seeact" and set(manifest["templates"]) == set(SEEACT_TEMPLATES)
    for name, entry in manifest["templates"].items():
        text = (seeact_pack.folder / entry["file"]).read_text()
        assert text and entry["sha256"] == sha256(text), name
    # The snapshot is not a git checkout: the commit comes from its SOURCE.md.
    assert manifest["commit"] == "2434627b196b33d1b0668a418188dd2f348883bb"


def test_strings_are_the_originals_verbatim(seeact_pack: ProtocolPack) -> None:
    system = _module_value("src/data_utils/prompts.py", "sys_prompt")
    online_system = _module_value("src/data_utils/prompts.py", "seeact_online_sys_prompt")
    action_format = _module_value("src/data_utils/prompts.py", "action_format")
    assert seeact_pack.text("system") == system.value  # type: ignore[attr-defined]
    assert seeact_pack.text("online_system") == online_system.value  # type: ignore[attr-defined]
    # exp4's action_format is f"{action_format}": the importer resolves it to the module's string.
    assert seeact_pack.text("action_format") == action_format.value  # type: ignore[attr-defined]
    exp2 = _module_value("src/data_utils/prompts.py", "exp2_prompt_dict")
    referring = {k.value: v for k, v in zip(exp2.keys, exp2.values)}["referring_description"]  # type: ignore[attr-defined]
    assert seeact_pack.text("referring_image_annotation") == referring.values[0].value
    source = (ORIGINAL / "src" / "data_utils" / "format_prompt_utils.py").read_text()
    assert f'query_text += "{seeact_pack.text("query_intro")}"' in source


def test_option_strings_become_templates_with_the_none_letter_slot(seeact_pack: ProtocolPack) -> None:
    assert seeact_pack.prompt("none_option").placeholders == {"non_abcd"}
    assert seeact_pack.prompt("none_option").render(non_abcd="R") == \
        "R. None of the other options match the correct element"
    line = seeact_pack.prompt("none_instruction").render(non_abcd="R")
    assert line.endswith("please select R. None of the other options match the correct element.\n")


def test_a_folder_missing_a_file_is_a_source_error_naming_it(tmp_path: Path) -> None:
    if not ORIGINAL.is_dir():
        pytest.skip(f"the original SeeAct code is not at {ORIGINAL}")
    copy = tmp_path / "seeact"
    shutil.copytree(ORIGINAL, copy)
    (copy / "src" / "data_utils" / "format_prompt_utils.py").chmod(0o644)
    (copy / "src" / "data_utils" / "format_prompt_utils.py").unlink()
    with pytest.raises(SourceError, match="src/data_utils/format_prompt_utils.py is missing"):
        import_seeact(copy, tmp_path / "pack", version="test")
    with pytest.raises(SourceError, match="is not a folder"):
        import_seeact(tmp_path / "nothing-here", tmp_path / "pack", version="test")


def test_a_changed_query_layout_is_a_source_error(tmp_path: Path) -> None:
    if not ORIGINAL.is_dir():
        pytest.skip(f"the original SeeAct code is not at {ORIGINAL}")
    copy = tmp_path / "seeact"
    shutil.copytree(ORIGINAL, copy)
    target = copy / "src" / "data_utils" / "format_prompt_utils.py"
    target.chmod(0o644)
    head, tail = target.read_text().split("def generate_new_query_prompt", 1)
    # The new query builder drops its separator before the question description.
    tail = tail.replace('    query_text += "\\n"\n\n    # Question Description', '    # Question Description', 1)
    target.write_text(head + "def generate_new_query_prompt" + tail)
    with pytest.raises(SourceError, match="generate_new_query_prompt"):
        import_seeact(copy, tmp_path / "pack", version="test")


def test_the_cli_writes_a_seeact_pack_and_a_pack_of_the_other_paper_is_refused(
        seeact_pack: ProtocolPack, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    done = runner.invoke(app, ["protocol", "import", "seeact", str(ORIGINAL), "--out", str(out)])
    assert done.exit_code == 0 and "Wrote 21 templates" in done.output, done.output
    with pytest.raises(ConfigError, match="is a seeact pack .* but this needs a webvoyager pack"):
        load_pack(out)   # a WebVoyager run or judge
    # `mind2web eval` and `run --policy webvoyager` refuse it on the command line too.
    done = runner.invoke(app, ["run", "a task", "--url", "http://127.0.0.1:9/", "--model", "reference",
                               "--protocol", "paper", "--prompts", str(out)])
    assert done.exit_code != 0 and "is a seeact pack" in " ".join(done.output.split()), done.output
