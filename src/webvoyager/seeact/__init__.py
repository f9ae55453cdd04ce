"""SeeAct (Zheng et al., 2024): two-stage generation and grounding policies, ranking, Mind2Web evaluation.

`SeeActPolicy` runs in the shared agent loop (`--policy seeact --grounding choice|som|attributes|coordinates`);
`seeact.mind2web` scores the offline benchmark (`webvoyager mind2web eval`). See README.md in this folder.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SeeActPolicy", "LexicalRanker", "CrossEncoderRanker", "Ranker"]

_WHERE = {"SeeActPolicy": "policy", "LexicalRanker": "ranker",
          "CrossEncoderRanker": "ranker", "Ranker": "ranker"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"webvoyager.seeact.{_WHERE[name]}"), name)
    raise AttributeError(name)
