"""Lanternpost News: the sandbox news site."""
