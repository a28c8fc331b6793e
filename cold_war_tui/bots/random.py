"""The uniform random bot: every legal choice equally likely, from its own seed.

It draws from Python's `random.Random`, whose `random()` sequence for an integer
seed is guaranteed to stay the same across Python versions (the module's other
methods, such as `choice`, are not), so a self-play run is reproducible anywhere.
The bot is not part of the rules: the engine's own dice come from its seeded
generator in the game state.
"""

from __future__ import annotations

import random

from cold_war_tui.bots.worlds import pending_for
from cold_war_tui.engine import Decision, DecisionKind, Game, Play


class RandomBot:
    """Picks uniformly among `decision.choices`."""

    def __init__(self, seed: int) -> None:
        self._draw = random.Random(seed ^ 0x5DEECE66D).random

    def choose(self, decision: Decision) -> str:
        choices = decision.choices
        # random() is a multiple of 2**-53 below 1: every index is equally likely to
        # within len(choices) / 2**53.
        return choices[int(self._draw() * len(choices))].id


class UniformBot:
    """The `random` bot of `make_bot`: uniform over the legal choices of `game.pending`."""

    def __init__(self, seed: int) -> None:
        self._pick = RandomBot(seed)

    def choose(self, game: Game, player: str) -> str:
        return self._pick.choose(pending_for(game, player))


SCORING_CARDS = frozenset({1, 2, 3, 37, 38, 79, 81})
# By id: this bot drives the engine benchmark, where reading every entry's move would
# cost more than the engine's own work on the menu.
SCORING_PLAYS = frozenset(Play(card, "event").notation for card in SCORING_CARDS)


class ScoringFirstBot(RandomBot):
    """A random bot that plays a scoring card as soon as it can.

    Uniform bots often end a game in turn 1-3 by holding a scoring card at the
    end of a turn (10.1.5); this one reaches the Mid and Late War, so self-play
    meets every period's events.
    """

    def choose(self, decision: Decision) -> str:
        if decision.kind == DecisionKind.ACTION:
            for choice in decision.choices:
                if choice.id in SCORING_PLAYS:
                    return choice.id
        return super().choose(decision)


def bot_for_game(seed: int) -> RandomBot:
    """The self-play mix: every other game is played by scoring-first bots."""
    return ScoringFirstBot(seed) if seed % 2 == 0 else RandomBot(seed)
