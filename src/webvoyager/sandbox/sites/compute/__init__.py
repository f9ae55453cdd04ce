"""Quotient: the computational answer engine sandbox site (package)."""
