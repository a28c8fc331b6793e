"""`cold-war-tui arena`: two bots play each other headless; wins, end reasons, think times.

Game n (0-based) is played with the seed S + n, the first bot of `--bots` as the USSR
when n is even and as the US when n is odd (sides alternate). Games run in worker
processes; each game depends only on its own number, the seed and the budget, so with
`--iterations` the results do not depend on `--workers`. A checker reads every finished
game for the three ways a bot can lose by its own doing (`violations`, docs/bots.md).
"""

from __future__ import annotations

import functools
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cold_war_tui.bots import make_bot
from cold_war_tui.bots.safety import NUCLEAR_ENDINGS, scoring_plays_due
from cold_war_tui.bots.worlds import TOP_DECISIONS
from cold_war_tui.engine import (
    Asked,
    CardPick,
    DecisionKind,
    Game,
    GameOptions,
    Play,
    Target,
    Un,
    other,
    parse_move,
)
from cold_war_tui.workers import run_jobs

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
VIOLATIONS = ("defcon_1", "held_scoring_card", "handed_20_vp")
PLAY_USES = ("headline", "event", "influence", "coup", "realign", "space", "discard")
"""How a card was played: as a headline, or in an action round for its event (#32 UN
Intervention's included), its operations by their first target's verb, the space race,
or a trapped side's discard."""
EVENT_USES = ("headline", "event")
"""The uses that resolve the card's event: the events' share of all card plays counts
both, as the experts' figures in docs/bots.md do."""
OPS_VERBS = {"infl": "influence", "coup": "coup", "realign": "realign"}
OPERATION_KINDS = (DecisionKind.OPERATION, DecisionKind.OPERATION_MIXED)
ENDING_LINES = 12
"""A game with a violation keeps this many of its last log lines in the report."""
CHECK_STEPS = 200
"""The 20 VP checker plays an alternative at most this many decisions to the round's end."""


@dataclass(frozen=True)
class Budget:
    think: float | None = None
    iterations: int | None = None

    def describe(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations} iterations per decision"
        if self.think is not None:
            return f"think {self.think:g} s per decision"
        return "default budget"


@dataclass
class GameRecord:
    """One finished game as the arena reports it."""

    number: int
    seed: int  # the game's seed: the match's seed + number
    winner: int | None  # index into --bots, None for a draw
    reason: str
    think: tuple[list[float], list[float]]
    violations: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    ending: list[str] = field(default_factory=list)  # the log's last lines, for a violation
    choices: list[str] = field(default_factory=list)  # every choice, for a violation (replay)
    plays: tuple[Counter[str], Counter[str]] = field(default_factory=lambda: (Counter(), Counter()))


def sides_of(number: int) -> dict[str, int]:
    """Which bot (index into --bots) plays each side in game `number`."""
    return {"USSR": 0, "US": 1} if number % 2 == 0 else {"USSR": 1, "US": 0}


def play_game(
    names: tuple[str, str], number: int, seed: int, budget: Budget, us_bid: int = 0
) -> GameRecord:
    """Game `number` of the match: seed + number, sides by `sides_of`, `us_bid` extra US
    influence placed after set-up (the experts' games have 2)."""
    sides = sides_of(number)
    game_seed = seed + number
    bots = {
        side: make_bot(names[index], game_seed * 2 + index, budget.think, budget.iterations)
        for side, index in sides.items()
    }
    game = Game.new(GameOptions(seed=game_seed, us_bid=us_bid))
    think: tuple[list[float], list[float]] = ([], [])
    kinds: list[tuple[str, str]] = []  # (player, kind) of every decision, in order
    while (pending := game.pending) is not None:
        player = pending.player
        started = time.perf_counter()
        choice = bots[player].choose(game, player)
        think[sides[player]].append(time.perf_counter() - started)
        kinds.append((player, pending.kind))
        game.choose(choice)
    outcome = game.outcome
    assert outcome is not None
    winner = None if outcome.winner is None else sides[outcome.winner]
    record = GameRecord(number, game_seed, winner, outcome.ending, think)
    for side, index in sides.items():
        record.violations[index].extend(violations(game, kinds, side, game_seed))
        record.plays[index].update(card_uses(game.observations(side).asked))
    if any(record.violations):
        record.ending.extend(str(entry) for entry in game.log[-ENDING_LINES:])
        record.choices.extend(game.choices)
    return record


def card_uses(asked: Sequence[Asked]) -> Counter[str]:
    """How a side played each card it headlined or played in an action round
    (`PLAY_USES`), read from the decisions it was asked: operations by the first
    operation target it chose after."""
    uses: Counter[str] = Counter()
    for n, (kind, _, chosen) in enumerate(asked):
        if kind == DecisionKind.HEADLINE and chosen is not None:
            uses["headline"] += 1
        if kind != DecisionKind.ACTION or chosen is None:
            continue
        move = parse_move(chosen)
        if isinstance(move, Un):
            uses["event"] += 1
        elif isinstance(move, CardPick):
            uses["discard"] += 1
        elif isinstance(move, Play) and move.mode != "ops":
            uses[move.mode] += 1
        elif isinstance(move, Play):
            uses[_first_ops_verb(asked[n + 1 :])] += 1
    return uses


def _first_ops_verb(asked: Sequence[Asked]) -> str:
    for kind, _, chosen in asked:
        if kind == DecisionKind.ACTION:
            break
        if kind in OPERATION_KINDS and chosen is not None:
            move = parse_move(chosen)
            if isinstance(move, Target):
                return OPS_VERBS.get(move.verb, "influence")
    return "influence"  # operations that found no target (every point lost)


def violations(game: Game, kinds: Sequence[tuple[str, str]], side: str, seed: int) -> list[str]:
    """The ways `side` lost this finished game by its own doing.

    - defcon_1: nuclear war by its own doing: DEFCON 1 in its own turn (8.1.3 names
      the phasing player the loser), or its coup during #40 Cuban Missile Crisis (5.5);
    - held_scoring_card: it held a scoring card at a turn's end (10.1.5; a draw when
      both did counts for both);
    - handed_20_vp: the opponent reached 20 VP in `side`'s own action round, and another
      choice at that round's action decision, played on a fork of the true game (both
      sides' follow-ups by the greedy bot), does not hand it over in that round. When a
      scoring card must be played that round (as many in hand as rounds left), only the
      plays of one are other choices: any other play loses at the turn's end (10.1.5).
    """
    outcome = game.outcome
    assert outcome is not None
    if outcome.winner == side:
        return []
    if outcome.ending in NUCLEAR_ENDINGS:
        return ["defcon_1"]
    if outcome.ending == "held scoring card":
        return ["held_scoring_card"]
    handed = outcome.winner == other(side) and outcome.ending == "20 VP"
    return ["handed_20_vp"] if handed and _avoidable(game, kinds, side, seed) else []


def _avoidable(game: Game, kinds: Sequence[tuple[str, str]], side: str, seed: int) -> bool:
    """Whether another choice at `side`'s last action decision keeps the opponent below
    20 VP to the end of that round; False when the game did not end in `side`'s round."""
    last_top = max((i for i, (_, kind) in enumerate(kinds) if kind in TOP_DECISIONS), default=-1)
    if last_top < 0 or kinds[last_top] != (side, "action"):
        return False
    start = game.rewind(len(kinds) - last_top)
    pending = start.pending
    assert pending is not None
    taken = parse_move(game.choices[last_top])
    helper = make_bot("greedy", seed)
    for choice in scoring_plays_due(start, side, pending, [c.move for c in pending.choices]):
        if choice == taken:
            continue
        trial = start.fork()
        trial.choose(choice)
        for _ in range(CHECK_STEPS):
            next_up = trial.pending
            if next_up is None or next_up.kind in TOP_DECISIONS:
                break
            trial.choose(helper.choose(trial, next_up.player))
        result = trial.outcome
        if result is None or result.winner != other(side):
            return True
    return False


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # At 0 or all wins a bound is exactly 0 or 1; the float sum would be a hair off.
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return (lo, hi)


def think_summary(times: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile (nearest rank) and maximum of decision times, in seconds."""
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    rank = max(0, math.ceil(0.95 * len(ordered)) - 1)
    return {"median": statistics.median(ordered), "p95": ordered[rank], "max": ordered[-1]}


def summarize(
    names: Sequence[str], records: Sequence[GameRecord], budget: Budget, us_bid: int = 0
) -> dict[str, Any]:
    """The arena's report as one JSON-ready object (the issue's fields, then extras)."""
    games = len(records)
    wins = [sum(1 for r in records if r.winner == i) for i in (0, 1)]
    return {
        "games": games,
        "bots": list(names),
        "wins": wins,
        "draws": games - sum(wins),
        "ci95": [list(wilson(w, games)) for w in wins],
        "end_reasons": dict(Counter(r.reason for r in records).most_common()),
        "side_wins": {
            side: sum(
                1 for r in records if r.winner is not None and sides_of(r.number)[side] == r.winner
            )
            for side in ("US", "USSR")
        },
        "think": [think_summary([t for r in records for t in r.think[i]]) for i in (0, 1)],
        "violations": [
            {name: sum(r.violations[i].count(name) for r in records) for name in VIOLATIONS}
            for i in (0, 1)
        ],
        "violation_games": [
            {
                "game": r.number,
                "seed": r.seed,
                "bot": names[i],
                "violations": r.violations[i],
                "ending": r.ending,
                "choices": r.choices,
            }
            for r in records
            for i in (0, 1)
            if r.violations[i]
        ],
        "plays": [
            {use: sum(r.plays[i][use] for r in records) for use in PLAY_USES} for i in (0, 1)
        ],
        "side_plays": {
            side: {
                use: sum(r.plays[sides_of(r.number)[side]][use] for r in records)
                for use in PLAY_USES
            }
            for side in ("US", "USSR")
        },
        "budget": {"think": budget.think, "iterations": budget.iterations},
        "us_bid": us_bid,
    }


def run_arena(
    names: tuple[str, str],
    games: int,
    seed: int,
    budget: Budget,
    workers: int,
    as_json: bool,
    us_bid: int = 0,
    record: Path | None = None,
) -> int:
    """Play the match and print the report (text, or one JSON object with `as_json`);
    every game gives the US `us_bid` extra influence after set-up. With `record` (a
    file, arena_record.py), the games it holds for this match are not played again and
    each game played is added to it as it ends; RecordError for a file that cannot
    serve, before anything is played.

    Ctrl+C stops the match at once: the report covers the games finished, a line on
    stderr says it was cut short, and the status is 130."""
    from cold_war_tui.arena_record import Match, read_record, recording

    started = time.perf_counter()
    show = not as_json and sys.stdout.isatty()
    match = Match.of(names, seed, budget, us_bid)
    recorded = read_record(record, match) if record is not None else None
    records = [g for g in recorded.games if g.number < games] if recorded is not None else []
    known = {game.number for game in records}
    fresh = [number for number in range(games) if number not in known]

    with recording(record, match) as write:
        if recorded is not None:
            if recorded.note:
                print(f"arena: {record}: {recorded.note}", file=sys.stderr)
            print(f"arena: {record}: {len(known)} of {games} games read", file=sys.stderr)

        def finished(game: GameRecord) -> None:
            write(game)
            records.append(game)
            if show:
                _progress(names, records, games, time.perf_counter() - started, len(known))

        if show:
            _progress(names, records, games, 0.0, len(known))
        play = functools.partial(play_game, names, seed=seed, budget=budget, us_bid=us_bid)
        batch = run_jobs(play, fresh, max(1, min(workers, len(fresh))), on_result=finished)
    if show:
        print("\r\033[K", end="", file=sys.stdout)
    records.sort(key=lambda r: r.number)
    summary = summarize(names, records, budget, us_bid)
    if batch.interrupted:
        summary["interrupted"] = True
        print(
            f"arena: interrupted (Ctrl+C) after {len(records)} of {games} games; "
            "the report covers those",
            file=sys.stderr,
        )
    if as_json:
        print(json.dumps(summary))
    else:
        _print_text(summary, seed, workers, time.perf_counter() - started)
    return batch.exit_status


def default_workers() -> int:
    return os.cpu_count() or 1


def _progress(
    names: Sequence[str], records: Sequence[GameRecord], games: int, spent: float, read: int
) -> None:
    """The progress line: games done (`read` of them from a record file, not timed)."""
    done = len(records)
    played = done - read
    wins = [sum(1 for r in records if r.winner == i) for i in (0, 1)]
    left = (
        f"about {_clock(spent / played * (games - done))} left"
        if played
        else "time left: after a game"
    )
    width = 24
    filled = round(width * done / games)
    bar = "#" * filled + "-" * (width - filled)
    print(
        f"\r[{bar}] {done}/{games} games  {names[0]} {wins[0]} - {wins[1]} {names[1]}"
        f"  draws {done - sum(wins)}  {left}\033[K",
        end="",
        flush=True,
    )


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def _print_text(summary: dict[str, Any], seed: int, workers: int, spent: float) -> None:
    names = summary["bots"]
    games = summary["games"]
    budget = Budget(**summary["budget"])
    print(
        f"arena: {names[0]} vs {names[1]}, {games} games from seed {seed}, "
        f"{budget.describe()}, {workers} worker{'s' if workers > 1 else ''}, {spent:.1f} s"
        + (f", US bid {summary['us_bid']}" if summary["us_bid"] else "")
    )
    for i, name in enumerate(names):
        lo, hi = summary["ci95"][i]
        wins = summary["wins"][i]
        think = summary["think"][i]
        bad = summary["violations"][i]
        print(
            f"{name}: {wins} wins ({wins / max(games, 1):.1%}, 95% CI {lo:.1%} - {hi:.1%}); "
            f"think median {think['median']:.3f} s, p95 {think['p95']:.3f} s, "
            f"max {think['max']:.3f} s; violations " + ", ".join(f"{k} {v}" for k, v in bad.items())
        )
    by_bot = [(f"{name}'s", plays) for name, plays in zip(names, summary["plays"], strict=True)]
    by_side = [(f"the {side}'s", plays) for side, plays in summary["side_plays"].items()]
    for whose, plays in by_bot + by_side:
        total = max(sum(plays.values()), 1)
        shares = ", ".join(f"{use} {n / total:.1%}" for use, n in plays.items())
        events = sum(plays[use] for use in EVENT_USES) / total
        print(f"{whose} card plays: {shares}; events with the headlines {events:.1%}")
    print(f"draws: {summary['draws']}")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items()))
    for bad in summary["violation_games"]:
        print(f"game {bad['game']}: {bad['bot']} {', '.join(bad['violations'])}")
