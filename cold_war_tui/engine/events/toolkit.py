"""Building blocks the card events share: pick countries, move influence, wars, cards.

Events ask point by point, like operations do, so every choice is one short
notation id (`infl poland`, `remove france`, `target israel`, `discard 21`)
and the UI needs no special screen for any card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cold_war_tui.engine import rng
from cold_war_tui.engine.board import Side, other
from cold_war_tui.engine.core import CHINA_CARD, HAND, Core
from cold_war_tui.engine.decisions import Choice, DecisionKind, Flow, ask
from cold_war_tui.engine.moves import DONE, NO, YES, CardPick, Move, Target, TargetVerb, expect
from cold_war_tui.engine.operations import ALL_KINDS, OperationVerb, conduct, controlled_neighbours
from cold_war_tui.wording import plural

STOP_HERE = Choice.of(DONE, "Stop here")
YES_NO = (Choice.of(YES, "Yes"), Choice.of(NO, "No, skip it"))


def may(core: Core, side: Side, kind: DecisionKind, prompt: str) -> Flow[bool]:
    """A `yes`/`no` question for an event's optional part ("may")."""
    chosen = yield ask(side, kind, prompt, YES_NO)
    if chosen == NO:
        core.log("5.1", f"{side} declines")
    return chosen == YES


# -- countries ------------------------------------------------------------------
def countries(core: Core, *keys: str) -> list[int]:
    """Board indexes of country keys (a typo fails loudly at import-free test time)."""
    return [core.board.index[key] for key in keys]


def area_members(core: Core, *areas: str) -> list[int]:
    """Countries of the given regions or sub-regions, in board order."""
    board = core.board
    members = {c for area in areas for c in board.region_members.get(area, ())}
    members.update(c for area in areas for c in board.subregion_members.get(area, ()))
    return sorted(members)


def country_choices(
    core: Core, verb: TargetVerb, countries: Iterable[int], label: str = ""
) -> list[Choice]:
    """`VERB KEY` choices of `countries`; `label` names each with {name} ("Remove {name}")."""
    return core.country_choices(verb, countries, label or f"{verb.capitalize()} {{name}}")


def chosen_country(core: Core, chosen: Move) -> int:
    """The board index of the country a chosen `Target` move names."""
    return core.board.index[expect(chosen, Target).country]


def chosen_card(chosen: Move) -> int:
    """The card a chosen `CardPick` move names (`discard 21`, `take 7`, ...)."""
    return expect(chosen, CardPick).card


def choose_country(
    core: Core,
    player: Side,
    kind: DecisionKind,
    prompt: str,
    candidates: Iterable[int],
    *,
    verb: TargetVerb = "target",
) -> Flow[int]:
    """One country from `candidates` (the caller makes sure there is at least one)."""
    options = country_choices(core, verb, candidates)
    chosen = yield ask(player, kind, prompt, options)
    return chosen_country(core, chosen)


def place_points(
    core: Core,
    side: Side,
    total: int,
    candidates: Sequence[int],
    *,
    max_per: int | None = None,
    chooser: Side | None = None,
    prompt: str = "",
    optional: bool = False,
    rule: str = "5.1",
) -> Flow[dict[int, int]]:
    """Add `total` influence of `side`, one point per decision, at most `max_per` each.

    Stops early when no candidate can take another point (or, if `optional`,
    when the chooser says `done`). Returns the points placed per country.
    """
    chooser = chooser or side
    placed: dict[int, int] = {}
    open_ = list(candidates)  # a country leaves once it has `max_per` points
    for done_points in range(total):
        if not open_:
            break
        left = total - done_points
        options = country_choices(core, "infl", open_, f"{side} +1 in {{name}}")
        if optional:
            options.append(STOP_HERE)
        chosen = yield ask(
            chooser,
            DecisionKind.EVENT_INFLUENCE,
            prompt or f"{chooser}: add {side} influence ({left} left)",
            options,
            left=left,
        )
        if chosen == DONE:
            break
        country = chosen_country(core, chosen)
        placed[country] = points = placed.get(country, 0) + 1
        if points == max_per:
            open_.remove(country)
        core.add_influence(side, country, 1, rule)
    return placed


def remove_points(
    core: Core,
    victim: Side,
    total: int,
    candidates: Sequence[int],
    *,
    max_per: int | None = None,
    chooser: Side | None = None,
    prompt: str = "",
    optional: bool = False,
    rule: str = "5.1",
) -> Flow[dict[int, int]]:
    """Remove up to `total` of `victim`'s influence, one point per decision.

    The chooser defaults to the victim's opponent. Countries without the
    victim's influence are never offered; stops when none is left.
    """
    chooser = chooser or other(victim)
    removed: dict[int, int] = {}
    influence = core.state.influence[victim]
    # A country leaves once it has no influence left or has lost `max_per` points.
    open_ = [c for c in candidates if influence[c] > 0]
    for done_points in range(total):
        if not open_:
            break
        left = total - done_points
        options = country_choices(core, "remove", open_, f"{victim} -1 in {{name}}")
        if optional:
            options.append(STOP_HERE)
        chosen = yield ask(
            chooser,
            DecisionKind.EVENT_REMOVE,
            prompt or f"{chooser}: remove {victim} influence ({left} left)",
            options,
            left=left,
        )
        if chosen == DONE:
            break
        country = chosen_country(core, chosen)
        removed[country] = points = removed.get(country, 0) + 1
        core.remove_influence(victim, country, 1, rule)
        if points == max_per or not influence[country]:
            open_.remove(country)
    return removed


def gain_control(core: Core, side: Side, country: int, rule: str = "5.1") -> None:
    """Add just enough influence of `side` to control `country`."""
    mine = core.state.influence[side][country]
    theirs = core.state.influence[other(side)][country]
    needed = theirs + core.board.stability[country] - mine
    core.add_influence(side, country, max(needed, 0), rule)


def remove_all(core: Core, victim: Side, country: int, rule: str = "5.1") -> int:
    return core.remove_influence(victim, country, core.state.influence[victim][country], rule)


# -- wars -------------------------------------------------------------------------
def war(
    core: Core,
    side: Side,
    target: int,
    *,
    name: str,
    win_on: int = 4,
    vp: int = 2,
    extra_malus: int = 0,
) -> bool:
    """A war event's roll against `target` (Korean, Arab-Israeli, Indo-Pakistani, ...).

    -1 per country adjacent to the target that the opponent controls, the opponent's
    superpower space included (#36: the USSR attacking Mexico gets -1 for the US), and
    any `extra_malus`; on `win_on`+ the player gains `vp` and the opponent's influence
    there becomes the player's. Military operations come from `resolve_event` (8.2.3).
    """
    opponent = other(side)
    malus = extra_malus + controlled_neighbours(core, opponent, target)
    die = core.roll(side, f"{name} in {core.name(target)}", "5.1")
    total = die - malus
    if total < win_on:
        core.log("5.1", f"{name} fails: {die} - {malus} = {total}, needs {win_on}+")
        return False
    core.log("5.1", f"{name} succeeds: {die} - {malus} = {total}")
    core.gain_vp(side, vp, "5.1", name)
    moved = remove_all(core, opponent, target)
    core.add_influence(side, target, moved, "5.1")
    return True


# -- cards ------------------------------------------------------------------------
def random_card(core: Core, holder: Side, why: str) -> int | None:
    """A random card of `holder`'s hand, never the China Card (none if the hand is empty)."""
    hand = sorted(c for c in core.state.hands[holder] if c != CHINA_CARD)
    if not hand:
        core.log("5.1", f"{holder} has no card to pick at random ({why})")
        return None
    core.state.rng, index = rng.below(core.state.rng, len(hand))
    core.log("5.1", f"a random card is taken from the {holder} hand ({why})")
    return hand[index]


def discard_from_hand(core: Core, holder: Side, card: int, rule: str = "5.4") -> None:
    """Move `card` from the hand to the discard pile; its event never happens (5.4)."""
    core.move_card(card, HAND[holder], "discard")
    core.log(rule, f"{holder} discards {core.card_name(card)} (no event, 5.4)")


def event_operations(
    core: Core,
    side: Side,
    ops: int,
    *,
    kinds: Sequence[OperationVerb] = ALL_KINDS,
    free_coup: bool = False,
    area: str | tuple[str, ...] | None = None,
) -> Flow[None]:
    """Operations an event grants (no card played for them: no bonus of a card)."""
    core.log("5.1", f"{side} conducts operations with {plural(ops, 'op')} from the event")
    yield from conduct(core, side, ops, kinds=kinds, free_coup=free_coup, area=area)
