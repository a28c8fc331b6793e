"""Bots: a computer player chooses for its side from what that side may know.

`make_bot(name, seed, think=None, iterations=None)` builds one of the bots named in
`BOTS`; its `choose(game, player)` returns a choice id of `game.pending`. A bot reads
only `game.pending`, `game.view(player)` and the games `game.determinize(player, seed)`
gives it (docs/bots.md). `think` bounds the seconds per decision; `iterations` bounds
the work instead and makes the bot deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Protocol

from cold_war_tui.bots.greedy import GreedyBot
from cold_war_tui.bots.random import UniformBot
from cold_war_tui.bots.strong import DEFAULT_THINK, EXPERT_THINK, Analysis, StrongBot
from cold_war_tui.engine import Game, Move


class Bot(Protocol):
    """A computer player: the choice id it picks for `player` at `game.pending`."""

    def choose(self, game: Game, player: str) -> str: ...


BotFactory = Callable[[int, float | None, int | None], Bot]


def _uniform(seed: int, think: float | None, iterations: int | None) -> Bot:
    return UniformBot(seed)


def _greedy(seed: int, think: float | None, iterations: int | None) -> Bot:
    return GreedyBot(seed)


def _strong(seed: int, think: float | None, iterations: int | None) -> Bot:
    return StrongBot(seed, think, iterations)


def _expert(seed: int, think: float | None, iterations: int | None) -> Bot:
    """The strong bot with more time: EXPERT_THINK seconds a decision by default."""
    if think is None and iterations is None:
        think = EXPERT_THINK
    return StrongBot(seed, think, iterations)


# Name -> factory(seed, think, iterations). Ordered from the weakest to the strongest:
# a UI lists them in this order as levels.
BOTS: Mapping[str, BotFactory] = MappingProxyType(
    {"random": _uniform, "greedy": _greedy, "strong": _strong, "expert": _expert}
)


def make_bot(
    name: str, seed: int, think: float | None = None, iterations: int | None = None
) -> Bot:
    """The bot called `name` (a key of BOTS); ValueError for an unknown name or bad budget."""
    if not isinstance(name, str) or name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if think is not None and (isinstance(think, bool) or not think >= 0):
        raise ValueError(f"think must be a number of seconds >= 0, not {think!r}")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be an int >= 1, not {iterations!r}")
    return BOTS[name](seed, think, iterations)


def analyse(
    game: Game,
    player: str,
    *,
    seed: int,
    think: float | None = None,
    iterations: int | None = None,
    also: Sequence[Move] = (),
) -> Analysis:
    """What the strongest search makes of `player`'s pending decision: its choice and the
    moves it weighed with their scores, best first (`Analysis`); `also` lists moves to
    weigh besides its own candidates (the move a record says was played). It reads only
    what `player` may know, as every bot does. For hints and the study of a game."""
    make_bot("strong", seed, think, iterations)  # the same checks of the budget
    return StrongBot(seed, think, iterations).analyse(game, player, also)


__all__ = [
    "BOTS",
    "DEFAULT_THINK",
    "EXPERT_THINK",
    "Analysis",
    "Bot",
    "analyse",
    "make_bot",
]
