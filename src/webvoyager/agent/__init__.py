"""The WebVoyager policy (prompts, parser) and the agent loop that drives any policy."""
