"""The stand-ins' reading of a screenshot (Tesseract OCR) and of the notes shown beside it."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from webvoyager.standins.elements import parse_element_line
from webvoyager.standins.ocr import lines_below, read_words, text_after
from webvoyager.standins.reading import PageView, read_value
from webvoyager.tasks import ReadSpec, Task

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
needs_ocr = pytest.mark.skipif(shutil.which("tesseract") is None or not FONT.exists(),
                               reason="needs tesseract and the DejaVu font")
TASK = Task(id="t", question="q", start_url="http://x/")


def _screen(rows: list[tuple[int, int, str]]) -> bytes:
    """A white 1024x400 screenshot with each (x, y, text) written in 16 px black."""
    image = Image.new("RGB", (1024, 400), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), 16)
    for x, y, text in rows:
        draw.text((x, y), text, fill="black", font=font)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@needs_ocr
def test_a_label_in_its_own_case_is_read_before_the_same_word_in_another_case() -> None:
    # The menu's "Flights" comes first in reading order; the results' "14 flights" is the label meant.
    png = _screen([(30, 20, "Flights"), (140, 20, "Airports"), (260, 20, "Deals"),
                   (30, 120, "Showing 14 of 14 flights"), (170, 160, "Tern Air"), (400, 160, "$100")])
    spec = ReadSpec.model_validate({"from": "screen", "after": "flights",
                                    "pattern": "([A-Z][a-z]+(?: [A-Z][a-z]+)*)"})
    assert read_value(spec, PageView(image=png), TASK) == "Tern Air"
    assert "Airports Deals" in text_after(read_words(png), "flights")   # still a candidate, read later


@needs_ocr
def test_lines_below_a_header_are_the_rows_across_the_page() -> None:
    png = _screen([(30, 20, "Player"), (300, 20, "Team"), (600, 20, "FT%"),
                   (30, 60, "Dmitri Teodor"), (300, 60, "NWK"), (600, 60, "98.1"),
                   (30, 100, "Enzo Yelchin"), (300, 100, "GRC"), (600, 100, "95.2"),
                   (30, 140, "Dante Hargreaves"), (300, 140, "BAY"), (600, 140, "84.6")])
    assert lines_below(read_words(png), "FT%", 2) == ["Dmitri Teodor NWK 98.1", "Enzo Yelchin GRC 95.2"]   # nothing after it
    assert lines_below(read_words(png), "Stores", 2) == []


def test_a_screen_value_is_read_from_the_notes_when_the_screenshot_does_not_show_it() -> None:
    # A PDF not drawn yet on the screenshot: its text is in the notes shown with it.
    note = ("A PDF was downloaded (2601.01162.pdf). Its text:\nTable 1: Setup\nDataset size 310,002 examples\n"
            "Training 100 epochs on 4 NVIDIA A100 GPUs")
    spec = ReadSpec.model_validate({"from": "screen", "after": "Dataset size", "pattern": "^([\\d,]+) examples"})
    assert read_value(spec, PageView(notes=(note,)), TASK) == "310,002"
    with pytest.raises(Exception, match="no screenshot"):
        read_value(spec, PageView(), TASK)


@needs_ocr
def test_a_row_label_at_the_start_of_its_line_names_the_rest_of_that_line_first() -> None:
    # A leaders table: each row is headed by its label, the players standing to its right.
    png = _screen([(30, 20, "Points"), (300, 20, "Zane Zarate 24"), (600, 20, "Enzo Ekwueme 18"),
                   (30, 60, "Rebounds"), (300, 60, "Bruno Pellegrini 11"), (600, 60, "Umar Zielinski 9")])
    assert lines_below(read_words(png), "Points", 1) == ["Zane Zarate 24 Enzo Ekwueme 18",
                                                         "Rebounds Bruno Pellegrini 11 Umar Zielinski 9"]


# A standings table: the header, then rows of rank, team, W, L, PCT, GB and a home record.
STANDINGS = [(30, 20, "Team"), (262, 20, "W"), (308, 20, "L"), (340, 20, "PCT"), (400, 20, "GB"),
             (36, 60, "1"), (58, 60, "Bayview Breakers"), (262, 60, "25"), (308, 60, "9"), (340, 60, ".735"),
             (410, 60, "-"), (470, 60, "12-3"),
             (36, 100, "2"), (58, 100, "Redrock Coyotes"), (262, 100, "23"), (304, 100, "11"), (340, 100, ".676"),
             (404, 100, "2.0"), (470, 100, "12-6")]
LOSSES = r"^\d+\s+\D+?\s+\d+\s+(\d+)\s+\.\d{3}\b"   # the first row's L, in front of its PCT


@needs_ocr
def test_a_table_row_whose_figures_the_words_lose_is_read_again_as_one_line() -> None:
    # Sparse-text OCR drops the point of ".735" between the row's wide gaps, so the row's words do not
    # show W, L and PCT; read again as one line, the row does.
    png = _screen(STANDINGS)
    assert not any(re.search(LOSSES, text) for text in text_after(read_words(png), "Team"))
    spec = ReadSpec.model_validate({"from": "screen", "after": "Team", "pattern": LOSSES})
    assert read_value(spec, PageView(image=png), TASK) == "9"


@needs_ocr
def test_an_element_read_with_a_screen_alternative_reads_the_screen_when_the_list_is_partial() -> None:
    # The ranker kept the L10 header and some cells, not the first row's L ("9"): counted among the
    # options, the second cell after the header is another row's.
    spec = ReadSpec.model_validate({"from": "element", "target": {"tag": "td", "nth": 1, "after": {"text": "L10"}},
                                    "screen": {"from": "screen", "after": "Team", "pattern": LOSSES}})
    kept = [parse_element_line(line) for line in ('[0]: <button> "L10"', '[1]: <td> "25"', '[2]: <td> "9-1"')]
    png = _screen(STANDINGS)
    assert read_value(spec, PageView(elements=kept, image=png, partial_elements=True), TASK) == "9"
    assert read_value(spec, PageView(elements=kept, image=png), TASK) == "9-1"   # a full list is counted in


@needs_ocr
def test_a_title_or_element_read_with_a_screen_alternative_reads_the_screen_for_a_pixels_only_view() -> None:
    # A computer-use model sees neither the title nor an element list: where the screenshot shows the
    # value is said by `screen`, read there instead of the page's headings or the words around a target.
    png = _screen(STANDINGS)
    screen = {"from": "screen", "after": "Team", "pattern": LOSSES}
    title = ReadSpec.model_validate({"from": "title", "pattern": r"^(\w+)", "screen": screen})
    assert read_value(title, PageView(title="Standings", image=png, pixels_only=True), TASK) == "9"
    assert read_value(title, PageView(title="Standings", image=png), TASK) == "Standings"
    # SeeAct is shown the title: its partial element list does not send a title read to the screen.
    assert read_value(title, PageView(title="Standings", image=png, partial_elements=True), TASK) == "Standings"
    cell = ReadSpec.model_validate({"from": "element", "target": {"tag": "td", "nth": 1, "after": {"text": "L10"}},
                                    "screen": screen})
    assert read_value(cell, PageView(image=png, pixels_only=True), TASK) == "9"


def test_headings_are_the_three_largest_phrases_with_their_wrapped_lines() -> None:
    """The title read on a screenshot tries the largest phrases first: a logo set larger than the heading
    comes first but the heading is among the candidates, with the line it wraps onto; body text is not."""
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import headings

    words = (Word("Quarry", 20, 10, 160, 44),                                        # the logo, largest
             Word("Annual", 20, 90, 120, 30), Word("report", 150, 90, 110, 30),      # the heading ...
             Word("2026", 20, 126, 80, 30),                                          # ... wrapped
             Word("Contents", 20, 190, 100, 22),
             Word("Revenue", 20, 240, 70, 14), Word("grew", 96, 240, 40, 14),        # body text
             Word("+", 400, 10, 30, 50))                                             # a mark, no letters
    assert headings(words) == ["Quarry", "Annual report 2026", "Contents"]
    assert headings(()) == []
    # A wrapped line whose first word has no ascender or descender ("reach") is the heading's all the same.
    wrapped = (Word("Waiting", 20, 90, 120, 33), Word("lists", 150, 90, 70, 30),
               Word("reach", 20, 130, 90, 24), Word("a", 116, 130, 18, 24), Word("peak", 140, 130, 80, 31))
    assert headings(wrapped)[0] == "Waiting lists reach a peak"


def test_without_the_text_detector_the_pixel_reader_says_what_to_install(monkeypatch) -> None:
    import sys

    from webvoyager.errors import ModelError
    from webvoyager.standins import text_lines

    text_lines._detector.cache_clear()
    text_lines.line_boxes.cache_clear()
    for name in ["rapidocr_onnxruntime", *(n for n in sys.modules if n.startswith("rapidocr_onnxruntime."))]:
        monkeypatch.setitem(sys.modules, name, None)   # as if never installed, loaded before or not
    try:
        with pytest.raises(ModelError, match=re.escape("pip install 'webvoyager[pixels]'")):
            text_lines.line_boxes(_screen([(30, 40, "Anything")]))
    finally:
        text_lines._detector.cache_clear()


def test_a_target_after_an_anchor_standing_twice_counts_from_the_first_not_the_anchor() -> None:
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    words = (Word("Search", 20, 10, 60, 14),                                   # a heading ...
             Word("Drevmoor", 20, 40, 80, 14), Word("Search", 20, 70, 60, 14),  # ... a button
             Word("Harbour", 20, 100, 70, 14))
    found = locate(words, ElementRef(after=ElementRef(text="Search")))
    assert found.target is not None and found.target.text == "Drevmoor"
    assert locate(words, ElementRef(after=ElementRef(text="Search"), nth=1)).target.text == "Search"
    assert locate(words, ElementRef(after=ElementRef(text="Nowhere"))).target is None


def test_a_date_is_typed_in_the_order_its_field_shows_and_squares_are_read_as_squares() -> None:
    from webvoyager.standins.ocr import Word, _squared
    from webvoyager.standins.pixel_reference import _date_as_shown
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    words = (Word("Published", 20, 10, 80, 14), Word("from", 104, 10, 40, 14),
             Word("mm/dd/yyyy", 20, 40, 100, 14), Word("Search", 400, 10, 60, 14))
    label = locate(words, ElementRef(text="Published from")).target
    assert label is not None
    assert _date_as_shown("2026-04-08", words, label) == "04082026"
    european = tuple(Word("dd/mm/yyyy", w.left, w.top, w.width, w.height) if "yyyy" in w.text else w for w in words)
    assert _date_as_shown("2026-04-08", european, label) == "08042026"
    search = locate(words, ElementRef(text="Search")).target
    assert search is not None and _date_as_shown("2026-04-08", words, search) == "2026-04-08"   # not a date field
    assert _date_as_shown("vaccine", words, label) == "vaccine"
    assert [_squared(Word(t, 0, 0, 9, 9)).text for t in ("km?", "mi2", "m?).", "M2", "what?")] == \
        ["km²", "mi²", "m²).", "M2", "what?"]


def test_phrases_after_an_anchor_are_counted_in_its_column_not_across_a_sidebar() -> None:
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    words = (Word("Filters", 20, 60, 60, 14), Word("Showing", 300, 60, 70, 14), Word("12", 376, 60, 20, 14),
             Word("Sort", 700, 60, 40, 14), Word("by", 746, 60, 20, 14),
             Word("Vegetarian", 20, 100, 90, 14), Word("Tofu", 300, 104, 40, 14), Word("Bowl", 346, 104, 40, 14),
             Word("Vegan", 20, 140, 60, 14), Word("Fast", 300, 144, 40, 14), Word("noodles", 346, 144, 70, 14),
             Word("Page", 20, 400, 40, 14), Word("footer", 300, 400, 60, 14))
    after = ElementRef(after=ElementRef(text="Sort by"))
    assert locate(words, after).target.text == "Tofu Bowl"    # not the sidebar's "Vegetarian" before it
    assert locate(words, after.model_copy(update={"nth": 1})).target.text == "Fast noodles"
    # A target named by its words is found wherever it stands after the anchor.
    assert locate(words, ElementRef(text="Vegan", after=ElementRef(text="Sort by"))).target.text == "Vegan"

    # The anchor's line has nothing left of it (the sidebar starts lower): the gutter between the screen's
    # edge and the anchor still closes the column on the left.
    alone = tuple(w for w in words if w.text not in ("Filters", "Sort", "by"))
    after = ElementRef(after=ElementRef(text="Showing 12"))
    assert locate(alone, after).target.text == "Tofu Bowl"
    # A right column's phrase starting right at the right gutter is not in the anchor's column.
    beside = (*alone, Word("Map", 700, 104, 40, 14), Word("Legend", 700, 144, 60, 14))
    assert locate(beside, after.model_copy(update={"nth": 1})).target.text == "Fast noodles"
    # Under a gap of the anchor's line stand a sidebar's gutter and a card's inner one (its price column):
    # the outermost counts, so what follows a card's button is the next card's name.
    cards = (Word("Good", 20, 100, 40, 14), Word("Meridian", 300, 60, 80, 14), Word("8.0", 700, 60, 30, 14),
             Word("See", 700, 100, 30, 14), Word("availability", 736, 100, 90, 14),
             Word("Ember", 300, 140, 60, 14), Word("8.4", 700, 140, 30, 14),
             Word("Price", 20, 180, 40, 14), Word("Rome", 300, 180, 50, 14), Word("US$147", 700, 180, 60, 14))
    assert locate(cards, ElementRef(after=ElementRef(text="See availability"))).target.text == "Ember"


def test_a_label_wraps_onto_its_next_line_across_a_line_of_another_column() -> None:
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    words = (Word("Search", 842, 273, 60, 18),                              # a button's first line
             Word("Add", 689, 290, 28, 12), Word("date", 723, 290, 32, 12),  # a field beside it
             Word("flights", 849, 302, 53, 15))                              # the button's second line
    found = locate(words, ElementRef(text="Search flights")).target
    assert found is not None and found.text == "Search flights"


def test_an_arrow_glyph_alone_in_a_button_is_read_and_can_be_named() -> None:
    from PIL import ImageDraw

    from webvoyager.standins.ocr import Word, _lone_arrows
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    image = Image.new("L", (400, 80), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), 16)
    for x, glyph in ((30, "‹"), (330, "›")):
        draw.ellipse((x - 14, 18, x + 18, 50), fill=235)
        draw.text((x, 22), glyph, fill=30, font=font)
    draw.text((150, 24), "May", fill=30, font=font)
    read = [Word("May", 150, 26, 34, 12), Word("2026", 190, 26, 38, 12)]   # what the text reader gives
    arrows = _lone_arrows(image, read)
    assert [(w.text, w.left // 10) for w in sorted(arrows, key=lambda w: w.left)] == [("<", 3), (">", 33)]
    words = tuple(read + arrows)
    assert locate(words, ElementRef(text="›", after=ElementRef(text_contains="2026"))).target.words[0].left > 300
    assert locate(words, ElementRef(text="«")).target.words[0].left < 50    # the same side compares equal



@needs_ocr
@pytest.mark.parametrize("badge", ["B1", "C2"])
def test_white_letters_in_a_filled_badge_are_read_when_the_line_found_is_the_whole_badge(badge: str) -> None:
    from webvoyager.standins.ocr import _sheet_words
    from webvoyager.standins.screen_targets import letters

    image = Image.new("L", (300, 80), 255)
    draw = ImageDraw.Draw(image)
    draw.text((30, 28), "adjective", fill=90, font=ImageFont.truetype(str(FONT), 17))
    draw.rounded_rectangle((130, 26, 161, 47), radius=5, fill=70)
    draw.text((136, 29), badge, fill=255, font=ImageFont.truetype(str(FONT.with_name("DejaVuSans-Bold.ttf")), 13))
    # The text detector may box the badge's outline, fill and all, not only its letters.
    read = [letters(w.text) for _, w in _sheet_words(image, ((29, 29, 110, 51), (130, 26, 162, 48)))]
    assert letters("adjective") in read and letters(badge) in read


def test_text_typed_into_a_field_is_no_target_but_anchors_what_follows_it() -> None:
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import locate
    from webvoyager.tasks import ElementRef

    typed = Word("orch", 40, 20, 40, 14)
    words = (typed, Word("Search", 400, 20, 60, 14), Word("orchard", 40, 60, 70, 14), Word("orchid", 40, 90, 60, 14),
             Word("Browse", 40, 140, 60, 14), Word("orch", 40, 170, 40, 14))
    assert locate(words, ElementRef(text="orch"), not_targets=(typed,)).target.words[0].top == 170
    first = locate(words, ElementRef(after=ElementRef(text="orch"), nth=1), not_targets=(typed,)).target
    assert first is not None and first.text == "orchard"   # after the typed "orch" and "Search" beside it


def test_a_mark_without_letters_is_looked_for_in_the_words_as_written() -> None:
    from webvoyager.standins.ocr import Word
    from webvoyager.standins.screen_targets import locate, names_text
    from webvoyager.tasks import ElementRef

    words = (Word("Screen", 40, 60, 60, 14), Word("repair", 106, 60, 50, 14), Word("$329.00", 393, 60, 60, 14),
             Word("$29.00", 719, 60, 52, 14), Word("Battery", 40, 105, 60, 14), Word("replacement", 106, 105, 90, 14),
             Word("$89.00", 393, 105, 52, 14), Word("$0.00", 719, 105, 44, 14))
    price = ElementRef(text_contains="$", after=ElementRef(text="Screen repair"))
    assert names_text(price)
    assert [locate(words, price.model_copy(update={"nth": n})).target.text for n in (0, 1, 2)] == \
        ["$329.00", "$29.00", "$89.00"]
