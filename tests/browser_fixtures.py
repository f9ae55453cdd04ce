"""Browser fixtures (filled in by the browser layer): `browser` per test session, `session` per test."""
