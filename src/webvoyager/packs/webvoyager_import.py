"""`webvoyager protocol import webvoyager PATH`: the WebVoyager paper's prompts and message templates,
read from the user's clone of the original repository by parsing its source (prompts.py, run.py,
utils.py, evaluation/auto_eval.py) and written into a pack folder (`packs.pack`).
"""

from __future__ import annotations

import ast
from pathlib import Path

from webvoyager.packs.pack import ProtocolPack, import_pack, in_declared_order
from webvoyager.packs.source import (SourceError, assignments, constant, escape, function, in_order, parse, slot_name,
                                     strings_assigned, template_of)

def _text_of(body: list[ast.stmt], file: str, where: str) -> str:
    """The template of the message text a branch of format_msg builds: `init_msg += ...`, a part's
    'text', or a plain-string 'content'."""
    for stmt in body:
        for node in in_order(stmt):
            if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
                return "${" + slot_name(node.target) + "}" + template_of(node.value)  # type: ignore[arg-type]
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value in ("text", "content") \
                            and not isinstance(value, (ast.List, ast.Dict)):
                        return template_of(value)
    raise SourceError(f"{file}: no message text in {where}")


def _turns(tree: ast.Module, name: str) -> tuple[str, str, str]:
    """(first, next, after a PDF) observation templates of run.py's `name` (format_msg or its text-only twin)."""
    fn = function(tree, name, "run.py")
    first_if = next((s for s in fn.body if isinstance(s, ast.If)), None)
    later = next((s for s in first_if.orelse if isinstance(s, ast.If)), None) if first_if else None
    if first_if is None or later is None:
        raise SourceError(f"run.py: {name}() does not branch on the first turn and on a PDF as expected")
    return (_text_of(first_if.body, "run.py", f"{name}(), first turn"),
            _text_of(later.body, "run.py", f"{name}(), later turns"),
            _text_of(later.orelse, "run.py", f"{name}(), after a PDF"))


def _one(values: list[str], what: str) -> str:
    if len(values) != 1:
        raise SourceError(f"{what}: expected one, found {len(values)}")
    return values[0]


def _main_templates(tree: ast.Module) -> dict[str, str]:
    main = function(tree, "main", "run.py")
    intro = assignments(main, "init_msg")
    if not intro or not isinstance(intro[0], ast.JoinedStr):
        raise SourceError("run.py main(): no init_msg f-string (the task intro)")
    task_intro = template_of(intro[0])
    for later in intro[1:]:   # `init_msg = init_msg.replace(PLACEHOLDER_URL, task['web'])`
        if (isinstance(later, ast.Call) and isinstance(later.func, ast.Attribute) and later.func.attr == "replace"
                and len(later.args) == 2 and isinstance(later.args[0], ast.Constant)):
            task_intro = task_intro.replace(escape(later.args[0].value), "${" + slot_name(later.args[1]) + "}")
    obs = strings_assigned(main, "obs_prompt")
    if len(obs) != 2:
        raise SourceError(f"run.py main(): expected two obs_prompt strings (screenshot, text-only), found {len(obs)}")
    format_errors, action_errors = [], []
    for node in in_order(main):
        if isinstance(node, ast.ExceptHandler):
            found = strings_assigned(node, "fail_obs")
            if isinstance(node.type, ast.Name) and node.type.id == "AssertionError":
                format_errors += found
            else:
                action_errors += found
    pdf = [v for v in assignments(main, "pdf_obs") if isinstance(v, ast.BinOp)]
    return {"task_intro": task_intro, "obs_prompt": template_of(ast.Constant(obs[0])),
            "obs_prompt_text_only": template_of(ast.Constant(obs[1])),
            "format_error": template_of(ast.Constant(_one(format_errors, "run.py main(): the format-error turn"))),
            "action_error": template_of(ast.Constant(_one(action_errors, "run.py main(): the action-error turn"))),
            "pdf_note": template_of(_one(pdf, "run.py main(): the PDF observation")),  # type: ignore[arg-type]
            }


def _type_warning(tree: ast.Module) -> str:
    fn = function(tree, "exec_action_type", "run.py")
    found = [v for v in assignments(fn, "warn_obs") if isinstance(v, ast.JoinedStr)]
    return template_of(_one(found, "run.py exec_action_type(): the non-textbox warning"))  # type: ignore[arg-type]


def _clip(tree: ast.Module, name: str) -> tuple[str, str, str]:
    """(split marker, omitted text, omitted text after a PDF) of utils.py's clip function `name`."""
    fn = function(tree, name, "utils.py")
    texts: list[str] = []
    marks: set[str] = set()
    for target in ("msg_no_pdf", "msg_pdf"):
        value = _one(assignments(fn, target), f"utils.py {name}(): {target}")
        if not (isinstance(value, ast.BinOp) and isinstance(value.right, ast.Constant)):
            raise SourceError(f"utils.py {name}(): {target} is not `<kept part> + <omitted text>`")
        texts.append(value.right.value)
        marks |= {n.args[0].value for n in ast.walk(value.left) if isinstance(n, ast.Call)
                  and isinstance(n.func, ast.Attribute) and n.func.attr == "split" and n.args
                  and isinstance(n.args[0], ast.Constant)}
    return _one(sorted(marks), f"utils.py {name}(): the split marker"), texts[0], texts[1]


def _judge(tree: ast.Module) -> dict[str, str]:
    file = "evaluation/auto_eval.py"
    user = constant(tree, "USER_PROMPT", file)
    fn = function(tree, "auto_eval_by_gpt4v", file)
    template = template_of(ast.Constant(user))
    for node in in_order(fn):   # USER_PROMPT.replace('<task>', ...): the slot is the placeholder's name
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace"
                and isinstance(node.func.value, ast.Name) and node.args and isinstance(node.args[0], ast.Constant)):
            token = node.args[0].value
            template = template.replace(token, "${" + token.strip("<>") + "}")
    closing = [v.value for n in in_order(fn) if isinstance(n, ast.Dict) for k, v in zip(n.keys, n.values)
               if isinstance(k, ast.Constant) and k.value == "text" and isinstance(v, ast.Constant)]
    return {"judge_system": template_of(ast.Constant(constant(tree, "SYSTEM_PROMPT", file))),
            "judge_user": template,
            "judge_closing": template_of(ast.Constant(_one(closing, f"{file}: the text after the screenshots")))}


def read_webvoyager(root: Path) -> dict[str, str]:
    """Every WebVoyager template, by name, read from the clone at `root` (SourceError when it is not one)."""
    if not root.is_dir():
        raise SourceError(f"{root} is not a folder; give the path of your clone of the WebVoyager repository")
    prompts, run, utils = parse(root, "prompts.py"), parse(root, "run.py"), parse(root, "utils.py")
    judge = parse(root, "evaluation/auto_eval.py")
    templates = {"system": template_of(ast.Constant(constant(prompts, "SYSTEM_PROMPT", "prompts.py"))),
                 "system_text_only": template_of(ast.Constant(constant(prompts, "SYSTEM_PROMPT_TEXT_ONLY",
                                                                       "prompts.py")))}
    templates.update(_main_templates(run))
    names = ("first_observation", "next_observation", "pdf_observation")
    templates.update(zip(names, _turns(run, "format_msg")))
    templates.update(zip((f"{n}_text_only" for n in names), _turns(run, "format_msg_text_only")))
    templates["type_warning"] = _type_warning(run)
    mark, templates["omitted"], templates["omitted_pdf"] = _clip(utils, "clip_message_and_obs")
    mark_text, templates["omitted_text_only"], templates["omitted_pdf_text_only"] = _clip(
        utils, "clip_message_and_obs_text_only")
    if mark != mark_text:
        raise SourceError("utils.py: the two clip functions split observations at different markers")
    templates["clip_split"] = template_of(ast.Constant(mark))
    templates.update(_judge(judge))
    return in_declared_order("webvoyager", root, templates)


def import_webvoyager(root: Path, out: Path, *, version: str) -> ProtocolPack:
    """Read the WebVoyager templates from `root` and write them as a pack into `out` (`pack.import_pack`)."""
    return import_pack("webvoyager", read_webvoyager, root, out, version=version)
