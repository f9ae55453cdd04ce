"""Short HTML-like descriptions of Mind2Web candidates, read from the step's `cleaned_html`.

Every node of Mind2Web's cleaned DOM carries a `backend_node_id`; a candidate is described as its tag,
its telling attribute values and the first words of its text, e.g. `<button submit search> Search`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from webvoyager.seeact.mind2web.data import Candidate

_VOID = {"input", "img", "br", "hr", "meta", "link", "source", "area", "base", "col", "embed", "param", "track", "wbr"}
# Attribute values that tell a person what an element is, in the order they are shown.
_TELLING = ("role", "type", "aria_label", "aria-label", "placeholder", "name", "title", "alt", "value", "input_value")


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    text: list[str] = field(default_factory=list)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: dict[str, _Node] = {}
        self.stack: list[_Node] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs})
        if "backend_node_id" in node.attrs:
            self.nodes[node.attrs["backend_node_id"]] = node
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs})
        if "backend_node_id" in node.attrs:
            self.nodes[node.attrs["backend_node_id"]] = node

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        words = data.split()
        if words:
            for node in self.stack:   # text belongs to every open ancestor
                node.text.extend(words)


def node_texts(cleaned_html: str) -> dict[str, tuple[str, dict[str, str], str]]:
    """backend_node_id -> (tag, attributes, text content) for every node of a cleaned DOM."""
    parser = _Collector()
    parser.feed(cleaned_html)
    parser.close()
    return {k: (n.tag, n.attrs, " ".join(n.text)) for k, n in parser.nodes.items()}


def describe(candidate: Candidate, nodes: dict[str, tuple[str, dict[str, str], str]], *, max_words: int = 16) -> str:
    """`<tag attribute values> text` for a candidate, shortened to about `max_words` words."""
    tag, attrs, text = nodes.get(candidate.backend_node_id, (candidate.tag, {}, ""))
    merged = {**candidate.attributes, **attrs}
    values: list[str] = []
    for key in _TELLING:
        value = merged.get(key, "").strip()
        if value and value not in values and value.lower() not in ("true", "false"):
            values.append(value)
    head = " ".join([tag or candidate.tag or "element", *values]).split()
    words = text.split()
    room = max(max_words - len(head), 4)
    body = " ".join(words[:room]) + (" …" if len(words) > room else "")
    head_text = " ".join(head[:max_words])
    return f"<{head_text}> {body}".rstrip() if body else f"<{head_text} />"


def candidate_text(candidate: Candidate, nodes: dict[str, tuple[str, dict[str, str], str]]) -> str:
    """What a candidate says, for ranking: its telling attribute values and the first words of its text
    (the ranker adds the tag: `Ranker.rank(..., texts=...)`)."""
    _, attrs, text = nodes.get(candidate.backend_node_id, (candidate.tag, {}, ""))
    merged = {**candidate.attributes, **attrs}
    values = [merged.get(k, "") for k in _TELLING]
    # Containers hold the text of the whole page; only their first words say what they are.
    return " ".join(v for v in [*values, *text.split()[:24]] if v).strip()


INTERACTIVE_TAGS = frozenset({"a", "button", "input", "select", "textarea", "option", "label", "summary"})
