"""A tiny PDF writer for test fixtures: one page per list of text lines (Helvetica, no compression).

`python -m tests.browser.pdfgen` regenerates tests/pages/zoo/report.pdf.
"""

from __future__ import annotations

from pathlib import Path


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[str]]) -> bytes:
    """A valid PDF whose pages show the given lines of text."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]   # pages object filled in below
    font_id = 3
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    kids: list[int] = []
    for lines in pages:
        ops = ["BT", "/F1 12 Tf", "72 720 Td", "16 TL"] + [f"({_escape(line)}) '" for line in lines] + ["ET"]
        stream = "\n".join(ops).encode("latin-1")
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        content_id = len(objects)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (content_id, font_id))
        kids.append(len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(f"{k} 0 R" for k in kids).encode(), len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


REPORT_LINES = [
    ["Annual Report 2026", "Revenue grew to 4.2 million euros.", "The lighthouse project opened in May."],
    ["Page two", "Staff count: 37."],
]

if __name__ == "__main__":
    target = Path(__file__).resolve().parents[1] / "pages" / "zoo" / "report.pdf"
    target.write_bytes(make_pdf(REPORT_LINES))
    print(target)
