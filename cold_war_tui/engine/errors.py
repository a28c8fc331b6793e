"""Errors the engine raises at its boundary; each says what was wrong and why."""

from __future__ import annotations


class IllegalChoice(ValueError):
    """`Game.choose` got an id that is not among the pending choices; nothing changed."""


class ScenarioError(ValueError):
    """A scenario document describes an impossible or malformed position."""


class SaveError(ValueError):
    """A saved game is corrupt, tampered with, or from a newer format."""
