"""The odds of a die roll before it is made: coup (6.3.2), realignment (6.2.2), space race
(6.4.1). Public facts of the position, for a player deciding (`Game.coup_odds`,
`Game.realign_odds`, `Game.space_odds`): what the roll needs and the chance it has.

Pure arithmetic on one die (or two for a realignment), from the same modifiers the
rolls themselves use (`operations.realign_modifiers`, `restrictions.coup_modifier`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cold_war_tui.engine import restrictions
from cold_war_tui.engine.board import Side, other
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.operations import RealignModifiers, realign_modifiers

DIE = range(1, 7)
IMPOSSIBLE = 7
"""The `needed` roll of a coup no die can win."""


@dataclass(frozen=True, slots=True)
class CoupOdds:
    """A coup by `side` in `country` with `ops` (area bonus included): the die must make
    die + ops + modifier exceed `target`, twice the stability (6.3.2)."""

    side: str
    country: str
    ops: int
    modifier: int  # effects in play (#43 SALT Negotiations: -1; #69 Latin American Death Squads)
    target: int
    needed: int  # the lowest die that succeeds; IMPOSSIBLE when none does
    chance: Fraction
    best: int  # the difference a 6 makes: what it removes, the rest placed (6.3.2)
    opponent_influence: int


@dataclass(frozen=True, slots=True)
class RealignOdds:
    """A realignment roll by `side` in `country` against `defender` (6.2.2): the chance the
    roller's modified die is higher (`gain`: the defender loses the difference), equal
    (`tie`: nothing happens), or lower (`loss`)."""

    side: str
    country: str
    roller: RealignModifiers
    defender: RealignModifiers
    gain: Fraction
    tie: Fraction
    loss: Fraction
    loss_costs: bool  # a lower roll takes influence from the roller (he has some there,
    # and the realignment variant of the optional rules does not spare him)


@dataclass(frozen=True, slots=True)
class SpaceOdds:
    """`side`'s next space race box (6.4.1): its number, name, the ops a card needs, and
    the highest roll that reaches it."""

    side: str
    box: int
    name: str
    ops_needed: int
    roll_max: int
    chance: Fraction


def coup_odds(core: Core, side: Side, country: int, ops: int) -> CoupOdds:
    """What a coup in `country` with `ops` needs now (6.3.2)."""
    modifier = restrictions.coup_modifier(core, side, country)
    target = 2 * core.board.stability[country]
    needed = max(1, target - ops - modifier + 1)
    wins = sum(1 for die in DIE if die >= needed)
    return CoupOdds(
        side=side,
        country=core.board.keys[country],
        ops=ops,
        modifier=modifier,
        target=target,
        needed=needed if wins else IMPOSSIBLE,
        chance=Fraction(wins, 6),
        best=max(DIE) + ops + modifier - target,
        opponent_influence=core.state.influence[other(side)][country],
    )


def realign_odds(core: Core, side: Side, country: int) -> RealignOdds:
    """The chances of a realignment roll in `country` by `side` now (6.2.2)."""
    opponent = other(side)
    roller = realign_modifiers(core, side, country)
    defender = realign_modifiers(core, opponent, country)
    margin = roller.total - defender.total
    outcomes = [mine + margin - theirs for mine in DIE for theirs in DIE]
    has_influence = core.state.influence[side][country] > 0
    return RealignOdds(
        side=side,
        country=core.board.keys[country],
        roller=roller,
        defender=defender,
        gain=Fraction(sum(1 for d in outcomes if d > 0), 36),
        tie=Fraction(outcomes.count(0), 36),
        loss=Fraction(sum(1 for d in outcomes if d < 0), 36),
        loss_costs=has_influence and not core.options.realignment_variant,
    )


def space_odds(core: Core, side: Side) -> SpaceOdds | None:
    """`side`'s next space race box and the roll that reaches it (6.4.1); None once the
    last box is reached (6.4.6)."""
    boxes = core.data.space_race
    at = core.state.space[side]
    if at >= len(boxes):
        return None
    box = boxes[at]
    return SpaceOdds(
        side=side,
        box=box.box,
        name=box.name,
        ops_needed=box.ops_needed,
        roll_max=box.roll_max,
        chance=Fraction(min(box.roll_max, 6), 6),
    )
