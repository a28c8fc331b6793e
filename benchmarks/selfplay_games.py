"""Play N uniform random self-play games and nothing else (for count_instructions.sh)."""

from __future__ import annotations

import sys

from bench_engine import play_games  # the benchmark's own loop (same folder)

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.gamedata import load_default_data

if __name__ == "__main__":
    load_default_data()
    play_games(int(sys.argv[1]), 1, RandomBot)
