"""The comparator of the differential test, on hand-made request bodies (no browser)."""

from __future__ import annotations

import base64
import io

from PIL import Image

from tests.paper.harness import Comparison, KnownDifference, unexplained
from tests.paper.request_diff import ABSENT, FieldDiff, diff, flatten


def _png(width: int, height: int) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def _body(*, temperature: float | None = None, text: str = "Observation: page", size: tuple[int, int] = (1024, 768),
          detail: str | None = None) -> dict[str, object]:
    image: dict[str, str] = {"url": _png(*size)}
    if detail:
        image["detail"] = detail
    body: dict[str, object] = {
        "model": "m", "max_tokens": 1000, "seed": 42,
        "messages": [{"role": "system", "content": "You browse."},
                     {"role": "user", "content": [{"type": "text", "text": text},
                                                  {"type": "image_url", "image_url": image}]}]}
    if temperature is not None:
        body["temperature"] = temperature
    return body


def test_flatten_reads_parameters_roles_texts_and_image_sizes() -> None:
    fields = flatten("a[0]", _body(size=(1024, 625)))
    assert fields["a[0].temperature"] == ABSENT
    assert fields["a[0].seed"] == "42"
    assert fields["a[0].messages"] == "system,user"
    assert fields["a[0].messages[0].parts"] == "str"
    assert fields["a[0].messages[1].parts"] == "text,image_url"
    assert fields["a[0].messages[1].text[0]"] == "Observation: page"
    assert fields["a[0].images"] == "1"
    assert fields["a[0].images[0]"] == f"messages[1].parts[1] PNG 1024x625 detail={ABSENT}"


def test_diff_lists_exactly_the_fields_that_differ_with_both_values() -> None:
    original = [_body(), _body(text="Observation: next")]
    ours = [_body(temperature=1.0), _body(temperature=1.0, text="Observation 2: next", size=(1009, 768),
                                           detail="high")]
    compared, differences = diff("a", original, ours)
    assert compared == len(flatten("a[0]", ours[0])) * 2 + 1
    assert differences == [
        FieldDiff("a[0].temperature", ABSENT, "1"),
        FieldDiff("a[1].temperature", ABSENT, "1"),
        FieldDiff("a[1].messages[1].text[0]", "Observation: next", "Observation 2: next"),
        FieldDiff("a[1].images[0]", f"messages[1].parts[1] PNG 1024x768 detail={ABSENT}",
                  "messages[1].parts[1] PNG 1009x768 detail=high"),
    ]


def test_diff_counts_a_missing_request_and_takes_zero_and_zero_point_zero_as_equal() -> None:
    _, differences = diff("j", [_body(temperature=0)], [_body(temperature=0.0), _body()])
    fields = [d.field for d in differences]
    assert "j[0].temperature" not in fields
    assert fields[0] == "j.requests" and differences[0].original == "1" and differences[0].ours == "2"
    assert all(d.original == ABSENT for d in differences[1:]) and "j[1].model" in fields


def test_a_new_difference_and_a_fixed_known_one_both_count() -> None:
    comparison = Comparison("s/agent", 10, [FieldDiff("s/agent[0].seed", "42", ABSENT)])
    known = [KnownDifference("s/agent[0].temperature", "ours sends it"),
             KnownDifference("other/agent[0].temperature", "another scenario, not run here")]
    new, fixed = unexplained([comparison], known)
    assert [d.field for d in new] == ["s/agent[0].seed"]
    assert fixed == ["s/agent[0].temperature"]


def test_a_long_text_difference_is_shown_around_its_first_differing_character() -> None:
    text = "x" * 500
    shown = FieldDiff("f", text + "original tail", text + "our tail").describe()
    assert "xoriginal tail' (513 chars)" in shown and "xour tail' (508 chars)" in shown
    assert "x" * 100 not in shown
