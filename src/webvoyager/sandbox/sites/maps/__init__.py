"""Orbis Maps: the maps sandbox site (package)."""
