"""Prompt files: one loader and one placeholder style for every prompt the product sends.

Prompts live as text files in a `prompts/` folder next to the code that uses them (DESIGN.md). A
placeholder is `$name` or `${name}` (`string.Template`), so JSON braces and code in a prompt need no
escaping; `$$` is a literal dollar. Filling a prompt with a missing or an unknown value is an error
naming the file, so a renamed placeholder cannot silently leave `$task` in what a model is sent.
Users can replace a prompt with their own file (`--system-prompt FILE`, `judge --prompt FILE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from string import Template

from webvoyager.errors import ConfigError
from webvoyager.fileio import read_text_file


@dataclass(frozen=True)
class Prompt:
    """The text of one prompt file and where it came from."""

    text: str
    source: str

    @property
    def placeholders(self) -> frozenset[str]:
        """The names of the `$name` placeholders in the text."""
        names = set()
        for match in Template.pattern.finditer(self.text):
            name = match.group("named") or match.group("braced")
            if name:
                names.add(name)
        return frozenset(names)

    def render(self, *, allow_unused: bool = False, **values: object) -> str:
        """The text with every placeholder filled; ConfigError for a missing value, and for a value the
        text has no placeholder for unless `allow_unused` (a user's prompt may leave a value out)."""
        missing = self.placeholders - set(values)
        unknown = set() if allow_unused else set(values) - self.placeholders
        if missing or unknown:
            parts = []
            if missing:
                parts.append(f"no value for {', '.join('$' + n for n in sorted(missing))}")
            if unknown:
                parts.append(f"it has no placeholder {', '.join('$' + n for n in sorted(unknown))}")
            raise ConfigError(f"prompt {self.source}: {'; '.join(parts)} (placeholders: "
                              f"{', '.join('$' + n for n in sorted(self.placeholders)) or 'none'})")
        return Template(self.text).substitute({k: str(v) for k, v in values.items() if k in self.placeholders})

    def pattern(self) -> re.Pattern[str]:
        """A regex matching what `render` writes, one named group per placeholder (lazy, across lines),
        for code that reads a rendered prompt back (use `fullmatch`). Two placeholders with only a
        line break between them split wherever the first line ends: the reader must re-split them."""
        parts, pos, seen = [], 0, set()
        for found in Template.pattern.finditer(self.text):
            parts.append(re.escape(self.text[pos:found.start()]))
            name = found.group("named") or found.group("braced")
            if name is None:
                parts.append(re.escape("$" if found.group("escaped") is not None else found.group(0)))
            elif name in seen:
                parts.append(f"(?P={name})")
            else:
                seen.add(name)
                parts.append(f"(?P<{name}>.*?)")
            pos = found.end()
        parts.append(re.escape(self.text[pos:]))
        return re.compile("".join(parts), re.DOTALL)

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=None)
def load_prompt(package: str, name: str) -> Prompt:
    """The prompt file `name` (e.g. "system.txt") in the `prompts/` folder of `package`."""
    source = resources.files(package).joinpath("prompts", name)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"prompt file prompts/{name} is missing from {package}; reinstall webvoyager") from None
    return Prompt(text.strip(), f"{package}/prompts/{name}")


def prompt_from_file(path: str | Path, *, needs: frozenset[str] | set[str] = frozenset()) -> Prompt:
    """A user's own prompt file; ConfigError when it is missing, empty, or lacks a needed placeholder."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"prompt file {path} does not exist; pass the path of a UTF-8 text file")
    text = read_text_file(path, ConfigError, what="prompt file").strip()
    if not text:
        raise ConfigError(f"prompt file {path} is empty")
    prompt = Prompt(text, str(path))
    lacking = set(needs) - prompt.placeholders
    if lacking:
        raise ConfigError(f"prompt file {path} must contain the placeholder(s) "
                          f"{', '.join('$' + n for n in sorted(lacking))}, where the program puts that text")
    return prompt
