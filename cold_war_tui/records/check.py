"""The reader checked against the logs' own arithmetic: each round replayed from its
position with its choices and the logged dice must leave the board the next round's
position shows (influence, VP, DEFCON, military operations, space race)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from cold_war_tui.engine import StateSnapshot
from cold_war_tui.records.record import GameRecord, Round


@dataclass(frozen=True)
class Disagreement:
    """A round whose replay does not reach the next round's board: what differs."""

    round: Round
    differences: tuple[str, ...]  # "vp: replay 3, log 2", "influence iran: ..."


def disagreements(record: GameRecord) -> Iterator[Disagreement]:
    """Every round with a next round whose replay leaves another board than that one's."""
    rounds = record.rounds
    for now, following in pairwise(rounds):
        found = board_differences(now.replay().state, following.position().state)
        if found:
            yield Disagreement(now, tuple(found))


def checked_rounds(record: GameRecord) -> int:
    """How many rounds the check replays: every round but the last (nothing follows it)."""
    return max(0, len(record.rounds) - 1)


def board_differences(replayed: StateSnapshot, logged: StateSnapshot) -> list[str]:
    """What differs between two boards on the fields the log states."""
    found = []
    for key in sorted(set(replayed.influence) | set(logged.influence)):
        mine, theirs = replayed.influence.get(key), logged.influence.get(key)
        pair = (mine.us, mine.ussr) if mine else (0, 0)
        other = (theirs.us, theirs.ussr) if theirs else (0, 0)
        if pair != other:
            found.append(f"influence {key}: replay {pair[0]}/{pair[1]}, log {other[0]}/{other[1]}")
    for name in ("vp", "defcon"):
        mine_value, their_value = getattr(replayed, name), getattr(logged, name)
        if mine_value != their_value:
            found.append(f"{name}: replay {mine_value}, log {their_value}")
    for name in ("milops", "space"):
        for side in ("US", "USSR"):
            mine_value = getattr(replayed, name)[side]
            their_value = getattr(logged, name)[side]
            if mine_value != their_value:
                found.append(f"{name} {side}: replay {mine_value}, log {their_value}")
    return found
