"""The mutable game state of the hot path, and its frozen, JSON-ready snapshot.

`GameState` is a plain slotted dataclass: the rules mutate it directly. The
outside world only ever sees `StateSnapshot` (a frozen pydantic copy), so
`Game.state` is read-only by construction, and saves compare snapshots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

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


# -- checkpoints: the state frozen into one plain tuple, by field name -------------------
FrozenState = tuple[object, ...]
"""A GameState's fields in their order, each as an immutable value (`freeze`): lists as
tuples, the per-side lists as (US, USSR) pairs of tuples, dicts as private copies."""

_NAMES = tuple(f.name for f in fields(GameState))


def _copy_kind(name: str, annotation: object) -> str:
    """How field `name` is frozen: "list", "per-side lists", "dict" or "value". A type
    with no known copy fails at import, naming the field: add it here, nowhere else."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is list:
        return "list"
    if origin is dict and get_origin(args[1]) is list:
        return "per-side lists"
    if origin is dict:
        return "dict"
    if _immutable(annotation):
        return "value"
    raise TypeError(f"GameState.{name}: no checkpoint copy for the type {annotation}")


def _immutable(annotation: object) -> bool:
    """An int, a str, a bool, a literal, None, or a union of those."""
    origin = get_origin(annotation)
    if origin is Literal or annotation in (int, str, bool, NoneType):
        return True
    return origin in (Union, UnionType) and all(map(_immutable, get_args(annotation)))


_COPY_KINDS = {
    name: _copy_kind(name, annotation)
    for name, annotation in get_type_hints(GameState).items()
    if name in _NAMES
}
# Each kind of field frozen (from `s.NAME`) and thawed (from the local NAME), as code.
_FROZEN = {
    "value": "s.{0}",
    "list": "tuple(s.{0})",
    "per-side lists": "(tuple(s.{0}[US]), tuple(s.{0}[USSR]))",
    "dict": "s.{0}.copy()",
}
_THAWED = {
    "value": "{0}",
    "list": "list({0})",
    "per-side lists": "{{US: list({0}[0]), USSR: list({0}[1])}}",
    "dict": "{0}.copy()",
}


def _compiled() -> tuple[Callable[[GameState], FrozenState], Callable[[FrozenState], GameState]]:
    """`freeze` and `thaw`, written out field by field from GameState's fields and types,
    as `dataclasses` writes a class's `__init__`: as fast as code typed by hand, and a
    field added to GameState needs nothing here."""
    frozen = ",\n        ".join(_FROZEN[_COPY_KINDS[n]].format(n) for n in _NAMES)
    thawed = ",\n        ".join(f"{n}={_THAWED[_COPY_KINDS[n]].format(n)}" for n in _NAMES)
    source = (
        f"def freeze(s):\n    return (\n        {frozen},\n    )\n\n"
        f"def thaw(f):\n    ({', '.join(_NAMES)},) = f\n"
        f"    return GameState(\n        {thawed},\n    )\n"
    )
    namespace: dict[str, Any] = {"GameState": GameState, "US": US, "USSR": USSR}
    exec(compile(source, "<engine.state checkpoints>", "exec"), namespace)
    return namespace["freeze"], namespace["thaw"]


_freeze, _thaw = _compiled()


def freeze(s: GameState) -> FrozenState:
    """A copy of `s` that nothing can change, for the checkpoints of `Game.fork`.

    One plain tuple is cheaper to make than a GameState with fresh lists, and Python's
    garbage collector stops tracking a tuple of ints after one look, so the many
    checkpoints a game keeps cost it nothing later.
    """
    return _freeze(s)


def thaw(f: FrozenState) -> GameState:
    """A new, independent GameState equal to the frozen one."""
    return _thaw(f)


def copy_state(state: GameState) -> GameState:
    """An independent copy of `state` (lists and dicts copied)."""
    return thaw(freeze(state))
