"""The `greedy` bot: each legal choice played on a fork of one determinized world and
scored with the shared evaluation; the best one is taken (docs/bots.md)."""

from __future__ import annotations

from cold_war_tui.bots.safety import scoring_plays_due
from cold_war_tui.bots.worlds import best, decision_key, moves_of, one_step, pending_for, worlds
from cold_war_tui.engine import Game


class GreedyBot:
    """One step of lookahead in one world; it spends no more than that, whatever the budget."""

    def __init__(self, seed: int) -> None:
        self._seed = seed

    def choose(self, game: Game, player: str) -> str:
        pending = pending_for(game, player)
        moves = moves_of(pending)
        if len(moves) == 1:
            return moves[0].notation
        world = next(worlds(game, player, decision_key(game, player, self._seed)))
        moves = scoring_plays_due(world, player, pending, moves)
        return best(one_step(world, player, moves), moves).notation
