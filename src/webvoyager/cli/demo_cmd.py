"""CLI command: demo (placeholder until the sandbox and reference model land)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
