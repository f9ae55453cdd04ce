"""Cartwheel: the sandbox online shop."""
