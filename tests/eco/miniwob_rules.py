"""A test-only rule "model" for a few MiniWoB++ tasks, served through the fake OpenAI server so the real
SDK and the real prompts are used: it reads the task and the element list from the messages the agent
sends (as a model would) and replies with a correct or a deliberately wrong action. It never sees a
reward; the tests assert the reward the page itself gives.
"""

from __future__ import annotations

import re
from typing import Any

TASK = re.compile(r"Now given a task: (.+?)  Please interact with")
LINE = re.compile(r"^\[(\d+)\]: (.+)$", re.M)


def _texts(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(part.get("text", "") for part in content or [] if part.get("type") == "text")


def _find(lines: dict[int, str], pattern: str) -> int | None:
    for label, line in lines.items():
        if re.search(pattern, line):
            return label
    return None


def _reply(thought: str, action: str) -> str:
    return f"Thought: {thought}\nAction: {action}"


def click_button(question: str, lines: dict[int, str], correct: bool) -> str:
    wanted = re.search(r'Click on the "(.+)" button', question).group(1)  # type: ignore[union-attr]
    right = _find(lines, rf'^<button> "{re.escape(wanted)}"$')
    wrong = next((k for k, v in lines.items() if v.startswith("<button>") and k != right), None)
    if correct:
        return _reply(f'The button "{wanted}".', f"Click [{right}]")
    if wrong is None:   # only the right button on the page: do something else
        return _reply("I type instead.", f"Type [{_find(lines, '^<input')}]; [nothing]")
    return _reply("Another button.", f"Click [{wrong}]")


def click_checkboxes(question: str, lines: dict[int, str], correct: bool) -> str:
    body = re.search(r"Select (.*) and click Submit", question).group(1)  # type: ignore[union-attr]
    wanted = set() if body == "nothing" else {w.strip() for w in body.split(",")}
    submit = _find(lines, r'^<button> "Submit"')
    boxes = {k: re.search(r'"", "(.*)" (un)?checked$', v) for k, v in lines.items() if "type=checkbox" in v}
    for label, m in boxes.items():
        name, unchecked = m.group(1), m.group(2) is not None   # type: ignore[union-attr]
        should = (name in wanted) if correct else (name not in wanted)   # wrong: the complement
        if should and unchecked:
            return _reply(f"Tick {name}.", f"Click [{label}]")
    return _reply("All set.", f"Click [{submit}]")


def enter_text(question: str, lines: dict[int, str], correct: bool) -> str:
    wanted = re.search(r'Enter "(.+)" into the text field', question).group(1)  # type: ignore[union-attr]
    text = wanted if correct else wanted[::-1] + "x"
    box, submit = _find(lines, r"^<input type=text>"), _find(lines, r'^<button> "Submit"')
    if f'value="{text}"' not in lines[box]:  # type: ignore[index]
        return _reply("Type it.", f"Type [{box}]; [{text}]")
    return _reply("Submit.", f"Click [{submit}]")


def login_user(question: str, lines: dict[int, str], correct: bool) -> str:
    m = re.search(r'username "(.+)" and the password "(.+)" into', question)
    user, password = m.group(1), m.group(2)  # type: ignore[union-attr]
    if not correct:
        user, password = password, user
    name_box, pass_box = _find(lines, r"^<input type=text>"), _find(lines, r"^<input type=password>")
    if f'value="{user}"' not in lines[name_box]:  # type: ignore[index]
        return _reply("User name.", f"Type [{name_box}]; [{user}]")
    if "value=" not in lines[pass_box]:  # type: ignore[index]
        return _reply("Password.", f"Type [{pass_box}]; [{password}]")
    login = _find(lines, r'^<button> "Login"')
    return _reply("Log in.", f"Click [{login}]")


RULES = {"click-button": click_button, "click-checkboxes": click_checkboxes, "enter-text": enter_text,
         "login-user": login_user}
PREFIXES = {"Click on the": "click-button", "Select ": "click-checkboxes", "Enter \"": "enter-text",
            "Enter the username": "login-user"}


def respond(body: dict[str, Any], *, correct: bool) -> str:
    """The reply to one chat-completions request body (OpenAI format)."""
    messages = body["messages"]
    users = [_texts(m) for m in messages if m["role"] == "user"]
    question = TASK.search(users[0]).group(1)  # type: ignore[union-attr]
    lines = {int(k): v for k, v in LINE.findall(users[-1])}
    task = next(name for prefix, name in sorted(PREFIXES.items(), key=lambda kv: -len(kv[0]))
                if question.startswith(prefix))
    return RULES[task](question, lines, correct)
