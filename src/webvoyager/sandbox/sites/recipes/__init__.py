"""Simmer & Sage: the sandbox recipe site."""
