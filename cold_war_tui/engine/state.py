"""The mutable game state of the hot path, and its frozen, JSON-ready snapshot.

`GameState` is a plain slotted dataclass: the rules mutate it directly. The
outside world only ever sees `StateSnapshot` (a frozen pydantic copy), so
`Game.state` is read-only by construction, and saves compare snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

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
    dict). A country's influence is a shared frozen value (`country_influence`), which
    the validation takes as it is: validating 86 of them anew was most of its cost.
    """
    us, ussr = state.influence["US"], state.influence["USSR"]
    fields = {name: getattr(state, name) for name in _COPIED_FIELDS}
    fields["influence"] = {
        key: country_influence(us[i], ussr[i]) for i, key in enumerate(board.keys)
    }
    return StateSnapshot.model_validate(fields)


@cache
def country_influence(us: int, ussr: int) -> CountryInfluence:
    """The one CountryInfluence of these two values (frozen, so snapshots share it)."""
    return CountryInfluence(us=us, ussr=ussr)


_COPIED_FIELDS = tuple(name for name in StateSnapshot.model_fields if name != "influence")


# -- checkpoints: the state frozen into one plain tuple, by field name -------------------
PerSide = tuple[tuple[int, ...], tuple[int, ...]]  # a per-side list: (US, USSR)


class FrozenState(NamedTuple):
    """A GameState that nothing can change, field by field (`freeze`): lists as tuples,
    the per-side lists as (US, USSR) pairs of tuples, dicts as private copies. Its fields
    are GameState's, by name; a test names any field one has and the other lacks."""

    influence: PerSide
    turn: int
    phase: str
    action_round: int
    phasing: Side
    defcon: int
    vp: int
    milops: dict[Side, int]
    space: dict[Side, int]
    space_attempts: dict[Side, int]
    rounds_taken: dict[Side, int]
    china_holder: Side | None
    china_face_up: bool
    hands: PerSide
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    removed: tuple[int, ...]
    in_play: tuple[int, ...]
    limbo: tuple[int, ...]
    box: tuple[int, ...]
    out_of_game: tuple[int, ...]
    effects: dict[EffectKey, int]
    turn_effects: dict[EffectKey, int]
    events_played: tuple[int, ...]
    headline: dict[Side, int | None]
    known: PerSide
    setup_left: dict[Side, int]
    bid_left: int
    ccw_active: bool
    rng: int
    forced_dice: tuple[int, ...]
    dice_rolled: int


def freeze(s: GameState) -> FrozenState:
    """A copy of `s` that nothing can change, for the checkpoints of `Game.fork`.

    One plain tuple is cheaper to make than a GameState with fresh lists, and Python's
    garbage collector stops tracking a tuple of ints after one look, so the many
    checkpoints a game keeps cost it nothing later.
    """
    return FrozenState(
        influence=(tuple(s.influence[US]), tuple(s.influence[USSR])),
        turn=s.turn,
        phase=s.phase,
        action_round=s.action_round,
        phasing=s.phasing,
        defcon=s.defcon,
        vp=s.vp,
        milops=s.milops.copy(),
        space=s.space.copy(),
        space_attempts=s.space_attempts.copy(),
        rounds_taken=s.rounds_taken.copy(),
        china_holder=s.china_holder,
        china_face_up=s.china_face_up,
        hands=(tuple(s.hands[US]), tuple(s.hands[USSR])),
        draw=tuple(s.draw),
        discard=tuple(s.discard),
        removed=tuple(s.removed),
        in_play=tuple(s.in_play),
        limbo=tuple(s.limbo),
        box=tuple(s.box),
        out_of_game=tuple(s.out_of_game),
        effects=s.effects.copy(),
        turn_effects=s.turn_effects.copy(),
        events_played=tuple(s.events_played),
        headline=s.headline.copy(),
        known=(tuple(s.known[US]), tuple(s.known[USSR])),
        setup_left=s.setup_left.copy(),
        bid_left=s.bid_left,
        ccw_active=s.ccw_active,
        rng=s.rng,
        forced_dice=tuple(s.forced_dice),
        dice_rolled=s.dice_rolled,
    )


def thaw(f: FrozenState) -> GameState:
    """A new, independent GameState equal to the frozen one."""
    return GameState(
        influence=_per_side_lists(f.influence),
        turn=f.turn,
        phase=f.phase,
        action_round=f.action_round,
        phasing=f.phasing,
        defcon=f.defcon,
        vp=f.vp,
        milops=f.milops.copy(),
        space=f.space.copy(),
        space_attempts=f.space_attempts.copy(),
        rounds_taken=f.rounds_taken.copy(),
        china_holder=f.china_holder,
        china_face_up=f.china_face_up,
        hands=_per_side_lists(f.hands),
        draw=list(f.draw),
        discard=list(f.discard),
        removed=list(f.removed),
        in_play=list(f.in_play),
        limbo=list(f.limbo),
        box=list(f.box),
        out_of_game=list(f.out_of_game),
        effects=f.effects.copy(),
        turn_effects=f.turn_effects.copy(),
        events_played=list(f.events_played),
        headline=f.headline.copy(),
        known=_per_side_lists(f.known),
        setup_left=f.setup_left.copy(),
        bid_left=f.bid_left,
        ccw_active=f.ccw_active,
        rng=f.rng,
        forced_dice=list(f.forced_dice),
        dice_rolled=f.dice_rolled,
    )


def _per_side_lists(pair: PerSide) -> dict[Side, list[int]]:
    return {US: list(pair[0]), USSR: list(pair[1])}


def copy_state(state: GameState) -> GameState:
    """An independent copy of `state` (lists and dicts copied)."""
    return thaw(freeze(state))
