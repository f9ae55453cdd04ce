"""Reading text off a screenshot with Tesseract OCR, and finding the value written next to a label.

Only offline stand-in models use this, to read an answer from the screenshot a model is sent. It runs
the `tesseract` program (Debian: `apt-get install tesseract-ocr`). Inverted text (white on black, as in
the Set-of-Mark labels) is not read, so the marks do not mix into the page's words.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageFilter

from webvoyager.errors import ModelError
from webvoyager.standins.text_lines import line_boxes
from webvoyager.text import normalize_text

TESSERACT_TIMEOUT_S = 60.0
SCALE = 2
MAX_GAP_PX = 720


@dataclass(frozen=True)
class Word:
    """One word Tesseract read, with its box in image pixels."""

    text: str
    left: int
    top: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    @property
    def middle(self) -> float:
        return self.top + self.height / 2


def _tesseract() -> str:
    found = shutil.which("tesseract")
    if found is None:
        raise ModelError("reading the answer off the screenshot needs Tesseract OCR, which is not installed; "
                         "install it (Debian/Ubuntu: apt-get install tesseract-ocr; macOS: brew install tesseract)")
    return found


@lru_cache(maxsize=64)
def read_words(png: bytes) -> tuple[Word, ...]:
    """Every word Tesseract reads in the image, in its reading order."""
    return tuple(word for _, word in _tesseract_words(_prepared(Image.open(io.BytesIO(png)).convert("L"))))


@lru_cache(maxsize=64)
def read_screen_words(png: bytes, *, thorough: bool = False) -> tuple[Word, ...]:
    """Every word read on a plain screenshot (no Set-of-Mark labels), light text on dark included, top
    to bottom, left to right.

    A text detector finds the lines (`text_lines.line_boxes`: words in buttons, cards and dark bars
    too) and Tesseract reads each line alone, made dark on light (`_line_sheet`). `thorough` also reads
    the whole image the way Tesseract lays it out itself (grey, inverting the lines it reads better
    inverted), an ink image (`_contrasted`) and an edge image (`_edges`), and where readings overlap
    keeps the most confident word: a caller that misses a word on the quick reading asks again. Arrow
    glyphs standing alone are added as words "<" and ">" (`_lone_arrows`).
    """
    grey = Image.open(io.BytesIO(png)).convert("L")
    scored = _sheet_words(grey, line_boxes(png))
    if thorough:
        scored += (_tesseract_words(_prepared(grey), invert=True) + _tesseract_words(_contrasted(grey))
                   + _tesseract_words(_edges(grey)))
    kept: list[Word] = []
    for _, word in sorted(scored, key=lambda pair: -pair[0]):
        if not any(_overlap(word, other) for other in kept):
            kept.append(word)
    kept += _lone_arrows(grey, kept)
    return tuple(sorted((_squared(w) for w in kept), key=lambda w: (w.top, w.left)))


GLYPH_PX = (5, 24)
"""The height range of a lone arrow glyph's ink, in screenshot pixels."""


def _chevron(mask: Any) -> str | None:
    """"<" or ">" when a small shape of ink (a 2-D 0/1 array) is a chevron: its top and bottom rows touch
    one side with a few pixels each and its middle row the other side; None otherwise (a letter, a dot)."""
    import numpy as np

    height, width = mask.shape
    rows = [np.flatnonzero(mask[y]) for y in (0, height - 1, height // 2)]
    if any(r.size == 0 for r in rows) or rows[0].size > max(2, width * 0.5) or rows[1].size > max(2, width * 0.5):
        return None
    top, bottom, middle = (float(r.mean()) for r in rows)
    if abs(top - bottom) > width * 0.3:
        return None
    if middle < min(top, bottom) - width * 0.4:
        return "<"
    if middle > max(top, bottom) + width * 0.4:
        return ">"
    return None


def _lone_arrows(grey: Image.Image, read: list[Word]) -> list[Word]:
    """Arrow glyphs standing alone (a round "›" button), which the line detector does not take for text
    and Tesseract reads unreliably alone: small dark shapes no word read covers, with no other ink right
    beside them, whose outline is a chevron (`_chevron`), as words "<" or ">"."""
    import cv2
    import numpy as np

    ink = (np.asarray(grey) < 110).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    found = []
    for index in range(1, count):
        left, top, width, height, area = (int(v) for v in stats[index])
        if not (GLYPH_PX[0] <= height <= GLYPH_PX[1] and 2 <= width <= height):
            continue
        box = Word("", left - 3, top - 3, width + 6, height + 6)
        around = ink[max(0, top - 2):top + height + 2, max(0, left - 6):left + width + 6]
        if int(around.sum()) > area + 2 or any(_overlap(box, w) for w in read):
            continue   # beside other ink (a letter of a word) or inside a word read
        glyph = _chevron(labels[top:top + height, left:left + width] == index)
        if glyph is not None:
            found.append(Word(glyph, left, top, width, height))
    return found


_SQUARE_UNIT = re.compile(r"^(km|mi|m|ft|cm)\?(?=[).,;]*$)|^(km|mi|ft|cm)2(?=[).,;]*$)")


def _squared(word: Word) -> Word:
    """`word` with a unit's superscript 2 put back: Tesseract reads the small raised "²" of "km²" as "?"
    or "2" on screens ("people per km?"), which no screen writes after a unit."""
    fixed = _SQUARE_UNIT.sub(lambda m: (m.group(1) or m.group(2)) + "²", word.text)
    return word if fixed == word.text else replace(word, text=fixed)


SHEET_SCALE = 3
"""How much each line is enlarged on the sheet Tesseract reads (small screen digits misread at 1x)."""
SHEET_GAP_PX = 12
"""White space between the lines stacked on the sheet, in image pixels."""
LINE_PAD_PX = 3
"""Margin kept around a detected line: the detector's box may clip a letter's edge."""
INK_CONTRAST = 40
"""A pixel this far (0-255) from a line's background is ink: it tells light text on dark from dark on light."""


def _line_image(grey: Image.Image, box: tuple[int, int, int, int]) -> tuple[tuple[int, int], Image.Image]:
    """One line cut out of the screenshot, dark text on white whatever its colours, contrast stretched,
    enlarged SHEET_SCALE times; with where its top-left corner was on the screenshot."""
    import numpy as np

    left, top = max(0, box[0] - LINE_PAD_PX), max(0, box[1] - LINE_PAD_PX)
    right, bottom = min(grey.width, box[2] + LINE_PAD_PX), min(grey.height, box[3] + LINE_PAD_PX)
    pixels = np.asarray(grey.crop((left, top, right, bottom)), dtype=np.float32)
    background = float(np.median(np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])))
    inside = float(np.median(pixels[box[1] - top:box[3] - top, box[0] - left:box[2] - left]))
    if abs(inside - background) > INK_CONTRAST and box[2] - box[0] > 1.2 * (box[3] - box[1]):
        # The line is a filled box (a "B1" badge; not one letter, whose middle is its ink): its fill is
        # the background, and the page around it is cleared below.
        background = inside
    ink = pixels[np.abs(pixels - background) > INK_CONTRAST]
    if ink.size and float(ink.mean()) > background:   # light text on a dark button or bar
        pixels, background = 255 - pixels, 255 - background
    darkest = float(pixels.min())
    stretched = np.clip((pixels - darkest) / max(1.0, background - darkest) * 255, 0, 255).astype(np.uint8)
    stretched = _without_edge_ink(stretched)
    line = Image.fromarray(stretched).resize(((right - left) * SHEET_SCALE, (bottom - top) * SHEET_SCALE),
                                             Image.Resampling.LANCZOS)
    return (left, top), line


def _without_edge_ink(line: Any) -> Any:
    """`line` (dark on light) with the long ink that touches its edge made light: a box's border, or the
    page around a filled badge (all round it), not a letter the detector's box clipped (never wider
    than the line is high)."""
    import cv2
    import numpy as np

    dark = (line < 128).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    if count <= 1:
        return line
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    high, wide = line.shape
    edge = [i for i in edge if i > 0 and (stats[i][2] > 1.5 * high or (stats[i][2] >= 0.9 * wide
                                                                       and stats[i][3] >= 0.9 * high))]
    if not edge:
        return line
    return np.where(np.isin(labels, edge), 255, line).astype(np.uint8)


def _sheet_words(grey: Image.Image, boxes: tuple[tuple[int, int, int, int], ...]) -> list[tuple[float, Word]]:
    """The words of the detected lines, with Tesseract's confidence, in screenshot pixels: the lines are
    stacked on one white sheet, read in one run (one uniform block each, mode 6), and each word is put
    back by the line its middle falls in."""
    if not boxes:
        return []
    lines_cut = [_line_image(grey, box) for box in boxes]
    gap = SHEET_GAP_PX * SHEET_SCALE
    sheet = Image.new("L", (max(line.width for _, line in lines_cut) + 2 * gap,
                            sum(line.height + gap for _, line in lines_cut) + gap), 255)
    places: list[tuple[int, int, tuple[int, int]]] = []   # (top, bottom) on the sheet, origin on the screenshot
    y = gap
    for origin, line in lines_cut:
        sheet.paste(line, (gap, y))
        places.append((y, y + line.height, origin))
        y += line.height + gap
    out = io.BytesIO()
    sheet.save(out, format="PNG", compress_level=1)
    words = []
    for row in _run_tesseract(out.getvalue(), "6", "tsv").splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or not cols[11].strip() or cols[10] == "-1":
            continue
        left, top, width, height = (int(c) for c in cols[6:10])
        middle = top + height / 2
        for start, end, (x0, y0) in places:
            if start - gap / 2 <= middle < end + gap / 2:
                words.append((float(cols[10]), Word(cols[11].strip(), x0 + (left - gap) // SHEET_SCALE,
                                                    y0 + (top - start) // SHEET_SCALE,
                                                    max(1, width // SHEET_SCALE), max(1, height // SHEET_SCALE))))
                break
    return words


def _overlap(a: Word, b: Word) -> bool:
    return a.left < b.right and b.left < a.right and a.top < b.bottom and b.top < a.bottom


def _run_tesseract(image: bytes, psm: str, *extra: str, invert: bool = False) -> str:
    """Tesseract's output for a prepared image in page segmentation mode `psm` (`invert`: it also tries
    each line inverted, for light text on dark)."""
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one thread: bench runs several tasks at once
    try:
        done = subprocess.run([_tesseract(), "stdin", "stdout", "--psm", psm, "-c",
                               f"tessedit_do_invert={int(invert)}", *extra], input=image, capture_output=True,
                              timeout=TESSERACT_TIMEOUT_S, env=env, check=False)
    except subprocess.TimeoutExpired:
        raise ModelError(f"Tesseract took longer than {TESSERACT_TIMEOUT_S:.0f} s to read the screenshot") from None
    if done.returncode != 0:
        raise ModelError(f"Tesseract could not read the screenshot: {done.stderr.decode(errors='replace')[:200]}")
    return done.stdout.decode("utf-8", errors="replace")


def _tesseract_words(image: bytes, *, invert: bool = False) -> list[tuple[float, Word]]:
    """The words Tesseract reads in a prepared image, with their confidence (`invert`: Tesseract also
    tries each line inverted, for light text on dark)."""
    words = []
    for row in _run_tesseract(image, "11", "tsv", invert=invert).splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or not cols[11].strip() or cols[10] == "-1":
            continue
        left, top, width, height = (int(c) // SCALE for c in cols[6:10])
        words.append((float(cols[10]), Word(cols[11].strip(), left, top, width, height)))
    return words


LINE_PX = 24
"""Ink longer than this straight (in the twice-sized image) is a box's border, not a letter's stroke."""


def _edges(grey: Image.Image) -> bytes:
    """Black where a pixel differs from the mean of its neighbourhood, twice the size: grey words in a
    white field on a dark bar (a search box's placeholder), which `_contrasted` may lose."""
    grey = grey.resize((grey.width * SCALE, grey.height * SCALE), Image.Resampling.LANCZOS)
    diff = ImageChops.difference(grey, grey.filter(ImageFilter.BoxBlur(20)))
    out = io.BytesIO()
    diff.point(lambda v: 0 if v > 30 else 255).save(out, format="PNG", compress_level=1)
    return out.getvalue()


def _contrasted(grey: Image.Image) -> bytes:
    """Text as black on white whatever its colours, twice the size, with boxes' borders erased: a pixel
    is ink when it stands out from its neighbourhood's background (the median of a 28-pixel window,
    wider than a stroke), so white on a blue button reads as well as black on white; then straight ink
    runs longer than LINE_PX are erased, since Tesseract drops the words inside a drawn box."""
    small = grey.resize((grey.width // 4, grey.height // 4), Image.Resampling.BOX).filter(ImageFilter.MedianFilter(7))
    background = small.resize(grey.size, Image.Resampling.NEAREST)
    diff = ImageChops.difference(grey, background).resize((grey.width * SCALE, grey.height * SCALE),
                                                          Image.Resampling.BILINEAR)
    ink = diff.point(lambda v: 0 if v > 60 else 255)
    width, height = ink.size
    # A cell of a shrunk copy that is still black was ink all along its LINE_PX: a straight run.
    rows = ink.resize((width // LINE_PX, height), Image.Resampling.BOX)
    cols = ink.resize((width, height // LINE_PX), Image.Resampling.BOX)
    for runs in (rows, cols):
        ink = ImageChops.lighter(ink, runs.point(lambda v: 255 if v < 40 else 0).resize(ink.size,
                                                                                         Image.Resampling.NEAREST))
    out = io.BytesIO()
    ink.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def _prepared(grey: Image.Image, box: tuple[int, int, int, int] | None = None, scale: int = SCALE) -> bytes:
    """Twice the size: Tesseract misreads small screen digits (a 48 as 43) at 1x. `box` (left, top,
    right, bottom) crops the image first."""
    if box is not None:
        grey = grey.crop(box)
    image = grey.resize((grey.width * scale, grey.height * scale), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def _norm(word: str) -> str:
    return re.sub(r"[^\w%$€£.,:/-]", "", normalize_text(word)).strip(":")


def _find_anchor(words: tuple[Word, ...], anchor: str) -> list[tuple[Word, Word]]:
    """(first, last) words of each place where the words of `anchor` stand in a row on one line."""
    want = [_norm(w) for w in anchor.split() if _norm(w)]
    found = []
    for i, word in enumerate(words):
        run = [word]
        for nxt in want[1:]:
            following = _right_of(words, run[-1], limit=1)
            if not following or _norm(following[0].text) != nxt:
                break
            run.append(following[0])
        if len(run) == len(want) and _norm(word.text) == want[0]:
            found.append((run[0], run[-1]))
    return found


def _same_line(a: Word, b: Word) -> bool:
    # 0.7 of the taller word: a price set larger than its row's text still sits on that row, while
    # the next line of body text (about 1.8 heights down) never does.
    return abs(a.middle - b.middle) <= max(a.height, b.height) * 0.7


def _right_of(words: tuple[Word, ...], anchor: Word, *, limit: int = 40) -> list[Word]:
    """Words on the anchor's line to its right, nearest first, until a gap wider than MAX_GAP_PX (the
    value of a label-value row may stand well to the right of its label)."""
    row = sorted((w for w in words if w.left >= anchor.right - 2 and w is not anchor and _same_line(w, anchor)),
                 key=lambda w: w.left)
    out, edge = [], anchor.right
    for word in row:
        if word.left - edge > MAX_GAP_PX:
            break
        out.append(word)
        edge = word.right
    return out[:limit]


def _line_below(words: tuple[Word, ...], first: Word, last: Word) -> list[Word]:
    """The nearest line below the anchor that starts under it (a value under its label): the word under
    the label and every word to its right on that line."""
    margin = max(first.height, 8) * 2
    under = [w for w in words if w.top >= last.bottom - 2 and w.right >= first.left - margin
             and w.left <= last.right + margin and w.top - last.bottom < last.height * 4]
    if not under:
        return []
    nearest = min(under, key=lambda w: w.top)
    start = min((w for w in under if _same_line(w, nearest)), key=lambda w: w.left)
    return sorted((w for w in words if _same_line(w, start) and w.left >= start.left), key=lambda w: w.left)


def _column(line: list[Word]) -> list[Word]:
    """The words of `line` up to the first gap wider than a letter height: values under labels sit in
    columns, and word spacing is about a third of that."""
    out: list[Word] = []
    for word in line:
        if out and word.left - out[-1].right > max(line[0].height, word.height):
            break
        out.append(word)
    return out


def _same_case(words: tuple[Word, ...], place: tuple[Word, Word], anchor: str) -> bool:
    """True when the words at `place` are written in the anchor's case (punctuation aside)."""
    first, last = place
    run = [first] + (_right_of(words, first, limit=len(anchor.split()) - 1) if first is not last else [])
    shown = " ".join(re.sub(r"[^\w\s]", "", w.text) for w in run)
    return shown == " ".join(re.sub(r"[^\w\s]", "", w) for w in anchor.split())


def text_after(words: tuple[Word, ...], anchor: str) -> list[str]:
    """What may be the value of the label `anchor`, for each place it stands: first the words to its
    right on the same line, then the column just below it (a value under its label), then that whole
    line; the caller's pattern decides which one holds the value."""
    out: list[str] = []
    # A label may stand on the page in another case too ("Flights" in a menu, "14 flights" above the
    # results): the places written as the anchor is come first.
    places = sorted(_find_anchor(words, anchor), key=lambda place: not _same_case(words, place, anchor))
    for first, last in places:
        below = _line_below(words, first, last)   # a heading over rows may have its value further right
        for chosen in (_right_of(words, last), _column(below), below):
            text = " ".join(w.text for w in chosen)
            if text and text not in out:
                out.append(text)
    return out


def lines(words: tuple[Word, ...]) -> list[list[Word]]:
    """The words grouped into lines across the whole width, top to bottom, each left to right (a word
    joins the line whose first word it sits level with)."""
    out: list[list[Word]] = []
    for word in sorted(words, key=lambda w: w.middle):
        if out and _same_line(out[-1][0], word):
            out[-1].append(word)
        else:
            out.append([word])
    return [sorted(line, key=lambda w: w.left) for line in out]


def lines_below(words: tuple[Word, ...], anchor: str, count: int) -> list[str]:
    """The text after the first place `anchor` stands on its own line, then of the `count` lines under it
    (the rows of a table under its header), each across the whole width; [] when the anchor is not read."""
    places = sorted(_find_anchor(words, anchor), key=lambda place: not _same_case(words, place, anchor))
    if not places:
        return []
    first, last = places[0]
    rows = lines(words)
    at = next(i for i, line in enumerate(rows) if any(w is first for w in line))
    # A row's label may head its own line (a table row "Points  Zane Zarate 24 ..."): what follows it
    # there comes first.
    after = " ".join(w.text for w in rows[at] if w.left > last.left + last.width)
    below = [" ".join(w.text for w in line) for line in rows[at + 1:at + 1 + count]]
    return ([after] if after else []) + below


LINE_SCALE = 3
"""How much a line is enlarged for `reread_after`: at 2x the line mode still drops a decimal point."""


@lru_cache(maxsize=256)
def _read_line(png: bytes, box: tuple[int, int, int, int]) -> str:
    return " ".join(_run_tesseract(_prepared(Image.open(io.BytesIO(png)).convert("L"), box, LINE_SCALE), "7").split())


def _band(line: list[Word], left: int, width: int) -> tuple[int, int, int, int]:
    """The strip of the image that holds `line`, from `left` to the right edge, a little taller."""
    pad = max(2, max(w.height for w in line) // 3)
    return (max(0, left), max(0, min(w.top for w in line) - pad), width, max(w.bottom for w in line) + pad)


def reread_after(png: bytes, anchor: str) -> list[str]:
    """`text_after`'s lines read again, each as one line of text: for each place `anchor` stands, the rest
    of its line, then the line below it, to the image's right edge. The sparse-text mode of `read_words`
    drops or merges lone figures between a table's wide gaps (a row's "25  9  .735" read as "25 135");
    Tesseract's single-line mode reads the whole row."""
    words = read_words(png)
    width = Image.open(io.BytesIO(png)).width
    places = sorted(_find_anchor(words, anchor), key=lambda place: not _same_case(words, place, anchor))
    out: list[str] = []
    for first, last in places:
        right, below = _right_of(words, last), _line_below(words, first, last)
        boxes = ([_band([last, *right], last.right + 1, width)] if right else []) + \
                ([_band(below, below[0].left - 2, width)] if below else [])
        for box in boxes:
            text = _read_line(png, box)
            if text and text not in out:
                out.append(text)
    return out
