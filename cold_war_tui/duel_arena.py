"""`cold-war-tui duel-arena`: two duel bots play each other headless, and the tally.

Game n (0-based) is played with the default rule settings; the first bot of `--bots` is
player A and the second player B, and the first player alternates: A in even games, B in
odd ones. Each bot's seed comes from the match's seed, the game's number and its place in
`--bots`, so a game depends only on those and the results do not depend on `--workers`.
Ctrl+C stops the match: the games finished so far are reported and the status is 130.
"""

from __future__ import annotations

import json
import math
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

from cold_war_tui.arena import Z95, think_summary, wilson
from cold_war_tui.duel import PLAYERS, DuelGame, DuelSettings, Player
from cold_war_tui.duel.bots import DuelBot, make_duel_bot

INTERRUPTED = 130
"""The exit status after Ctrl+C (128 + SIGINT), as shells report it."""

BotMaker = Callable[[str, int], DuelBot]


@dataclass
class DuelRecord:
    """One finished duel as the arena reports it; index 0 and 1 follow `--bots`."""

    number: int
    first: int  # which bot moved first
    winner: int | None  # None for a draw
    cities: tuple[int, int]  # surviving cities
    reason: str
    think: tuple[list[float], list[float]]  # seconds per decision


def seat(index: int) -> Player:
    """The player each bot is: the first of --bots is A."""
    return PLAYERS[index]


def play_duel(
    names: tuple[str, str], number: int, seed: int, make: BotMaker = make_duel_bot
) -> DuelRecord:
    """Game `number` of a match: the bots' seeds from `seed` and `number`; the first player
    alternates (A in even games)."""
    first = number % 2
    game = DuelGame(DuelSettings(first_player=seat(first)))
    bots = {seat(i): make(names[i], (seed + number) * 2 + i) for i in (0, 1)}
    think: tuple[list[float], list[float]] = ([], [])
    while (pending := game.pending) is not None:
        player = pending.player
        started = time.perf_counter()
        text = bots[player].choose(game, player)
        think[PLAYERS.index(player)].append(time.perf_counter() - started)
        game.choose(text)
    result = game.result
    assert result is not None
    winner = None if result.winner is None else PLAYERS.index(result.winner)
    cities = (result.cities["A"], result.cities["B"])
    return DuelRecord(number, first, winner, cities, result.reason, think)


def _play_one(job: tuple[tuple[str, str], int, int]) -> DuelRecord:
    return play_duel(*job)


def _ignore_interrupt() -> None:
    """Workers leave Ctrl+C to the main process, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def played(names: tuple[str, str], games: int, seed: int, workers: int) -> Iterator[DuelRecord]:
    """The finished games, in the order they finish (the match's one game loop)."""
    jobs = [(names, n, seed) for n in range(games)]
    if workers <= 1:
        yield from map(_play_one, jobs)
        return
    with Pool(workers, initializer=_ignore_interrupt) as pool:  # leaving it terminates them
        yield from pool.imap_unordered(_play_one, jobs)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def summarize(names: Sequence[str], records: Sequence[DuelRecord]) -> dict[str, Any]:
    """The match's report as one JSON-ready object."""
    games = len(records)
    wins = [sum(1 for r in records if r.winner == i) for i in (0, 1)]
    cities = [mean_interval([r.cities[i] for r in records]) for i in (0, 1)]
    return {
        "games": games,
        "bots": list(names),
        "wins": wins,
        "draws": games - sum(wins),
        "win_ci95": [list(wilson(w, games)) for w in wins],
        "cities_mean": [c[0] for c in cities],
        "cities_ci95": [[c[1], c[2]] for c in cities],
        "first_player_wins": sum(1 for r in records if r.winner == r.first),
        "end_reasons": dict(Counter(_reason(r.reason) for r in records).most_common()),
        "think": [think_summary([t for r in records for t in r.think[i]]) for i in (0, 1)],
    }


def _reason(reason: str) -> str:
    """An end reason without the player's letter, so both bots' endings add up."""
    player, space, rest = reason.partition(" ")
    return f"a player {rest}" if space and player in PLAYERS else reason


def run_duel_arena(
    names: tuple[str, str], games: int, seed: int, workers: int, as_json: bool
) -> int:
    """Play the match and print the report; 130 after Ctrl+C, with the games finished."""
    started = time.perf_counter()
    show = not as_json and sys.stdout.isatty()
    records: list[DuelRecord] = []
    interrupted = False
    try:
        for record in played(names, games, seed, workers):
            records.append(record)
            if show:
                print(f"\r{len(records)}/{games} games\033[K", end="", flush=True)
    except KeyboardInterrupt:
        interrupted = True
    if show:
        print("\r\033[K", end="")
    records.sort(key=lambda r: r.number)
    summary = summarize(names, records)
    summary.update(seed=seed, asked=games, interrupted=interrupted)
    if as_json:
        print(json.dumps(summary))
    else:
        _print_text(summary, workers, time.perf_counter() - started)
    return INTERRUPTED if interrupted else 0


def _print_text(summary: dict[str, Any], workers: int, spent: float) -> None:
    names, games = summary["bots"], summary["games"]
    stopped = (
        f" (stopped by Ctrl+C after {games} of {summary['asked']})"
        if summary["interrupted"]
        else ""
    )
    print(
        f"duel-arena: {names[0]} (A) vs {names[1]} (B), {games} games from seed "
        f"{summary['seed']}{stopped}, first player alternating, "
        f"{workers} worker{'s' if workers > 1 else ''}, {spent:.1f} s"
    )
    for i, name in enumerate(names):
        wins = summary["wins"][i]
        lo, hi = summary["win_ci95"][i]
        rate = wins / games if games else 0.0
        mean = summary["cities_mean"][i]
        c_lo, c_hi = summary["cities_ci95"][i]
        think = summary["think"][i]
        print(
            f"{name}: {wins} wins ({rate:.1%}, 95% CI {lo:.1%} - {hi:.1%}); surviving cities "
            f"{mean:.2f} (95% CI {c_lo:.2f} - {c_hi:.2f}); decision median "
            f"{think['median']:.3f} s, p95 {think['p95']:.3f} s, max {think['max']:.3f} s"
        )
    print(f"draws: {summary['draws']}; the first player won {summary['first_player_wins']}")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items()))
