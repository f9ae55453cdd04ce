"""A pack imported once per session from the original WebVoyager code in ../shared (read at test time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from webvoyager.packs import ProtocolPack
from webvoyager.packs.webvoyager_import import import_webvoyager

ORIGINAL = SHARED_DATA / "webvoyager" / "original"


@pytest.fixture(scope="session")
def pack(tmp_path_factory: pytest.TempPathFactory) -> ProtocolPack:
    if not (ORIGINAL / "run.py").is_file():
        pytest.skip(f"the original WebVoyager code is not at {ORIGINAL}")
    return import_webvoyager(ORIGINAL, tmp_path_factory.mktemp("packs") / "pack", version="test")


@pytest.fixture
def pack_folder(pack: ProtocolPack) -> Path:
    return pack.folder
