"""The caps of browser/prompt_limits.py on what one observation shows: each says what it cut.
(The end-to-end floods, through Chromium and the OpenAI SDK, are in tests/agent/test_prompt_floods.py.)"""

from __future__ import annotations

from webvoyager.browser.prompt_limits import (ELEMENT_TEXT_LIMIT, NOTE_LIMIT, NOTES_PER_STEP, cap_element_text,
                                              limit_notes)


def test_more_kinds_of_notes_than_a_step_shows_end_with_how_many_were_left_out() -> None:
    notes = [f"Navigation to host{chr(97 + i)}.example was blocked." for i in range(26)]
    shown = limit_notes(notes)
    assert len(shown) == NOTES_PER_STEP
    assert shown[:-1] == notes[:NOTES_PER_STEP - 1]
    assert shown[-1] == f"{26 - NOTES_PER_STEP + 1} more notes about the page since the last step were left out."


def test_a_long_note_is_cut_and_says_so_but_a_pdf_text_keeps_its_own_cap() -> None:
    long = 'The page showed an alert: "' + "x" * 5000 + '" (closed with OK).'
    pdf = "A PDF was downloaded (a.pdf). Its text:\n" + "y" * 2900
    cut, whole = limit_notes([long, pdf])
    assert cut.startswith(long[:NOTE_LIMIT]) and cut.endswith("more characters of the note were cut]")
    assert len(cut) < NOTE_LIMIT + 60
    assert whole == pdf


def test_repeats_of_a_kind_are_one_note_but_two_of_a_kind_stay_two() -> None:
    alerts = [f'The page showed an alert: "offer {i}" (closed with OK).' for i in range(5)]
    shown = limit_notes(["The page opened an empty new tab; it was closed (one tab only).", *alerts])
    assert shown[1] == f"This happened 5 times since the last step (the first shown): {alerts[0]}"
    assert len(shown) == 2
    assert limit_notes(alerts[:2]) == alerts[:2]


def test_the_element_list_is_cut_after_a_whole_line_with_the_count_of_lines_left_out() -> None:
    lines = [f'[{i}]: <button> "Add item {i} to the cart"' for i in range(20_000)]
    text = cap_element_text("\n".join(lines))
    kept, _, remark = text.rpartition("\n")
    assert len(kept) <= ELEMENT_TEXT_LIMIT and kept.splitlines() == lines[:len(kept.splitlines())]
    assert remark == (f"[{20_000 - len(kept.splitlines())} more lines of the element list were cut; those "
                      "elements still carry their labels on the screenshot]")
    short = "\n".join(lines[:10])
    assert cap_element_text(short) == short
