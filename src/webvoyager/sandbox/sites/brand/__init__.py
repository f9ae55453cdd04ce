"""Lumen: the sandbox consumer-electronics brand site."""
