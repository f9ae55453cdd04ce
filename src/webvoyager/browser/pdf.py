"""PDF text: extract with pypdf and make the bounded excerpt the model reads in its notes."""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PdfReadError


def is_pdf(data: bytes) -> bool:
    """True when `data` starts like a PDF file."""
    return data[:1024].lstrip().startswith(b"%PDF")


def pdf_text(data: bytes) -> str:
    """All text of a PDF, pages separated by blank lines; '' when the file cannot be parsed."""
    try:
        reader = PdfReader(io.BytesIO(data))
        pages = [(page.extract_text() or "") for page in reader.pages]
    except (PdfReadError, ValueError, KeyError, TypeError):
        return ""
    return "\n\n".join(p.strip() for p in pages if p.strip())


PDF_NOTE_START = "A PDF was downloaded"
"""How every PDF note begins: the paper layout finds the turns after a PDF by it."""


def pdf_note(path: Path, text: str, limit: int | None) -> str:
    """The note that tells the model a PDF arrived, with at most `limit` characters of its text (None:
    all of it, the paper protocol's choice: see `protocol.PAPER_PDF_CHARS`)."""
    flat = re.sub(r"[ \t]+", " ", text).strip()
    if not flat:
        return f"{PDF_NOTE_START} to {path.name}, but no text could be extracted from it."
    if limit is None:
        return f"{PDF_NOTE_START} ({path.name}). Its text:\n{flat}"
    excerpt = flat[:limit]
    more = f" … (excerpt: first {limit} of {len(flat)} characters)" if len(flat) > limit else ""
    return f"{PDF_NOTE_START} ({path.name}). Its text:\n{excerpt}{more}"
