"""Candidate ranking for SeeAct's textual-choice grounding.

A `Ranker` scores a page's elements against the task and the previous actions; the policy keeps the
top 50. `LexicalRanker` (default) needs no model weights: BM25 over the elements' visible text and
telling attributes. `CrossEncoderRanker` runs a sentence-transformers cross-encoder such as MindAct's
DeBERTa ranker, from a local path or a hub name, for users who have it (`pip install 'webvoyager[ranker]'`);
it is given its input in MindAct's candidate format (`mindact_query`, `mindact_candidate`), the one that
model was trained on. BM25 ranks differently from MindAct's model: without its released ranks, top-50
recall, and so every Mind2Web metric, differ from the paper's.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any, Protocol, Sequence, TypeVar

from webvoyager.errors import ConfigError

E = TypeVar("E")

_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "with", "is", "at", "by", "from", "as",
         "it", "be", "that", "this", "i", "my", "me", "find", "what", "which", "how", "are"}


def tokens(text: str) -> list[str]:
    """Lower-case word tokens without stop words."""
    return [t for t in _WORD.findall(text.lower()) if t not in _STOP]


def element_text(element: Any) -> str:
    """The text a ranker reads for a browser `Element` (text, labels, placeholder, value, options)."""
    parts = [getattr(element, name, "") or "" for name in ("tag", "role", "type", "text", "aria_label",
                                                           "placeholder", "value", "selected")]
    parts.extend(getattr(element, "options", ()) or ())
    return " ".join(str(p) for p in parts if p)


def mindact_query(task: str, previous_actions: Sequence[str]) -> str:
    """MindAct's ranking query: the task, then the three most recent previous actions."""
    return f"task is: {task}\nPrevious actions: {'; '.join(previous_actions[-3:])}"


def mindact_description(element: Any) -> str:
    """What a browser `Element` says, as SeeAct describes candidates for the ranker: a drop-down's
    options, a field's value, then its text, else its aria-label and placeholder."""
    if getattr(element, "tag", "") == "select":
        return f"Selected Options: {element.selected} - Options: {' | '.join(element.options)}"
    value = getattr(element, "value", "")
    prefix = f'input value="{value}" ' if value and getattr(element, "tag", "") in ("input", "textarea") else ""
    text = getattr(element, "text", "")
    if text:
        return prefix + text
    named = [f'{key}="{val}"' for key, val in (("aria-label", getattr(element, "aria_label", "")),
                                               ("placeholder", getattr(element, "placeholder", ""))) if val]
    return (prefix + " ".join(named)).strip()


def mindact_candidate(index: int, tag: str, description: str, *, max_words: int = 20) -> str:
    """One candidate in MindAct's format, tag, id and text: `<button id="3">Search</button>`; links are
    `link`, and a description of `max_words` words or more is cut to that many with "..."."""
    name = "link" if tag == "a" else (tag or "element")
    words = description.split()
    body = description if len(words) < max_words else " ".join(words[:max_words]) + "..."
    return f'<{name} id="{index}">{body}</{name}>'


def _check_lengths(texts: Sequence[str] | None, elements: Sequence[Any]) -> None:
    if texts is not None and len(texts) != len(elements):
        raise ValueError("texts and elements must have the same length")


class Ranker(Protocol):
    """Scores elements for a task; higher is more likely the next target."""

    def rank(self, task: str, previous_actions: Sequence[str], elements: Sequence[E], *,
             texts: Sequence[str] | None = None) -> list[tuple[E, float]]:
        """Elements paired with scores, best first. `texts` gives what each element says (its text, else
        its telling attributes; the tag is read from the element's `tag`), for elements that are not
        browser `Element`s (Mind2Web candidates)."""
        ...


class LexicalRanker:
    """BM25 between the task (and, weighted lower, the previous actions) and each element's text."""

    def __init__(self, *, k1: float = 1.2, b: float = 0.75, history_weight: float = 0.5) -> None:
        self.k1, self.b, self.history_weight = k1, b, history_weight

    def rank(self, task: str, previous_actions: Sequence[str], elements: Sequence[E], *,
             texts: Sequence[str] | None = None) -> list[tuple[E, float]]:
        _check_lengths(texts, elements)
        if texts is not None:
            docs = [tokens(f"{getattr(e, 'tag', '')} {t}") for e, t in zip(elements, texts)]
        else:
            docs = [tokens(element_text(e)) for e in elements]
        query: Counter[str] = Counter()
        for t in tokens(task):
            query[t] += 1.0
        for line in previous_actions[-3:]:
            for t in tokens(line):
                query[t] += self.history_weight
        n = len(docs) or 1
        avg_len = sum(len(d) for d in docs) / n or 1.0
        df: Counter[str] = Counter()
        for d in docs:
            df.update(set(d))
        scores = []
        for doc in docs:
            tf = Counter(doc)
            score = 0.0
            for term, weight in query.items():
                if term not in tf:
                    continue
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                norm = tf[term] * (self.k1 + 1) / (tf[term] + self.k1 * (1 - self.b + self.b * len(doc) / avg_len))
                score += weight * idf * norm
            scores.append(score)
        order = sorted(range(len(elements)), key=lambda i: -scores[i])   # stable: page order breaks ties
        return [(elements[i], scores[i]) for i in order]


class CrossEncoderRanker:
    """A sentence-transformers cross-encoder (e.g. MindAct's DeBERTa candidate ranker).

    The model is loaded on first use from `model_name_or_path` (a local folder, or a hub name that
    sentence-transformers downloads once into its cache).
    """

    def __init__(self, model_name_or_path: str, *, batch_size: int = 32, device: str | None = None) -> None:
        self.model_name_or_path = model_name_or_path
        self.batch_size, self.device = batch_size, device
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            try:
                from sentence_transformers import CrossEncoder
            except ImportError:
                raise ConfigError("the cross-encoder ranker needs sentence-transformers: "
                                  "pip install 'webvoyager[ranker]' (or use the default lexical ranker)") from None
            try:
                self._model = CrossEncoder(self.model_name_or_path, device=self.device)
            except Exception as exc:  # the library raises many kinds (OSError, HTTP errors, ValueError)
                raise ConfigError(f"cannot load cross-encoder {self.model_name_or_path!r}: {exc}; pass a local "
                                  "folder or a hub name of a sentence-transformers cross-encoder") from None
        return self._model

    def rank(self, task: str, previous_actions: Sequence[str], elements: Sequence[E], *,
             texts: Sequence[str] | None = None) -> list[tuple[E, float]]:
        if not elements:
            return []
        model = self._load()
        query = mindact_query(task, previous_actions)
        _check_lengths(texts, elements)
        said = list(texts) if texts is not None else [mindact_description(e) for e in elements]
        docs = [mindact_candidate(i, str(getattr(e, "tag", "")), d) for i, (e, d) in enumerate(zip(elements, said))]
        raw = model.predict([(query, d) for d in docs], batch_size=self.batch_size, show_progress_bar=False)
        scores = [float(s if not hasattr(s, "__len__") else s[-1]) for s in raw]
        order = sorted(range(len(elements)), key=lambda i: -scores[i])
        return [(elements[i], scores[i]) for i in order]


def make_ranker(spec: str | None) -> Ranker:
    """`None`/'lexical' -> LexicalRanker; 'cross-encoder:PATH_OR_NAME' -> CrossEncoderRanker."""
    if not spec or spec == "lexical":
        return LexicalRanker()
    if spec.startswith("cross-encoder:"):
        return CrossEncoderRanker(spec.split(":", 1)[1])
    raise ConfigError(f"unknown ranker {spec!r}; use 'lexical' or 'cross-encoder:PATH_OR_HUB_NAME'")
