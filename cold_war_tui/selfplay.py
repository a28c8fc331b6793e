"""Headless random self-play: `cold-war-tui selfplay --games N --seed S [--json]`."""

from __future__ import annotations

import functools
import json
import sys
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.workers import run_jobs


@dataclass(frozen=True)
class GameResult:
    seed: int
    winner: str | None
    reason: str
    rule: str
    ending: str
    decisions: int


def play_random_game(seed: int, options: GameOptions | None = None) -> tuple[Game, int]:
    """One game of two random bots; returns the finished game and its decision count."""
    game = Game.new(options or GameOptions(seed=seed))
    bot = bot_for_game(seed)
    decisions = 0
    while (pending := game.pending) is not None:
        game.choose(bot.choose(pending))
        decisions += 1
    return game, decisions


def play_one(seed: int, switches: Mapping[str, object]) -> GameResult:
    """The game of seed `seed` with the given rule switches, as the summary counts it."""
    options = GameOptions.model_validate({**switches, "seed": seed})
    game, decisions = play_random_game(seed, options)
    outcome = game.outcome
    assert outcome is not None
    return GameResult(seed, outcome.winner, outcome.reason, outcome.rule, outcome.ending, decisions)


def run_selfplay(
    games: int, seed: int, as_json: bool, switches: Mapping[str, object] | None = None
) -> int:
    """Play `games` random games from `seed` on, with the given rule switches; print a
    summary. Ctrl+C stops at once: the summary covers the games finished (status 130)."""
    started = time.perf_counter()
    play = functools.partial(play_one, switches=dict(switches or {}))
    show = not as_json and sys.stdout.isatty()
    done = 0

    def finished(_: GameResult) -> None:
        nonlocal done
        done += 1
        if show:
            print(f"\rselfplay: {done}/{games} games\033[K", end="", flush=True)

    batch = run_jobs(play, range(seed, seed + games), on_result=finished)
    elapsed = time.perf_counter() - started
    if show:
        print("\r\033[K", end="")
    summary = summarize(batch.results, elapsed)
    if batch.interrupted:
        summary["interrupted"] = True
        print(
            f"selfplay: interrupted (Ctrl+C) after {len(batch.results)} of {games} games; "
            "the summary covers those",
            file=sys.stderr,
        )
    if as_json:
        print(json.dumps(summary, indent=2, sort_keys=True))
    else:
        print(f"games: {summary['games']}  seconds: {summary['seconds']:.2f}")
        print(f"winners: {summary['winners']}")
        print(f"end reasons (by rule): {summary['end_rules']}")
        print(f"mean decisions per game: {summary['mean_decisions']:.1f}")
        print(
            f"games/s: {summary['games_per_second']:.1f}  decisions/s: "
            f"{summary['decisions_per_second']:.0f}"
        )
    return batch.exit_status


def summarize(results: list[GameResult], elapsed: float) -> dict[str, object]:
    decisions = sum(r.decisions for r in results)
    return {
        "games": len(results),
        "seconds": elapsed,
        "winners": dict(Counter(r.winner or "draw" for r in results)),
        "end_rules": dict(Counter(r.rule for r in results)),
        "end_reasons": dict(Counter(r.ending for r in results)),
        "mean_decisions": decisions / max(1, len(results)),
        "games_per_second": len(results) / elapsed if elapsed else 0.0,
        "decisions_per_second": decisions / elapsed if elapsed else 0.0,
    }
