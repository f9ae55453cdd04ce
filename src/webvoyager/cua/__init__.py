"""The `cua` policy: native computer-use models (Anthropic's computer tool, ...) acting by screen points
on a plain screenshot, through the same loop, gate, recorder and reports as the other policies."""

from webvoyager.cua.policy import ComputerUsePolicy

__all__ = ["ComputerUsePolicy"]
