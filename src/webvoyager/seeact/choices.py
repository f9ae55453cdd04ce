"""Multiple-choice plumbing for SeeAct grounding: option letters, batches and the option list text.

Letters run A..Z, then AA, AB, ... (spreadsheet-column style) so any number of options can be named.
Each batch of candidates gets its own letters starting at A, followed by one extra letter for
"none of these", exactly the shape the model is asked to answer in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generic, Sequence, TypeVar

T = TypeVar("T")

NONE_TEXT = "None of the other options match the correct element"


def letter(index: int) -> str:
    """The option letter of a 0-based index: 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB, 701 -> ZZ, 702 -> AAA."""
    if index < 0:
        raise ValueError(f"option index must be >= 0, got {index}")
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letter_index(text: str) -> int:
    """Inverse of `letter`: 'A' -> 0, 'AA' -> 26. Case-insensitive; raises ValueError on non-letters."""
    text = text.strip().upper()
    if not text or not text.isascii() or not text.isalpha():
        raise ValueError(f"not an option letter: {text!r}")
    n = 0
    for ch in text:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def split_batches(items: Sequence[T], batch_size: int = 17, *, fixed: bool = False) -> list[list[T]]:
    """Split `items` (already in display order) into batches of about `batch_size` (`fixed`: of exactly
    `batch_size` in turn, the last one taking the rest, as SeeAct's online tool does: 17, 17, 16).

    The number of batches is ceil(n / batch_size) and sizes differ by at most one, smaller batches
    first: 50 candidates in batches of 17 become 16, 17, 17 (the shape of SeeAct's recorded queries),
    so no batch is a lonely leftover of one or two options.
    """
    if batch_size < 1:
        raise ValueError(f"batch size must be >= 1, got {batch_size}")
    n = len(items)
    if n == 0:
        return []
    if fixed:
        return [list(items[start:start + batch_size]) for start in range(0, n, batch_size)]
    count = math.ceil(n / batch_size)
    base, extra = divmod(n, count)
    sizes = [base] * (count - extra) + [base + 1] * extra
    batches: list[list[T]] = []
    start = 0
    for size in sizes:
        batches.append(list(items[start:start + size]))
        start += size
    return batches


@dataclass(frozen=True)
class ChoiceBatch(Generic[T]):
    """One multiple-choice question: `items` lettered A.. and a final "none of these" letter."""

    items: tuple[T, ...]
    descriptions: tuple[str, ...]
    index: int = 0                       # position of this batch among all batches

    @property
    def none_letter(self) -> str:
        return letter(len(self.items))

    def option_lines(self) -> str:
        """The lettered option list, one option per line, ending with the "none" option."""
        lines = [f"{letter(i)}. {d}" for i, d in enumerate(self.descriptions)]
        lines.append(f"{self.none_letter}. {NONE_TEXT}")
        return "\n".join(lines)

    def pick(self, answer_letter: str | None) -> T | None:
        """The item a letter names; None for the "none" letter, an unknown letter or no letter."""
        if not answer_letter:
            return None
        try:
            i = letter_index(answer_letter)
        except ValueError:
            return None
        return self.items[i] if 0 <= i < len(self.items) else None

    def is_valid_letter(self, answer_letter: str | None) -> bool:
        """True when the letter names an option of this batch, including the "none" option."""
        if not answer_letter:
            return False
        try:
            return 0 <= letter_index(answer_letter) <= len(self.items)
        except ValueError:
            return False


def make_batches(items: Sequence[T], descriptions: Sequence[str], batch_size: int = 17, *,
                 fixed: bool = False) -> list[ChoiceBatch[T]]:
    """Pair items with their descriptions and split them into lettered batches (`fixed`: see split_batches)."""
    if len(items) != len(descriptions):
        raise ValueError("items and descriptions must have the same length")
    pairs = split_batches(list(zip(items, descriptions)), batch_size, fixed=fixed)
    return [ChoiceBatch(items=tuple(p[0] for p in batch), descriptions=tuple(p[1] for p in batch), index=i)
            for i, batch in enumerate(pairs)]
