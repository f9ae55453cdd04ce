"""The action cache (`--cache DIR`): a successful task's steps, replayed without a model call while the
page matches, healed by the model from the first step that does not (see policy.py)."""
