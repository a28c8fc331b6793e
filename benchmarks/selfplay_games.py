"""Play N uniform random self-play games and nothing else (for count_instructions.sh).

Before the games, one game is set up and dropped, with N = 0 too: that imports every
module the games use, so count_instructions.sh's baseline run (N = 0) counts the same
imports as the measured run and the difference is the games alone.
"""

from __future__ import annotations

import sys

from bench_engine import play_games  # the benchmark's own loop (same folder)

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.gamedata import load_default_data

if __name__ == "__main__":
    load_default_data()
    Game.new(GameOptions(seed=0))
    play_games(int(sys.argv[1]), 1, RandomBot)
