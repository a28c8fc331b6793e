"""The one seeded random generator of a game: SplitMix64, stable on every Python.

Python's `random` module may change its algorithms between versions, so the
engine draws every die and shuffle from this small generator, whose whole
state is one integer stored in the game state. Dice use rejection sampling so
each face is exactly equally likely.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def next_state(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new state, 64-bit output)."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (new state, value)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, out = next_state(state)
        if out < limit:
            return state, out % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    """The generator state for a user-visible seed (any integer)."""
    return seed & MASK64
