"""The one seeded random generator of a game: SplitMix64, stable on every Python.

Python's `random` module may change its algorithms between versions, so the
engine draws every die and shuffle from this small generator, whose whole
state is one integer stored in the game state. Dice use rejection sampling so
each face is exactly equally likely.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_TWO_64 = 1 << 64


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (new state, value).

    One SplitMix64 step per draw, written inline: this runs for every die, shuffle
    step and random bot choice. With n = 2**64 the value is the raw 64-bit output.
    """
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _TWO_64 - _TWO_64 % n
    while True:
        state = (state + GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z < limit:
            return state, z % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    """The generator state for a user-visible seed (any integer)."""
    return seed & MASK64
