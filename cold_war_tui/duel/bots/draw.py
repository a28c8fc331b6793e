"""A seeded stream of random numbers that is the same on every Python version.

Python's `random` may change its algorithms between versions, and the duel package draws
nothing from it: each number here is a hash of the bot's seed and a counter (BLAKE2b), so a
bot with the same seed makes the same choices anywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
_SPAN = 1 << 64


class Draw:
    """Uniform integers, floats, choices and shuffles from one seed."""

    def __init__(self, seed: int) -> None:
        self._base = hashlib.blake2b(str(seed).encode(), digest_size=8)
        self._count = 0

    def _next(self) -> int:
        self._count += 1
        h = self._base.copy()
        h.update(self._count.to_bytes(8, "big"))
        return int.from_bytes(h.digest(), "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling: every value exactly as likely)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = _SPAN - _SPAN % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return self._next() / _SPAN

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items, in random order (the first k steps of a shuffle)."""
        out = list(items)
        n = len(out)
        for i in range(min(k, n)):
            j = i + self.below(n - i)
            out[i], out[j] = out[j], out[i]
        return out[:k]

    def order(self, items: Sequence[T]) -> Iterator[T]:
        """The items in a uniformly random order, drawn one at a time (a caller that stops
        early pays only for what it took)."""
        out = list(items)
        for i in range(len(out)):
            j = i + self.below(len(out) - i)
            out[i], out[j] = out[j], out[i]
            yield out[i]
