"""Values derived from the state and kept for speed, behind one interface (docs/speed.md).

Each game's `Core` owns one `Caches`. Everything in it can be made again from the state
and the game data alone, so dropping it never changes an answer, only its cost:
`invalidate()` is the one way to drop cached values, and each is made again when next
asked for. The reach tallies are not a cache but running counts, kept up to date by
`presence_changed` (influence appears in or vanishes from a country); `round_started`
keeps the counts of the round's start once they first change (6.1.1).

The per-data memos of `core.Tables` (choices by country, card and ops, greyed entries,
action-menu rows) are keyed by every input they depend on, so they never go stale and
are never dropped. `cache_check.check_caches` recomputes every cached value of both
kinds from scratch and compares (the debug mode of `Game.check_caches`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress

from cold_war_tui.engine.board import US, USSR, Board, Side
from cold_war_tui.engine.effect_keys import EffectKey
from cold_war_tui.engine.state import GameState

# Copies of both effect tables, and the countries they close by (side, action).
EffectsMemo = tuple[
    dict[EffectKey, int], dict[EffectKey, int], dict[tuple[str, str], frozenset[int]]
]


def reach_tally(board: Board, state: GameState) -> dict[Side, list[int]]:
    """Per side and country, how many reasons put the country in placement reach (6.1.1):
    the superpower next to it, it or a neighbour holding the side's influence."""
    tally: dict[Side, list[int]] = {}
    for side in (US, USSR):
        count = [0] * board.size
        for c in board.adjacent_to[side]:
            count[c] = 1
        for present in compress(range(board.size), state.influence[side]):
            for c in board.with_neighbours[present]:
                count[c] += 1
        tally[side] = count
    return tally


@dataclass(slots=True)
class Caches:
    # Running tally (`reach_tally`), updated by `presence_changed`.
    reach_count: dict[Side, list[int]]
    # A side's reach counts as they were at the round's start, kept once they change.
    round_start_count: dict[Side, list[int]] = field(default_factory=dict)
    # Where each side may place influence this action round, sorted (`Core.reach`).
    reach: dict[Side, tuple[int, ...]] = field(default_factory=dict)
    # Countries with a side's opponent's influence, minus an excluded set, by (side,
    # excluded) (`Core.contested`).
    contested: dict[tuple[Side, frozenset[int]], tuple[int, ...]] = field(default_factory=dict)
    # The countries effects close, as last read (`restrictions.blocked_by_effects`): a
    # memo keyed by copies of the effect tables it was read from (events write effects
    # directly), compared at every read and read again when they differ.
    effects_memo: EffectsMemo | None = None

    def invalidate(self) -> None:
        """Drop every cached value; each is made again from the state when next asked for.
        (The effects' closures are checked against the effect tables at every read.)"""
        self.reach.clear()
        self.contested.clear()

    def round_started(self) -> None:
        """An action round starts: reach is counted from the tallies as they stand now."""
        self.round_start_count.clear()
        self.invalidate()

    def presence_changed(self, side: Side, neighbourhood: Iterable[int], step: int) -> None:
        """`side`'s influence appears (+1) in or vanishes (-1) from the country whose
        neighbourhood (itself included) is given: the round's start counts are kept first."""
        if side not in self.round_start_count:
            self.round_start_count[side] = self.reach_count[side][:]
        self.invalidate()
        count = self.reach_count[side]
        for c in neighbourhood:
            count[c] += step
