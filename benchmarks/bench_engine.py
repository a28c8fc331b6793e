"""Engine benchmark: random self-play throughput and the latency of one `choose`.

Protocol: two uniform random bots (cold_war_tui.bots.random) play whole games
from `Game.new`; every decision lists its legal choices and the bot picks one.
Prints games/s, decisions/s, mean decisions per game, the end-reason mix and
the p50/p99 time of one `choose` (including computing the next `pending`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.gamedata import load_default_data


def throughput(games: int, seed: int) -> None:
    load_default_data()
    decisions = 0
    reasons: Counter[str] = Counter()
    started = time.perf_counter()
    for n in range(games):
        game = Game.new(GameOptions(seed=seed + n))
        bot = RandomBot(seed + n)
        while (pending := game.pending) is not None:
            game.choose(bot.choose(pending))
            decisions += 1
        assert game.outcome is not None
        reasons[f"{game.outcome.rule}"] += 1
    elapsed = time.perf_counter() - started
    print(f"random self-play: {games} games in {elapsed:.2f} s")
    print(f"  games/s            {games / elapsed:10.1f}")
    print(f"  decisions/s        {decisions / elapsed:10.0f}")
    print(f"  decisions per game {decisions / games:10.1f}")
    print(f"  end reasons (rule) {dict(sorted(reasons.items()))}")


def latency(games: int, seed: int) -> None:
    samples: list[float] = []
    for n in range(games):
        game = Game.new(GameOptions(seed=seed + n))
        bot = RandomBot(seed + n)
        while (pending := game.pending) is not None:
            choice = bot.choose(pending)
            t0 = time.perf_counter_ns()
            game.choose(choice)
            _ = game.pending
            samples.append((time.perf_counter_ns() - t0) / 1000)
    samples.sort()
    p99 = samples[int(len(samples) * 0.99)]
    print(f"choose + pending: {len(samples)} samples")
    print(f"  median us          {statistics.median(samples):10.1f}")
    print(f"  p99 us             {p99:10.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    throughput(args.games, args.seed)
    latency(max(1, args.games // 5), args.seed + 10_000)


if __name__ == "__main__":
    main()
