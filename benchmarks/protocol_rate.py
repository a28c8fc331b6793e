"""Play the protocol's uniform random games once and print "decisions seconds".

Run by `bench_engine.py --base` in a fresh process for each side of an A/B round, with
PYTHONPATH naming the tree whose engine plays: this file and the benchmark's loop come
from the current tree, `cold_war_tui` from the tree measured.
"""

from __future__ import annotations

import sys

from bench_engine import play_games  # the benchmark's own loop (same folder)

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.gamedata import load_default_data

if __name__ == "__main__":
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    load_default_data()
    Game.new(GameOptions(seed=0))
    play_games(min(games, 20), seed, RandomBot)  # warm-up: caches, branch predictors
    elapsed, decisions, _, _ = play_games(games, seed, RandomBot)
    print(decisions, elapsed)
