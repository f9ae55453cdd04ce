"""The SeeAct prompt pack fixture (imported once per session from ../shared), for the policy and offline tests."""

from tests.packs.conftest import seeact_pack

__all__ = ["seeact_pack"]
