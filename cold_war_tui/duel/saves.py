"""JSON saves: settings, the decisions in notation, private marks, and a state check.

A save is a replay, not a dump: loading re-runs every decision through the rules, so a save
can never hold a position the rules could not reach; the stored snapshot only confirms it.
Every problem raises `SaveError` with a message that names it (not JSON, truncated, another
format, a newer version, the first decision that does not replay ...). Reading and writing
files is not done here (the duel package does no I/O): see `cold_war_tui.userdata`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pydantic

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import DuelError, SaveError
from cold_war_tui.duel.records import Kind
from cold_war_tui.duel.settings import PLAYERS, DuelSettings, Player
from cold_war_tui.untrusted import (
    MAX_SAVE_CHARS,
    BadJson,
    clip,
    excerpt,
    first_problem,
    load_json,
)

SAVE_FORMAT = "cold-war-tui/defcon-duel"
SAVE_VERSION = 1
MESSAGE_CHARS = 120
"""What a message quotes of a rule's own message (which may quote the save)."""


HUMAN = "human"
"""A player a person plays, in a save's `players` (otherwise the computer's level)."""


@dataclass(frozen=True)
class Saved:
    """A loaded save: the game, the computer's level for each player it plays (a player not
    listed is a human), and what could not be read of the players (they are humans then)."""

    game: DuelGame
    computer: Mapping[Player, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def to_json(game: DuelGame, computer: Mapping[Player, str] | None = None) -> str:
    """The save text of a game (deterministic: the same game gives the same text);
    `computer` names the level of each player the computer plays."""
    chosen = computer or {}
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "players": {p: chosen.get(p, HUMAN) for p in PLAYERS},
        "settings": game.settings.model_dump(mode="json"),
        "choices": [
            {"player": p, "text": notation.format_choice(c, private=True)}
            for p, c in game.choices()
        ],
        "marks": {p: {c.name: m for c, m in game.view(p).marks} for p in PLAYERS},
        "state": game.snapshot(),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def from_json(text: str) -> DuelGame:
    """Load a save's game (see `read`)."""
    return read(text).game


def read(text: str) -> Saved:
    """Load a save; raise SaveError naming the problem if it is unreadable, of another format
    or a newer version, or does not replay to its recorded state. Only SaveError escapes,
    whatever the text. A save without `players` (older versions) is two humans."""
    data = _header(text)
    computer, notes = _players(data.get("players"))
    game = DuelGame(_settings(data.get("settings")))
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise SaveError("unreadable duel save: the list of decisions ('choices') is missing")
    for number, item in enumerate(choices, 1):
        _replay_one(game, number, item)
    _marks(game, data.get("marks", {}))
    if "state" in data and data["state"] != game.snapshot():
        raise SaveError("the decisions do not replay to the saved state (the file was altered)")
    return Saved(game, computer, notes)


def _players(raw: object) -> tuple[dict[Player, str], tuple[str, ...]]:
    """Who the computer plays, and at what level; a level this version does not know, or a
    damaged entry, leaves that player to a human, and the note says so."""
    from cold_war_tui.duel.bots import DUEL_BOTS

    if raw is None:
        return {}, ()
    if not isinstance(raw, dict):
        return {}, ("the players could not be read: two humans play",)
    computer: dict[Player, str] = {}
    notes = []
    for player in PLAYERS:
        level = raw.get(player, HUMAN)
        if level == HUMAN:
            continue
        if isinstance(level, str) and level in DUEL_BOTS:
            computer[player] = level
        else:
            notes.append(
                f"player {player}'s computer level {excerpt(level)} is unknown: a human plays it"
            )
    return computer, tuple(notes)


def summary(game: DuelGame, computer: Mapping[Player, str] | None = None) -> str:
    """One line about a saved game that both players may read (no secrets); it names the
    computer's players."""
    who = ", ".join(f"{p}: computer ({level})" for p, level in sorted((computer or {}).items()))
    line = _progress(game)
    return f"{line}; {who}" if who else line


def _progress(game: DuelGame) -> str:
    result, pending = game.result, game.pending
    if result is not None:
        outcome = f"{result.winner} won" if result.winner else "a draw"
        return f"over: cities A {result.cities['A']}, B {result.cities['B']}, {outcome}"
    assert pending is not None
    if pending.kind is Kind.PLACE:
        return f"set-up, {pending.player} to place"
    what = "to choose: end or go on" if pending.kind is Kind.FINISH else "to move"
    return f"turn {pending.turn + 1}, DEFCON {pending.defcon}, {pending.player} {what}"


def _header(text: str) -> dict[str, Any]:
    """The decoded save, once its format and version are known to be readable."""
    if not isinstance(text, str):
        raise SaveError(f"unreadable duel save: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(
            f"unreadable duel save: {len(text):,} characters, over the limit of "
            f"{MAX_SAVE_CHARS:,} for a save"
        )
    if not text.strip():
        raise SaveError("unreadable duel save: the file is empty")
    try:
        data = load_json(text)
    except BadJson as exc:
        detail = str(exc).removeprefix("invalid JSON: ")
        raise SaveError(
            f"unreadable duel save: not valid JSON, the file is truncated or corrupt ({detail})"
        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        what = (
            f"its format is {excerpt(found)}" if found is not None else "it has no 'format' field"
        )
        raise SaveError(f"not a DEFCON duel save: {what}, not {SAVE_FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SaveError(f"not a DEFCON duel save of a known version: version {excerpt(version)}")
    if version > SAVE_VERSION:
        raise SaveError(
            f"saved by a newer version of Cold War TUI (save version {excerpt(version)}; "
            f"this version reads version {SAVE_VERSION}): update the game to open it"
        )
    return data


def _settings(raw: object) -> DuelSettings:
    if not isinstance(raw, dict):
        raise SaveError("unreadable duel save: the rule settings are missing")
    try:
        return DuelSettings.from_saved(raw)
    except pydantic.ValidationError as exc:
        where, problem = first_problem(exc)
        raise SaveError(f"unreadable duel save: bad setting {where}: {problem}") from None


def _replay_one(game: DuelGame, number: int, item: object) -> None:
    pending = game.pending
    if not isinstance(item, dict) or not isinstance(item.get("text"), str):
        raise SaveError(f"unreadable duel save: decision {number} is not a player and a text")
    if pending is None:
        raise SaveError(f"decision {number} comes after the end of the game")
    if item.get("player") != pending.player:
        raise SaveError(f"decision {number} is by the wrong player ({pending.player} decides)")
    try:
        game.apply(notation.parse_choice(pending.kind, item["text"]))
    except DuelError as exc:
        reason = clip(str(exc), MESSAGE_CHARS)
        raise SaveError(f"decision {number} ({pending.player}) does not replay: {reason}") from None


def _marks(game: DuelGame, marks: object) -> None:
    if not isinstance(marks, dict):
        raise SaveError("unreadable duel save: the private marks are not a table")
    for player in PLAYERS:
        table = marks.get(player, {})
        if not isinstance(table, dict):
            raise SaveError(f"unreadable duel save: the marks of {player} are not a table")
        for name, mark in table.items():
            try:
                game.set_mark(player, Cell.parse(name), mark)
            except (DuelError, TypeError) as exc:
                reason = clip(str(exc), MESSAGE_CHARS)
                raise SaveError(
                    f"unreadable duel save: mark {excerpt(name)} of {player}: {reason}"
                ) from None
