"""Sandbox sites: one sub-package each, with `site.py` (defining SITE), templates/, static/ and tasks.json."""
