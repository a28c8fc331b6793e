"""Where the rules forbid or modify an operation: DEFCON regions, and effects in play.

One place answers "may this side coup/realign/place here, and with what
modifier?", so operations and card events share the same checks. Each
function returns the reason an action is blocked (for the UI's greyed-out
options) or None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cold_war_tui.engine.board import US, USSR

if TYPE_CHECKING:
    from cold_war_tui.engine.core import Core


def closed_regions(core: Core) -> frozenset[str]:
    """Regions closed to coups and realignment at the current DEFCON (8.1.5)."""
    defcon = core.state.defcon
    return frozenset(
        region
        for region, level in core.region_closed_at.items()
        if level is not None and defcon <= level
    )


def defcon_closed(core: Core, country: int) -> str | None:
    """Why DEFCON closes `country`'s region now (8.1.5), or None."""
    region = core.board.region[country]
    if region in closed_regions(core):
        name = core.board.region_names[region]
        return f"DEFCON {core.state.defcon} closes {name} to coups and realignment (8.1.5)"
    return None


def blocked_by_effects(core: Core, side: str, action: str) -> frozenset[int]:
    """Countries an effect in play closes to `side`'s `action` ("coup", "realign", "influence").

    Effects are keyed `no-{action}:{side}:{country or region key}`.
    """
    prefix = f"no-{action}:{side}:"
    keys = [
        name[len(prefix) :]
        for effects in (core.state.effects, core.state.turn_effects)
        for name, value in effects.items()
        if value and name.startswith(prefix)
    ]
    if not keys:
        return frozenset()
    board = core.board
    countries: set[int] = set()
    for key in keys:
        if key in board.index:
            countries.add(board.index[key])
        elif key in board.region_members:
            countries.update(board.region_members[key])
    return frozenset(countries)


def coup_blocked(core: Core, side: str, country: int, *, free: bool = False) -> str | None:
    """Why `side` may not coup `country`, or None. Free coups ignore DEFCON regions (6.3.5)."""
    if core.state.influence[_other(side)][country] <= 0:
        return "the opponent has no influence there (6.3.1)"
    if not free:
        closed = defcon_closed(core, country)
        if closed:
            return closed
    if country in blocked_by_effects(core, side, "coup"):
        return "an effect in play forbids this coup"
    return None


def realign_blocked(core: Core, side: str, country: int) -> str | None:
    if core.state.influence[_other(side)][country] <= 0:
        return "the opponent has no influence there"
    closed = defcon_closed(core, country)
    if closed:
        return closed
    if country in blocked_by_effects(core, side, "realign"):
        return "an effect in play forbids this realignment"
    return None


def influence_blocked(core: Core, side: str, country: int) -> str | None:
    """Effects that forbid placing influence by operations (e.g. #94 Chernobyl)."""
    if country in blocked_by_effects(core, side, "influence"):
        return f"an effect in play forbids {side} influence in {core.name(country)}"
    return None


def coup_modifier(core: Core, side: str, country: int) -> int:
    """Modifiers to a coup roll from effects in play (e.g. #43 SALT: -1)."""
    effects = core.state.turn_effects
    modifier = -effects.get("coup-malus", 0)
    region = core.board.region[country]
    modifier += effects.get(f"coup-bonus:{side}:{region}", 0)
    modifier -= effects.get(f"coup-malus:{side}:{region}", 0)
    return modifier


def realign_roll_modifier(core: Core, roller: str, phasing: str) -> int:
    """Modifiers to one side's realignment die (e.g. #93 Iran-Contra: US -1)."""
    return -core.state.turn_effects.get(f"realign-malus:{roller}", 0) if roller == phasing else 0


def coup_lowers_defcon(core: Core, side: str, free: bool) -> bool:
    """A battleground coup lowers DEFCON (6.3.4), free coups too (6.3.5)."""
    return not (side == US and not free and core.state.turn_effects.get("nuclear-subs"))


def _other(side: str) -> str:
    return USSR if side == US else US
