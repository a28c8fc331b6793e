"""Computer players for the DEFCON duel: `make_duel_bot(name, seed)` and the levels.

A duel bot is a player: `choose(game, player)` reads only `game.view(player)` (its own
board, the requests and answers so far, what its sabotage found) and returns the pending
decision as text in the duel's notation, which `game.choose` accepts. Its randomness comes
from its seed alone, so the same seed in the same position makes the same choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

from cold_war_tui.duel.bots.hunter import HunterBot
from cold_war_tui.duel.bots.uniform import RandomDuelBot
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.settings import Player


class DuelBot(Protocol):
    """A computer player of the duel."""

    def choose(self, game: DuelGame, player: Player) -> str: ...


DUEL_BOTS: Mapping[str, Callable[[int], DuelBot]] = MappingProxyType(
    {"random": RandomDuelBot, "hunter": HunterBot}
)
"""The levels, from the weakest to the strongest: name -> factory(seed)."""


def make_duel_bot(name: str, seed: int) -> DuelBot:
    """The bot called `name` (a key of DUEL_BOTS), seeded; ValueError for another name."""
    if not isinstance(name, str) or name not in DUEL_BOTS:
        raise ValueError(f"unknown duel bot {name!r}; the duel bots are: {', '.join(DUEL_BOTS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    return DUEL_BOTS[name](seed)


__all__ = ["DUEL_BOTS", "DuelBot", "make_duel_bot"]
