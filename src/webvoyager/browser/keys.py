"""Key names as models write them, made Playwright's: labelled actions' `PressKey [enter]`, and the
computer-use vendors' chords (Anthropic's xdotool keysyms `ctrl+s`, `Page_Down`, `BackSpace`; OpenAI's
upper-case lists `["CTRL", "S"]`; Gemini's `Control+C`; UI-TARS's `ctrl c`)."""

from __future__ import annotations

import re
from typing import Iterable

_ALIASES = {
    "enter": "Enter", "return": "Enter", "kp_enter": "Enter", "esc": "Escape", "escape": "Escape", "tab": "Tab",
    "pagedown": "PageDown", "page_down": "PageDown", "pgdn": "PageDown", "next": "PageDown",
    "pageup": "PageUp", "page_up": "PageUp", "pgup": "PageUp", "prior": "PageUp", "space": "Space",
    "backspace": "Backspace", "back_space": "Backspace", "delete": "Delete", "del": "Delete", "insert": "Insert",
    "home": "Home", "end": "End", "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
    "arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
    "ctrl": "Control", "control": "Control", "control_l": "Control", "control_r": "Control", "alt": "Alt",
    "alt_l": "Alt", "alt_r": "Alt", "option": "Alt", "shift": "Shift", "shift_l": "Shift", "shift_r": "Shift",
    "cmd": "Meta", "command": "Meta", "meta": "Meta", "super": "Meta", "super_l": "Meta", "win": "Meta",
    "windows": "Meta", "capslock": "CapsLock", "caps_lock": "CapsLock", "minus": "Minus", "equal": "Equal",
    "plus": "Equal", "period": "Period", "comma": "Comma", "slash": "Slash", "backslash": "Backslash",
}
_FUNCTION = re.compile(r"^f([1-9]|1[0-9]|2[0-4])$", re.IGNORECASE)


def key_name(key: str) -> str:
    """Playwright's name for one key: 'enter' -> 'Enter', 'Page_Down' -> 'PageDown', 'CTRL' -> 'Control',
    'f5' -> 'F5'; a single character stays as written (Playwright types 'A' as Shift+a)."""
    word = key.strip()
    if len(word) == 1:
        return word
    if _FUNCTION.match(word):
        return word.upper()
    return _ALIASES.get(word.lower(), word)


def split_chord(text: str) -> tuple[str, ...]:
    """The keys of one chord written as text: 'ctrl+s', 'Control + C', 'ctrl c' (UI-TARS), 'Return'."""
    text = text.strip()
    if text == "+":
        return ("+",)
    if text.endswith("++"):   # 'ctrl++': the plus key itself is the last of the chord
        return split_chord(text[:-2]) + ("+",)
    parts = [p for p in re.split(r"\s*\+\s*" if "+" in text.strip("+") else r"\s+", text) if p]
    return tuple(parts) or (text,)


def key_chord(keys: Iterable[str]) -> str:
    """The chord in Playwright's `keyboard.press` form: ('ctrl', 'S') -> 'Control+s'. A letter in a chord
    is the key, not the character: vendors write CTRL+C for Control+c, which upper case would make
    Control+Shift+C in Playwright."""
    names = [key_name(k) for k in keys]
    if len(names) > 1:
        names = [n.lower() if len(n) == 1 else n for n in names]
    return "+".join(names)


def normalize_key(key: str) -> str:
    """Playwright key name for what a model writes: 'enter' -> 'Enter', 'ctrl+a' -> 'Control+a'."""
    return key_chord(split_chord(key))
