"""`webvoyager protocol import online-mind2web PATH`: WebJudge's prompts, read from the user's clone of
OSU-NLP-Group/Online-Mind2Web by parsing (never running) src/methods/webjudge_online_mind2web.py, and
written into a pack folder (`packs.pack.ONLINE_MIND2WEB_TEMPLATES`).

Each stage is a coroutine there that assigns a `system_msg` string and a `prompt` string filled with
`str.format` (key points: `identify_key_points`; a screenshot's score: `judge_image`; the outcome:
`WebJudge_Online_Mind2Web_eval`, whose second `prompt` is the one used when no screenshot is kept). A
format field `{name}` becomes the slot `${name}`; an f-string is read as `source.template_of` reads one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from webvoyager.packs.pack import ONLINE_MIND2WEB_TEMPLATES, ProtocolPack, import_pack, in_declared_order
from webvoyager.packs.source import SourceError, assignments, escape, function, parse, template_of
from webvoyager.prompts import Prompt

WEBJUDGE = "src/methods/webjudge_online_mind2web.py"
# (function, template names of its system_msg and of its prompt assignments, in source order)
_STAGES = (("identify_key_points", "keypoints_system", ("keypoints_user",)),
           ("judge_image", "screenshot_system", ("screenshot_user",)),
           ("WebJudge_Online_Mind2Web_eval", "outcome_system", ("outcome_user", "outcome_user_no_images")))
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


def format_template(text: str) -> str:
    """A `str.format` string as a `$name` template: `{x}` -> `${x}`, `{{`/`}}` -> braces, `$` -> `$$`."""
    def swap(found: re.Match[str]) -> str:
        token = found.group(0)
        return token[0] if found.group(1) is None else "${" + found.group(1) + "}"
    return _FIELD.sub(swap, escape(text))


def _template(node: ast.expr, where: str) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return format_template(node.value)
    if isinstance(node, ast.JoinedStr):
        return template_of(node)
    raise SourceError(f"{WEBJUDGE} {where} is not a string")


def _stage(tree: ast.Module, name: str, system: str, prompts: tuple[str, ...]) -> dict[str, str]:
    fn = function(tree, name, WEBJUDGE)
    found = assignments(fn, "system_msg")
    texts = assignments(fn, "prompt")
    if len(found) != 1 or len(texts) != len(prompts):
        raise SourceError(f"{WEBJUDGE} {name}(): expected one system_msg and {len(prompts)} prompt string(s), "
                          f"found {len(found)} and {len(texts)} (is this the Online-Mind2Web repository, and a "
                          "version with WebJudge?)")
    out = {system: _template(found[0], f"{name}(): system_msg")}
    out.update({t: _template(node, f"{name}(): prompt") for t, node in zip(prompts, texts)})
    for template, text in out.items():
        slots, _ = ONLINE_MIND2WEB_TEMPLATES[template]
        have = Prompt(text, WEBJUDGE).placeholders
        if have != slots:
            raise SourceError(f"{WEBJUDGE} {name}(): the {template} text fills {sorted(have)}, expected "
                              f"{sorted(slots)}")
    return out


def read_online_mind2web(root: Path) -> dict[str, str]:
    """Every WebJudge template, by name, read from the clone at `root` (SourceError when it is not one)."""
    if not root.is_dir():
        raise SourceError(f"{root} is not a folder; give the path of your clone of the Online-Mind2Web repository")
    tree = parse(root, WEBJUDGE)
    templates: dict[str, str] = {}
    for name, system, prompts in _STAGES:
        templates.update(_stage(tree, name, system, prompts))
    return in_declared_order("online-mind2web", root, templates)


def import_online_mind2web(root: Path, out: Path, *, version: str) -> ProtocolPack:
    """Read WebJudge's templates from `root` and write them as a pack into `out` (`pack.import_pack`)."""
    return import_pack("online-mind2web", read_online_mind2web, root, out, version=version)
