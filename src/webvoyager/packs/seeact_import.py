"""`webvoyager protocol import seeact PATH`: the SeeAct paper's prompts, read from the user's clone of
OSU-NLP-Group/SeeAct by parsing (never running) src/data_utils/prompts.py (the prompt dictionaries of the
offline strategies and of the online tool) and src/data_utils/format_prompt_utils.py (the fixed strings
of the query and of the options), and written into a pack folder (`packs.pack.SEEACT_TEMPLATES`).

The layout those strings are joined in (`seeact/pack_layout.py`) is checked here too: if the query builder
no longer adds intro, task, previous actions and question in that order, the import fails rather than
making a pack that would be rendered in another shape.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Mapping

from webvoyager.packs.pack import ProtocolPack, import_pack, in_declared_order
from webvoyager.packs.source import SourceError, escape, function, in_order, parse, template_of

PROMPTS = "src/data_utils/prompts.py"
FORMAT = "src/data_utils/format_prompt_utils.py"

# (template name prefix, dictionary in prompts.py) and the keys read from each dictionary.
_DICTS = {"exp4_prompt_dict": "text_choice", "exp2_prompt_dict": "image_annotation",
          "exp3_prompt_dict": "element_attributes", "seeact_choice_prompt_dict": "online"}
_QUERY_SHAPE = ("text", "task", "text", "previous_action_text", "text", "question_description")


def _literal(node: ast.expr, names: Mapping[str, str], where: str) -> str:
    """The string an expression made only of literals and module-level strings evaluates to."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.JoinedStr):
        return "".join(_literal(v, names, where) for v in node.values)
    if isinstance(node, ast.FormattedValue) and node.conversion == -1 and node.format_spec is None:
        return _literal(node.value, names, where)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _literal(node.left, names, where) + _literal(node.right, names, where)
    raise SourceError(f"{where}: {ast.unparse(node)[:80]!r} is not a fixed string")


def _module_strings(tree: ast.Module) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The module's string constants and its dictionaries of strings, by name, in source order."""
    names: dict[str, str] = {}
    dicts: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        if isinstance(node.value, ast.Dict):
            dicts[name] = {k.value: _literal(v, names, f"{PROMPTS} {name}[{k.value!r}]")
                           for k, v in zip(node.value.keys, node.value.values)
                           if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        else:
            try:
                names[name] = _literal(node.value, names, f"{PROMPTS} {name}")
            except SourceError:
                pass   # not a string: nothing the prompts use
    return names, dicts


def _entry(dicts: dict[str, dict[str, str]], name: str, key: str) -> str:
    if name not in dicts:
        raise SourceError(f"{PROMPTS}: no dictionary {name} (is this the SeeAct repository, and a version with "
                          "the paper's prompts?)")
    if key not in dicts[name]:
        raise SourceError(f"{PROMPTS}: {name} has no {key!r}")
    return dicts[name][key]


def _prompt_templates(tree: ast.Module) -> dict[str, str]:
    _, dicts = _module_strings(tree)
    out: dict[str, str] = {}
    for name, strategy in _DICTS.items():
        online = strategy == "online"
        prefix = "online_" if online else ""
        out[f"{prefix}question" if online else f"question_{strategy}"] = _entry(dicts, name, "question_description")
        referring = _entry(dicts, name, "referring_description")
        if referring:   # element attributes refer with no description of their own
            out[f"{prefix}referring" if online else f"referring_{strategy}"] = referring
        out[f"{prefix}element_format" if online else f"element_format_{strategy}"] = \
            _entry(dicts, name, "element_format")
        for key in ("system_prompt", "action_format", "value_format"):
            value = _entry(dicts, name, key)
            template = {"system_prompt": "system"}.get(key, key)
            template = f"{prefix}{template}"
            if out.setdefault(template, value) != value:
                raise SourceError(f"{PROMPTS}: the offline dictionaries give different {key} texts; this pack "
                                  "format expects one shared by the three strategies")
    return out


def _pieces(fn: ast.FunctionDef, target: str) -> list[ast.expr]:
    """The values added to `target` with `+=` in `fn`, in source order."""
    return [n.value for n in in_order(fn) if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add)
            and isinstance(n.target, ast.Name) and n.target.id == target]


def _query_templates(tree: ast.Module) -> dict[str, str]:
    fn = function(tree, "generate_new_query_prompt", FORMAT)
    pieces = _pieces(fn, "query_text")
    shape = tuple("text" if isinstance(p, ast.Constant) else getattr(p, "id", "?") for p in pieces)
    if shape != _QUERY_SHAPE:
        raise SourceError(f"{FORMAT} generate_new_query_prompt(): the query is built as {shape}, not as "
                          f"{_QUERY_SHAPE} (intro, task, separator, previous actions, separator, question)")
    if [p.value for p in pieces if isinstance(p, ast.Constant)][1:] != ["\n\n", "\n"]:
        raise SourceError(f"{FORMAT} generate_new_query_prompt(): other separators than the expected ones")
    heading = [n.value.value for n in in_order(fn) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
               and any(isinstance(t, ast.Name) and t.id == "previous_action_text" for t in n.targets)]
    if len(heading) != 1:
        raise SourceError(f"{FORMAT} generate_new_query_prompt(): no previous_action_text heading")
    return {"query_intro": pieces[0].value, "previous_actions": heading[0]}  # type: ignore[attr-defined]


def _option_templates(tree: ast.Module) -> dict[str, str]:
    fn = function(tree, "format_options", FORMAT)
    instruction = [p for p in _pieces(fn, "option_text") if isinstance(p, ast.JoinedStr)]
    last = [p for p in _pieces(fn, "multi_choice") if isinstance(p, ast.JoinedStr) and p.values
            and isinstance(p.values[0], ast.FormattedValue) and isinstance(p.values[0].value, ast.Name)]
    if len(instruction) != 1 or len(last) != 1:
        raise SourceError(f"{FORMAT} format_options(): expected one instruction line and one final option")
    return {"none_instruction": template_of(instruction[0]), "none_option": template_of(last[0])}


def read_seeact(root: Path) -> dict[str, str]:
    """Every SeeAct template, by name, read from the clone at `root` (SourceError when it is not one)."""
    if not root.is_dir():
        raise SourceError(f"{root} is not a folder; give the path of your clone of the SeeAct repository")
    prompts, formats = parse(root, PROMPTS), parse(root, FORMAT)
    templates = {name: escape(text) for name, text in _prompt_templates(prompts).items()}
    templates.update({name: escape(text) for name, text in _query_templates(formats).items()})
    templates.update(_option_templates(formats))   # already templates: `$` escaped, slots named
    return in_declared_order("seeact", root, templates)


def import_seeact(root: Path, out: Path, *, version: str) -> ProtocolPack:
    """Read the SeeAct templates from `root` and write them as a pack into `out` (`pack.import_pack`)."""
    return import_pack("seeact", read_seeact, root, out, version=version)
