"""What an external agent prints, read into its result: the JSON object (after log lines), or an error
that says what is wrong with it."""

from __future__ import annotations

import pytest

from webvoyager.bench.external import AgentReply, AgentStep, ExternalAgentError, command_agent, parse_reply
from webvoyager.errors import ConfigError


def test_the_result_is_the_last_json_object_after_log_lines() -> None:
    out = 'loading model...\n{"partial": true\n{"answer": "42 g", "steps": [{"thought": "t", "action": "click"}, "scroll"]}\n'
    assert parse_reply(out) == AgentReply("42 g", (AgentStep("t", "click"), AgentStep("", "scroll")))
    assert parse_reply('{\n  "answer": null\n}') == AgentReply(None, ())   # pretty-printed, gave up
    assert parse_reply('{"answer": 617}').answer == "617"


@pytest.mark.parametrize("out, message", [
    ("", "printed nothing"),
    ("all done!", "holds no JSON object"),
    ('["617"]', "holds no JSON object"),
    ('{"answer": ["a", "b"]}', '"answer" is a list'),
    ('{"answer": "x", "steps": "clicked"}', '"steps" is not a list'),
    ('{"answer": "x", "steps": [3]}', "step 1"),
])
def test_unusable_output_says_what_is_wrong(out: str, message: str) -> None:
    with pytest.raises(ExternalAgentError, match=message):
        parse_reply(out)


def test_an_agent_is_given_as_cmd_and_a_command() -> None:
    assert command_agent('cmd: python my_agent.py --fast').command == "python my_agent.py --fast"
    for bad in ("python my_agent.py", "cmd:", "cmd:   "):
        with pytest.raises(ConfigError, match='cmd:"COMMAND"'):
            command_agent(bad)
