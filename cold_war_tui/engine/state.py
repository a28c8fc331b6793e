"""The mutable game state of the hot path, and its frozen, JSON-ready snapshot.

`GameState` is a plain slotted dataclass: the rules mutate it directly. The
outside world only ever sees `StateSnapshot` (a frozen pydantic copy), so
`Game.state` is read-only by construction, and saves compare snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from cold_war_tui.engine.board import SIDES, USSR, Board


def _per_side(value: int = 0) -> dict[str, int]:
    return dict.fromkeys(SIDES, value)


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game. Influence is indexed like Board.keys."""

    influence: dict[str, list[int]]
    turn: int = 1
    phase: str = "setup"  # setup | turn-start | headline | action | turn-end | over
    action_round: int = 0
    phasing: str = USSR
    defcon: int = 5
    vp: int = 0  # positive: the US leads; negative: the USSR leads
    milops: dict[str, int] = field(default_factory=_per_side)
    space: dict[str, int] = field(default_factory=_per_side)
    space_attempts: dict[str, int] = field(default_factory=_per_side)
    rounds_taken: dict[str, int] = field(default_factory=_per_side)
    china_holder: str | None = USSR
    china_face_up: bool = True
    hands: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)  # cards lying on the table (effects)
    limbo: list[int] = field(default_factory=list)  # cards being played right now
    box: list[int] = field(default_factory=list)  # Mid/Late War cards not yet in the deck
    out_of_game: list[int] = field(default_factory=list)  # never in this game (options)
    effects: dict[str, int] = field(default_factory=dict)  # until the game or text ends them
    turn_effects: dict[str, int] = field(default_factory=dict)  # until the end of the turn
    events_played: list[int] = field(default_factory=list)
    headline: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(SIDES))
    known: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    setup_left: dict[str, int] = field(default_factory=_per_side)
    bid_left: int = 0  # the US influence bid still to place after set-up (optional rules)
    ccw_active: bool = False  # the Chinese Civil War space is in play (chapter 12)
    rng: int = 0
    forced_dice: list[int] = field(default_factory=list)
    dice_rolled: int = 0


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CountryInfluence(Frozen):
    us: int
    ussr: int


class StateSnapshot(Frozen):
    """A read-only copy of the whole state, in the notation's country keys."""

    turn: int
    phase: str
    action_round: int
    phasing: str
    defcon: int
    vp: int
    influence: dict[str, CountryInfluence]
    milops: dict[str, int]
    space: dict[str, int]
    space_attempts: dict[str, int]
    rounds_taken: dict[str, int]
    china_holder: str | None
    china_face_up: bool
    hands: dict[str, list[int]]
    draw: list[int]
    discard: list[int]
    removed: list[int]
    in_play: list[int]
    limbo: list[int]
    box: list[int]
    out_of_game: list[int]
    effects: dict[str, int]
    turn_effects: dict[str, int]
    events_played: list[int]
    headline: dict[str, int | None]
    known: dict[str, list[int]]
    setup_left: dict[str, int]
    bid_left: int
    ccw_active: bool
    rng: int
    forced_dice: list[int]
    dice_rolled: int


def snapshot(state: GameState, board: Board) -> StateSnapshot:
    """A frozen deep copy of `state` (influence keyed by country key).

    One validation of plain data builds the whole tree (and copies every list and
    dict), which is faster than building the 86 CountryInfluence models one by one.
    """
    us, ussr = state.influence["US"], state.influence["USSR"]
    fields = {name: getattr(state, name) for name in _COPIED_FIELDS}
    fields["influence"] = {key: {"us": us[i], "ussr": ussr[i]} for i, key in enumerate(board.keys)}
    return StateSnapshot.model_validate(fields)


_COPIED_FIELDS = tuple(name for name in StateSnapshot.model_fields if name != "influence")
