"""The four operations of chapter 6: influence, realignment, coup, space race.

A card's ops go to ONE kind of operation (6.0). The first target chosen fixes
the kind: `infl KEY`, `coup KEY` or `realign KEY`; the space race is chosen
with the card (`play N space`). Area bonuses (the China Card's +1 in Asia,
9.x) are kept only while every point stays in their area.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from cold_war_tui.engine import restrictions
from cold_war_tui.engine.board import Side, other
from cold_war_tui.engine.core import CHINA_CARD, TARGET_LABELS, Core
from cold_war_tui.engine.decisions import Choice, DecisionKind, Flow, ask
from cold_war_tui.engine.effect_keys import OPS_BONUS, OPS_MALUS, SOUTHEAST_ASIA_BONUS
from cold_war_tui.engine.moves import DONE, Target, TargetVerb, expect
from cold_war_tui.wording import either, plural

OperationVerb = Literal["infl", "coup", "realign"]
ALL_KINDS: tuple[OperationVerb, ...] = ("infl", "coup", "realign")


@dataclass(frozen=True, slots=True)
class Bonus:
    """`amount` extra ops while every point is spent in `area` (a region or sub-region)."""

    area: str
    amount: int


@dataclass(slots=True)
class Budget:
    """Ops to spend, with area bonuses that vanish once a point goes elsewhere."""

    base: int
    bonuses: Sequence[Bonus] = ()
    spent: int = 0
    lost: set[str] = field(default_factory=set)

    def available_in(self, core: Core, country: int) -> int:
        if not self.bonuses:
            return self.base - self.spent
        extra = 0
        for b in self.bonuses:
            if b.area not in self.lost and in_area(core, country, b.area):
                extra += b.amount
        return self.base + extra - self.spent

    def spend(self, core: Core, country: int, cost: int) -> None:
        self.spent += cost
        for b in self.bonuses:
            if not in_area(core, country, b.area):
                self.lost.add(b.area)

    def left(self) -> int:
        if not self.bonuses:
            return self.base - self.spent
        extra = sum(b.amount for b in self.bonuses if b.area not in self.lost)
        return self.base + extra - self.spent


def in_area(core: Core, country: int, area: str) -> bool:
    return core.board.region[country] == area or area in core.board.subregions[country]


Areas = str | tuple[str, ...]


def in_any_area(core: Core, country: int, area: Areas) -> bool:
    """`in_area` for one area or any of several (#47 Junta: Central or South America)."""
    if isinstance(area, str):
        return in_area(core, country, area)
    return any(in_area(core, country, a) for a in area)


OPS_MAX, OPS_MIN = 4, 1  # the bounds of a modified operations card (#25, #51; #31)


def ops_value(core: Core, card: int, side: Side) -> int:
    """A card's ops for `side` after this turn's modifiers; the one place that rule lives.

    Every modifier is added first (Containment or Brezhnev Doctrine +1, Red Scare/Purge
    -1), then the bounds apply: at most 4, at least 1. A 4-op card under both is worth 4
    (4 + 1 - 1), as on the established online implementations. A scoring card (0 ops) is
    not an operations card: it stays at 0 under every modifier.
    """
    base = core.tables.card_ops[card]
    if base == 0:
        return 0
    effects = core.state.turn_effects
    value = base + effects.get(OPS_BONUS[side], 0) - effects.get(OPS_MALUS[side], 0)
    return min(OPS_MAX, max(OPS_MIN, value))


def card_bonuses(core: Core, card: int, side: Side) -> tuple[Bonus, ...]:
    """Area bonuses of playing `card` for ops: the China Card's +1 in Asia (9.x)."""
    bonuses = []
    if card == CHINA_CARD:
        bonuses.append(Bonus("asia", 1))
    if core.state.turn_effects.get(SOUTHEAST_ASIA_BONUS[side]):
        bonuses.append(Bonus("southeast-asia", 1))
    return tuple(bonuses)


# -- influence (6.1) ----------------------------------------------------------
def influence_cost(core: Core, side: Side, country: int) -> int:
    """2 ops in a country the opponent controls, else 1 (6.1.2)."""
    return 2 if core.controls(other(side), country) else 1


def influence_targets(core: Core, side: Side, budget: Budget) -> Sequence[int]:
    """Where one more point of influence may go now, within the budget."""
    blocked = restrictions.blocked_by_effects(core, side, "influence")
    reachable = core.reach(side)
    candidates = [c for c in reachable if c not in blocked] if blocked else reachable
    room = budget.base - budget.spent  # an area bonus can only add to this
    if room >= 2:  # enough for any country's price (6.1.2)
        return candidates
    mine = core.state.influence[side]
    theirs = core.state.influence[other(side)]
    stability = core.board.stability
    if not budget.bonuses:  # 1 op left: not where the opponent has control (2 ops)
        return [c for c in candidates if theirs[c] - mine[c] < stability[c]] if room else []
    return [
        c
        for c in candidates
        if (2 if theirs[c] - mine[c] >= stability[c] else 1) <= budget.available_in(core, c)
    ]


def place_influence(core: Core, side: Side, budget: Budget, first: int) -> Flow[None]:
    """Place point by point; the price follows control as it changes (6.1.2)."""
    country = first
    while True:
        cost = influence_cost(core, side, country)
        budget.spend(core, country, cost)
        core.add_influence(side, country, 1, "6.1.2" if cost == 2 else "6.1")
        left = budget.left()
        targets = influence_targets(core, side, budget) if left > 0 else ()
        if not targets:
            return
        chosen = yield ask(
            side,
            DecisionKind.PLACE_INFLUENCE,
            f"{side}: place influence ({plural(left, 'op')} left)",
            target_choices(core, "infl", targets),
            ops_left=left,
        )
        country = core.board.index[expect(chosen, Target).country]


# -- coup (6.3) ---------------------------------------------------------------
def coup_targets(
    core: Core, side: Side, *, free: bool = False, area: Areas | None = None
) -> Sequence[int]:
    """Countries `side` may coup now: opponent influence, open region, no protection."""
    targets = _contested(core, side, "coup", ignore_defcon=free)
    return targets if area is None else [c for c in targets if in_any_area(core, c, area)]


def _contested(core: Core, side: Side, action: str, *, ignore_defcon: bool) -> Sequence[int]:
    """Countries with opponent influence, not protected by an effect (6.3.1), nor in a
    region closed at this DEFCON (8.1.5) unless `ignore_defcon`."""
    excluded = restrictions.blocked_by_effects(core, side, action)
    if not ignore_defcon:
        excluded = restrictions.joined(excluded, restrictions.closed_countries(core))
    return core.contested(side, excluded)


def coup(core: Core, side: Side, country: int, ops: int, *, free: bool = False) -> bool:
    """Roll + ops against twice the stability (6.3.2); returns True on success."""
    opponent = other(side)
    name = core.name(country)
    for check in core.hooks.before_coup:
        check(core, side, country, free)
    if free:
        core.log("8.2.5", f"{side} free coup in {name}: no military operations")
    else:
        core.add_milops(side, ops, "6.3.3")
    die = core.roll(side, f"coup in {name}", "6.3.2")
    modifier = restrictions.coup_modifier(core, side, country)
    total = die + ops + modifier
    target = 2 * core.board.stability[country]
    difference = total - target
    shown = f"{die} + {ops} ops" + (f" {modifier:+d}" if modifier else "")
    if difference > 0:
        core.log("6.3.2", f"coup in {name} succeeds: {shown} = {total} > {target}")
        removed = core.remove_influence(opponent, country, difference, "6.3.2")
        core.add_influence(side, country, difference - removed, "6.3.2")
    else:
        core.log("6.3.2", f"coup in {name} fails: {shown} = {total}, needs more than {target}")
    if core.board.battleground[country] and restrictions.coup_lowers_defcon(core, side, free):
        core.set_defcon(core.state.defcon - 1, "6.3.4", f"coup in battleground {name}")
    for done in core.hooks.after_coup:
        done(core, side, country, free)
    return difference > 0


# -- realignment (6.2) --------------------------------------------------------
def realign_targets(
    core: Core,
    side: Side,
    budget: Budget | None = None,
    *,
    free: bool = False,
    area: Areas | None = None,
) -> Sequence[int]:
    """Countries `side` may realign now (opponent influence, open region, in budget).

    `free`: an event's rolls that ignore the DEFCON regions (#96); `area` limits them.
    """
    # The realignment variant ignores the DEFCON regions (optional rules).
    ignore_defcon = free or core.options.realignment_variant
    targets = _contested(core, side, "realign", ignore_defcon=ignore_defcon)
    if area is not None:
        targets = [c for c in targets if in_any_area(core, c, area)]
    if budget is None or budget.base - budget.spent >= 1:  # every roll costs 1 op
        return targets
    return [c for c in targets if budget.available_in(core, c) >= 1]


def controlled_neighbours(core: Core, side: Side, country: int) -> int:
    """Countries next to `country` that `side` controls, its own superpower's space counting
    as one (6.2.2's +1 for the superpower; #36 Brush War's -1 for the enemy's space)."""
    board = core.board
    count = sum(1 for n in board.neighbours[country] if core.controls(side, n))
    return count + 1 if country in board.adjacent_to[side] else count


class RealignModifiers(NamedTuple):
    """What one side adds to its realignment die in a country (6.2.2), term by term."""

    adjacent: int  # +1 for each adjacent country it controls
    superpower: int  # +1 when its superpower is adjacent
    more_influence: int  # +1 when it has more influence there than the opponent
    effects: int  # effects in play (#93 Iran-Contra Scandal: -1 to every US die)

    @property
    def total(self) -> int:
        return self.adjacent + self.superpower + self.more_influence + self.effects

    def words(self) -> str:
        """ "+1 superpower +1 more influence", or "" when nothing is added."""
        terms = (
            (self.adjacent, "adjacent controlled"),
            (self.superpower, "superpower"),
            (self.more_influence, "more influence"),
            (self.effects, "effects"),
        )
        return " ".join(f"{amount:+d} {what}" for amount, what in terms if amount)


def realign_modifiers(core: Core, side: Side, country: int) -> RealignModifiers:
    """`side`'s realignment modifiers in `country` now (6.2.2), with effects in play."""
    superpower = 1 if country in core.board.adjacent_to[side] else 0
    mine = core.state.influence[side][country]
    theirs = core.state.influence[other(side)][country]
    return RealignModifiers(
        controlled_neighbours(core, side, country) - superpower,
        superpower,
        1 if mine > theirs else 0,
        restrictions.realign_roll_modifier(core, side),
    )


def realign(core: Core, side: Side, country: int) -> None:
    """One realignment roll: the higher modified roll removes the difference (6.2.2).
    After both dice, the log gives each side's total and the modifiers behind it (a
    side without any is not named there: its total is its die)."""
    opponent = other(side)
    name = core.name(country)
    rolls = {}
    terms = []
    for who in (side, opponent):
        die = core.roll(who, f"realignment in {name}", "6.2.2")
        modifiers = realign_modifiers(core, who, country)
        rolls[who] = die + modifiers.total
        words = modifiers.words()
        if words:
            terms.append(f"{who} {words}")
    difference = rolls[side] - rolls[opponent]
    why = f" ({'; '.join(terms)})" if terms else ""
    core.log(
        "6.2.2", f"realignment in {name}: {side} {rolls[side]} vs {opponent} {rolls[opponent]}{why}"
    )
    if difference > 0:
        core.remove_influence(opponent, country, difference, "6.2.2")
    elif difference < 0 and core.options.realignment_variant:
        core.log("opt", f"the {side} loses nothing to its own realignment (realignment variant)")
    elif difference < 0:
        core.remove_influence(side, country, -difference, "6.2.2")
    else:
        core.log("6.2.2", "a tie removes nothing")


def realign_series(
    core: Core,
    side: Side,
    budget: Budget,
    first: int,
    *,
    free: bool = False,
    area: Areas | None = None,
) -> Flow[None]:
    """Roll by roll, each resolved before the next target is chosen (6.2.1)."""
    country = first
    while True:
        budget.spend(core, country, 1)
        realign(core, side, country)
        left = budget.left()
        targets = realign_targets(core, side, budget, free=free, area=area) if left > 0 else []
        if not targets:
            return
        chosen = yield ask(
            side,
            DecisionKind.REALIGN,
            f"{side}: another realignment roll ({left} left), or done",
            [*target_choices(core, "realign", targets), STOP],
            ops_left=left,
        )
        if chosen == DONE:
            return
        country = core.board.index[expect(chosen, Target).country]


# -- conducting operations ----------------------------------------------------
# The words of each kind of operation, for the prompt: it names only what it offers.
KIND_WORDS: dict[OperationVerb, str] = {
    "infl": "influence",
    "coup": "coup",
    "realign": "realignment",
}
STOP = Choice.of(DONE, "Stop")


def conduct(
    core: Core,
    side: Side,
    ops: int,
    *,
    bonuses: Sequence[Bonus] = (),
    kinds: Iterable[OperationVerb] = ALL_KINDS,
    free_coup: bool = False,
    area: Areas | None = None,
) -> Flow[None]:
    """Spend `ops` on one kind of operation, chosen with its first target (6.0).

    `free_coup`: an event's free coup (8.2.5) and realignment rolls, both free of
    the DEFCON regions (6.3.5, #96); `area` limits every target.
    """
    budget = Budget(ops, bonuses)
    kinds = tuple(kinds)
    targets: dict[OperationVerb, Sequence[int]] = {}
    if "infl" in kinds:
        targets["infl"] = influence_targets(core, side, budget)
    if "coup" in kinds:
        targets["coup"] = coup_targets(core, side, free=free_coup, area=area)
    if "realign" in kinds:
        targets["realign"] = realign_targets(core, side, budget, free=free_coup, area=area)
    offered = [kind for kind in KIND_WORDS if targets.get(kind)]
    if not offered:
        core.log("6.0", f"{side} has no legal operation for {plural(ops, 'op')}")
        return
    chosen = yield ask(
        side,
        DecisionKind.OPERATION,
        f"{side}: use {plural(ops, 'op')} ({either([KIND_WORDS[k] for k in offered])})",
        [choice for kind in offered for choice in target_choices(core, kind, targets[kind])],
        ops=ops,
        bonuses=tuple(bonuses),  # the area bonuses of these ops (Game.coup_odds)
    )
    target = expect(chosen, Target)
    verb, country = target.verb, core.board.index[target.country]
    if verb != "coup" and core.options.realignment_variant and {"infl", "realign"} <= set(kinds):
        yield from mixed_operations(core, side, budget, verb, country)
    elif verb == "infl":
        yield from place_influence(core, side, budget, country)
    elif verb == "coup":
        coup(core, side, country, budget.available_in(core, country), free=free_coup)
    else:
        yield from realign_series(core, side, budget, country, free=free_coup, area=area)


def mixed_operations(
    core: Core, side: Side, budget: Budget, verb: TargetVerb, first: int
) -> Flow[None]:
    """Realignment variant: one card's ops mix influence and realignment rolls, never
    both in the same country this action round (optional rules)."""
    placed: set[int] = set()
    realigned: set[int] = set()
    country = first
    while True:
        if verb == "infl":
            cost = influence_cost(core, side, country)
            budget.spend(core, country, cost)
            core.add_influence(side, country, 1, "6.1.2" if cost == 2 else "6.1")
            placed.add(country)
        else:
            budget.spend(core, country, 1)
            realign(core, side, country)
            realigned.add(country)
        if budget.left() <= 0:
            return
        choices = [
            *target_choices(
                core,
                "infl",
                (c for c in influence_targets(core, side, budget) if c not in realigned),
            ),
            *target_choices(
                core, "realign", (c for c in realign_targets(core, side, budget) if c not in placed)
            ),
        ]
        if not choices:
            return
        chosen = yield ask(
            side,
            DecisionKind.OPERATION_MIXED,
            f"{side}: place influence or roll realignment ({budget.left()} ops left), or done",
            [*choices, STOP],
            ops_left=budget.left(),
        )
        if chosen == DONE:
            return
        target = expect(chosen, Target)
        verb, country = target.verb, core.board.index[target.country]


def target_choices(core: Core, verb: OperationVerb, countries: Iterable[int]) -> list[Choice]:
    """The operations' `VERB KEY` choices of `countries` ("Coup in Iran")."""
    return core.country_choices(verb, countries, TARGET_LABELS[verb])


# -- space race (6.4) ---------------------------------------------------------
def holds_space_bonus(core: Core, side: Side, box: int) -> bool:
    """The first to reach a box keeps its bonus until the other reaches it (6.4.4)."""
    return core.state.space[side] >= box > core.state.space[other(side)]


def space_attempts_allowed(core: Core, side: Side) -> int:
    return 2 if holds_space_bonus(core, side, 2) else 1


def space_threshold(core: Core, side: Side) -> tuple[int, str]:
    """The ops a card needs for `side`'s space race attempt now, and the reason when it
    has fewer (6.4.1, 6.4.2, 6.4.6); no card has NO_ATTEMPT ops."""
    box = core.state.space[side]
    needs = core.tables.space_needs
    if box >= len(needs):
        return NO_ATTEMPT, LAST_BOX
    if core.state.space_attempts[side] >= space_attempts_allowed(core, side):
        return NO_ATTEMPT, NO_ATTEMPT_LEFT
    return needs[box]


NO_ATTEMPT = 99  # more ops than any card has
LAST_BOX = "already at the last box of the space race (6.4.6)"
NO_ATTEMPT_LEFT = "no space race attempt left this turn (6.4.2)"


def space_blocked(core: Core, side: Side, ops: int) -> str | None:
    """Why `side` may not make a space race attempt with `ops` now, or None."""
    needed, reason = space_threshold(core, side)
    return reason if ops < needed else None


def space_attempt(core: Core, side: Side) -> None:
    """Roll for the next box (6.4.1); the card's event never happens (6.4.5)."""
    box = core.data.space_race[core.state.space[side]]
    core.state.space_attempts[side] += 1
    die = core.roll(side, f"space race: {box.name} needs 1-{box.roll_max}", "6.4.1")
    if die <= box.roll_max:
        advance_space(core, side, "6.4.1")
    else:
        core.log("6.4.1", f"{side} fails to reach {box.name}")


def advance_space(core: Core, side: Side, rule: str) -> None:
    """Move one box up, with its VP for the first or second to arrive (6.4.3)."""
    state = core.state
    if state.space[side] >= len(core.data.space_race):
        return
    box = core.data.space_race[state.space[side]]
    first = state.space[other(side)] < box.box
    state.space[side] = box.box
    core.log(rule, f"{side} reaches space box {box.box}: {box.name}")
    core.gain_vp(side, box.vp[0 if first else 1], "6.4.3", f"space race box {box.box}")
