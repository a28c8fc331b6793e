"""The record file of an arena match (`cold-war-tui arena --record FILE`).

One JSON line per finished game, written as the game ends: a match cut short (Ctrl+C,
a crash, the end of a working day) goes on where it stopped when the same command runs
again, and a finished match grows by raising `--games`. A line is `{"match": {...},
"game": {...}}`: what makes game n the same game (the bots, the first seed, the budget,
the US bid) and the arena's record of that game (`arena.GameRecord`).

A file is read whole before anything is played or written: a line of another match, a
line that is not a game, or a game twice is one clear message, and the file is left as
it was. Only a last line cut short by an interrupted write is dropped (the game is
played again), since nothing else can have come after it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cold_war_tui.arena import Budget, GameRecord

_GAME = TypeAdapter(GameRecord)


class RecordError(Exception):
    """A record file that cannot serve this match: the message is one line for people."""


@dataclass(frozen=True)
class Match:
    """What makes game n of a match the same game, whichever run plays it."""

    bots: tuple[str, str]
    seed: int
    think: float | None
    iterations: int | None
    us_bid: int

    @classmethod
    def of(cls, bots: tuple[str, str], seed: int, budget: Budget, us_bid: int) -> Match:
        return cls(bots, seed, budget.think, budget.iterations, us_bid)

    def as_json(self) -> dict[str, Any]:
        found = asdict(self)
        found["bots"] = list(self.bots)
        return found


@dataclass(frozen=True)
class Recorded:
    """What a record file held for a match: its games, and a note for people when its
    last line was cut short and left out."""

    games: list[GameRecord]
    note: str | None = None


def read_record(path: Path, match: Match) -> Recorded:
    """The games `path` holds for `match` (none when there is no such file yet).

    RecordError for a file that is not text, a line that is not a game of this match,
    or a game twice. A last line without its newline that does not parse was cut short
    by an interrupted write: it is dropped from the file and the note says so."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Recorded([])
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (UTF-8)") from None
    except OSError as err:
        raise RecordError(f"{path}: cannot be read ({err.strerror or err})") from None
    lines = text.split("\n")
    tail = lines.pop()  # "" when the file ends with a newline
    games: list[GameRecord] = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            games.append(_game(path, number, _parsed(path, number, line), match))
    note = None
    whole_tail = False
    if tail.strip():
        try:
            found = json.loads(tail)
        except json.JSONDecodeError:
            note = "its last line was cut short (a write interrupted): that game is played again"
        else:
            games.append(_game(path, len(lines) + 1, found, match))
            whole_tail = True
    _no_game_twice(path, games)
    if tail:
        _end_with_newline(path, text, keep_tail=whole_tail)
    return Recorded(games, note)


def _parsed(path: Path, number: int, line: str) -> Any:
    """The JSON of one line, or RecordError naming the line."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as err:
        raise RecordError(f"{path}: line {number}: not JSON ({err.msg})") from err


def _game(path: Path, number: int, found: Any, match: Match) -> GameRecord:
    """The game of one line's JSON, or RecordError naming the line."""
    where = f"{path}: line {number}"
    if not isinstance(found, dict) or set(found) != {"match", "game"}:
        raise RecordError(f'{where}: not a game of an arena record ({{"match", "game"}})')
    if found["match"] != match.as_json():
        raise RecordError(
            f"{where}: a game of another match ({_describe(found['match'])}); "
            f"this one is {_describe(match.as_json())}: give another file"
        )
    try:
        return _GAME.validate_python(found["game"])
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        field = ".".join(str(step) for step in first["loc"])
        raise RecordError(f"{where}: a game's {field}: {first['msg']}") from err


def _end_with_newline(path: Path, text: str, keep_tail: bool) -> None:
    """Make the file end with a whole line before games are added to it: the last line
    gets its newline, or (cut short) is cut off. Neither rewrites the lines before it."""
    if keep_tail:
        with path.open("a", encoding="utf-8") as stream:
            stream.write("\n")
    else:
        os.truncate(path, len(text[: text.rfind("\n") + 1].encode("utf-8")))


def _no_game_twice(path: Path, games: list[GameRecord]) -> None:
    seen: set[int] = set()
    for game in games:
        if game.number in seen:
            raise RecordError(f"{path}: game {game.number} is there twice")
        seen.add(game.number)


def _describe(match: Any) -> str:
    """A match's identity in words: `bots random,greedy, seed 5, us_bid 0`."""
    if not isinstance(match, dict):
        return repr(match)
    words = []
    for key, value in match.items():
        if isinstance(value, list):
            value = ",".join(map(str, value))
        if value is not None:
            words.append(f"{key} {value}")
    return ", ".join(words)


@contextmanager
def recording(path: Path | None, match: Match) -> Iterator[Callable[[GameRecord], None]]:
    """A function that appends each finished game to `path` as one line, flushed at
    once (nothing when `path` is None)."""
    if path is None:
        yield lambda game: None
        return
    try:
        stream = path.open("a", encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{path}: cannot be written ({err.strerror or err})") from None
    header = match.as_json()

    def write(game: GameRecord) -> None:
        line = {"match": header, "game": _GAME.dump_python(game, mode="json")}
        stream.write(json.dumps(line) + "\n")
        stream.flush()

    with stream:
        yield write
