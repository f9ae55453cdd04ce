"""Protocol packs: the papers' own prompts and message templates, imported from the user's clone of the
original repository (`webvoyager protocol import webvoyager|seeact|online-mind2web PATH`), never shipped with the project."""

from __future__ import annotations

from webvoyager.packs.pack import (ONLINE_MIND2WEB_TEMPLATES, PACK_FORMAT, SEEACT_TEMPLATES, WEBVOYAGER_TEMPLATES,
                                   ProtocolPack, load_pack)

# What a paper-protocol run without a pack says on screen, in run.json and in the report.
OUR_WORDING = "paper settings, our wording: not comparable with published numbers"

__all__ = ["ONLINE_MIND2WEB_TEMPLATES", "OUR_WORDING", "PACK_FORMAT", "SEEACT_TEMPLATES", "WEBVOYAGER_TEMPLATES",
           "ProtocolPack", "load_pack"]
