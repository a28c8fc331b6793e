"""Play the protocol's uniform random games and print "decisions seconds".

The games are played REPEAT times (a third argument, 3 by default) and the fastest run counts, as in
`bench_engine.throughput` and `timeit`: the slower runs measure the machine's other load.

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
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    load_default_data()
    Game.new(GameOptions(seed=0))
    play_games(min(games, 20), seed, RandomBot)  # warm-up: caches, branch predictors
    runs = [play_games(games, seed, RandomBot) for _ in range(repeat)]
    print(runs[0][1], min(run[0] for run in runs))
