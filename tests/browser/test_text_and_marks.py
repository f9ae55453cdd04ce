"""Pure functions of the browser layer: the element text format, the text-only outline lines,
and the Set-of-Mark drawing (no browser needed)."""

from __future__ import annotations

import io

from PIL import Image

from webvoyager.browser.elements_text import (format_element, format_element_paper, format_elements,
                                              format_elements_paper)
from webvoyager.browser.marks import draw_marks
from webvoyager.browser.tree_text import tree_element_line
from webvoyager.browser.types import Element


def test_format_element_exact_layout() -> None:
    assert format_element(Element(label=0, tag="button", text="Search")) == '[0]: <button> "Search"'
    assert format_element(Element(label=3, tag="input", type="search", text="", aria_label="Find",
                                  placeholder="Search recipes", value="pasta")) == \
        '[3]: <input type=search> "", "Find" placeholder="Search recipes" value="pasta"'
    assert format_element(Element(label=4, tag="div", role="checkbox", text="Vegan", checked=True)) == \
        '[4]: <div role=checkbox> "Vegan" checked'
    assert format_element(Element(label=5, tag="input", type="checkbox", checked=False, aria_label="Vegan")) == \
        '[5]: <input type=checkbox> "", "Vegan" unchecked'
    # aria-label equal to the text is not repeated; quotes become apostrophes; whitespace collapses.
    assert format_element(Element(label=6, tag="a", text='Say  "hi"\n now', aria_label="Say 'hi' now")) == \
        '[6]: <a> "Say \'hi\' now"'
    # role= only when explicit; type= only for inputs.
    assert format_element(Element(label=7, tag="button", type="submit", text="Go")) == '[7]: <button> "Go"'


def test_format_element_shortens_text_and_options() -> None:
    long = "word " * 40
    line = format_element(Element(label=1, tag="a", text=long))
    shown = line.split('"')[1]
    assert len(shown) == 80 and shown.endswith("…")
    options = tuple(f"Option {i}" for i in range(15))
    line = format_element(Element(label=2, tag="select", selected="Option 0", options=options))
    assert line.endswith('selected="Option 0" options="Option 0 | Option 1 | Option 2 | Option 3 | Option 4 | '
                         'Option 5 | Option 6 | Option 7 | Option 8 | Option 9 | Option 10 | Option 11 | …"')


def test_format_elements_in_label_order() -> None:
    elements = [Element(label=1, tag="a", text="b"), Element(label=0, tag="a", text="a")]
    assert format_elements(elements) == '[0]: <a> "a"\n[1]: <a> "b"'


def test_tree_lines_use_roles() -> None:
    assert tree_element_line(Element(label=2, tag="a", text="Home")) == '[2] link "Home"'
    assert tree_element_line(Element(label=3, tag="input", type="text", placeholder="Name")) == \
        '[3] textbox "" placeholder="Name"'
    assert tree_element_line(Element(label=4, tag="div", role="tab", text="Specs")) == '[4] tab "Specs"'
    # A calendar day: its meaning is only in the aria-label, so the text-only outline keeps it.
    assert tree_element_line(Element(label=5, tag="button", text="10", aria_label="June 10, 2026")) == \
        '[5] button "10", "June 10, 2026"'


def _png(color: tuple[int, int, int] = (255, 255, 255), size: tuple[int, int] = (200, 100)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def test_marks_box_and_label_are_black_with_white_digits() -> None:
    element = Element(label=7, tag="button", bbox=(50, 40, 80, 30))
    marked = Image.open(io.BytesIO(draw_marks(_png(), [element]))).convert("RGB")
    assert marked.getpixel((50 + 79, 40 + 15)) == (0, 0, 0)       # right edge of the box
    assert marked.getpixel((90, 69)) == (0, 0, 0)                  # bottom edge
    label_pixels = [marked.getpixel((x, y)) for x in range(50, 62) for y in range(40, 56)]
    assert (0, 0, 0) in label_pixels and (255, 255, 255) in label_pixels   # white digit on black
    assert marked.getpixel((100, 55)) == (255, 255, 255)           # inside the box, away from the label


def test_marks_stay_inside_the_image_and_avoid_each_other() -> None:
    corner = Element(label=12, tag="a", bbox=(185, 90, 30, 30))        # partly off the bottom-right
    marked = Image.open(io.BytesIO(draw_marks(_png(), [corner]))).convert("RGB")
    assert marked.getpixel((199, 99)) == (0, 0, 0)
    # Two boxes sharing a top-left corner: the second label must not cover the first.
    a = Element(label=1, tag="td", bbox=(20, 40, 60, 40))
    b = Element(label=2, tag="td", bbox=(20, 40, 30, 20))
    from webvoyager.browser import marks

    taken = marks.Taken()
    spots = []
    for e in (a, b):
        x, y, w, h = e.bbox
        spot = marks._place((x, y, x + w, y + h), (12, 16), taken, 200, 100)
        taken.add(spot)
        spots.append(spot)
    assert not marks._overlaps(spots[0], spots[1])


def test_marks_leave_the_input_untouched() -> None:
    png = _png((10, 200, 10))
    draw_marks(png, [Element(label=0, tag="a", bbox=(0, 0, 10, 10))])
    assert Image.open(io.BytesIO(png)).getpixel((5, 5)) == (10, 200, 10)


def test_marks_clamp_boxes_and_skip_degenerate_ones() -> None:
    """Boxes under 1 px, with negative size, or (partly) outside the image neither crash nor draw
    outside; a box cut off at the bottom edge is drawn up to the edge."""
    elements = [
        Element(label=0, tag="a", bbox=(10, 10, 40, 0)),          # zero height
        Element(label=1, tag="a", bbox=(10, 30, 40, 0.4)),        # under a pixel
        Element(label=2, tag="a", bbox=(60, 30, -20, 10)),        # negative width
        Element(label=3, tag="a", bbox=(300, 300, 40, 20)),       # wholly off the image
        Element(label=4, tag="a", bbox=(120, 95, 50, 30)),        # cut off at the bottom edge
        Element(label=5, tag="a", bbox=(-30, -30, 20, 20)),       # wholly above-left
    ]
    marked = Image.open(io.BytesIO(draw_marks(_png(), elements))).convert("RGB")
    assert marked.size == (200, 100)
    assert marked.getpixel((169, 97)) == (0, 0, 0)                 # right edge of the cut-off box
    assert marked.getpixel((30, 30)) == (255, 255, 255)            # nothing drawn for the degenerate ones
    assert marked.getpixel((45, 15)) == (255, 255, 255)
    assert all(marked.getpixel((x, y)) == (255, 255, 255) for x in range(0, 100) for y in range(45, 90))


# ----- the paper protocol's element text and marks -------------------------------------------------

def test_paper_element_text_follows_the_original_format() -> None:
    elements = [
        Element(label=0, tag="a", text="Home", aria_label="Go home"),             # no tag for links
        Element(label=1, tag="input", type="search", aria_label="Search recipes", placeholder="Search"),
        Element(label=2, tag="button", text="Search"),                             # tag for buttons
        Element(label=3, tag="div", text=""),                                      # empty: left out
        Element(label=4, tag="a", text="x" * 200),                                 # 200+ chars: left out
        Element(label=5, tag="input", type="checkbox", aria_label="Vegan"),       # not a text box: left out
        Element(label=6, tag="textarea", aria_label=""),                           # a text box, even empty
        Element(label=7, tag="select", text="Economy Business"),                   # its textContent: the options
        Element(label=8, tag="button", text="Go", aria_label="Go"),                # aria equal to text: once
    ]
    assert format_elements_paper(elements) == "\t".join([
        '[0]: "Home", "Go home";', '[1]: <input> "Search recipes";', '[2]: <button> "Search";',
        '[6]: <textarea> "";', '[7]: "Economy Business";', '[8]: <button> "Go";'])
    assert format_element_paper(Element(label=9, tag="a", text="y" * 199)) == f'[9]: "{"y" * 199}";'


def _dark(image: Image.Image, xs: range, y: int) -> list[bool]:
    return [image.getpixel((x, y))[0] < 128 for x in xs]


def test_paper_marks_are_dashed_with_the_label_above_the_box() -> None:
    element = Element(label=7, tag="button", bbox=(50, 40, 80, 30))
    paper = Image.open(io.BytesIO(draw_marks(_png(), [element], style="paper"))).convert("RGB")
    ours = Image.open(io.BytesIO(draw_marks(_png(), [element]))).convert("RGB")
    # the bottom outline: gaps in the paper's dashes, a solid line in ours
    assert not all(_dark(paper, range(60, 120), 70)) and any(_dark(paper, range(60, 120), 70))
    assert all(_dark(ours, range(60, 120), 69))
    # the label: above the box in the paper's style (none of it inside), inside the box in ours
    assert any(any(_dark(paper, range(50, 62), y)) for y in range(21, 38))
    assert not any(any(_dark(paper, range(52, 70), y)) for y in range(44, 60))
    assert any(any(_dark(ours, range(52, 70), y)) for y in range(44, 60))


def test_paper_marks_survive_tiny_and_clipped_boxes() -> None:
    elements = [Element(label=i, tag="a", bbox=box) for i, box in enumerate(
        [(10, 10, 1.2, 1.2), (0, 0, 3, 200), (195, 5, 30, 3), (20.5, 30.25, 7.75, 6.5)])]
    marked = Image.open(io.BytesIO(draw_marks(_png(), elements, style="paper")))
    assert marked.size == (200, 100)
