"""A fast PNG writer for the marked screenshot.

Pillow's PNG encoder picks a filter per row by trying them all, which costs more than the compression
itself on a 1024x768 screenshot (measured by benchmarks/observe_bench.py). Screen content is mostly
flat colour, so unfiltered rows compressed by zlib at level 1 come out about as small, in a fraction of
the time: this module writes exactly that (8-bit RGB, no interlace, every row filter type 0).
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(image: Image.Image, *, level: int = 1) -> bytes:
    """`image` as PNG bytes (converted to RGB first if needed), compressed at zlib `level` (0-9)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    # Each row is preceded by its filter type byte: 0, "None".
    rows = b"\x00" + b"\x00".join(raw[i:i + stride] for i in range(0, stride * height, stride)) if height else b""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)   # 8-bit truecolour, no interlace
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, level)) + _chunk(b"IEND", b"")
