"""Engine benchmark: random self-play throughput and the latency of one `choose`.

Protocol: two uniform random bots (cold_war_tui.bots.random) play whole games; a
second run mixes in scoring-first bots (every even game) so half the games reach
the Late War, and reports the end-reason mix over 10,000 games. Both play
from `Game.new`; every decision lists its legal choices and the bot picks one.
Prints games/s, decisions/s, mean decisions per game, the end-reason mix and
the p50/p99 time of one `choose` (including computing the next `pending`).
The protocol games are played `--repeat` times (the same games each time) and
the fastest run counts, as `timeit` does: on a shared machine the slower runs
measure the other load, not the engine. Last, over `--copy-games` games, the
median and p99 cost of `Game.fork`, `rewind(0)` and a replay from the start by
stage of the game, and of `Game.determinize` for either side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable

from cold_war_tui.bots.random import RandomBot, bot_for_game
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.gamedata import load_default_data


def play_games(
    games: int, seed: int, bots: Callable[[int], RandomBot]
) -> tuple[float, int, Counter[str], Counter[int]]:
    """Play the games once: (seconds, decisions, end reasons, last turns).

    The clock runs from `Game.new` to the last decision of each game; the
    statistics (which read a full state snapshot) are gathered with it stopped.
    """
    decisions = 0
    reasons: Counter[str] = Counter()
    turns: Counter[int] = Counter()
    elapsed = 0.0
    for n in range(games):
        started = time.perf_counter()
        game = Game.new(GameOptions(seed=seed + n))
        bot = bots(seed + n)
        while (pending := game.pending) is not None:
            game.choose(bot.choose(pending))
            decisions += 1
        elapsed += time.perf_counter() - started
        assert game.outcome is not None
        reasons[f"{game.outcome.rule} ({game.outcome.ending})"] += 1
        turns[game.state.turn] += 1
    return elapsed, decisions, reasons, turns


def throughput(
    games: int, seed: int, bots: Callable[[int], RandomBot], title: str, repeat: int = 1
) -> None:
    """Play the same games `repeat` times; report every run and the fastest.

    The games are identical in every run (same seeds), so only the time varies:
    the fastest run is the one least disturbed by other load on the machine.
    """
    load_default_data()
    runs = [play_games(games, seed, bots) for _ in range(repeat)]
    elapsed = min(run[0] for run in runs)
    _, decisions, reasons, turns = runs[0]
    print(
        f"{title}: {games} games in {elapsed:.2f} s"
        + (f" (best of {repeat})" if repeat > 1 else "")
    )
    if repeat > 1:
        rates = ", ".join(f"{decisions / run[0]:.0f}" for run in runs)
        print(f"  decisions/s of each run: {rates}")
    print(f"  games/s            {games / elapsed:10.1f}")
    print(f"  decisions/s        {decisions / elapsed:10.0f}")
    print(f"  decisions per game {decisions / games:10.1f}")
    print("  end reasons:")
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"    {reason:32} {count:6d} ({100 * count / games:5.1f}%)")
    print(f"  last turn reached  {dict(sorted(turns.items()))}")


def latency(games: int, seed: int) -> None:
    samples: list[float] = []
    for n in range(games):
        game = Game.new(GameOptions(seed=seed + n))
        bot = bot_for_game(seed + n)
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


def _stage(turn: int) -> str:
    return "early" if turn <= 3 else "mid" if turn <= 7 else "late"


def _percentiles(label: str, samples: list[float]) -> str:
    if not samples:
        return f"  {label:22} (no sample)"
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    median = statistics.median(samples)
    return f"  {label:22} median {median:8.1f}  p99 {p99:8.1f}  ({len(samples)})"


def copies(games: int, seed: int) -> None:
    """The cost of `fork`, `rewind(0)` and a replay from the start, by stage of the game.

    Scoring-first bots play the games so that the Late War is reached; every
    decision is forked, every fifth one rewound by 0 and every tenth replayed
    from `Game.new` (what `rewind` cost before checkpoints).
    """
    fork_us: dict[str, list[float]] = {"early": [], "mid": [], "late": []}
    rewind_us: dict[str, list[float]] = {"early": [], "mid": [], "late": []}
    replay_us: dict[str, list[float]] = {"early": [], "mid": [], "late": []}
    timer = time.perf_counter_ns
    for n in range(games):
        game_seed = seed + 2 * n  # even seeds: scoring-first bots
        game = Game.new(GameOptions(seed=game_seed))
        bot = bot_for_game(game_seed)
        step = 0
        while (pending := game.pending) is not None:
            stage = _stage(game.view(pending.player).turn)
            t0 = timer()
            game.fork()
            fork_us[stage].append((timer() - t0) / 1000)
            if step % 5 == 0:
                t0 = timer()
                game.rewind(0)
                rewind_us[stage].append((timer() - t0) / 1000)
            if step % 10 == 0:
                t0 = timer()
                replay = Game.new(game.options)
                for choice in game.choices:
                    replay.choose(choice)
                replay_us[stage].append((timer() - t0) / 1000)
            game.choose(bot.choose(pending))
            step += 1
    print(f"copies of a game in play, microseconds ({games} games, every decision):")
    for stage in ("early", "mid", "late"):
        print(f"  {stage} game (turns {dict(early='1-3', mid='4-7', late='8-10')[stage]})")
        print(_percentiles("fork", fork_us[stage]))
        print(_percentiles("rewind(0)", rewind_us[stage]))
        print(_percentiles("replay from the start", replay_us[stage]))


def determinizations(games: int, seed: int) -> None:
    """The cost of `determinize` at every decision, for the deciding player (what a bot
    does) and for his opponent (the cards redealt before the opponent's decision)."""
    own: list[float] = []
    opponent: list[float] = []
    refused = 0
    timer = time.perf_counter_ns
    for n in range(games):
        game_seed = seed + 2 * n
        game = Game.new(GameOptions(seed=game_seed))
        bot = bot_for_game(game_seed)
        while (pending := game.pending) is not None:
            t0 = timer()
            game.determinize(pending.player, n)
            own.append((timer() - t0) / 1000)
            t0 = timer()
            try:
                game.determinize("US" if pending.player == "USSR" else "USSR", n)
            except ValueError:
                refused += 1
            opponent.append((timer() - t0) / 1000)
            game.choose(bot.choose(pending))
    print(f"determinize, microseconds ({games} games, every decision):")
    print(_percentiles("for the deciding side", own))
    print(_percentiles("for the other side", opponent))
    print(f"  refused (the other side): {refused} of {len(opponent)}")


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rate(tree: str, games: int, seed: int) -> tuple[int, float]:
    """(decisions, decisions per second) of the protocol games with `tree`'s engine, in a
    fresh process (its fastest of three runs)."""
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, "protocol_rate.py"), str(games), str(seed)],
        env={**os.environ, "PYTHONPATH": tree},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    decisions, elapsed = int(out[0]), float(out[1])
    return decisions, decisions / elapsed


def compare_with(base: str, games: int, seed: int, rounds: int) -> None:
    """A/B against commit `base` (checked out in a scratch worktree): the same protocol
    games played by A (`base`) and B (this tree) in alternating rounds, each in a fresh
    process after a warm-up; the median of the rounds' ratios B/A is the figure (one
    round on a shared machine can be off by much more than the difference)."""
    with tempfile.TemporaryDirectory(prefix="bench-base-") as scratch:
        tree = os.path.join(scratch, "tree")
        subprocess.run(
            ["git", "-C", ROOT, "worktree", "add", "--quiet", "--detach", tree, base],
            check=True,
        )
        try:
            print(f"A/B: A = {base}, B = this tree; {games} protocol games, {rounds} rounds")
            rate(tree, games // 4, seed)  # warm-up of both, not counted
            rate(ROOT, games // 4, seed)
            ratios = []
            for n in range(rounds):
                a_decisions, a = rate(tree, games, seed)
                b_decisions, b = rate(ROOT, games, seed)
                ratios.append(b / a)
                same = "" if a_decisions == b_decisions else "  (different games!)"
                print(f"  round {n + 1}: A {a:8.0f}  B {b:8.0f} decisions/s  B/A {b / a:.3f}{same}")
            print(f"  median B/A {statistics.median(ratios):.3f}")
        finally:
            subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="mixed-bot games")
    parser.add_argument(
        "--protocol-games", type=int, default=1000, help="uniform-bot games (the comparison)"
    )
    parser.add_argument(
        "--copy-games", type=int, default=40, help="games for fork and determinize costs"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of the protocol games; the fastest counts"
    )
    parser.add_argument(
        "--base", help="a commit to compare with: A/B rounds of the protocol games first"
    )
    parser.add_argument("--rounds", type=int, default=5, help="A/B rounds (with --base)")
    parser.add_argument(
        "--ab-games", type=int, default=500, help="protocol games per A/B run (with --base)"
    )
    args = parser.parse_args()
    if args.base:
        compare_with(args.base, args.ab_games, args.seed, args.rounds)
    throughput(
        args.protocol_games,
        args.seed,
        RandomBot,
        "uniform random self-play (protocol)",
        repeat=args.repeat,
    )
    throughput(args.games, args.seed, bot_for_game, "mixed self-play (half scoring-first)")
    latency(max(1, min(args.games // 5, 500)), args.seed + 100_000)
    copies(args.copy_games, args.seed + 200_000)
    determinizations(args.copy_games, args.seed + 300_000)


if __name__ == "__main__":
    main()
