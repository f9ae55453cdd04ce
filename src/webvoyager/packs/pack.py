"""A protocol pack on disk: one text file per template (`$name` slots, `webvoyager.prompts` style) and a
`manifest.json` with where they came from (source path, commit when known), a sha256 per template and
the version of webvoyager that wrote it.

`load_pack` checks everything a run relies on before anything starts: the folder and manifest exist,
every template the protocol needs is listed, present, unchanged (its sha256) and has exactly the slots
the renderer fills. A pack edited by hand therefore fails loudly instead of sending other text.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from webvoyager.errors import ConfigError
from webvoyager.fileio import write_text_atomic
from webvoyager.packs.source import SourceError, source_commit
from webvoyager.prompts import Prompt

PACK_FORMAT = 1
MANIFEST = "manifest.json"

# Every template of a WebVoyager pack and the slots it must have, with where the importer finds it.
WEBVOYAGER_TEMPLATES: Mapping[str, tuple[frozenset[str], str]] = {
    "system": (frozenset(), "prompts.py SYSTEM_PROMPT"),
    "system_text_only": (frozenset(), "prompts.py SYSTEM_PROMPT_TEXT_ONLY"),
    "task_intro": (frozenset({"ques", "web"}), "run.py main: init_msg"),
    "obs_prompt": (frozenset(), "run.py main: obs_prompt"),
    "obs_prompt_text_only": (frozenset(), "run.py main: obs_prompt (text-only)"),
    "first_observation": (frozenset({"init_msg", "web_text"}), "run.py format_msg, first turn"),
    "next_observation": (frozenset({"warn_obs", "web_text"}), "run.py format_msg, later turns"),
    "pdf_observation": (frozenset({"pdf_obs", "web_text"}), "run.py format_msg, after a PDF"),
    "first_observation_text_only": (frozenset({"init_msg", "ac_tree"}), "run.py format_msg_text_only, first turn"),
    "next_observation_text_only": (frozenset({"warn_obs", "ac_tree"}), "run.py format_msg_text_only, later turns"),
    "pdf_observation_text_only": (frozenset({"pdf_obs", "ac_tree"}), "run.py format_msg_text_only, after a PDF"),
    "pdf_note": (frozenset({"pdf_obs"}), "run.py main: pdf_obs"),
    "clip_split": (frozenset(), "utils.py clip_message_and_obs: the split marker"),
    "omitted": (frozenset(), "utils.py clip_message_and_obs: msg_no_pdf"),
    "omitted_pdf": (frozenset(), "utils.py clip_message_and_obs: msg_pdf"),
    "omitted_text_only": (frozenset(), "utils.py clip_message_and_obs_text_only: msg_no_pdf"),
    "omitted_pdf_text_only": (frozenset(), "utils.py clip_message_and_obs_text_only: msg_pdf"),
    "format_error": (frozenset(), "run.py main: fail_obs on a reply without Thought and Action"),
    "action_error": (frozenset(), "run.py main: fail_obs on an action that could not be executed"),
    "type_warning": (frozenset({"tag_name", "ele_type"}), "run.py exec_action_type: warn_obs"),
    "judge_system": (frozenset(), "evaluation/auto_eval.py SYSTEM_PROMPT"),
    "judge_user": (frozenset({"task", "answer", "num"}), "evaluation/auto_eval.py USER_PROMPT"),
    "judge_closing": (frozenset(), "evaluation/auto_eval.py auto_eval_by_gpt4v: the text after the screenshots"),
}
_PROMPTS = "src/data_utils/prompts.py"
_FORMAT = "src/data_utils/format_prompt_utils.py"
# Every template of a SeeAct pack: the offline strategies' dictionaries (exp4 textual choices, exp2 image
# annotation, exp3 element attributes; their system prompt and ACTION/VALUE lines are shared), the online
# tool's (seeact_choice_prompt_dict), and the fixed strings of the query and option layout.
SEEACT_TEMPLATES: Mapping[str, tuple[frozenset[str], str]] = {
    "system": (frozenset(), f"{_PROMPTS} exp4/exp2/exp3_prompt_dict system_prompt"),
    "query_intro": (frozenset(), f"{_FORMAT} generate_new_query_prompt: the text before the task"),
    "previous_actions": (frozenset(), f"{_FORMAT} generate_new_query_prompt: previous_action_text"),
    "question_text_choice": (frozenset(), f"{_PROMPTS} exp4_prompt_dict question_description"),
    "question_image_annotation": (frozenset(), f"{_PROMPTS} exp2_prompt_dict question_description"),
    "question_element_attributes": (frozenset(), f"{_PROMPTS} exp3_prompt_dict question_description"),
    "referring_text_choice": (frozenset(), f"{_PROMPTS} exp4_prompt_dict referring_description"),
    "referring_image_annotation": (frozenset(), f"{_PROMPTS} exp2_prompt_dict referring_description"),
    "element_format_text_choice": (frozenset(), f"{_PROMPTS} exp4_prompt_dict element_format"),
    "element_format_image_annotation": (frozenset(), f"{_PROMPTS} exp2_prompt_dict element_format"),
    "element_format_element_attributes": (frozenset(), f"{_PROMPTS} exp3_prompt_dict element_format"),
    "action_format": (frozenset(), f"{_PROMPTS} exp4/exp2/exp3_prompt_dict action_format"),
    "value_format": (frozenset(), f"{_PROMPTS} exp4/exp2/exp3_prompt_dict value_format"),
    "online_system": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict system_prompt"),
    "online_question": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict question_description"),
    "online_referring": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict referring_description"),
    "online_element_format": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict element_format"),
    "online_action_format": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict action_format"),
    "online_value_format": (frozenset(), f"{_PROMPTS} seeact_choice_prompt_dict value_format"),
    "none_instruction": (frozenset({"non_abcd"}), f"{_FORMAT} format_options: option_text's first line"),
    "none_option": (frozenset({"non_abcd"}), f"{_FORMAT} format_options: the last option of multi_choice"),
}
_WEBJUDGE = "src/methods/webjudge_online_mind2web.py"
# Every template of an Online-Mind2Web pack: WebJudge's three stages, each a system text and a user text
# (`str.format` fields become slots), and the outcome's user text for when no screenshot was kept.
ONLINE_MIND2WEB_TEMPLATES: Mapping[str, tuple[frozenset[str], str]] = {
    "keypoints_system": (frozenset(), f"{_WEBJUDGE} identify_key_points: system_msg"),
    "keypoints_user": (frozenset({"task"}), f"{_WEBJUDGE} identify_key_points: prompt"),
    "screenshot_system": (frozenset(), f"{_WEBJUDGE} judge_image: system_msg"),
    "screenshot_user": (frozenset({"task", "key_points"}), f"{_WEBJUDGE} judge_image: prompt"),
    "outcome_system": (frozenset(), f"{_WEBJUDGE} WebJudge_Online_Mind2Web_eval: system_msg"),
    "outcome_user": (frozenset({"task", "key_points", "last_actions", "thoughts"}),
                     f"{_WEBJUDGE} WebJudge_Online_Mind2Web_eval: prompt"),
    "outcome_user_no_images": (frozenset({"task", "key_points", "last_actions"}),
                               f"{_WEBJUDGE} WebJudge_Online_Mind2Web_eval: prompt when no screenshot is kept"),
}
PROTOCOLS: Mapping[str, Mapping[str, tuple[frozenset[str], str]]] = {"webvoyager": WEBVOYAGER_TEMPLATES,
                                                                      "seeact": SEEACT_TEMPLATES,
                                                                      "online-mind2web": ONLINE_MIND2WEB_TEMPLATES}
# What each paper's pack drives, for the error when a pack of the other paper is given.
USED_BY = {"webvoyager": "--policy webvoyager and `judge`", "seeact": "--policy seeact and `mind2web eval`",
           "online-mind2web": "`judge --method webjudge`"}


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _file(name: str) -> str:
    return f"{name}.txt"


@dataclass(frozen=True)
class ProtocolPack:
    """A loaded, checked pack: its templates by name and its manifest's facts."""

    folder: Path
    protocol: str
    source: str
    commit: str | None
    version: str
    templates: Mapping[str, str]

    def prompt(self, name: str) -> Prompt:
        """Template `name` as a Prompt (render it with its slots)."""
        return Prompt(self.templates[name], f"{self.folder / _file(name)}")

    def text(self, name: str) -> str:
        """Template `name` filled with nothing (for templates without slots)."""
        return self.prompt(name).render()

    def record(self) -> dict[str, Any]:
        """What run.json and judgements say about the pack."""
        return {"path": str(self.folder), "protocol": self.protocol, "commit": self.commit, "source": self.source}


def write_pack(folder: Path, protocol: str, templates: Mapping[str, str], *, source: str,
               commit: str | None, version: str) -> ProtocolPack:
    """Write `templates` and their manifest into `folder` (created); returns the pack as loaded back."""
    folder.mkdir(parents=True, exist_ok=True)
    expected = PROTOCOLS[protocol]
    entries = {}
    for name, text in templates.items():
        write_text_atomic(folder / _file(name), text)
        entries[name] = {"file": _file(name), "sha256": sha256(text), "from": expected[name][1]}
    manifest = {"format": PACK_FORMAT, "protocol": protocol, "source": source, "commit": commit,
                "webvoyager_version": version, "templates": entries}
    write_text_atomic(folder / MANIFEST, json.dumps(manifest, indent=1) + "\n")
    return load_pack(folder, protocol=protocol)


def in_declared_order(protocol: str, root: Path, templates: Mapping[str, str]) -> dict[str, str]:
    """`templates` in the order `protocol` declares them; SourceError naming any the reader did not find."""
    missing = set(PROTOCOLS[protocol]) - set(templates)
    if missing:
        raise SourceError(f"{root}: could not read {', '.join(sorted(missing))}")
    return {name: templates[name] for name in PROTOCOLS[protocol]}


def import_pack(protocol: str, read: Callable[[Path], Mapping[str, str]], root: Path, out: Path, *,
                version: str) -> ProtocolPack:
    """Read `protocol`'s templates from the clone at `root` with `read` and write them as a pack into `out`
    (its manifest names the source, its commit and `version`, the webvoyager that wrote it)."""
    root = root.resolve()
    return write_pack(out, protocol, read(root), source=str(root), commit=source_commit(root), version=version)


def load_pack(folder: str | Path, *, protocol: str = "webvoyager") -> ProtocolPack:
    """The pack in `folder`, checked (ConfigError naming what is wrong and what to do)."""
    path = Path(folder)
    redo = f"import it again with `webvoyager protocol import {protocol} PATH_TO_THE_ORIGINAL --out {path}`"
    manifest_path = path / MANIFEST
    if not manifest_path.is_file():
        raise ConfigError(f"--prompts {path}: no {MANIFEST} there; a prompt pack is made with "
                          f"`webvoyager protocol import {protocol} PATH_TO_THE_ORIGINAL`")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"--prompts {path}: {MANIFEST} cannot be read ({exc}); {redo}") from None
    made_for = manifest.get("protocol")
    if made_for in PROTOCOLS and made_for != protocol:
        raise ConfigError(f"--prompts {path} is a {made_for} pack (for {USED_BY[made_for]}), but this needs a "
                          f"{protocol} pack (for {USED_BY[protocol]}); make one with `webvoyager protocol import "
                          f"{protocol} PATH_TO_THE_ORIGINAL`")
    if manifest.get("format") != PACK_FORMAT or made_for != protocol:
        raise ConfigError(f"--prompts {path}: not a format-{PACK_FORMAT} {protocol} pack "
                          f"(format {manifest.get('format')!r}, protocol {manifest.get('protocol')!r}); {redo}")
    entries = manifest.get("templates") or {}
    templates = {}
    for name, (slots, _) in PROTOCOLS[protocol].items():
        entry = entries.get(name)
        if entry is None:
            raise ConfigError(f"--prompts {path}: the manifest lists no template {name!r}; {redo}")
        file = path / entry.get("file", _file(name))
        if not file.is_file():
            raise ConfigError(f"--prompts {path}: {file.name} is missing; {redo}")
        text = file.read_text(encoding="utf-8")
        if sha256(text) != entry.get("sha256"):
            raise ConfigError(f"--prompts {path}: {file.name} was changed since it was imported (its sha256 "
                              f"differs from the manifest's); {redo}")
        found = Prompt(text, str(file)).placeholders
        if found != slots:
            raise ConfigError(f"--prompts {path}: {file.name} has slots {sorted(found)}, expected "
                              f"{sorted(slots)}; {redo}")
        templates[name] = text
    return ProtocolPack(folder=path, protocol=protocol, source=str(manifest.get("source", "")),
                        commit=manifest.get("commit"), version=str(manifest.get("webvoyager_version", "")),
                        templates=templates)
