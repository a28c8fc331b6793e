"""Bot benchmark: what one evaluation costs, and the bots' think time per decision.

1. The evaluation's parts, measured on positions of scoring-first random games (every
   fifth decision, a determinized world for the side to move): `game.state` (a pydantic
   snapshot), `game.view(player)` (builds the same snapshot), `game.region_scores()`,
   `game.fork()`, and a whole `evaluate` (the shared evaluation of greedy and strong).
2. Think time per decision (median, p95, max) of `greedy` and of `strong` at the default
   budget (`DEFAULT_THINK`), over `--games` games of each against `random`, sides
   alternating: the figures the issue's targets name (median <= 0.5 s, p95 <= 2 s,
   max <= 5 s). The machine's load is printed with them: they swing with it.
3. The search's speed: rollouts per second of `strong` (`strong.rollout`: a candidate
   played on a fork of a world, then both sides by the fast policy up to the bot's next
   big decision, and the evaluation), from the action rounds of random games. A faster
   engine shows here as more worlds searched per move.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from cold_war_tui.arena import Budget, play_game, think_summary
from cold_war_tui.bots import DEFAULT_THINK
from cold_war_tui.bots.evaluate import evaluate
from cold_war_tui.bots.prior import shipped_prior
from cold_war_tui.bots.random import ScoringFirstBot
from cold_war_tui.bots.safety import Outcomes
from cold_war_tui.bots.strong import rollout
from cold_war_tui.bots.worlds import Policy
from cold_war_tui.engine import DecisionKind, Game, GameOptions, Move


def positions(games: int, seed: int) -> list[tuple[Game, str]]:
    """Determinized worlds for the side to move, every fifth decision of random games."""
    found = []
    for n in range(games):
        game = Game.new(GameOptions(seed=seed + n))
        driver = ScoringFirstBot(seed + n)
        step = 0
        while (pending := game.pending) is not None:
            if step % 5 == 0:
                found.append((game.determinize(pending.player, step), pending.player))
            game.choose(driver.choose(pending))
            step += 1
    return found


def microseconds(call: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs of `call`, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best * 1e6


def evaluation_costs(games: int, seed: int) -> None:
    worlds = positions(games, seed)
    parts: dict[str, Callable[[Game, str], object]] = {
        "game.state": lambda g, p: g.state,
        "game.view(player)": lambda g, p: g.view(p),
        "game.region_scores()": lambda g, p: g.region_scores(),
        "game.fork()": lambda g, p: g.fork(),
        "evaluate(game, player)": evaluate,
    }
    print(f"evaluation parts, microseconds ({len(worlds)} positions of {games} games):")
    for label, part in parts.items():
        costs = sorted(microseconds(_bound(part, g, p)) for g, p in worlds)
        p95 = costs[min(len(costs) - 1, int(len(costs) * 0.95))]
        print(f"  {label:24} median {statistics.median(costs):7.1f}  p95 {p95:7.1f}")


def _bound(part: Callable[[Game, str], object], game: Game, player: str) -> Callable[[], object]:
    return lambda: part(game, player)


def think_times(games: int, seed: int) -> None:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"think per decision, seconds ({games} games each against random, default budget: "
        f"strong thinks {DEFAULT_THINK} s; load average {load}):"
    )
    for name in ("greedy", "strong"):
        times: list[float] = []
        started = time.perf_counter()
        for n in range(games):
            record = play_game((name, "random"), n, seed, Budget())
            times.extend(record.think[0])
        spent = time.perf_counter() - started
        summary = think_summary(times)
        print(
            f"  {name:7} median {summary['median']:.3f}  p95 {summary['p95']:.3f}  "
            f"max {summary['max']:.3f}  ({len(times)} decisions, {spent:.0f} s)"
        )


RolloutJob = tuple[Game, Move, str, Policy]
DEFAULT_SEED = 500
ROLLOUT_SEED = 2500
"""The first random game whose positions the rollout figures start from, with the
default --seed (rollout_work.py's too); --seed moves it by as much."""


def rollout_jobs(games: int, seed: int, per_position: int = 5) -> list[RolloutJob]:
    """The rollouts the speed figure times: from the action rounds of `games` random
    games, the first `per_position` plays of each, with a policy seeded per position."""
    prior = shipped_prior()
    jobs: list[RolloutJob] = []
    for world, player in positions(games, seed):
        pending = world.pending
        if pending is None or pending.kind != DecisionKind.ACTION:
            continue
        policy = Policy(random.Random(len(jobs)), prior)
        jobs += [(world, c.move, player, policy) for c in pending.choices[:per_position]]
    return jobs


def rollout_rate(games: int, seed: int) -> None:
    """Rollouts per second over the action rounds of `games` random games."""
    durations: list[float] = []
    for world, move, player, policy in rollout_jobs(games, seed):
        started = time.perf_counter()
        rollout(world, move, player, policy, Outcomes())
        durations.append(time.perf_counter() - started)
    print(
        f"search rollouts (strong, {len(durations)} from the action rounds of {games} random"
        f" games): {len(durations) / sum(durations):.0f} per second, median"
        f" {statistics.median(durations) * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per bot (default 4)")
    parser.add_argument("--eval-games", type=int, default=4, help="games for the evaluation")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args()
    evaluation_costs(args.eval_games, args.seed)
    rollout_rate(args.eval_games, args.seed + ROLLOUT_SEED - DEFAULT_SEED)
    think_times(args.games, args.seed + 1000)


if __name__ == "__main__":
    main()
