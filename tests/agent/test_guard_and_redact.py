"""Loop guard decisions and secret redaction (strings, nested data, screenshots)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from webvoyager.agent.loop_guard import LoopGuard
from webvoyager.agent.redact import REDACTED, Redactor


def test_repeat_on_unchanged_page_warns_then_stops() -> None:
    guard = LoopGuard(stuck_after=3)
    assert guard.check("fp1", "Click [3]").verdict == "ok"
    second = guard.check("fp1", "Click [3]")
    assert second.verdict == "warn" and second.note and "Click [3]" in second.note
    assert guard.check("fp1", "Click [3]").verdict == "stuck"
    assert guard.warnings == 1


def test_page_change_or_other_action_resets_the_streak() -> None:
    guard = LoopGuard(stuck_after=3)
    guard.check("fp1", "Click [3]")
    assert guard.check("fp2", "Click [3]").verdict == "ok"   # the page changed
    assert guard.check("fp2", "Click [4]").verdict == "ok"   # a different action
    assert guard.check("fp2", "Click [4]").verdict == "warn"
    assert guard.check("fp2", "Scroll [WINDOW]; [down]").verdict == "ok"
    assert guard.warnings == 1


def test_oscillation_between_two_views_is_caught() -> None:
    guard = LoopGuard(stuck_after=3)
    verdicts = [guard.check(fp, action).verdict for fp, action in [
        ("top", "Scroll [WINDOW]; [down]"), ("bottom", "Scroll [WINDOW]; [up]"),
        ("top", "Scroll [WINDOW]; [down]"), ("bottom", "Scroll [WINDOW]; [up]"),
        ("top", "Scroll [WINDOW]; [down]")]]
    assert verdicts == ["ok", "ok", "warn", "warn", "stuck"]
    assert guard.warnings == 2


def test_wait_counts_by_the_time_waited_not_by_repeats() -> None:
    guard = LoopGuard(stuck_after=3, wait_stuck_s=15.0)
    verdicts = []
    for _ in range(4):
        verdicts.append(guard.check("fp", "Wait", wait=True))
        guard.waited("fp", 5.0)        # each Wait really waited 5 s and nothing changed
    assert [v.verdict for v in verdicts] == ["ok", "warn", "warn", "stuck"]   # stuck at 15 s, not at 3 repeats
    assert "waited 10 s" in (verdicts[2].note or "") and "15 s" in (verdicts[3].reason or "")
    assert guard.check("other page", "Wait", wait=True).verdict == "ok"        # time is counted per page


def test_short_waits_never_add_up_to_stuck_quickly() -> None:
    guard = LoopGuard(stuck_after=3, wait_stuck_s=15.0)
    for _ in range(10):
        assert guard.check("fp", "Wait", wait=True).verdict != "stuck"
        guard.waited("fp", 0.3)


def test_stuck_after_must_leave_room_for_a_warning() -> None:
    with pytest.raises(ValueError):
        LoopGuard(stuck_after=1)


def test_redactor_takes_env_secrets_by_name_and_ignores_short_flags() -> None:
    env = {"OPENAI_API_KEY": "sk-test-1234567890", "GH_TOKEN": "ghp_abcdefghij", "SOME_PASSWORD": "hunter2hunter2",
           "HF_HUB_DISABLE_TOKEN": "1", "PATH": "/usr/bin:/bin"}
    red = Redactor.from_env(["my-extra-secret"], environ=env)
    text = "key sk-test-1234567890, token ghp_abcdefghij, pw hunter2hunter2, extra my-extra-secret, 1 /usr/bin"
    assert red.text(text) == f"key {REDACTED}, token {REDACTED}, pw {REDACTED}, extra {REDACTED}, 1 /usr/bin"


def test_redactor_walks_nested_data() -> None:
    red = Redactor(["s3cret-value"])
    data = {"a": ["x s3cret-value y", {"s3cret-value": ("s3cret-value",)}], "n": 3}
    assert red.data(data) == {"a": [f"x {REDACTED} y", {REDACTED: [REDACTED]}], "n": 3}


def test_redactor_blacks_out_boxes_in_png() -> None:
    image = Image.new("RGB", (40, 20), "white")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    out = Image.open(io.BytesIO(Redactor(["xyz"]).png(buf.getvalue(), [(10, 5, 10, 5)]))).convert("RGB")
    assert out.getpixel((15, 7)) == (0, 0, 0)
    assert out.getpixel((2, 2)) == (255, 255, 255)


def test_log_filter_redacts_messages_and_exception_text(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from webvoyager.agent.redact import RedactingFilter

    logger = logging.getLogger("webvoyager.test_redact")
    handler = logging.StreamHandler(io.StringIO())  # (NullHandler skips filters)
    handler.addFilter(RedactingFilter(Redactor(["tok-abcdefghijk"])))
    logger.addHandler(handler)  # runs before the capture handler up the tree, so the record is cleaned
    try:
        with caplog.at_level(logging.WARNING):
            logger.warning("retrying with %s", "tok-abcdefghijk")
            try:
                raise ValueError("bad tok-abcdefghijk")
            except ValueError:
                logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    assert "tok-abcdefghijk" not in caplog.text
    assert "retrying with [REDACTED]" in caplog.text and "ValueError: bad [REDACTED]" in caplog.text


def test_fill_placeholders_only_in_typed_text_and_options() -> None:
    from webvoyager.agent.redact import fill_placeholders
    from webvoyager.browser.types import Answer, Select, Type

    values = {"PW": "p@ss"}
    assert fill_placeholders(Type(1, "user {{PW}} {{ PW }}"), values) == Type(1, "user p@ss p@ss")
    assert fill_placeholders(Type(1, "{{OTHER}}"), values) == Type(1, "{{OTHER}}")  # unknown: left as written
    assert fill_placeholders(Select(2, "{{PW}}"), values) == Select(2, "p@ss")
    # a computer-use model types by keyboard, with no label: its placeholder is filled the same way
    from webvoyager.browser.action_set import TypeText
    assert fill_placeholders(TypeText("{{PW}}", press_enter=True), values) == TypeText("p@ss", press_enter=True)
    assert fill_placeholders(Answer("{{PW}}"), values) == Answer("{{PW}}")  # never into the answer
