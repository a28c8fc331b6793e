"""Small helpers for the words of log lines and prompts (shared with the TUI)."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 country", "2 countries", "0 cards": the count and the noun that fits it."""
    word = one if count == 1 else many if many is not None else one + "s"
    return f"{count} {word}"


def either(words: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"
