"""Scripted-model specs for tests: replies written to a JSONL file that `scripted:PATH` replays."""

from __future__ import annotations

import json
from pathlib import Path


def scripted_spec(path: Path, replies: list[str]) -> str:
    """Write `replies` (one model reply each) to `path`; the model spec that replays them."""
    path.write_text("\n".join(json.dumps(r) for r in replies) + "\n", encoding="utf-8")
    return f"scripted:{path}"
