"""Where text stands on a screenshot: the boxes of its lines, found by a text detector.

Tesseract's own page layout analysis misses words that sit inside a drawn box (buttons, option cards,
tabs), on a dark bar or beside an image, and reads pictures as letters. A text detector trained on
scene and document text (PP-OCRv4's DB detector, shipped with the `rapidocr_onnxruntime` wheel and run
on the CPU by onnxruntime) finds those lines; `ocr.read_screen_words` then has Tesseract read each line
alone. Only the detector is loaded, never the package's recogniser.
"""

from __future__ import annotations

import io
import threading
from functools import lru_cache
from typing import Any

from PIL import Image

from webvoyager.errors import ModelError

INSTALL = "pip install 'webvoyager[pixels]'"
_lock = threading.Lock()


@lru_cache(maxsize=1)
def _detector() -> Any:
    """The DB text detector, on one CPU thread (bench runs several tasks at once)."""
    try:
        from rapidocr_onnxruntime.ch_ppocr_det import TextDetector
        from rapidocr_onnxruntime.main import DEFAULT_CFG_PATH
        from rapidocr_onnxruntime.utils import read_yaml, update_model_path
    except ImportError as error:
        raise ModelError("the pixel stand-ins find text on screenshots with the rapidocr_onnxruntime text "
                         f"detector, which is not installed ({error}); install it: {INSTALL}") from None
    config = update_model_path(read_yaml(DEFAULT_CFG_PATH))["Det"]
    config.update(intra_op_num_threads=1, inter_op_num_threads=1)
    return TextDetector(config)


@lru_cache(maxsize=64)
def line_boxes(png: bytes) -> tuple[tuple[int, int, int, int], ...]:
    """The (left, top, right, bottom) box of each line of text on the image, in its pixels, top to
    bottom then left to right."""
    import numpy as np

    image = Image.open(io.BytesIO(png)).convert("RGB")
    bgr = np.asarray(image)[:, :, ::-1].copy()
    with _lock:   # the lazy first load must happen once; the session itself is thread-safe
        detector = _detector()
    found, _ = detector(bgr)
    boxes = []
    for quad in found if found is not None else ():
        xs, ys = quad[:, 0], quad[:, 1]
        box = (max(0, int(xs.min())), max(0, int(ys.min())),
               min(image.width, int(xs.max()) + 1), min(image.height, int(ys.max()) + 1))
        if box[2] - box[0] >= 3 and box[3] - box[1] >= 4:
            boxes.append(box)
    return tuple(sorted(boxes, key=lambda b: (b[1], b[0])))
