"""Quarry: the sandbox web search engine over every other sandbox site."""
