"""Every key of `state.effects` and `state.turn_effects` the rules know (docs/effects.md).

A scenario may set effects; a name the rules never read would be silently
ignored, so a scenario naming one is refused. A key is `name` or
`name:ARG[:ARG]`; each name lists the argument shapes it takes.
"""

from __future__ import annotations

from cold_war_tui.engine.board import SIDES, Board

SIDE = "SIDE"
COUNTRY = "COUNTRY"
PLACE = "PLACE"  # a country, a region or a sub-region
CARD = "CARD"

Shapes = tuple[tuple[str, ...], ...]
NO_ARGUMENT: Shapes = ((),)
ONE_SIDE: Shapes = ((SIDE,),)
SIDE_AND_PLACE: Shapes = ((SIDE, PLACE),)

PERSISTENT: dict[str, Shapes] = {
    "nato": NO_ARGUMENT,  # #21
    "nato-exempt": ((COUNTRY,),),  # #17, #55
    "no-coup": SIDE_AND_PLACE,  # #27, #87
    "no-realign": SIDE_AND_PLACE,  # #27
    "formosan-resolution": NO_ARGUMENT,  # #35
    "quagmire": NO_ARGUMENT,  # #42
    "bear-trap": NO_ARGUMENT,  # #44
    "missile-envy": ONE_SIDE,  # #49
    "we-will-bury-you": NO_ARGUMENT,  # #50
    "flower-power": NO_ARGUMENT,  # #59
    "shuttle-diplomacy": NO_ARGUMENT,  # #73
    "iranian-hostage-crisis": NO_ARGUMENT,  # #82
    "the-reformer": NO_ARGUMENT,  # #87
    "norad": NO_ARGUMENT,  # #106
}
THIS_TURN: dict[str, Shapes] = {
    "area-bonus": SIDE_AND_PLACE,  # #9
    "ops-bonus": ONE_SIDE,  # #25, #51
    "ops-malus": ONE_SIDE,  # #31
    "cuban-missile-crisis": ONE_SIDE,  # #40
    "nuclear-subs": NO_ARGUMENT,  # #41
    "coup-malus": ((), (SIDE, PLACE)),  # #43, #69
    "u2-incident": NO_ARGUMENT,  # #60
    "coup-bonus": SIDE_AND_PLACE,  # #69
    "extra-round": ONE_SIDE,  # #86
    "realign-malus": ONE_SIDE,  # #93
    "no-influence": SIDE_AND_PLACE,  # #94
    "open-hand": ONE_SIDE,  # #98
    "ames-order": ((), (CARD,)),  # #98, first US edition
    "yuri-and-samantha": NO_ARGUMENT,  # #109
    "defcon-moved-to-2": NO_ARGUMENT,  # #106 (NORAD reads it)
}


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
