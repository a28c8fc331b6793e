"""Every effect the rules know, and the only place that builds or reads an effect key.

Effects live in `state.effects` (until a card or the game ends them) and
`state.turn_effects` (until the end of the turn) as `EffectKey`s: `name` or
`name:ARG[:ARG]` (docs/effects.md). A rules module never spells a key: it takes a
constant (`NATO`), a per-side table (`OPS_BONUS[side]`) or a constructor
(`no_action("coup", side, "japan")`) from here, so a typo is an AttributeError or a
mypy error, not an effect that silently does nothing. The state's tables are typed
`dict[EffectKey, int]`, so a plain string does not type-check as a key either.

A scenario or save naming a key that is not one of these is refused (`key_problem`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NewType

from cold_war_tui.engine.board import SIDES, US, USSR, Board, Side
from cold_war_tui.untrusted import excerpt

EffectKey = NewType("EffectKey", str)

SIDE = "SIDE"
COUNTRY = "COUNTRY"
PLACE = "PLACE"  # a country, a region or a sub-region
CARD = "CARD"

Shapes = tuple[tuple[str, ...], ...]
NO_ARGUMENT: Shapes = ((),)
ONE_SIDE: Shapes = ((SIDE,),)
SIDE_AND_PLACE: Shapes = ((SIDE, PLACE),)
Lasts = Literal["game", "turn"]
# The actions an effect may close a place to (`no-coup:SIDE:PLACE`, ...).
Action = Literal["coup", "realign", "influence"]


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One name of effect: which table holds it, its argument shapes, the cards setting it."""

    name: str
    lasts: Lasts
    shapes: Shapes
    cards: tuple[int, ...]


KINDS: dict[str, EffectKind] = {}


def _kind(name: str, lasts: Lasts, shapes: Shapes, *cards: int) -> str:
    if name in KINDS:
        raise ValueError(f"effect {name} defined twice")
    KINDS[name] = EffectKind(name, lasts, shapes, cards)
    return name


def _flag(name: str, lasts: Lasts, *cards: int) -> EffectKey:
    return EffectKey(_kind(name, lasts, NO_ARGUMENT, *cards))


def _per_side(name: str, lasts: Lasts, *cards: int) -> dict[str, EffectKey]:
    _kind(name, lasts, ONE_SIDE, *cards)
    return {side: EffectKey(f"{name}:{side}") for side in SIDES}


# -- persistent (state.effects) ---------------------------------------------------------
NATO = _flag("nato", "game", 21)
_NATO_EXEMPT = _kind("nato-exempt", "game", ((COUNTRY,),), 17, 55)
_NO_COUP = _kind("no-coup", "game", SIDE_AND_PLACE, 27, 87)
_NO_REALIGN = _kind("no-realign", "game", SIDE_AND_PLACE, 27)
FORMOSAN_RESOLUTION = _flag("formosan-resolution", "game", 35)
QUAGMIRE = _flag("quagmire", "game", 42)
BEAR_TRAP = _flag("bear-trap", "game", 44)
MISSILE_ENVY = _per_side("missile-envy", "game", 49)
WE_WILL_BURY_YOU = _flag("we-will-bury-you", "game", 50)
FLOWER_POWER = _flag("flower-power", "game", 59)
SHUTTLE_DIPLOMACY = _flag("shuttle-diplomacy", "game", 73)
IRANIAN_HOSTAGE_CRISIS = _flag("iranian-hostage-crisis", "game", 82)
THE_REFORMER = _flag("the-reformer", "game", 87)
NORAD = _flag("norad", "game", 106)

# -- this turn (state.turn_effects) -----------------------------------------------------
_AREA_BONUS = _kind("area-bonus", "turn", SIDE_AND_PLACE, 9)
OPS_BONUS = _per_side("ops-bonus", "turn", 25, 51)
OPS_MALUS = _per_side("ops-malus", "turn", 31)
CUBAN_MISSILE_CRISIS = _per_side("cuban-missile-crisis", "turn", 40)
NUCLEAR_SUBS = _flag("nuclear-subs", "turn", 41)
# `coup-malus` alone (#43, every coup) or with a side and region (#69).
_COUP_MALUS = _kind("coup-malus", "turn", ((), (SIDE, PLACE)), 43, 69)
COUP_MALUS = EffectKey(_COUP_MALUS)
U2_INCIDENT = _flag("u2-incident", "turn", 60)
_COUP_BONUS = _kind("coup-bonus", "turn", SIDE_AND_PLACE, 69)
EXTRA_ROUND = _per_side("extra-round", "turn", 86)
REALIGN_MALUS = _per_side("realign-malus", "turn", 93)
_NO_INFLUENCE = _kind("no-influence", "turn", SIDE_AND_PLACE, 94)
OPEN_HAND = _per_side("open-hand", "turn", 98)
# `ames-order` alone (the order is in force) and `ames-order:N` (card N's place in it).
_AMES_ORDER = _kind("ames-order", "turn", ((), (CARD,)), 98)
AMES_ORDER = EffectKey(_AMES_ORDER)
YURI_AND_SAMANTHA = _flag("yuri-and-samantha", "turn", 109)
DEFCON_MOVED_TO_2 = _flag("defcon-moved-to-2", "turn", 106)  # NORAD reads it

_CLOSING: dict[Action, str] = {"coup": _NO_COUP, "realign": _NO_REALIGN, "influence": _NO_INFLUENCE}
_CLOSED_ACTION: dict[str, Action] = {name: action for action, name in _CLOSING.items()}


def nato_exempt(country: str) -> EffectKey:
    """#17, #55: `country` (a key) loses NATO's protection."""
    return EffectKey(f"{_NATO_EXEMPT}:{country}")


def no_action(action: Action, side: Side, place: str) -> EffectKey:
    """`side` may not take `action` in `place` (a country, region or sub-region key)."""
    return EffectKey(f"{_CLOSING[action]}:{side}:{place}")


def area_bonus(side: Side, place: str) -> EffectKey:
    """#9: +1 op for `side` when all of a card's ops go to `place`."""
    return EffectKey(f"{_AREA_BONUS}:{side}:{place}")


# #9 Vietnam Revolts' bonus, by side (read at every play for ops).
SOUTHEAST_ASIA_BONUS = {side: area_bonus(side, "southeast-asia") for side in SIDES}


def coup_bonus(side: Side, region: str) -> EffectKey:
    """#69: +1 to `side`'s coups in `region`."""
    return EffectKey(f"{_COUP_BONUS}:{side}:{region}")


def coup_malus(side: Side, region: str) -> EffectKey:
    """#69: -1 to `side`'s coups in `region`."""
    return EffectKey(f"{_COUP_MALUS}:{side}:{region}")


def ames_position(card: int) -> EffectKey:
    """#98 (first US edition): the key holding `card`'s place in the USSR's order."""
    return EffectKey(f"{_AMES_ORDER}:{card}")


def closure(key: str) -> tuple[str, Action, str] | None:
    """(side, action, place) of a `no-ACTION:SIDE:PLACE` key; None for any other key."""
    name, _, rest = key.partition(":")
    action = _CLOSED_ACTION.get(name)
    if action is None:
        return None
    side, _, place = rest.partition(":")
    if side in (US, USSR):
        return side, action, place
    return None


def kinds_lasting(lasts: Lasts) -> dict[str, Shapes]:
    """The names of one table's effects with their argument shapes."""
    return {kind.name: kind.shapes for kind in KINDS.values() if kind.lasts == lasts}


PERSISTENT: dict[str, Shapes] = kinds_lasting("game")
THIS_TURN: dict[str, Shapes] = kinds_lasting("turn")


def key_problem(key: str, known: dict[str, Shapes], board: Board) -> str | None:
    """Why `key` is not an effect of `known` (None when it is one)."""
    name, *arguments = key.split(":")
    shapes = known.get(name)
    if shapes is None:
        return "no rule reads an effect of this name"
    if not any(_fits(arguments, shape, board) for shape in shapes):
        forms = " or ".join(":".join((name, *shape)) for shape in shapes)
        return f"its form is {forms}"
    return None


class EffectError(ValueError):
    """A key from outside (a scenario, a save) that is not an effect of the rules."""


def checked(key: str, known: dict[str, Shapes], board: Board) -> EffectKey:
    """`key` as an EffectKey once `key_problem` finds nothing wrong; EffectError (one line
    quoting at most an excerpt of the key) otherwise."""
    problem = key_problem(key, known, board)
    if problem is not None:
        raise EffectError(f"{excerpt(key)}: {problem}")
    return EffectKey(key)


def _fits(arguments: list[str], shape: tuple[str, ...], board: Board) -> bool:
    return len(arguments) == len(shape) and all(
        _is(kind, value, board) for kind, value in zip(shape, arguments, strict=True)
    )


def _is(kind: str, value: str, board: Board) -> bool:
    if kind == SIDE:
        return value in SIDES
    if kind == CARD:
        return value.isascii() and value.isdigit()
    places = board.index if kind == COUNTRY else _places(board)
    return value in places


def _places(board: Board) -> set[str]:
    return {*board.index, *board.region_members, *board.subregion_members}
