"""The architecture holds: every import points down the layer order written in docs/DESIGN.md, and no
two modules import each other (directly or round a loop).

Every `import` counts, including imports inside functions and under `if TYPE_CHECKING:` (a type is a
dependency too). A module may import its own package and any package of a lower layer; packages on the
same layer stay out of each other's way.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DESIGN = ROOT / "docs" / "DESIGN.md"


def layer_order() -> list[list[str]]:
    """The layers, top first, from the ```layers block of DESIGN.md (one layer a line, names before '#')."""
    text = DESIGN.read_text(encoding="utf-8")
    block = re.search(r"```layers\n(.*?)```", text, re.DOTALL)
    assert block, "docs/DESIGN.md must hold the layer order in a ```layers block"
    layers = []
    for line in block.group(1).splitlines():
        names = line.split("#", 1)[0].split()
        if names:
            layers.append([n.rstrip("/").removesuffix(".py") for n in names])
    return layers


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    found = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `name` imports (a `from pkg import submodule` names the submodule only)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            submodules = {f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in known}
            out.update(submodules)
            if len(submodules) < len(node.names):
                out.add(module)
    return {m for m in out if m in known and m != name}


def unit(module: str) -> str:
    """The layer unit of a module: its sub-package or top-level module ('webvoyager' for the facade)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "webvoyager"


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def test_every_unit_has_a_layer() -> None:
    placed = {u for layer in layer_order() for u in layer}
    missing = sorted({unit(m) for m in modules()} - placed)
    assert not missing, f"add these packages/modules to the ```layers block of docs/DESIGN.md: {missing}"


def test_imports_point_down_the_layers() -> None:
    rank = {u: i for i, layer in enumerate(reversed(layer_order())) for u in layer}
    wrong = []
    for module, targets in graph().items():
        for target in targets:
            a, b = unit(module), unit(target)
            if a != b and rank[b] >= rank[a]:
                wrong.append(f"{module} imports {target} ({b} is not below {a})")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    assert not cycles, f"modules that import each other: {cycles}"


def test_the_checker_sees_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    """The checks above can fail: fed a module graph with an upward edge and a loop, they find both."""
    edges = defaultdict(set, {"webvoyager.browser.x": {"webvoyager.agent.loop"},
                              "webvoyager.agent.loop": {"webvoyager.browser.x"}})
    rank = {u: i for i, layer in enumerate(reversed(layer_order())) for u in layer}
    up = [(m, t) for m, ts in edges.items() for t in ts if rank[unit(t)] >= rank[unit(m)] and unit(m) != unit(t)]
    assert up == [("webvoyager.browser.x", "webvoyager.agent.loop")]
    path = tmp_path / "m.py"
    path.write_text("from webvoyager.agent import loop\nimport webvoyager.browser.types\n", encoding="utf-8")
    known = {"webvoyager.agent": path, "webvoyager.agent.loop": path, "webvoyager.browser.types": path,
             "webvoyager.x.m": path}
    assert imported("webvoyager.x.m", path, known) == {"webvoyager.agent.loop", "webvoyager.browser.types"}
