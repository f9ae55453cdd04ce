"""Reading string templates out of Python source with `ast`, never importing or running it.

`template_of` turns a string expression into a `$name` template: literal text is kept (with `$`
escaped as `$$`), each interpolated or concatenated variable becomes a slot named after it (`x` ->
`${x}`, `obj.attr` -> `${attr}`, `d['key']` -> `${key}`, `str(x)` -> `${x}`), and `.replace(LITERAL, x)`
puts the slot where the literal was.
"""

from __future__ import annotations

import ast
import re
import subprocess
import warnings
from pathlib import Path
from typing import Iterator

from webvoyager.errors import ConfigError

_HASH = re.compile(r"\b[0-9a-f]{40}\b")


def source_commit(root: Path) -> str | None:
    """The commit of `root`: `git rev-parse HEAD` in a git checkout, else the hash on the commit line of a
    SOURCE.md beside the code (a snapshot's note of where it came from), else None."""
    if (root / ".git").exists():
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=False)
        if done.returncode == 0 and _HASH.fullmatch(done.stdout.strip()):
            return done.stdout.strip()
    note = root / "SOURCE.md"
    if note.is_file():
        for line in note.read_text(encoding="utf-8").splitlines():
            found = _HASH.search(line)
            if found and "commit" in line.lower():
                return found.group(0)
    return None


class SourceError(ConfigError):
    """The folder is not the expected repository: a file or a symbol in it is missing or has another shape."""


def parse(root: Path, relative: str) -> ast.Module:
    """The syntax tree of `root/relative` (SourceError when it is missing or not Python)."""
    path = root / relative
    if not path.is_file():
        raise SourceError(f"{root} is not the expected repository: {relative} is missing")
    try:
        with warnings.catch_warnings():   # the original's own invalid escapes are not the user's concern
            warnings.simplefilter("ignore", (DeprecationWarning, SyntaxWarning))
            return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError) as exc:
        raise SourceError(f"{path} cannot be parsed as Python ({exc})") from None


def escape(text: str) -> str:
    return text.replace("$", "$$")


def slot_name(node: ast.expr) -> str:
    """The slot a variable expression fills."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and node.args:
        return slot_name(node.args[0])
    raise SourceError(f"line {node.lineno}: cannot name the value {ast.unparse(node)!r} as a template slot")


def template_of(node: ast.expr) -> str:
    """The `$name` template of a string expression (see the module docstring)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(template_of(v) for v in node.values)
    if isinstance(node, ast.FormattedValue):
        return "${" + slot_name(node.value) + "}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return template_of(node.left) + template_of(node.right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace"
            and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)):
        return template_of(node.func.value).replace(escape(node.args[0].value), "${" + slot_name(node.args[1]) + "}")
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
        return "${" + slot_name(node) + "}"
    raise SourceError(f"line {node.lineno}: {ast.unparse(node)[:80]!r} is not a string template")


def constant(tree: ast.Module, name: str, file: str) -> str:
    """The string constant assigned to `name` at the top of a module."""
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise SourceError(f"{file}: no string constant {name} (is this the expected repository and version?)")


def function(tree: ast.Module, name: str, file: str) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """The top-level function (or coroutine function) `name`."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    raise SourceError(f"{file}: no function {name}() (is this the expected repository and version?)")


def in_order(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under `node`, in source order."""
    return iter(sorted((n for n in ast.walk(node) if hasattr(n, "lineno")),
                       key=lambda n: (n.lineno, n.col_offset)))  # type: ignore[attr-defined]


def assignments(node: ast.AST, target: str) -> list[ast.expr]:
    """The values assigned to the name `target` under `node`, in source order."""
    return [n.value for n in in_order(node) if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == target for t in n.targets)]


def strings_assigned(node: ast.AST, target: str) -> list[str]:
    """The non-empty string constants assigned to `target` under `node`, in source order."""
    return [v.value for v in assignments(node, target) if isinstance(v, ast.Constant)
            and isinstance(v.value, str) and v.value]
