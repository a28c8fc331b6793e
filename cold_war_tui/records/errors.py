"""`LogError`: a play-site log that cannot be read, with where and why in one line."""

from __future__ import annotations

EXCERPT_CHARS = 80
"""A LogError quotes at most this many characters of the line it names."""


class LogError(ValueError):
    """The log cannot be read at line `line` (1-based): `reason`, then `excerpt`, at most
    EXCERPT_CHARS characters of that line (cut ones end with '...')."""

    def __init__(self, line: int, text: str, reason: str) -> None:
        self.line = line
        self.reason = reason
        flat = " ".join(text.split())
        self.excerpt = flat if len(flat) <= EXCERPT_CHARS else flat[: EXCERPT_CHARS - 3] + "..."
        super().__init__(f"line {line}: {reason}: {self.excerpt!r}")
