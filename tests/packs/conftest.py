"""Packs imported once per session from the original WebVoyager and SeeAct code in ../shared (read at test
time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from webvoyager.packs import ProtocolPack
from webvoyager.packs.seeact_import import import_seeact
from webvoyager.packs.webvoyager_import import import_webvoyager

ORIGINAL = SHARED_DATA / "webvoyager" / "original"
SEEACT_ORIGINAL = SHARED_DATA / "seeact" / "original"


@pytest.fixture(scope="session")
def pack(tmp_path_factory: pytest.TempPathFactory) -> ProtocolPack:
    if not (ORIGINAL / "run.py").is_file():
        pytest.skip(f"the original WebVoyager code is not at {ORIGINAL}")
    return import_webvoyager(ORIGINAL, tmp_path_factory.mktemp("packs") / "pack", version="test")


@pytest.fixture
def pack_folder(pack: ProtocolPack) -> Path:
    return pack.folder


@pytest.fixture(scope="session")
def seeact_pack(tmp_path_factory: pytest.TempPathFactory) -> ProtocolPack:
    if not (SEEACT_ORIGINAL / "src" / "data_utils" / "prompts.py").is_file():
        pytest.skip(f"the original SeeAct code is not at {SEEACT_ORIGINAL}")
    return import_seeact(SEEACT_ORIGINAL, tmp_path_factory.mktemp("packs") / "seeact-pack", version="test")
