"""`cold-war-tui agree`: how often a bot plays what the experts of real games played.

Every action round of every log is set up again (`Round.position()`: the phasing
side holds `known_hand`, the other side the cards he plays himself later in the turn)
and the bot picks the round's play. Its card, and its card with the mode (event, ops,
space; a trapped side's discard), are compared with the expert's. The floor is a
uniform pick over the same menu, counted exactly (its expected share), not sampled.

Each round's bot is seeded from the log's file name and the round's line alone, so with
`--iterations` the figures do not depend on `--workers`. Logs are read in worker
processes, then their rounds are judged there in small batches.
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cold_war_tui.arena import Budget
from cold_war_tui.bots import make_bot
from cold_war_tui.records import GameRecord, LogError, play_of, read_log

BATCH = 8
"""Rounds judged per task: small enough for a lively progress bar."""
ROUND_GROUPS = ("1", "2", "3", "4", "5+")
EXIT_USAGE = 2
EXIT_STOPPED = 130

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Verdict:
    """One action round: the bot against the expert, and the uniform floor's chances."""

    action_round: int
    side: str
    card: bool  # the bot played the expert's card
    card_mode: bool  # ... in the expert's way
    floor_card: float  # the share of the menu's entries with the expert's card
    floor_card_mode: float  # 1 / the menu's size (the expert's play is in it)


@dataclass(frozen=True)
class LogRounds:
    """What reading a log gave: its action rounds to judge, or the reason it is unreadable."""

    path: str
    rounds: tuple[int, ...] = ()  # indexes of `record.rounds`
    error: str | None = None


# -- in a worker ------------------------------------------------------------------------
_RECORDS: dict[str, GameRecord] = {}
"""The logs a worker has read, by path: its batches of the same log read it once."""


def _record(path: str) -> GameRecord:
    record = _RECORDS.get(path)
    if record is None:
        record = _RECORDS[path] = read_log(Path(path).read_text(encoding="utf-8"))
    return record


def read_rounds(path: str) -> LogRounds:
    """Read one log: the action rounds whose play is known (a pass, or a round the log
    stops in before saying how the card was played, has none)."""
    try:
        record = _record(path)
    except LogError as err:
        return LogRounds(path, error=str(err))
    wanted = tuple(
        i
        for i, r in enumerate(record.rounds)
        if r.kind == "action" and r.card is not None and r.side is not None
    )
    return LogRounds(path, wanted)


@dataclass(frozen=True)
class Batch:
    log: int  # the log's place on the command line
    path: str
    rounds: tuple[int, ...]
    bot: str
    budget: Budget


def judge_batch(batch: Batch) -> list[tuple[tuple[int, int], Verdict | None]]:
    """Judge a batch of one log's rounds, each keyed by (log, round): the verdict, or
    None where the expert's play is not in the menu."""
    record = _record(batch.path)
    name = Path(batch.path).name
    return [
        ((batch.log, index), judge(record, index, name, batch.bot, batch.budget))
        for index in batch.rounds
    ]


def judge(
    record: GameRecord, index: int, name: str, bot_name: str, budget: Budget
) -> Verdict | None:
    """The bot's play at round `index` against the expert's."""
    round_ = record.rounds[index]
    game = round_.position()
    pending = game.pending
    expert = play_of(round_.played[0])
    side = round_.side
    if pending is None or pending.kind != "action" or side is None or pending.player != side:
        return None
    menu = [play_of(choice.id) for choice in pending.choices]
    if not pending.accepts(round_.played[0]):
        return None  # the engine does not offer the expert's play here: no fair comparison
    seed = zlib.crc32(f"{name}:{round_.line}".encode())
    bot = make_bot(bot_name, seed, budget.think, budget.iterations)
    chosen = play_of(bot.choose(game, side))
    return Verdict(
        action_round=round_.action_round,
        side=side,
        card=chosen[0] == expert[0],
        card_mode=chosen == expert,
        floor_card=sum(card == expert[0] for card, _ in menu) / len(menu),
        floor_card_mode=sum(play == expert for play in menu) / len(menu),
    )


def _ignore_interrupts() -> None:
    """Workers leave Ctrl+C to the main process, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- the pool -------------------------------------------------------------------------
def run_pool(work: Callable[[T], R], tasks: Sequence[T], workers: int) -> Iterator[R]:
    """`work` over `tasks` in `workers` processes (or here, with one), results as they
    come. Ctrl+C (KeyboardInterrupt) stops the workers at once and propagates."""
    if workers <= 1:
        yield from map(work, tasks)
        return
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_interrupts)
    try:
        yield from pool.imap_unordered(work, tasks)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


# -- the figures ----------------------------------------------------------------------
def shares(verdicts: Sequence[Verdict]) -> dict[str, float | int]:
    """Rounds, and the bot's and the floor's shares of card and card-with-mode matches."""
    count = len(verdicts)

    def mean(values: list[float]) -> float:
        return sum(values) / count if count else 0.0

    return {
        "rounds": count,
        "card": mean([float(v.card) for v in verdicts]),
        "card_mode": mean([float(v.card_mode) for v in verdicts]),
        "floor_card": mean([v.floor_card for v in verdicts]),
        "floor_card_mode": mean([v.floor_card_mode for v in verdicts]),
    }


def summarize(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """The `--json` object: the whole, by action round (1, 2, 3, 4, 5+) and by side."""
    return {
        **shares(verdicts),
        "by_round": {
            group: shares([v for v in verdicts if round_group(v.action_round) == group])
            for group in ROUND_GROUPS
        },
        "by_side": {
            side: shares([v for v in verdicts if v.side == side]) for side in ("US", "USSR")
        },
    }


def round_group(action_round: int) -> str:
    return str(action_round) if action_round < 5 else "5+"


# -- the command ------------------------------------------------------------------------
def run_agree(bot: str, budget: Budget, logs: Sequence[Path], workers: int, as_json: bool) -> int:
    """Read the logs, judge every action round, print the figures; 2 for an unreadable log."""
    started = time.perf_counter()
    paths = [str(path) for path in logs]
    with _Progress(enabled=sys.stderr.isatty()) as progress:
        try:
            read = progress.track(run_pool(read_rounds, paths, workers), len(paths), "reading")
            found = {item.path: item for item in read}
            bad = next((found[p] for p in paths if found[p].error is not None), None)
            if bad is not None:
                print(f"cold-war-tui agree: {bad.path}: {bad.error}", file=sys.stderr)
                return EXIT_USAGE
            batches = [
                Batch(log, path, found[path].rounds[i : i + BATCH], bot, budget)
                for log, path in enumerate(paths)
                for i in range(0, len(found[path].rounds), BATCH)
            ]
            total = sum(len(found[path].rounds) for path in paths)
            judged: dict[tuple[int, int], Verdict | None] = {}
            for results in progress.track(
                run_pool(judge_batch, batches, workers), total, f"{bot} judging", weights=True
            ):
                judged |= dict(results)
        except KeyboardInterrupt:
            print("cold-war-tui agree: stopped (Ctrl+C)", file=sys.stderr)
            return EXIT_STOPPED
    # In the logs' order, whatever order the workers finished in: the same sums.
    verdicts = [v for _, v in sorted(judged.items()) if v is not None]
    skipped = len(judged) - len(verdicts)
    summary = summarize(verdicts)
    if as_json:
        print(json.dumps(summary))
    else:
        _print_text(
            summary, bot, budget, len(paths), skipped, workers, time.perf_counter() - started
        )
    return 0


class _Progress:
    """A rich progress bar on stderr when it is a terminal; nothing otherwise."""

    def __init__(self, enabled: bool) -> None:
        self._bar: Any = None
        if enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )

    def __enter__(self) -> _Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def track(
        self, items: Iterator[Any], total: int, what: str, weights: bool = False
    ) -> Iterator[Any]:
        """`items` as they come, advancing the bar by one each (by its length: `weights`)."""
        task = None if self._bar is None else self._bar.add_task(what, total=total)
        for item in items:
            if task is not None:
                self._bar.advance(task, len(item) if weights else 1)
            yield item


def _percent(value: float) -> str:
    return f"{value:6.1%}"


def _print_text(
    summary: dict[str, Any],
    bot: str,
    budget: Budget,
    logs: int,
    skipped: int,
    workers: int,
    spent: float,
) -> None:
    print(
        f"agree: {bot} ({budget.describe()}) against the experts of {logs} logs: "
        f"{summary['rounds']} action rounds ({skipped} left out: the engine does not offer "
        f"the expert's play there), {workers} worker{'s' if workers > 1 else ''}, {spent:.1f} s"
    )
    print(f"{'':18} {'card':>7} {'card+mode':>10}")
    print(f"{bot:18} {_percent(summary['card']):>7} {_percent(summary['card_mode']):>10}")
    floor = summary["floor_card"], summary["floor_card_mode"]
    print(f"{'uniform floor':18} {_percent(floor[0]):>7} {_percent(floor[1]):>10}")
    for title, groups in (("action round", summary["by_round"]), ("side", summary["by_side"])):
        print(f"by {title}:")
        for name, group in groups.items():
            print(
                f"  {name:4} {group['rounds']:5} rounds: {bot} {_percent(group['card'])} / "
                f"{_percent(group['card_mode'])}, floor {_percent(group['floor_card'])} / "
                f"{_percent(group['floor_card_mode'])}"
            )
