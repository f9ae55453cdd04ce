"""How much of WebVoyager's and SeeAct's prompts Anthropic's prompt cache can serve, and what it saves.

Builds the policies' real requests (voyager.messages.build_messages; SeeAct's two calls of a step) for a
task of N steps with a 1024x768 screenshot and a 3,000-character element list per observation, turns them
into Anthropic requests (models.anthropic_provider.to_anthropic_request) and counts, per call, the tokens
up to the previous call's breakpoint (read), from there to the newest breakpoint (written) and after it
(uncached). Text is counted at 4 characters a token, images with `anthropic_image_tokens`; every marked
prefix is assumed long enough to be cached (the minimum is 1024-4096 tokens) and still within its 5
minutes. Priced with claude-sonnet-4's table entry.

    .venv/bin/python benchmarks/prompt_cache_share.py [--steps 10] [--context-images 3]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from webvoyager.models.anthropic_provider import to_anthropic_request
from webvoyager.models.base import Message, TextPart
from webvoyager.models.image_tokens import anthropic_image_tokens
from webvoyager.models.pricing import DEFAULT_PRICES
from webvoyager.voyager.messages import ObservationRecord, Turn, build_messages
from webvoyager.voyager.policy import default_system_prompt

IMAGE = anthropic_image_tokens(1024, 768)


def _tokens(block: dict[str, Any]) -> int:
    if block["type"] == "image":
        return IMAGE
    return len(json.dumps(block.get("text", ""))) // 4


def _blocks(system: str, turns: list[dict[str, Any]]) -> list[tuple[int, bool]]:
    """(tokens, marked) of the system block, then every message block in order."""
    out = [(len(system) // 4, True)]
    for turn in turns:
        out += [(_tokens(b), "cache_control" in b) for b in turn["content"]]
    return out


def _account(calls: list[list[Message]]) -> tuple[int, int, int]:
    """(read, written, uncached) tokens over the calls: a call reads the longest prefix ending at one of its
    breakpoints that an earlier call cached byte for byte, writes up to its last breakpoint, and pays the
    rest in full."""
    read = written = fresh = 0
    cached: set[str] = set()
    for messages in calls:
        system, turns = to_anthropic_request(messages)
        blocks = _blocks(system, turns)
        flat = [system] + [{k: v for k, v in b.items() if k != "cache_control"} for t in turns for b in t["content"]]
        marks = [i + 1 for i, (_, marked) in enumerate(blocks) if marked]
        keys = {end: json.dumps(flat[:end]) for end in marks}
        hit = max((end for end in marks if keys[end] in cached), default=0)
        last = max(marks, default=0)
        read += sum(t for t, _ in blocks[:hit])
        written += sum(t for t, _ in blocks[hit:last])
        fresh += sum(t for t, _ in blocks[max(hit, last):])
        cached.update(keys.values())
    return read, written, fresh


def _cost(read: int, written: int, fresh: int) -> tuple[float, float]:
    price = DEFAULT_PRICES["claude-sonnet-4"]
    total = read + written + fresh
    return price.cost(total, 0, read, written), price.cost(total, 0)


def _record(step: int) -> ObservationRecord:
    text = "\n".join(f'[{i}]: <a> "Result {step}.{i} with a description of some length"' for i in range(60))
    return ObservationRecord(index=step, url=f"http://shop.localhost/page{step}", title=f"Page {step}", text=text,
                             image=b"png", delimit=True)


def webvoyager(steps: int, context_images: int) -> list[list[Message]]:
    system, turns, calls = default_system_prompt(), [], []
    for step in range(1, steps + 1):
        turns.append(Turn(_record(step)))
        calls.append(build_messages(system, "Find the blue kettle's price.", "http://shop.localhost/", turns,
                                    context_images=context_images))
        turns[-1].reply = f"Thought: step {step}.\nAction: Click [{step}]"
    return calls


def seeact(steps: int) -> list[list[Message]]:
    from dataclasses import replace

    from webvoyager.seeact import messages

    calls = []
    for step in range(1, steps + 1):
        generation = replace(messages.generation_message("Find the blue kettle's price.", [f"CLICK {i}" for i in
                                                                                            range(step - 1)],
                                                         b"png", online=True), cache_point=True)
        first = [messages.system_message(online=True), generation]
        calls.append(first)
        calls.append([*first, Message.text("assistant", "I click the kettle."),
                      Message("user", (TextPart("A. <a> Kettle\nB. None of the above"),))])
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--context-images", type=int, default=3)
    args = parser.parse_args()
    for name, calls in (("webvoyager", webvoyager(args.steps, args.context_images)), ("seeact", seeact(args.steps))):
        read, written, fresh = _account(calls)
        cached, plain = _cost(read, written, fresh)
        total = read + written + fresh
        print(f"{name:<10} {len(calls)} calls, {total:,} prompt tokens: {read / total:.0%} read from the cache, "
              f"{written / total:.0%} written, {fresh / total:.0%} uncached; input cost ${cached:.4f} with caching, "
              f"${plain:.4f} without ({1 - cached / plain:.0%} less)")


if __name__ == "__main__":
    main()
