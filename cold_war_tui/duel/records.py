"""Records shared by the engine and the views: the pending decision, log entries, the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from cold_war_tui.duel.moves import Answer, Choice
from cold_war_tui.duel.settings import Player


class Kind(StrEnum):
    """What the pending decision is about."""

    PLACE = "place"
    MOVE = "move"
    FINISH = "finish"


@dataclass(frozen=True)
class Pending:
    """Who must decide, and what; only facts both players may know.

    `limit` is the most missiles the move may launch (None: one from every usable silo);
    `salvo` marks the final salvo, where a silo may fire all its missiles at once.
    """

    player: Player
    kind: Kind
    turn: int
    defcon: int
    limit: int | None = None
    salvo: bool = False


@dataclass(frozen=True)
class Entry:
    """One line of the game record: a decision, or a turn skipped because nothing could move."""

    player: Player
    choice: Choice | None
    turn: int | None = None
    defcon: int | None = None
    answer: Answer | None = None


@dataclass(frozen=True)
class DuelResult:
    """The final count: surviving cities per player; the winner, or None for a draw."""

    cities: dict[Player, int] = field(hash=False)
    winner: Player | None
    reason: str
