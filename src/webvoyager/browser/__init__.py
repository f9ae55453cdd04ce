"""Browser layer: a Playwright session, Set-of-Mark observations, actions and PDF text."""
