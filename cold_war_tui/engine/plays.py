"""How a card is played: the action menu's rows, and the one path every play takes.

A card played from a hand (`play_card`), a card an event takes and plays (#5 Five
Year Plan, #49 Missile Envy, #67 Grain Sales, #85 Star Wars) and UN Intervention with
its partner all go through `put_in_play` (announced once, moved into limbo), then
`play_event`, `play_for_ops` or `card_operations`, then `Core.dispose`. The turn and
the events both import this module; it imports no event module.
"""

from __future__ import annotations

from collections.abc import Iterable

from cold_war_tui.engine import operations as ops
from cold_war_tui.engine.board import Side, other
from cold_war_tui.engine.core import CHINA_CARD, HAND, Core, MenuContext, MenuRow, Place
from cold_war_tui.engine.decisions import Choice, DecisionKind, Flow, Unavailable, ask
from cold_war_tui.engine.effect_keys import OPS_BONUS, OPS_MALUS
from cold_war_tui.engine.events import announce_play, event_blocked, resolve_event
from cold_war_tui.engine.moves import Answer, Order, PlayMode


def card_plays(
    core: Core, side: Side, cards: Iterable[int]
) -> tuple[list[Choice], list[Unavailable]]:
    """The plays of `cards` by `side` (event, ops, space race), and the greyed ones.

    Each card's entries come from a row cached per menu context (side, ops modifiers,
    space race threshold); only an event that can be blocked is checked against the state.
    """
    context = menu_context(core, side)
    rows = core.tables.menu_rows.get(context)
    if rows is None:
        rows = core.tables.menu_rows[context] = {}
    choices: list[Choice] = []
    greyed: list[Unavailable] = []
    for card in cards:
        row = rows.get(card) or _menu_row(core, context, card, rows)
        event = row.conditional_event
        if event is not None:
            blocked = event_blocked(core, card, side)
            if blocked is None:
                choices.append(event)
            else:
                greyed.append(core.greyed(event, blocked))
        choices += row.choices
        greyed += row.greyed
    return choices, greyed


def menu_context(core: Core, side: Side) -> MenuContext:
    """What `side`'s menu rows depend on now: this turn's ops modifiers and the space race."""
    effects = core.state.turn_effects
    return (
        side,
        effects.get(OPS_BONUS[side], 0),
        effects.get(OPS_MALUS[side], 0),
        *ops.space_threshold(core, side),
    )


def _menu_row(core: Core, context: MenuContext, card: int, rows: dict[int, MenuRow]) -> MenuRow:
    """Make and remember `card`'s row (`make_menu_row`)."""
    row = rows[card] = make_menu_row(core, context, card)
    return row


def make_menu_row(core: Core, context: MenuContext, card: int) -> MenuRow:
    """`card`'s row, uncached: its own event (unless the opponent's, 5.2), its ops (a
    scoring card has none: 02-full-game "Cards and events") and the space race (6.4.1)."""
    side, _, _, space_needed, space_reason = context
    value = ops.ops_value(core, card, side)
    data = core.cards[card]
    plays = core.play_choices(card, value)
    own_event = data.side != other(side)
    conditional = own_event and (
        card in core.conditional_events or card in core.tables.linked_events
    )
    choices = [plays.event] if own_event and not conditional else []
    greyed = []
    if not data.scoring:
        choices.append(plays.ops)
        if value >= space_needed:
            choices.append(plays.space)
        else:
            greyed.append(core.greyed(plays.space, space_reason))
    return MenuRow(plays.event if conditional else None, tuple(choices), tuple(greyed))


def play_card(core: Core, side: Side, card: int, mode: PlayMode) -> Flow[None]:
    """Play `card` from `side`'s hand for its event, operations or the space race."""
    if card == CHINA_CARD:
        announce_play(core, side, card, mode)
        yield from play_china(core, side, mode)
        return
    put_in_play(core, side, card, HAND[side], mode)
    core.log("5.1", f"{side} plays {core.card_name(card)} for {_MODE_TEXT[mode]}")
    if mode == "event":  # play_event's two steps, without a generator in between
        happened = yield from resolve_event(core, card, core.event_owner(card, side), "5.1")
        core.dispose(card, event_happened=happened)
    elif mode == "space":
        yield from space_race(core, side)
        core.log("6.4.5", f"the event of {core.card_name(card)} does not happen (space race)")
        core.dispose(card, event_happened=False)
    else:
        happened = yield from play_for_ops(core, side, card)
        core.dispose(card, event_happened=happened)


def put_in_play(core: Core, side: Side, card: int, source: Place, mode: str) -> None:
    """`side` plays `card` ("event", "ops", "space" or "headline"): every play is announced
    once (`events.announce_play`), and the card lies in limbo until `Core.dispose`."""
    announce_play(core, side, card, mode)
    core.move_card(card, source, "limbo")


def play_event(core: Core, player: Side, card: int, rule: str) -> Flow[bool]:
    """The event of `card`, in limbo, played by `player`: the card's side resolves it (the
    player for his own or a both-sides card, 5.2); then the card goes where a played card
    goes. Returns whether the event happened."""
    happened = yield from resolve_event(core, card, core.event_owner(card, player), rule)
    core.dispose(card, event_happened=happened)
    return happened


def play_event_now(
    core: Core, card: int, player: Side, source: Place, rule: str = "5.1"
) -> Flow[bool]:
    """`player` plays the event of a card an event takes from `source` (a hand or a pile)
    now, through the same steps as a card played from the hand (#5, #49, #85)."""
    put_in_play(core, player, card, source, "event")
    return (yield from play_event(core, player, card, rule))


def card_operations(core: Core, side: Side, card: int) -> Flow[None]:
    """`side` conducts operations with `card`'s ops and area bonuses (6.0)."""
    value = ops.ops_value(core, card, side)
    yield from ops.conduct(core, side, value, bonuses=ops.card_bonuses(core, card, side))


def space_race(core: Core, side: Side) -> Flow[None]:
    """A space race attempt; with the optional rule the player may decline to roll."""
    if core.options.space_race_no_roll:
        roll = yield ask(
            side,
            DecisionKind.SPACE_ROLL,
            f"{side}: roll for the space race, or make the attempt without rolling?",
            [Choice.of(Answer("roll"), "Roll the die"), Choice.of(NO_ROLL, "Do not roll")],
        )
        if roll == NO_ROLL:
            core.state.space_attempts[side] += 1
            core.log("opt", f"{side} makes a space race attempt without rolling")
            return
    ops.space_attempt(core, side)


NO_ROLL = Answer("no-roll")
EVENT_FIRST = Order("event")
EVENT_ORDER = (
    Choice.of(EVENT_FIRST, "Event first, then operations"),
    Choice.of(Order("ops"), "Operations first, then the event"),
)
_MODE_TEXT = {"event": "its event", "ops": "operations", "space": "a space race attempt"}


def play_for_ops(core: Core, side: Side, card: int) -> Flow[bool]:
    """Operations, with the opponent's event before or after as the player chooses (5.2).
    The card's ops are counted when it is played, before its event."""
    value = ops.ops_value(core, card, side)
    bonuses = ops.card_bonuses(core, card, side)
    opponent = other(side)
    if core.cards[card].side != opponent:
        yield from ops.conduct(core, side, value, bonuses=bonuses)
        return False
    blocked = event_blocked(core, card, opponent)
    if blocked is not None:
        core.log("5.2", f"the {opponent} event of {core.card_name(card)} cannot happen: {blocked}")
        yield from ops.conduct(core, side, value, bonuses=bonuses)
        return False
    order = yield ask(
        side,
        DecisionKind.EVENT_ORDER,
        f"{side}: the {opponent} event of {core.card_name(card)} happens: before or after"
        " your ops?",
        EVENT_ORDER,
        card=card,
    )
    if order == EVENT_FIRST:
        happened = yield from resolve_event(core, card, opponent, "5.2")
        yield from ops.conduct(core, side, value, bonuses=bonuses)
    else:
        yield from ops.conduct(core, side, value, bonuses=bonuses)
        happened = yield from resolve_event(core, card, opponent, "5.2")
    return happened


def play_china(core: Core, side: Side, mode: PlayMode) -> Flow[None]:
    """The China Card: 4 ops (+1 all in Asia), then to the opponent face down (9.x)."""
    state = core.state
    state.china_holder = other(side)
    state.china_face_up = False
    core.log("9", f"{side} plays the China Card; it passes face down to the {other(side)}")
    if mode == "space":
        yield from space_race(core, side)
    else:
        yield from card_operations(core, side, CHINA_CARD)
