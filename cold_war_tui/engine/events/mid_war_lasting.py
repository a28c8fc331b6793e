"""Mid War crises whose effect outlasts their play (#40, #42, #44, #49, #50, #59), and the
hooks through which they act.

Effect keys of these cards (values 1 unless said):
- `cuban-missile-crisis:SIDE` (turn): SIDE loses the game if it attempts a coup (#40);
  SIDE may end it from its action menu (`cancel-cmc KEY`, 2 influence removed).
- `quagmire` / `bear-trap` (persistent): the US / the USSR is trapped (#42, #44);
  the card lies in `in_play` until the escape roll, then it is removed from play.
- `missile-envy:SIDE` (persistent): SIDE must play #49 for operations in its next
  action round (#49); dropped once the card has left that hand at a round's end.
- `we-will-bury-you` (persistent): 2 while the US's current round is not yet "its next
  action round", 1 until then and during it; the first card the US plays in it decides
  (UN Intervention as an event answers, anything else gives the USSR 3 VP at once), and
  a round with no card played gives the 3 VP at its end (#50).
- `flower-power` (persistent): the USSR gains 2 VP per war card the US plays (#59);
  #97 An Evil Empire cancels it (the `cancels` of data/cards.yaml).
"""

from __future__ import annotations

from cold_war_tui.engine import effect_keys, hooks
from cold_war_tui.engine.board import US, USSR, Side, other
from cold_war_tui.engine.core import (
    CHINA_CARD,
    HAND,
    MISSILE_ENVY,
    UN_INTERVENTION,
    Core,
)
from cold_war_tui.engine.decisions import (
    Choice,
    DecisionKind,
    Flow,
    GameOver,
    Outcome,
    Unavailable,
    ask,
)
from cold_war_tui.engine.events.toolkit import (
    chosen_card,
    discard_from_hand,
    event_operations,
)
from cold_war_tui.engine.moves import PASS, CancelCmc, CardPick, Move, Play, expect
from cold_war_tui.engine.operations import ops_value
from cold_war_tui.engine.plays import play_event_now, put_in_play

CMC_CANCEL = {USSR: ("cuba",), US: ("west-germany", "turkey")}
TRAPS = {
    US: (effect_keys.QUAGMIRE, 42),
    USSR: (effect_keys.BEAR_TRAP, 44),
}  # trapped side -> (key, card)


# -- #40 Cuban Missile Crisis ----------------------------------------------------------
def cuban_missile_crisis(core: Core, side: Side) -> Flow[None]:
    """#40: DEFCON to 2; this turn the opponent loses the game if he attempts a coup."""
    core.set_defcon(2, "5.1", "Cuban Missile Crisis")
    opponent = other(side)
    core.state.turn_effects[effect_keys.CUBAN_MISSILE_CRISIS[opponent]] = 1
    places = " or ".join(core.name(core.board.index[k]) for k in CMC_CANCEL[opponent])
    core.log(
        "5.1",
        f"Cuban Missile Crisis: a coup by the {opponent} this turn loses the game, unless"
        f" it first removes 2 of its influence from {places}",
    )
    return
    yield


def cuban_missile_crisis_coup(core: Core, side: Side, country: int, free: bool) -> None:
    """#40: the threatened side's coup attempt is nuclear war: it loses at once."""
    if core.state.turn_effects.get(effect_keys.CUBAN_MISSILE_CRISIS[side]):
        raise GameOver(
            Outcome(
                other(side),
                f"the {side} attempted a coup in {core.name(country)} during the"
                " Cuban Missile Crisis",
                "5.5",
                "coup in the Cuban Missile Crisis",
            )
        )


def cmc_cancel_choices(core: Core, side: Side, menu: list[Choice]) -> list[Choice]:
    if not core.state.turn_effects.get(effect_keys.CUBAN_MISSILE_CRISIS[side]):
        return []
    influence = core.state.influence[side]
    index = core.board.index
    return [
        Choice.of(
            CancelCmc(key),
            f"Remove 2 influence from {core.name(index[key])}: end the Cuban Missile Crisis",
        )
        for key in CMC_CANCEL[side]
        if influence[index[key]] >= 2
    ]


def cmc_cancel(core: Core, side: Side, chosen: Move) -> Flow[bool]:
    """Remove 2 influence and end the crisis; the action round goes on (no card used)."""
    country = core.board.index[expect(chosen, CancelCmc).country]
    core.remove_influence(side, country, 2, "5.1")
    del core.state.turn_effects[effect_keys.CUBAN_MISSILE_CRISIS[side]]
    core.log("5.1", f"the {side} ends the Cuban Missile Crisis")
    return False
    yield


# -- #42 Quagmire, #44 Bear Trap --------------------------------------------------------
def _set_trap(core: Core, victim: Side) -> None:
    key, card = TRAPS[victim]
    state = core.state
    state.effects[key] = 1
    if card in state.limbo:  # the card lies on the table while the trap holds
        core.move_card(card, "limbo", "in_play")
    core.log(
        "5.1",
        f"{core.card_name(card)}: at each action round the {victim} must discard a card of"
        " 2+ ops and roll 1-4 to escape",
    )


def quagmire(core: Core, side: Side) -> Flow[None]:
    """#42: the US is trapped until it discards a 2+ ops card and rolls 1-4."""
    _set_trap(core, US)
    return
    yield


def bear_trap(core: Core, side: Side) -> Flow[None]:
    """#44: the USSR is trapped until it discards a 2+ ops card and rolls 1-4."""
    _set_trap(core, USSR)
    return
    yield


def _trap_discards(core: Core, side: Side) -> list[int]:
    """Cards `side` may discard to the trap: non-scoring, 2+ ops after modifiers (5.3)."""
    return sorted(
        c
        for c in core.state.hands[side]
        if not core.cards[c].scoring and ops_value(core, c, side) >= 2
    )


def _is_scoring_event(core: Core, move: Move) -> bool:
    return isinstance(move, Play) and move.mode == "event" and core.cards[move.card].scoring


def trap_round_start(core: Core, side: Side) -> bool:
    """A trapped side with no card to discard and no scoring card skips the round."""
    key, card = TRAPS[side]
    if not core.state.effects.get(key):
        return False
    hand = core.state.hands[side]
    if _trap_discards(core, side) or any(core.cards[c].scoring for c in hand):
        return False
    core.log(
        "5.1",
        f"{core.card_name(card)}: the {side} has no card of 2+ ops to discard and skips"
        " this action round",
    )
    return True


def trap_menu(
    core: Core, side: Side, choices: list[Choice], greyed: list[Unavailable]
) -> hooks.Menu:
    """A trapped side may only play scoring cards; the discards come from `trap_discard`.
    A round it may pass (space box 8's optional eighth, 6.4.4) it may still pass."""
    key, card = TRAPS[side]
    if not core.state.effects.get(key):
        return choices, greyed
    reason = f"{core.card_name(card)}: discard a card of 2+ ops instead (scoring cards allowed)"
    kept = [c for c in choices if c.move == PASS or _is_scoring_event(core, c.move)]
    greyed = [
        *greyed,
        *(Unavailable(c.id, c.label, reason) for c in choices if c not in kept),
    ]
    return kept, greyed


def trap_discard_choices(core: Core, side: Side, menu: list[Choice]) -> list[Choice]:
    if not core.state.effects.get(TRAPS[side][0]):
        return []
    return [
        Choice.of(CardPick("discard", c), f"Discard {core.card_name(c)} and roll 1-4 to escape")
        for c in _trap_discards(core, side)
    ]


def trap_discard(core: Core, side: Side, chosen: Move) -> Flow[bool]:
    """Discard the card (no event, 5.4) and roll: 1-4 ends the trap; the round is used."""
    key, card = TRAPS[side]
    state = core.state
    discard_from_hand(core, side, chosen_card(chosen), "5.4")
    name = core.card_name(card)
    die = core.roll(side, f"{name}: 1-4 escapes", "5.1")
    if die <= 4:
        del state.effects[key]
        if card in state.in_play:
            core.move_card(card, "in_play", "removed")
        core.log("5.1", f"{name} ends for the {side}; the card is removed from play")
    else:
        core.log("5.1", f"{name} holds the {side} for another action round")
    return True
    yield


# -- #49 Missile Envy -------------------------------------------------------------------
def envy_condition(core: Core, side: Side) -> str | None:
    if core.state.effects.get(effect_keys.MISSILE_ENVY[side]):
        return "Missile Envy must be played for operations"
    return None


def missile_envy(core: Core, side: Side) -> Flow[None]:
    """#49: swap this card for the opponent's highest-ops card; its event or its ops."""
    state = core.state
    opponent = other(side)
    hand = state.hands[opponent]
    eligible = [c for c in hand if c != CHINA_CARD and not core.cards[c].scoring]
    if not eligible:
        core.log("5.2", f"Missile Envy: the {opponent} holds no operations card; no effect")
        return
    top = max(core.cards[c].ops for c in eligible)
    tied = sorted(c for c in eligible if core.cards[c].ops == top)
    taken = tied[0]
    if len(tied) > 1:
        chosen = yield ask(
            opponent,
            DecisionKind.EVENT_GIVE,
            f"{opponent}: give the {side} one of your {top}-ops cards (Missile Envy)",
            core.card_choices("give", tied),
        )
        taken = chosen_card(chosen)
    core.log("5.1", f"the {opponent} gives {core.card_name(taken)} to the {side}")
    if MISSILE_ENVY in state.limbo:
        core.move_card(MISSILE_ENVY, "limbo", HAND[opponent])
        core.reveal(opponent, [MISSILE_ENVY])
        state.effects[effect_keys.MISSILE_ENVY[opponent]] = 1
        core.log("5.1", f"the {opponent} must play Missile Envy for operations next round")
    if core.cards[taken].side == opponent:
        put_in_play(core, side, taken, HAND[opponent], "ops")
        yield from event_operations(core, side, ops_value(core, taken, side))
        core.dispose(taken, event_happened=False)
    else:
        yield from play_event_now(core, taken, side, HAND[opponent])


def missile_envy_menu(
    core: Core, side: Side, choices: list[Choice], greyed: list[Unavailable]
) -> hooks.Menu:
    """#49: while obliged, the only play is Missile Envy for operations (or a pass, where
    the round may be passed: space box 8's optional eighth, 6.4.4).

    An effect that narrowed the menu first and left no such play (a trap, #42/#44; the
    first-edition order of #98) comes first: the obligation waits for a round where it
    can be met, and the side is never left with no play while it holds cards (5.1).
    """
    effects = core.state.effects
    if (
        not effects.get(effect_keys.MISSILE_ENVY[side])
        or MISSILE_ENVY not in core.state.hands[side]
    ):
        return choices, greyed
    required = Play(MISSILE_ENVY, "ops")
    if not any(c.move == required for c in choices):
        return choices, greyed  # the earlier filter comes first; the obligation waits
    reason = "Missile Envy must be played for operations this action round"
    kept = [c for c in choices if c.move in (required, PASS)]
    greyed = [*greyed, *(Unavailable(c.id, c.label, reason) for c in choices if c not in kept)]
    return kept, greyed


def missile_envy_round_end(core: Core, side: Side) -> None:
    """The obligation ends once Missile Envy has left the obliged hand."""
    state = core.state
    if state.effects.get(effect_keys.MISSILE_ENVY[side]) and MISSILE_ENVY not in state.hands[side]:
        del state.effects[effect_keys.MISSILE_ENVY[side]]


# -- #50 "We Will Bury You" -------------------------------------------------------------
def we_will_bury_you(core: Core, side: Side) -> Flow[None]:
    """#50: DEFCON -1; the USSR gains 3 VP unless the US answers with UN Intervention."""
    state = core.state
    core.set_defcon(state.defcon - 1, "5.1", '"We Will Bury You"')
    during_us_round = state.phase == "action" and state.phasing == US
    state.effects[effect_keys.WE_WILL_BURY_YOU] = 2 if during_us_round else 1
    core.log(
        "5.1",
        '"We Will Bury You": the USSR gains 3 VP unless the US plays UN Intervention as an'
        " event in its next action round",
    )
    return
    yield


def we_will_bury_you_play(core: Core, player: Side, card: int, mode: str) -> None:
    """#50: the first card the US plays in its next action round decides it. UN
    Intervention as an event answers; any other play gives the USSR its 3 VP at once,
    "prior to any US VP award" (published card), before that card resolves."""
    state = core.state
    if (
        state.effects.get(effect_keys.WE_WILL_BURY_YOU) != 1
        or player != US
        or state.phase != "action"
        or state.phasing != US
    ):
        return
    del state.effects[effect_keys.WE_WILL_BURY_YOU]
    if card == UN_INTERVENTION and mode == "event":
        core.log("5.1", '"We Will Bury You": UN Intervention answers it; no VP for the USSR')
    else:
        why = f'"We Will Bury You": the US plays {core.card_name(card)}, not UN Intervention'
        core.gain_vp(USSR, 3, "5.1", why)


def we_will_bury_you_round_end(core: Core, side: Side) -> None:
    """A US round in which no card was played (a pass, a Quagmire discard) is its next
    action round too: at its end the USSR gains the 3 VP."""
    effects = core.state.effects
    value = effects.get(effect_keys.WE_WILL_BURY_YOU)
    if value and side == US:
        if value == 2:
            effects[effect_keys.WE_WILL_BURY_YOU] = 1
        else:
            del effects[effect_keys.WE_WILL_BURY_YOU]
            core.gain_vp(USSR, 3, "5.1", '"We Will Bury You"')


# -- #59 Flower Power -------------------------------------------------------------------
def flower_power(core: Core, side: Side) -> Flow[None]:
    """#59: from now on the USSR gains 2 VP whenever the US plays a war card."""
    core.state.effects[effect_keys.FLOWER_POWER] = 1
    core.log("5.1", "Flower Power: each war card the US plays (not to space) gives the USSR 2 VP")
    return
    yield


def flower_power_war_card(core: Core, side: Side, card: int, mode: str) -> None:
    """#59: a war card played by the US for its event, ops or headline: USSR +2 VP."""
    if side != US or mode == "space" or not core.state.effects.get(effect_keys.FLOWER_POWER):
        return
    if core.cards[card].war:
        core.gain_vp(USSR, 2, "5.1", f"Flower Power: the US plays {core.card_name(card)}")
