"""Play N uniform random self-play games and nothing else (for count_instructions.sh)."""

from __future__ import annotations

import sys

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.gamedata import load_default_data


def main(games: int) -> None:
    load_default_data()
    for seed in range(1, games + 1):
        game = Game.new(GameOptions(seed=seed))
        bot = RandomBot(seed)
        while (pending := game.pending) is not None:
            game.choose(bot.choose(pending))


if __name__ == "__main__":
    main(int(sys.argv[1]))
