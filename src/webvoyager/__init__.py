"""webvoyager: multimodal web agents (WebVoyager, SeeAct), a benchmark harness and an offline sandbox."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
