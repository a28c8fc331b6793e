"""The uniform random bot: every legal choice equally likely, from its own seed.

It uses our SplitMix64 generator (not Python's `random`), so a self-play run
is reproducible on any Python version.
"""

from __future__ import annotations

from cold_war_tui.engine import Decision
from cold_war_tui.engine.rng import below, seed_state


class RandomBot:
    """Picks uniformly among `decision.choices`."""

    def __init__(self, seed: int) -> None:
        self._state = seed_state(seed ^ 0x5DEECE66D)

    def choose(self, decision: Decision) -> str:
        self._state, index = below(self._state, len(decision.choices))
        return decision.choices[index].id
