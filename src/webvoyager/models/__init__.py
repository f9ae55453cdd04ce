"""Model layer: the ChatModel protocol and its providers (openai, anthropic, scripted, human, reference)."""
