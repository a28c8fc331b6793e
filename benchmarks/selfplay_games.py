"""Play N uniform random self-play games and nothing else (for count_instructions.sh).

`python benchmarks/selfplay_games.py N [--setup-only]`. Before the games, one game is
set up and dropped: that imports every module the games use, so count_instructions.sh's
baseline run (`--setup-only`: no game played) counts the same imports as the measured
run and the difference is the games alone.
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
    if "--setup-only" not in sys.argv[2:]:
        play_games(int(sys.argv[1]), 1, RandomBot)
