"""Tensorloft: the sandbox model and dataset hub."""
