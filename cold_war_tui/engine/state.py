"""The mutable game state of the hot path, and its frozen, JSON-ready snapshot.

`GameState` is a plain slotted dataclass: the rules mutate it directly. The
outside world only ever sees `StateSnapshot` (a frozen pydantic copy), so
`Game.state` is read-only by construction, and saves compare snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from cold_war_tui.engine.board import SIDES, US, USSR, Board, Side
from cold_war_tui.engine.effect_keys import EffectKey


def _per_side(value: int = 0) -> dict[Side, int]:
    return dict.fromkeys(SIDES, value)


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game. Influence is indexed like Board.keys."""

    influence: dict[Side, list[int]]
    turn: int = 1
    phase: str = "setup"  # setup | turn-start | headline | action | turn-end | over
    action_round: int = 0
    phasing: Side = USSR
    defcon: int = 5
    vp: int = 0  # positive: the US leads; negative: the USSR leads
    milops: dict[Side, int] = field(default_factory=_per_side)
    space: dict[Side, int] = field(default_factory=_per_side)
    space_attempts: dict[Side, int] = field(default_factory=_per_side)
    rounds_taken: dict[Side, int] = field(default_factory=_per_side)
    china_holder: Side | None = USSR
    china_face_up: bool = True
    hands: dict[Side, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)  # cards lying on the table (effects)
    limbo: list[int] = field(default_factory=list)  # cards being played right now
    box: list[int] = field(default_factory=list)  # Mid/Late War cards not yet in the deck
    out_of_game: list[int] = field(default_factory=list)  # never in this game (options)
    # Effects in play (engine/effect_keys.py): until the game or a card ends them, and
    # until the end of the turn.
    effects: dict[EffectKey, int] = field(default_factory=dict)
    turn_effects: dict[EffectKey, int] = field(default_factory=dict)
    events_played: list[int] = field(default_factory=list)
    headline: dict[Side, int | None] = field(default_factory=lambda: dict.fromkeys(SIDES))
    known: dict[Side, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    setup_left: dict[Side, int] = field(default_factory=_per_side)
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


# A state frozen into one plain tuple of ints, strings, tuples and small dicts of ints
# (`freeze`), in the order of GameState's fields; `thaw` makes a GameState of it again.
FrozenState = tuple[
    tuple[int, ...],  # influence, US
    tuple[int, ...],  # influence, USSR
    int,  # turn
    str,  # phase
    int,  # action_round
    Side,  # phasing
    int,  # defcon
    int,  # vp
    dict[Side, int],  # milops
    dict[Side, int],  # space
    dict[Side, int],  # space_attempts
    dict[Side, int],  # rounds_taken
    Side | None,  # china_holder
    bool,  # china_face_up
    tuple[int, ...],  # hands, US
    tuple[int, ...],  # hands, USSR
    tuple[int, ...],  # draw
    tuple[int, ...],  # discard
    tuple[int, ...],  # removed
    tuple[int, ...],  # in_play
    tuple[int, ...],  # limbo
    tuple[int, ...],  # box
    tuple[int, ...],  # out_of_game
    dict[EffectKey, int],  # effects
    dict[EffectKey, int],  # turn_effects
    tuple[int, ...],  # events_played
    dict[Side, int | None],  # headline
    tuple[int, ...],  # known, US
    tuple[int, ...],  # known, USSR
    dict[Side, int],  # setup_left
    int,  # bid_left
    bool,  # ccw_active
    int,  # rng
    tuple[int, ...],  # forced_dice
    int,  # dice_rolled
]


def freeze(s: GameState) -> FrozenState:
    """A copy of `s` that nothing can change, for the checkpoints of `Game.fork`.

    One plain tuple is cheaper to make than a GameState with fresh lists, and Python's
    garbage collector stops tracking a tuple of ints after one look, so the many
    checkpoints a game keeps cost it nothing later.
    """
    influence, hands, known = s.influence, s.hands, s.known
    return (
        tuple(influence[US]),
        tuple(influence[USSR]),
        s.turn,
        s.phase,
        s.action_round,
        s.phasing,
        s.defcon,
        s.vp,
        s.milops.copy(),
        s.space.copy(),
        s.space_attempts.copy(),
        s.rounds_taken.copy(),
        s.china_holder,
        s.china_face_up,
        tuple(hands[US]),
        tuple(hands[USSR]),
        tuple(s.draw),
        tuple(s.discard),
        tuple(s.removed),
        tuple(s.in_play),
        tuple(s.limbo),
        tuple(s.box),
        tuple(s.out_of_game),
        s.effects.copy(),
        s.turn_effects.copy(),
        tuple(s.events_played),
        s.headline.copy(),
        tuple(known[US]),
        tuple(known[USSR]),
        s.setup_left.copy(),
        s.bid_left,
        s.ccw_active,
        s.rng,
        tuple(s.forced_dice),
        s.dice_rolled,
    )


def thaw(f: FrozenState) -> GameState:
    """A new, independent GameState equal to the frozen one."""
    return GameState(
        {US: list(f[0]), USSR: list(f[1])},
        f[2],
        f[3],
        f[4],
        f[5],
        f[6],
        f[7],
        f[8].copy(),
        f[9].copy(),
        f[10].copy(),
        f[11].copy(),
        f[12],
        f[13],
        {US: list(f[14]), USSR: list(f[15])},
        list(f[16]),
        list(f[17]),
        list(f[18]),
        list(f[19]),
        list(f[20]),
        list(f[21]),
        list(f[22]),
        f[23].copy(),
        f[24].copy(),
        list(f[25]),
        f[26].copy(),
        {US: list(f[27]), USSR: list(f[28])},
        f[29].copy(),
        f[30],
        f[31],
        f[32],
        list(f[33]),
        f[34],
    )


def copy_state(state: GameState) -> GameState:
    """An independent copy of `state` (lists and dicts copied)."""
    return thaw(freeze(state))
