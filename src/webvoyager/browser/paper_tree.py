"""The WebVoyager paper's text-only observation: Chrome's accessibility tree with its node ids.

The original (utils_webarena.py, after WebArena) asks CDP for the full accessibility tree, measures each
node's DOM node, drops the nodes mostly outside the viewport (splicing their children into their
parent), prints the rest depth-first as `[node id] role 'name' property: value ...` with one tab per
level (nodes without a name and without properties of a few structural roles are skipped and their
children moved up a level), then drops a StaticText line whose text already appears in one of the three
lines before it. The viewport is window.screen as the original's browser reports it (800x600, see
PAPER_TEXT_ONLY_SCREEN), and the ids are the ones its browser would show (see Numbering: the root web
area is [1] on a fresh page). This module does the same from a Playwright CDP session; actions name the ids,
and act at the centre of the node's box. Only the paper protocol uses it (`som_style="paper"`).
"""

from __future__ import annotations

import asyncio
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from webvoyager.browser.observe import cdp_session
from webvoyager.errors import BrowserError
from webvoyager.protocol import PAPER_TEXT_ONLY_SCREEN, PAPER_TEXT_ONLY_VIEWPORT_RATIO
from webvoyager.text import first_line

Bound = tuple[float, float, float, float]   # x, y, width, height

# Properties the original leaves out of a node's line.
IGNORED_PROPERTIES = frozenset({"focusable", "editable", "readonly", "level", "settable", "multiline", "invalid"})
# Roles whose nodes are skipped when they have neither a name nor properties.
EMPTY_SKIPPED_ROLES = frozenset({"generic", "img", "list", "strong", "paragraph", "banner", "navigation", "Section",
                                 "LabelText", "Legend", "listitem"})
ROOT_BOUND: Bound = (0.0, 0.0, 10.0, 10.0)   # the root web area counts as always in view
STATIC_TEXT = re.compile(r"\[\d+\] StaticText '([^']+)'")
STATIC_LOOKBACK = 3

# The box of a DOM node as the page reports it: a text node's range, an element's bounding rect.
_BOX = """function () {
  if (this.nodeType === 3) { const r = document.createRange(); r.selectNode(this);
    const b = r.getBoundingClientRect().toJSON(); r.detach(); return b; }
  return this.getBoundingClientRect().toJSON();
}"""


@dataclass
class _Node:
    node_id: str
    raw: dict[str, Any]
    parent: str | None
    children: list[str]
    bound: Bound | None = None
    removed: bool = False


@dataclass
class Numbering:
    """The ids the original's lines show. Chrome names an accessibility node after its DOM node's backend
    id, which a renderer hands out from 1 as nodes are first asked about; in the original the document
    comes first and its first DOM snapshot then asks about the rest in document order. Our browser has
    handed out ids of its own before (Playwright's frames, our observation), so the numbers are replayed:
    the first snapshot's nodes are numbered in its document order from 1, later snapshots number only
    nodes never seen before, after those. (A few nodes Chrome names by itself while the page runs, before
    the original's snapshot, are not replayed: the numbers between such a node and its place in the
    document differ by one per node.)"""

    by_backend: dict[int, int] = field(default_factory=dict)

    def assign(self, backend_ids: list[int]) -> None:
        for backend_id in backend_ids:
            if backend_id not in self.by_backend:
                self.by_backend[backend_id] = len(self.by_backend) + 1

    def of(self, raw: dict[str, Any]) -> str:
        """The number of an accessibility node (a node without a DOM node, which the viewport filter
        drops anyway, keeps Chrome's id)."""
        backend_id = raw.get("backendDOMNodeId")
        if backend_id is None:
            return str(raw["nodeId"])
        self.assign([int(backend_id)])
        return str(self.by_backend[int(backend_id)])


_NUMBERINGS: weakref.WeakKeyDictionary[Page, Numbering] = weakref.WeakKeyDictionary()


async def _snapshot_order(cdp: CDPSession) -> list[int]:
    """Backend ids of the page's nodes in the order the original's DOM snapshot visits them."""
    snapshot = await cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": [], "includeDOMRects": True,
                                                              "includePaintOrder": True})
    return [int(b) for document in snapshot.get("documents", []) for b in document["nodes"].get("backendNodeId", [])]


@dataclass(frozen=True)
class TreeNode:
    """A node printed in the tree: its id (what actions name), its line and its box in the viewport."""

    node_id: str
    line: str
    bound: Bound
    role: str = ""
    name: str = ""

    @property
    def center(self) -> tuple[float, float]:
        """Where the original acts on the node: x + w // 2, y + h // 2."""
        x, y, w, h = self.bound
        return (x + w // 2, y + h // 2)


@dataclass
class PaperTree:
    """The printed tree and its nodes by id."""

    text: str
    nodes: dict[str, TreeNode] = field(default_factory=dict)


async def _bound(cdp: CDPSession, backend_id: int) -> Bound | None:
    try:
        resolved = await cdp.send("DOM.resolveNode", {"backendNodeId": backend_id})
        reply = await cdp.send("Runtime.callFunctionOn", {"objectId": resolved["object"]["objectId"],
                                                          "functionDeclaration": _BOX, "returnByValue": True})
        box = reply["result"]["value"]
        return (float(box["x"]), float(box["y"]), float(box["width"]), float(box["height"]))
    except (PlaywrightError, KeyError, TypeError):
        return None


def in_viewport_ratio(bound: Bound, screen: tuple[float, float]) -> float:
    """The original's in-viewport ratio, operator order included: overlap_w * overlap_h / w * h, with
    the viewport taken as (0, 0)..(screen width, screen height)."""
    x, y, w, h = bound
    overlap_w = max(0.0, min(x + w, screen[0]) - max(x, 0.0))
    overlap_h = max(0.0, min(y + h, screen[1]) - max(y, 0.0))
    return overlap_w * overlap_h / w * h


def _splice_out(node: _Node, nodes: dict[str, _Node]) -> None:
    """Remove `node`, putting its children where it stood in its parent's children."""
    node.removed = True
    parent = nodes.get(node.parent or "")
    if parent is None:
        return
    at = parent.children.index(node.node_id) if node.node_id in parent.children else len(parent.children)
    parent.children[at:at + 1] = node.children
    for child_id in node.children:
        if child_id in nodes:
            nodes[child_id].parent = node.parent


def _line(node: _Node) -> tuple[str, bool]:
    """The node's line, and whether the original prints it (raises KeyError for a node without role
    or name value: the original skips those too, keeping their children at its depth)."""
    role = node.raw["role"]["value"]
    name = node.raw["name"]["value"]
    text = f"[{node.node_id}] {role} {name!r}"
    props = []
    for prop in node.raw.get("properties", []):
        try:
            if prop["name"] in IGNORED_PROPERTIES:
                continue
            props.append(f'{prop["name"]}: {prop["value"]["value"]}')
        except (KeyError, TypeError):
            continue
    if props:
        text += " " + " ".join(props)
    shown = True
    if not str(name).strip():
        shown = not ((not props and role in EMPTY_SKIPPED_ROLES) or (props and role == "listitem"))
    return text, shown


def _render(root: str, nodes: dict[str, _Node], tree: PaperTree) -> str:
    def walk(node_id: str, depth: int) -> str:
        node = nodes[node_id]
        out, shown = "", False
        try:
            line, shown = _line(node)
            if shown:
                out = "\t" * depth + line
                tree.nodes[node_id] = TreeNode(node_id, line, node.bound or ROOT_BOUND,
                                               str(node.raw["role"]["value"]), str(node.raw["name"]["value"]))
        except (KeyError, TypeError):
            shown = False
        for child_id in node.children:
            child = nodes.get(child_id)
            if child is None or child.removed:
                continue
            text = walk(child_id, depth + 1 if shown else depth)
            if text.strip():
                if out.strip():
                    out += "\n"
                out += text
        return out

    return walk(root, 0)


def clean_static_text(text: str) -> str:
    """Drop StaticText lines whose text is in one of the 3 kept lines before (or that do not match the
    original's single-quoted pattern, as its cleaner does)."""
    kept: list[str] = []
    for line in text.split("\n"):
        if "statictext" in line.lower():
            match = STATIC_TEXT.search(line)
            if match and all(match.group(1) not in before for before in kept[-STATIC_LOOKBACK:]):
                kept.append(line)
        else:
            kept.append(line)
    return "\n".join(kept)


async def paper_tree(cdp: CDPSession, screen: tuple[float, float],
                     numbering: Numbering | None = None) -> PaperTree:
    """The paper's text-only tree of the page behind `cdp`; `screen` is window.screen's width and height,
    which the original takes as the viewport's size. With `numbering`, nodes are numbered as the
    original's browser numbers them (see Numbering); without, by Chrome's own ids."""
    if numbering is not None:
        numbering.assign(await _snapshot_order(cdp))
    raw_nodes = (await cdp.send("Accessibility.getFullAXTree", {}))["nodes"]
    renamed: dict[str, str] = {}
    if numbering is not None:
        renamed = {str(raw["nodeId"]): numbering.of(raw) for raw in raw_nodes}
    nodes: dict[str, _Node] = {}
    for raw in raw_nodes:   # a few nodes come twice: the first one counts
        node_id = renamed.get(str(raw["nodeId"]), str(raw["nodeId"]))
        if node_id not in nodes:
            parent = raw.get("parentId")
            nodes[node_id] = _Node(node_id, raw, None if parent is None else renamed.get(str(parent), str(parent)),
                                   [renamed.get(str(c), str(c)) for c in raw.get("childIds", [])])
    ordered = list(nodes.values())
    if not ordered:
        return PaperTree(text="")

    async def measure(node: _Node) -> None:
        if "backendDOMNodeId" not in node.raw:
            return
        if node.raw.get("role", {}).get("value") == "RootWebArea":
            node.bound = ROOT_BOUND
        else:
            node.bound = await _bound(cdp, int(node.raw["backendDOMNodeId"]))

    await asyncio.gather(*(measure(n) for n in ordered))
    for node in ordered:
        if node.bound is None or node.bound[2] == 0 or node.bound[3] == 0:
            _splice_out(node, nodes)
        elif in_viewport_ratio(node.bound, screen) < PAPER_TEXT_ONLY_VIEWPORT_RATIO:
            _splice_out(node, nodes)
    root = ordered[0]
    if root.removed:
        return PaperTree(text="")
    tree = PaperTree(text="")
    tree.text = clean_static_text(_render(root.node_id, nodes, tree))
    return tree


async def page_tree(page: Page) -> PaperTree:
    """The paper's text-only tree of `page` (BrowserError when the browser offers no CDP or the tree
    cannot be read)."""
    cdp = await cdp_session(page)
    if cdp is None:
        raise BrowserError("the paper's text-only tree needs Chromium's DevTools protocol, which this "
                           "browser connection does not offer; use a launched Chromium or a CDP endpoint")
    numbering = _NUMBERINGS.setdefault(page, Numbering())
    try:
        return await paper_tree(cdp, PAPER_TEXT_ONLY_SCREEN, numbering)
    except PlaywrightError as exc:
        raise BrowserError(f"could not read the accessibility tree of {page.url}: {first_line(exc)}") from exc
