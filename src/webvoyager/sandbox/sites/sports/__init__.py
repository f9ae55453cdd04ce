"""Fieldhouse: the sandbox sports site (a basketball and a football league)."""
