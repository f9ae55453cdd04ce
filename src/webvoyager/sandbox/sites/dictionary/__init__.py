"""Wordhoard: the sandbox dictionary site."""
