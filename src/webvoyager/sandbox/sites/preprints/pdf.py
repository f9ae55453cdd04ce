"""A minimal PDF writer: text-only pages in the standard Helvetica font, no dependencies.

Enough for the preprints site to serve each paper as a real PDF that browsers display and that
pypdf (and so the agent's PDF reader) extracts text from.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

PAGE_W, PAGE_H, MARGIN = 612, 792, 72     # US Letter, 1 inch margins
VALUE_X = 130                             # where a table row's value column starts, from the margin


@dataclass
class Line:
    text: str
    size: float = 10.5
    bold: bool = False
    gap_before: float = 0.0
    value: str = ""          # a table row: `text` is the label, `value` stands in the second column


@dataclass
class PdfDocument:
    """Collects lines (with simple styles), lays them out on pages and serialises the PDF."""

    title: str = ""
    lines: list[Line] = field(default_factory=list)

    def heading(self, text: str, size: float = 13) -> None:
        self.lines.append(Line(text, size=size, bold=True, gap_before=10))

    def paragraph(self, text: str, size: float = 10.5, width: int = 95) -> None:
        # Helvetica averages about half an em per character: 95 chars fit 468pt at 10.5pt
        wrapped = textwrap.wrap(text, width=width) or [""]
        for i, chunk in enumerate(wrapped):
            self.lines.append(Line(chunk, size=size, gap_before=4 if i == 0 else 0))

    def row(self, label: str, value: str, size: float = 10.5) -> None:
        """One row of a two-column table: the label, and its value in a second column."""
        self.lines.append(Line(label, size=size, bold=True, value=value))

    def _pages(self) -> list[list[tuple[Line, float]]]:
        pages: list[list[tuple[Line, float]]] = [[]]
        y = PAGE_H - MARGIN
        for line in self.lines:
            step = line.size * 1.35 + line.gap_before
            if y - step < MARGIN:
                pages.append([])
                y = PAGE_H - MARGIN
                step = line.size * 1.35
            y -= step
            pages[-1].append((line, y))
        return pages

    def to_bytes(self) -> bytes:
        """The complete PDF file."""
        pages = self._pages()
        objects: list[bytes] = []   # object i+1 is objects[i]
        objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
        objects.append(b"")          # Pages, filled in once the kids are known
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        kids = []
        for number, page in enumerate(pages, start=1):
            ops = []
            for line, y in page:
                font = "/F2" if line.bold else "/F1"
                ops.append(f"BT {font} {line.size:g} Tf {MARGIN} {y:.1f} Td ({_escape(line.text)}) Tj ET")
                if line.value:
                    ops.append(f"BT /F1 {line.size:g} Tf {MARGIN + VALUE_X} {y:.1f} Td ({_escape(line.value)}) Tj ET")
            footer = f"{self.title[:70]} - page {number} of {len(pages)}"
            ops.append(f"BT /F1 8 Tf {MARGIN} 40 Td ({_escape(footer)}) Tj ET")
            stream = "\n".join(ops).encode("cp1252", "replace")
            objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
            content_ref = len(objects)
            objects.append(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R "
                            "/F2 4 0 R >> >> /Contents %d 0 R >>" % (PAGE_W, PAGE_H, content_ref)).encode())
            kids.append(len(objects))
        objects[1] = ("<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(f"{k} 0 R" for k in kids), len(kids))).encode()
        info = f"<< /Title ({_escape(self.title)}) /Producer (webvoyager sandbox) >>".encode("cp1252", "replace")
        objects.append(info)
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for i, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
        out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(objects) + 1, len(objects), xref)
        return bytes(out)


def _escape(text: str) -> str:
    """Escape a string for a PDF literal; characters outside cp1252 become '?'."""
    text = text.replace("\u2212", "-").replace("\u2013", "-").replace("\u2014", "-")
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
