"""seeact layer."""
