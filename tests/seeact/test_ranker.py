"""Candidate rankers: the lexical default and the optional cross-encoder."""

from __future__ import annotations

import builtins

import pytest

from webvoyager.browser.types import Element
from webvoyager.errors import ConfigError
from webvoyager.seeact.ranker import CrossEncoderRanker, LexicalRanker, make_ranker


def _elements() -> list[Element]:
    return [
        Element(label=0, tag="a", text="Home"),
        Element(label=1, tag="input", type="text", placeholder="Destination city"),
        Element(label=2, tag="button", text="Search flights"),
        Element(label=3, tag="a", text="Careers"),
        Element(label=4, tag="select", aria_label="Cabin class", options=("Economy", "Business")),
    ]


def test_lexical_ranker_prefers_elements_sharing_task_words() -> None:
    ranked = LexicalRanker().rank("Search flights to a destination city in business class", [], _elements())
    order = [e.label for e, _ in ranked]
    assert set(order[:3]) == {1, 2, 4}
    assert order[-2:] == [0, 3]                 # no shared words: last, in page order
    scores = dict((e.label, s) for e, s in ranked)
    assert scores[0] == scores[3] == 0.0


def test_previous_actions_count_but_less_than_the_task() -> None:
    elements = [Element(label=0, tag="button", text="Careers"), Element(label=1, tag="button", text="Submit")]
    ranked = LexicalRanker().rank("Open careers", ["[textbox]  Name -> TYPE: Ann", "[button]  Submit -> CLICK"],
                                  elements)
    assert [e.label for e, _ in ranked] == [0, 1]
    assert ranked[1][1] > 0


def test_texts_override_element_text() -> None:
    ranked = LexicalRanker().rank("pasta", [], ["x", "y"], texts=["rice", "pasta dishes"])
    assert ranked[0][0] == "y"


def test_cross_encoder_without_sentence_transformers_is_a_clear_config_error(monkeypatch) -> None:
    real_import = builtins.__import__

    def no_st(name, *args, **kwargs):
        if name.startswith("sentence_transformers"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_st)
    ranker = CrossEncoderRanker("/nonexistent/model")
    with pytest.raises(ConfigError, match="pip install 'webvoyager\\[ranker\\]'"):
        ranker.rank("task", [], _elements())


class FakeCrossEncoder:      # stands in for the third-party model, not our code
    def __init__(self) -> None:
        self.pairs: list[tuple[str, str]] = []

    def predict(self, pairs, batch_size, show_progress_bar):
        self.pairs = list(pairs)
        return [float("flights" in d) for _, d in pairs]


def test_cross_encoder_scores_with_a_loaded_model() -> None:
    ranker = CrossEncoderRanker("local")
    ranker._model = FakeCrossEncoder()
    ranked = ranker.rank("find flights", ["[a]  x -> CLICK"], ["a", "b"], texts=["nothing", "flights here"])
    assert [e for e, _ in ranked] == ["b", "a"]


def test_cross_encoder_input_is_mindacts_candidate_format() -> None:
    """Tag, id and text (`<link id="0">Home</link>`), after the query `task is: ...` / `Previous actions:`
    with the last three actions, as MindAct's ranker was trained (and SeeAct feeds it)."""
    ranker = CrossEncoderRanker("local")
    ranker._model = model = FakeCrossEncoder()
    long = Element(label=5, tag="p", text=" ".join(f"w{i}" for i in range(25)))
    ranker.rank("Search flights", ["a", "b", "c", "d"], [*_elements(), long])
    query = "task is: Search flights\nPrevious actions: b; c; d"
    assert model.pairs == [
        (query, '<link id="0">Home</link>'),
        (query, '<input id="1">placeholder="Destination city"</input>'),
        (query, '<button id="2">Search flights</button>'),
        (query, '<link id="3">Careers</link>'),
        (query, '<select id="4">Selected Options:  - Options: Economy | Business</select>'),
        (query, '<p id="5">' + " ".join(f"w{i}" for i in range(20)) + "...</p>"),
    ]
    ranker.rank("Search flights", [], _elements()[:1])
    assert model.pairs == [("task is: Search flights\nPrevious actions: ", '<link id="0">Home</link>')]


def test_make_ranker_specs() -> None:
    assert isinstance(make_ranker(None), LexicalRanker)
    assert isinstance(make_ranker("cross-encoder:/models/mindact"), CrossEncoderRanker)
    with pytest.raises(ConfigError):
        make_ranker("bm42")
