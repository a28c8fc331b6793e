"""Where the rules forbid or modify an operation: DEFCON regions, and effects in play.

One place answers "which countries are closed to this action, and with what
modifier?", so the operations' target lists and card events share the checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine.board import US, USSR, Side

if TYPE_CHECKING:
    from cold_war_tui.engine.core import Core


def closed_countries(core: Core) -> frozenset[int]:
    """Countries closed to coups and realignment at the current DEFCON (8.1.5)."""
    return core.tables.closed_countries[core.state.defcon]


def blocked_by_effects(core: Core, side: Side, action: str) -> frozenset[int]:
    """Countries an effect in play closes to `side`'s `action` ("coup", "realign", "influence").

    Effects are keyed `no-{action}:{side}:{country or region key}`; NATO's
    protection of US-controlled Europe is added for the USSR's coups and realignments.
    """
    closed = _closed_by_effects(core, side, action)
    if side != USSR or action == "influence":
        return closed
    return joined(closed, nato_protected(core))


def joined(first: frozenset[int], second: frozenset[int]) -> frozenset[int]:
    """Both sets as one; when either is empty the other itself, not a copy (a cached
    set keeps its cached hash, which `Core.contested` uses as part of its key)."""
    return first | second if first and second else first or second


def _closed_by_effects(core: Core, side: Side, action: str) -> frozenset[int]:
    """The `no-{action}:{side}:...` effects' countries, remembered until the effects change.

    Target lists ask this several times per decision while the effects rarely change;
    the memo keeps copies of both effect tables, so any change shows, and one reading
    of the tables answers every side and action.
    """
    state = core.state
    caches = core.caches
    memo = caches.effects_memo
    if memo is None or memo[0] != state.effects or memo[1] != state.turn_effects:
        memo = (dict(state.effects), dict(state.turn_effects), read_closures(core))
        caches.effects_memo = memo
    return memo[2].get((side, action), _NOTHING)


_NOTHING: frozenset[int] = frozenset()


def read_closures(core: Core) -> dict[tuple[str, str], frozenset[int]]:
    """Every `no-{action}:{side}:{country or region key}` effect in play, by (side, action)."""
    board = core.board
    closed: dict[tuple[str, str], set[int]] = {}
    for table in (core.state.effects, core.state.turn_effects):
        for key, value in table.items():
            found = effect_keys.closure(key)
            if not value or found is None:
                continue
            side, action, place = found
            countries = closed.setdefault((side, action), set())
            if place in board.index:
                countries.add(board.index[place])
            elif place in board.region_members:
                countries.update(board.region_members[place])
    return {where: frozenset(countries) for where, countries in closed.items()}


def nato_protected(core: Core) -> frozenset[int]:
    """US-controlled European countries the USSR may not coup or realign (#21 NATO).

    `effect_keys.NATO` is set by NATO; `effect_keys.nato_exempt(KEY)` by De Gaulle
    Leads France (#17) and Willy Brandt (#55) for their country.
    """
    effects = core.state.effects
    if not effects.get(effect_keys.NATO):
        return frozenset()
    board = core.board
    us, ussr = core.state.influence[US], core.state.influence[USSR]
    stability = board.stability
    controlled = [c for c in board.region_members["europe"] if us[c] - ussr[c] >= stability[c]]
    return frozenset(
        c for c in controlled if not effects.get(effect_keys.nato_exempt(board.keys[c]))
    )


def coup_modifier(core: Core, side: Side, country: int) -> int:
    """Modifiers to a coup roll from effects in play (e.g. #43 SALT: -1)."""
    effects = core.state.turn_effects
    modifier = -effects.get(effect_keys.COUP_MALUS, 0)
    region = core.board.region[country]
    modifier += effects.get(effect_keys.coup_bonus(side, region), 0)
    modifier -= effects.get(effect_keys.coup_malus(side, region), 0)
    return modifier


def realign_roll_modifier(core: Core, roller: Side) -> int:
    """Modifiers to one side's realignment die, whoever realigns (#93 Iran-Contra: every
    US die -1, the US's defending die too)."""
    return -core.state.turn_effects.get(effect_keys.REALIGN_MALUS[roller], 0)


def coup_lowers_defcon(core: Core, side: Side, free: bool) -> bool:
    """A battleground coup lowers DEFCON (6.3.4), free coups too (6.3.5)."""
    return not (side == US and not free and core.state.turn_effects.get(effect_keys.NUCLEAR_SUBS))
