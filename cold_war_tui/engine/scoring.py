"""Region scoring (10.x): presence, domination, control, and final scoring.

`region_score` is pure (used by the UI to show "what scoring would give");
`score_region` applies it, including Europe control winning the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine.board import SIDES, US, USSR, Side, other
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.decisions import GameOver, Outcome
from cold_war_tui.wording import plural


@dataclass(frozen=True, slots=True)
class SideScore:
    level: str
    countries: int
    battlegrounds: int
    adjacent_to_enemy: int
    vp: int


def region_score(
    core: Core, region: str, *, final: bool = False, when_scored: bool = True
) -> dict[Side, SideScore]:
    """What scoring `region` now gives each side (10.x); `final` at final scoring.

    `when_scored`: the effects that act only when a region is scored apply (#35 Formosan
    Resolution's Taiwan, #73 Shuttle Diplomacy); False reads the map alone, for an event
    that asks who dominates a region without scoring it (#45 Summit).
    """
    board = core.board
    members = board.region_members[region]
    battlegrounds = board.region_battlegrounds[region]
    taiwan = _formosan_taiwan(core) if when_scored else None
    if taiwan in members:
        battlegrounds = battlegrounds | {taiwan}
    total_bgs = len(battlegrounds)
    shuttle = when_scored and _shuttle_diplomacy(core, region, final)
    counts = {}
    for side in SIDES:
        controlled = core.controlled(side, members)
        bgs = len(battlegrounds.intersection(controlled))
        adjacent = len(board.adjacent_to[other(side)].intersection(controlled))
        n = len(controlled)
        if side == USSR and bgs and shuttle:
            n, bgs = n - 1, bgs - 1
        counts[side] = (n, bgs, adjacent)
    scoring = core.region_scoring[region]
    result = {}
    for side in SIDES:
        n, bgs, adjacent = counts[side]
        opp_n, opp_bgs, _ = counts[other(side)]
        if n > opp_n and bgs == total_bgs and total_bgs > 0:
            level = "control"
        elif n > opp_n and bgs > opp_bgs and n > bgs:
            level = "domination"
        elif n > 0:
            level = "presence"
        else:
            level = "none"
        value = 0 if level == "none" else (getattr(scoring, level) or 0)
        vp = value + bgs + adjacent if level != "none" else 0
        result[side] = SideScore(level, n, bgs, adjacent, vp)
    return result


def _shuttle_diplomacy(core: Core, region: str, final: bool) -> bool:
    """#73 Shuttle Diplomacy in play: the USSR counts one battleground fewer in Asia or the
    Middle East (not at final scoring); the card's module discards it after the scoring."""
    return (
        not final
        and region in ("asia", "middle-east")
        and bool(core.state.effects.get(effect_keys.SHUTTLE_DIPLOMACY))
    )


def _formosan_taiwan(core: Core) -> int | None:
    """Taiwan, when #35 Formosan Resolution makes it a battleground (the US controls it)."""
    if not core.state.effects.get(effect_keys.FORMOSAN_RESOLUTION):
        return None
    taiwan = core.board.index["taiwan"]
    return taiwan if core.controls(US, taiwan) else None


def score_region(core: Core, region: str, rule: str = "10", *, final: bool = False) -> None:
    """Score a region: net VP; control of a `control_wins` region wins the game."""
    result = region_score(core, region, final=final)
    name = core.board.region_names[region]
    for side in SIDES:
        s = result[side]
        core.log(
            rule,
            f"{name}: {side} {s.level} ({plural(s.countries, 'country', 'countries')},"
            f" {plural(s.battlegrounds, 'battleground')},"
            f" {s.adjacent_to_enemy} next to the enemy) = {s.vp} VP",
        )
    for side in SIDES:
        if result[side].level == "control" and core.region_control_wins[region]:
            reason = f"the {side} controls {name} when it is scored"
            raise GameOver(Outcome(side, reason, "10", "region control"))
    net = result[US].vp - result[USSR].vp
    if net >= 0:
        core.gain_vp(US, net, rule, f"{name} scoring")
    else:
        core.gain_vp(USSR, -net, rule, f"{name} scoring")


def southeast_asia_score(core: Core) -> dict[Side, int]:
    """#38: VP per controlled country of Southeast Asia (Thailand more)."""
    table = core.data.southeast_asia_scoring
    result = dict.fromkeys(SIDES, 0)
    for c in core.board.subregion_members["southeast-asia"]:
        owner = core.controller(c)
        if owner is not None:
            result[owner] += table.overrides.get(core.board.keys[c], table.per_country)
    return result


def final_scoring(core: Core) -> Outcome:
    """After turn 10: every region, then the China Card's VP; the VP decide (10.x)."""
    core.log("10", "final scoring")
    for region in core.board.region_order:
        score_region(core, region, "10", final=True)
    holder = core.state.china_holder
    if holder is not None:
        core.gain_vp(holder, 1, "9.x", "holds the China Card at the end of the game")
    vp = core.state.vp
    if vp == 0:
        return Outcome(None, "the VP are level after final scoring: a draw", "10", "final scoring")
    leader = US if vp > 0 else USSR
    reason = f"the {leader} leads by {abs(vp)} VP after final scoring"
    return Outcome(leader, reason, "10", "final scoring")
