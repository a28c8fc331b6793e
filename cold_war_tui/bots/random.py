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


SCORING_CARDS = frozenset({1, 2, 3, 37, 38, 79, 81})
SCORING_PLAYS = frozenset(f"play {card} event" for card in SCORING_CARDS)


class ScoringFirstBot(RandomBot):
    """A random bot that plays a scoring card as soon as it can.

    Uniform bots often end a game in turn 1-3 by holding a scoring card at the
    end of a turn (10.1.5); this one reaches the Mid and Late War, so self-play
    meets every period's events.
    """

    def choose(self, decision: Decision) -> str:
        if decision.kind == "action":
            for choice in decision.choices:
                if choice.id in SCORING_PLAYS:
                    return choice.id
        return super().choose(decision)


def bot_for_game(seed: int) -> RandomBot:
    """The self-play mix: every other game is played by scoring-first bots."""
    return ScoringFirstBot(seed) if seed % 2 == 0 else RandomBot(seed)
