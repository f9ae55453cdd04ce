"""The one redaction function knows every spelling of a secret (text.secret_pattern): each is replaced in
text, in nested run data and in JSON written from it; the end-to-end scan of a run folder is in
tests/safety/test_secret_encodings.py."""

from __future__ import annotations

import html
import json
from urllib.parse import quote, quote_plus

import pytest

from webvoyager.agent.redact import REDACTED, Redactor

SECRETS = ["p@ss w&rd 9", "Zürich <Ölweg> \"7\"/é"]


def _spellings(secret: str) -> dict[str, str]:
    form = quote_plus(secret)
    return {
        "raw": secret, "quote": quote(secret, safe=""), "quote (path)": quote(secret), "quote_plus": form,
        "lower-case hex": form.lower(), "twice encoded": quote(quote(secret, safe=""), safe=""),
        "html": html.escape(secret), "html numeric": "".join(f"&#{ord(c)};" for c in secret),
        "html hex": "".join(f"&#x{ord(c):x};" for c in secret),
        "html named": html.escape(secret).replace("ü", "&uuml;").replace("Ö", "&Ouml;").replace("é", "&eacute;"),
        "json": json.dumps(secret)[1:-1], "json ascii": json.dumps(secret, ensure_ascii=True)[1:-1],
        "json unicode escapes": "".join(f"\\u{ord(c):04x}" for c in secret),
        "upper case": secret.upper(), "spaces collapsed or non-breaking": secret.replace(" ", "\u00a0"),
    }


@pytest.mark.parametrize("secret", SECRETS)
def test_every_spelling_of_a_secret_is_redacted(secret: str) -> None:
    redactor = Redactor([secret])
    for name, spelled in _spellings(secret).items():
        assert redactor.text(f"before {spelled} after") == f"before {REDACTED} after", name
        assert redactor.contains_secret(f"x{spelled}x"), name


def test_json_written_from_redacted_data_holds_no_spelling() -> None:
    secret = SECRETS[1]
    data = {"answer": f"found {secret}", "url": f"https://x.test/?q={quote_plus(secret)}",
            "html": f"<b>{html.escape(secret)}</b>", "nested": [{secret: json.dumps(secret)}]}
    written = json.dumps(Redactor([secret]).data(data))
    assert [n for n, s in _spellings(secret).items() if s in written] == []
    assert written.count(REDACTED) == 5


def test_other_text_is_left_alone() -> None:
    redactor = Redactor(["p@ss w&rd 9"])
    text = "pass word 9, p@ss w&rd 8, p@ss+w%26rd, p@ssw&rd 9"
    assert redactor.text(text) == text
