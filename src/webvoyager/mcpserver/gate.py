"""The confirm gate of the MCP server: a consequential action (agent/gate.py decides which) is done only
when the MCP client's user approves it through elicitation; a client that cannot elicit gets a refusal."""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, Field

from webvoyager.agent.gate import ConfirmGate
from webvoyager.trajectory import GateVerdict

log = logging.getLogger("webvoyager.mcp")


class Approval(BaseModel):
    """What the client's user answers (the elicitation form)."""

    approve: bool = Field(description="Do this action?")
    note: str = Field(default="", description="Optional note (why not, or what to do instead).")


def client_can_elicit(ctx: Any) -> bool:
    """Whether the connected client declared the elicitation capability."""
    try:
        capabilities = ctx.request_context.session.client_capabilities
    except (AttributeError, ValueError, LookupError):
        return False
    return capabilities is not None and getattr(capabilities, "elicitation", None) is not None


class ElicitingGate(ConfirmGate):
    """Asks the MCP client's user (elicitation) about each consequential action; refuses when it cannot."""

    def __init__(self, ctx: Any) -> None:
        super().__init__("ask")
        self.ctx = ctx

    async def review(self, action_line: str, reason: str, url: str) -> GateVerdict:
        if not client_can_elicit(self.ctx):
            return GateVerdict("reject", reason, "mode", action=action_line,
                           note="the MCP client cannot confirm actions (no elicitation support)")
        try:
            answer = await self.ctx.elicit(f"The web agent wants to do, on {url}:\n    {action_line}\n"
                                           f"This is consequential: {reason}. Allow it?", Approval)
        except Exception as exc:  # noqa: BLE001 - a failed elicitation must never count as approval
            log.warning("elicitation failed: %s", exc)
            return GateVerdict("reject", reason, "mode", note=f"confirmation failed: {exc}", action=action_line)
        data = getattr(answer, "data", None)
        if getattr(answer, "action", "") == "accept" and data is not None and data.approve:
            return GateVerdict("approve", reason, "person", note=data.note, action=action_line)
        note = data.note if data is not None else f"the user chose {getattr(answer, 'action', 'nothing')}"
        return GateVerdict("reject", reason, "person", note=note, action=action_line)
