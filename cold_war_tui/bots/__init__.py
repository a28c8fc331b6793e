"""Bots: choose for a side from the engine's legal choices."""
