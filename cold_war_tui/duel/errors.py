"""Errors of the duel: every one is a ValueError, so callers can catch bad input in one place."""

from __future__ import annotations


class DuelError(ValueError):
    """Base of every error the duel raises on bad input."""


class IllegalChoice(DuelError):
    """A choice that the rules forbid now; the game state is left exactly as it was."""


class NotationError(DuelError):
    """A text in the seed's notation that cannot be read; the message names the token."""


class SaveError(DuelError):
    """A saved game (JSON) that is malformed or does not replay to its recorded state."""


def excerpt(text: str, limit: int = 24) -> str:
    """A bad input as a message shows it: quoted, and cut short (an input may be megabytes)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def count(n: int, noun: str) -> str:
    """'1 target', '2 targets': a number with its noun in the right form."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
