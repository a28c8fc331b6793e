"""Duel bot benchmark: the hunter's time per decision (the issue's target: median < 0.5 s).

Plays `--games` duels of `hunter` against `random` (the first player alternating, as
`cold-war-tui duel-arena` does) after one warm-up game, and prints the median, 95th
percentile and maximum of the hunter's decisions in wall-clock seconds and in CPU seconds
of the process, with the machine's load: on a shared machine the wall clock swings with
it, the CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cold_war_tui.arena import think_summary
from cold_war_tui.duel import PLAYERS, DuelGame, DuelSettings
from cold_war_tui.duel.bots import make_duel_bot


def hunter_times(games: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each of the hunter's decisions."""
    wall: list[float] = []
    cpu: list[float] = []
    for n in range(games):
        game = DuelGame(DuelSettings(first_player=PLAYERS[n % 2]))
        bots = {"A": make_duel_bot("hunter", seed + n), "B": make_duel_bot("random", seed - n)}
        while (pending := game.pending) is not None:
            player = pending.player
            started, used = time.perf_counter(), time.process_time()
            text = bots[player].choose(game, player)
            if player == "A":
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)
            game.choose(text)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="duels to time (10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hunter_times(1, args.seed - 1)  # warm-up: imports, caches
    wall, cpu = hunter_times(args.games, args.seed)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"duel hunter vs random, {args.games} games, {len(wall)} decisions (load {load})")
    for name, times in (("wall", wall), ("cpu", cpu)):
        summary = think_summary(times)
        print(
            f"  {name}: median {summary['median']:.3f} s, p95 {summary['p95']:.3f} s, "
            f"max {summary['max']:.3f} s, mean {statistics.fmean(times):.3f} s"
        )
    print(f"  target: median < 0.5 s: {'met' if statistics.median(wall) < 0.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
