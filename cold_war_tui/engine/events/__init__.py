"""Card events: one small function per card, and the 5.2 machinery.

The events live in the modules of their period (`early_war`, `mid_war`,
`mid_war_lasting`, `late_war`) and `scoring_cards`; `registry` lists them in one
explicit table (`core.rules`). `resolve_event` is the only way an event happens.
It applies the seed's event rules in one place: a prerequisite not met or a ban by
a persistent effect means the event does not happen (5.2); a war event is
military operations for the player resolving it (8.2.3, 8.2.4).
"""

from __future__ import annotations

from cold_war_tui.engine.board import Side
from cold_war_tui.engine.core import CHINA_CARD, Core
from cold_war_tui.engine.decisions import Flow

# 12.4: events a side may not play while the Chinese Civil War goes on.
CIVIL_WAR_BANS = {31: "USSR", 58: "USSR", 35: "US"}


def event_blocked(core: Core, card: int, side: Side) -> str | None:
    """Why the event of `card` cannot happen for `side` now, or None (5.2, 7.5)."""
    if card not in core.conditional_events and card not in core.tables.linked_events:
        return None  # the action menu asks this for every card in the hand
    data = core.cards[card]
    if card == CHINA_CARD:
        return "the China Card has no event (9.x)"
    if core.state.ccw_active and CIVIL_WAR_BANS.get(card) == side:
        return "banned until the Chinese Civil War ends (12.4; playable for ops, 12.4.3)"
    if data.requires and not any(core.event_played(r) for r in data.requires):
        names = " or ".join(core.card_name(r) for r in data.requires)
        return f"needs {names} to have been played"
    for preventer in core.prevented_by.get(card, ()):
        if core.event_played(preventer):
            return f"prevented by {core.card_name(preventer)} in effect"
    spec = core.events.get(card)
    if spec is not None and spec.condition is not None:
        return spec.condition(core, side)
    return None


def resolve_event(core: Core, card: int, side: Side, rule: str = "5.1") -> Flow[bool]:
    """Resolve the event of `card` for `side`; returns whether it happened (5.2)."""
    reason = event_blocked(core, card, side)
    name = core.card_name(card)
    if reason is not None:
        core.log("5.2", f"the event of {name} does not happen: {reason}")
        return False
    core.log(rule, f"event of {name}, resolved by the {side}")
    for cancelled in core.cards[card].cancels:
        end_effects(core, cancelled, name)
    spec = core.events.get(card)
    if spec is None:
        core.log("5.2", f"{name}: this event is not implemented yet and has no effect")
    else:
        yield from spec.resolve(core, side)
    if card not in core.state.events_played:
        core.state.events_played.append(card)
    data = core.cards[card]
    if data.war:
        core.add_milops(side, data.ops, "8.2.3")
    for happened in core.hooks.event_happened:
        happened(core, card, side)
    return True


def end_effects(core: Core, card: int, by: str) -> None:
    """A card's `cancels` (data/cards.yaml): the lasting effects `card`'s event put in play
    end. Cancelling is not preventing: `card` stays playable unless also prevented."""
    spec = core.events.get(card)
    effects = core.state.effects
    ended = [key for key in (spec.effects if spec else ()) if effects.pop(key, None) is not None]
    if ended:
        core.log("5.1", f"{by} cancels {core.card_name(card)}: its effect ends")


def announce_play(core: Core, player: Side, card: int, mode: str) -> None:
    """`player` plays `card` ("event", "ops", "space" or "headline"). Every way of playing a
    card comes through here once, so the effects watching plays (#59 Flower Power, #35
    Formosan Resolution) hear of each: from the hand, the headline, UN Intervention, and the
    cards events take (#5, #49 Missile Envy, #67 Grain Sales, #85 Star Wars)."""
    for played in core.hooks.card_played:
        played(core, player, card, mode)
