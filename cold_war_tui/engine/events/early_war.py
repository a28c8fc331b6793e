"""Early War events (#4-#35, optional #103-#106; the scoring cards are in scoring_cards.py).

Effects these cards leave in play (keys of `state.effects` / `turn_effects`):
`area-bonus:USSR:southeast-asia` (#9), `nato` (#21), `nato-exempt:france` (#17),
`ops-bonus:US` (#25), `ops-malus:SIDE` (#31), `no-coup:USSR:japan` and
`no-realign:USSR:japan` (#27), `formosan-resolution` (#35, ended by the US playing
the China Card), `norad` (#106, ended by #42 Quagmire, which cancels it in the data) and
the turn effect `defcon-moved-to-2` (DEFCON moved to 2 in the current action round).
"""

from __future__ import annotations

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine import operations as ops
from cold_war_tui.engine.board import US, USSR, Side, other
from cold_war_tui.engine.core import (
    CHINA_CARD,
    DEFECTORS,
    HAND,
    HEADLINE,
    UN_INTERVENTION,
    Core,
)
from cold_war_tui.engine.decisions import Choice, DecisionKind, Flow, ask
from cold_war_tui.engine.events import resolve_event
from cold_war_tui.engine.events.toolkit import (
    area_members,
    choose_country,
    chosen_card,
    chosen_country,
    countries,
    discard_from_hand,
    event_operations,
    gain_control,
    place_points,
    random_card,
    remove_all,
    remove_points,
    war,
)
from cold_war_tui.engine.moves import KEEP, Answer, Move, Play, Target, Un, expect
from cold_war_tui.engine.operations import advance_space
from cold_war_tui.engine.plays import card_operations, play_event_now, put_in_play

RULE = "5.1"


def _no_effect(core: Core, text: str) -> None:
    core.log("5.2", f"{text}; the event has no effect")


def _late_war(core: Core) -> bool:
    """True from the turn the Late War cards enter the deck (turn 8)."""
    return core.state.turn >= core.tables.period_start["Late"]


def _reveal(core: Core, holder: Side, cards: list[int]) -> None:
    """`holder` shows `cards` of his hand to the other side (state.known)."""
    core.reveal(holder, cards)
    shown = ", ".join(core.card_name(c) for c in sorted(cards)) or "nothing"
    core.log(RULE, f"the {holder} reveals: {shown}")


# -- #5-#17: USSR influence and wars ----------------------------------------------
def five_year_plan(core: Core, side: Side) -> Flow[None]:
    """#5: the USSR discards a random card; a US event on it happens at once, for the US
    (the published card); a USSR or both-sides card is discarded without its event."""
    card = random_card(core, USSR, "Five Year Plan")
    if card is None:
        _no_effect(core, "Five Year Plan: the USSR has no card")
        return
    core.log(RULE, f"Five Year Plan: the USSR discards {core.card_name(card)}")
    if core.cards[card].side != US:
        core.move_card(card, HAND[USSR], "discard")
        core.log("5.4", f"{core.card_name(card)} is not a US event: no event")
        return
    yield from play_event_now(core, card, US, HAND[USSR])


def socialist_governments(core: Core, side: Side) -> Flow[None]:
    """#7: remove 3 US influence from Western Europe, at most 2 per country."""
    candidates = area_members(core, "western-europe")
    if not any(core.state.influence[US][c] for c in candidates):
        _no_effect(core, "Socialist Governments: no US influence in Western Europe")
        return
    yield from remove_points(core, US, 3, candidates, max_per=2, chooser=USSR)


def _take_over(core: Core, key: str, name: str) -> None:
    """Fidel, Romanian Abdication: all US influence out, then USSR control."""
    country = core.board.index[key]
    remove_all(core, US, country)
    gain_control(core, USSR, country)
    core.log(RULE, f"{name}: the USSR controls {core.name(country)}")


def fidel(core: Core, side: Side) -> Flow[None]:
    """#8: remove all US influence from Cuba; the USSR gains control of it."""
    _take_over(core, "cuba", "Fidel")
    return
    yield


def vietnam_revolts(core: Core, side: Side) -> Flow[None]:
    """#9: +2 USSR in Vietnam; this turn, USSR ops all in Southeast Asia get +1."""
    core.add_influence(USSR, core.board.index["vietnam"], 2, RULE)
    core.state.turn_effects[effect_keys.SOUTHEAST_ASIA_BONUS[USSR]] = 1
    return
    yield


def blockade(core: Core, side: Side) -> Flow[None]:
    """#10: the US discards a 3+ ops card or loses all its influence in West Germany."""
    germany = core.board.index["west-germany"]
    if not core.state.influence[US][germany]:
        _no_effect(core, "Blockade: the US has no influence in West Germany")
        return
    eligible = [c for c in core.state.hands[US] if ops.ops_value(core, c, US) >= 3]
    chosen: Move = KEEP
    if eligible:
        chosen = yield ask(
            US,
            DecisionKind.EVENT_DISCARD,
            "US: discard a card of 3+ ops, or lose all US influence in West Germany",
            [
                *core.card_choices("discard", eligible),
                Choice.of(KEEP, "Discard nothing: lose all US influence in West Germany"),
            ],
        )
    if chosen == KEEP:
        remove_all(core, US, germany)
    else:
        discard_from_hand(core, US, chosen_card(chosen))


def korean_war(core: Core, side: Side) -> Flow[None]:
    """#11: war on South Korea, 4-6 wins (USSR +2 VP, takes the US influence).

    While the Chinese Civil War goes on, the USSR's die gets -1 more (12.4.2).
    """
    civil_war = int(core.state.ccw_active)
    if civil_war:
        core.log("12.4.2", "Korean War: -1 to the USSR die while the Chinese Civil War goes on")
    war(core, USSR, core.board.index["south-korea"], name="Korean War", extra_malus=civil_war)
    return
    yield


def romanian_abdication(core: Core, side: Side) -> Flow[None]:
    """#12: remove all US influence from Romania; the USSR gains control of it."""
    _take_over(core, "romania", "Romanian Abdication")
    return
    yield


def arab_israeli_war(core: Core, side: Side) -> Flow[None]:
    """#13: war on Israel, -1 more if the US controls Israel; 4-6 wins."""
    israel = core.board.index["israel"]
    war(core, USSR, israel, name="Arab-Israeli War", extra_malus=int(core.controls(US, israel)))
    return
    yield


def comecon(core: Core, side: Side) -> Flow[None]:
    """#14: +1 USSR in each of 4 non-US-controlled Eastern European countries."""
    candidates = [c for c in area_members(core, "eastern-europe") if not core.controls(US, c)]
    if not candidates:
        _no_effect(core, "COMECON: the US controls every Eastern European country")
        return
    yield from place_points(core, USSR, 4, candidates, max_per=1)


def nasser(core: Core, side: Side) -> Flow[None]:
    """#15: +2 USSR in Egypt, then remove half the US influence there (rounded up)."""
    egypt = core.board.index["egypt"]
    core.add_influence(USSR, egypt, 2, RULE)
    us = core.state.influence[US][egypt]
    core.remove_influence(US, egypt, (us + 1) // 2, RULE)
    return
    yield


def warsaw_pact_formed(core: Core, side: Side) -> Flow[None]:
    """#16: remove all US influence from 4 Eastern European countries, or +5 USSR there."""
    members = area_members(core, "eastern-europe")
    us = core.state.influence[US]
    add = Answer("add")
    options = [Choice.of(add, "Add 5 USSR influence in Eastern Europe, at most 2 per country")]
    if any(us[c] for c in members):
        options.insert(
            0,
            Choice.of(
                Answer("remove"), "Remove all US influence from 4 Eastern European countries"
            ),
        )
    chosen = yield ask(USSR, DecisionKind.WARSAW_PACT, "USSR: Warsaw Pact Formed", options)
    if chosen == add:
        yield from place_points(core, USSR, 5, members, max_per=2)
        return
    for left in range(4, 0, -1):
        targets = [c for c in members if us[c]]
        if not targets:
            break
        country = yield from choose_country(
            core,
            USSR,
            DecisionKind.EVENT_REMOVE,
            f"USSR: remove all US influence from an Eastern European country ({left} left)",
            targets,
            verb="remove",
        )
        remove_all(core, US, country)


def de_gaulle_leads_france(core: Core, side: Side) -> Flow[None]:
    """#17: US -2 and USSR +1 in France; France loses NATO protection for good."""
    france = core.board.index["france"]
    core.remove_influence(US, france, 2, RULE)
    core.add_influence(USSR, france, 1, RULE)
    core.state.effects[effect_keys.nato_exempt("france")] = 1
    return
    yield


# -- #19-#27 ----------------------------------------------------------------------
def truman_doctrine(core: Core, side: Side) -> Flow[None]:
    """#19: remove all USSR influence from one uncontrolled European country."""
    candidates = [
        c
        for c in area_members(core, "europe")
        if core.state.influence[USSR][c] and core.controller(c) is None
    ]
    if not candidates:
        _no_effect(core, "Truman Doctrine: no uncontrolled European country with USSR influence")
        return
    country = yield from choose_country(
        core,
        US,
        DecisionKind.EVENT_REMOVE,
        "US: remove all USSR influence from an uncontrolled European country",
        candidates,
        verb="remove",
    )
    remove_all(core, USSR, country)


BOYCOTT = Answer("boycott")


def olympic_games(core: Core, side: Side) -> Flow[None]:
    """#20: the opponent takes part (dice, sponsor +2, winner +2 VP) or boycotts."""
    opponent = other(side)
    chosen = yield ask(
        opponent,
        DecisionKind.OLYMPIC_GAMES,
        f"{opponent}: the {side} sponsors the Olympic Games: take part or boycott?",
        [
            Choice.of(
                Answer("participate"), f"Take part: both roll, the {side} adds 2; the winner +2 VP"
            ),
            Choice.of(BOYCOTT, f"Boycott: DEFCON -1 and the {side} conducts 4 ops"),
        ],
    )
    if chosen == BOYCOTT:
        core.set_defcon(core.state.defcon - 1, RULE, "Olympic Games boycott")
        yield from event_operations(core, side, 4)
        return
    while True:
        sponsor = core.roll(side, "Olympic Games, +2 as the sponsor", RULE) + 2
        guest = core.roll(opponent, "Olympic Games", RULE)
        if sponsor != guest:
            break
        core.log(RULE, f"Olympic Games: a tie at {sponsor}, both roll again")
    winner = side if sponsor > guest else opponent
    core.gain_vp(winner, 2, RULE, "Olympic Games")


def nato(core: Core, side: Side) -> Flow[None]:
    """#21: from now on the USSR may not coup or realign US-controlled Europe."""
    core.state.effects[effect_keys.NATO] = 1
    return
    yield


INDEPENDENT_REDS = ("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia")


def independent_reds(core: Core, side: Side) -> Flow[None]:
    """#22: the US matches the USSR's influence in one of five Eastern European countries."""
    infl = core.state.influence
    candidates = [c for c in countries(core, *INDEPENDENT_REDS) if infl[USSR][c] > infl[US][c]]
    if not candidates:
        _no_effect(core, "Independent Reds: the US already matches the USSR in all five")
        return
    country = yield from choose_country(
        core,
        US,
        DecisionKind.EVENT_INFLUENCE,
        "US: raise US influence to the USSR's in one country",
        candidates,
        verb="infl",
    )
    core.add_influence(US, country, infl[USSR][country] - infl[US][country], RULE)


def marshall_plan(core: Core, side: Side) -> Flow[None]:
    """#23: +1 US in each of 7 non-USSR-controlled Western European countries."""
    candidates = [c for c in area_members(core, "western-europe") if not core.controls(USSR, c)]
    if not candidates:
        _no_effect(core, "Marshall Plan: the USSR controls every Western European country")
        return
    yield from place_points(core, US, 7, candidates, max_per=1)


def indo_pakistani_war(core: Core, side: Side) -> Flow[None]:
    """#24: the player's war on India or Pakistan, 4-6 wins (+2 VP, takes influence)."""
    chosen = yield ask(
        side,
        DecisionKind.EVENT_TARGET,
        f"{side}: Indo-Pakistani War: which country is invaded?",
        [
            Choice.of(Target("target", "pakistan"), "India invades Pakistan"),
            Choice.of(Target("target", "india"), "Pakistan invades India"),
        ],
    )
    war(core, side, chosen_country(core, chosen), name="Indo-Pakistani War")


def containment(core: Core, side: Side) -> Flow[None]:
    """#25: this turn, US cards played for ops get +1 op (4 at most)."""
    core.state.turn_effects[effect_keys.OPS_BONUS[US]] = 1
    return
    yield


def cia_created(core: Core, side: Side) -> Flow[None]:
    """#26: the USSR reveals its hand; the US conducts operations with this card's ops."""
    _reveal(core, USSR, list(core.state.hands[USSR]))
    yield from event_operations(core, US, ops.ops_value(core, 26, US))


def us_japan_pact(core: Core, side: Side) -> Flow[None]:
    """#27: the US gains control of Japan; the USSR may never coup or realign there."""
    gain_control(core, US, core.board.index["japan"])
    effects = core.state.effects
    effects[effect_keys.no_action("coup", USSR, "japan")] = 1
    effects[effect_keys.no_action("realign", USSR, "japan")] = 1
    return
    yield


# -- #28-#35 ----------------------------------------------------------------------
def suez_crisis(core: Core, side: Side) -> Flow[None]:
    """#28: remove 4 US influence from France, the UK and Israel, at most 2 each."""
    candidates = countries(core, "france", "uk", "israel")
    if not any(core.state.influence[US][c] for c in candidates):
        _no_effect(core, "Suez Crisis: no US influence in France, the UK or Israel")
        return
    yield from remove_points(core, US, 4, candidates, max_per=2, chooser=USSR)


def east_european_unrest(core: Core, side: Side) -> Flow[None]:
    """#29: -1 USSR in each of 3 Eastern European countries (-2 each in the Late War)."""
    amount = 2 if _late_war(core) else 1
    members = area_members(core, "eastern-europe")
    done: set[int] = set()
    for left in range(3, 0, -1):
        targets = [c for c in members if core.state.influence[USSR][c] and c not in done]
        if not targets:
            if not done:
                _no_effect(core, "East European Unrest: no USSR influence in Eastern Europe")
            return
        country = yield from choose_country(
            core,
            US,
            DecisionKind.EVENT_REMOVE,
            f"US: remove {amount} USSR influence from an Eastern European country ({left} left)",
            targets,
            verb="remove",
        )
        done.add(country)
        core.remove_influence(USSR, country, amount, RULE)


def decolonization(core: Core, side: Side) -> Flow[None]:
    """#30: +1 USSR in each of 4 countries of Africa and/or Southeast Asia."""
    yield from place_points(
        core, USSR, 4, area_members(core, "africa", "southeast-asia"), max_per=1
    )


def red_scare_purge(core: Core, side: Side) -> Flow[None]:
    """#31: this turn, the opponent's cards played for ops get -1 op (1 at least)."""
    core.state.turn_effects[effect_keys.OPS_MALUS[other(side)]] = 1
    return
    yield


# -- #32 UN Intervention: played with an opponent's card, from the action menu ----
def _un_partner(core: Core, side: Side) -> int | None:
    """The opponent's card being played together with UN Intervention, if any."""
    opponent = other(side)
    return next(
        (c for c in core.state.limbo if c != UN_INTERVENTION and core.cards[c].side == opponent),
        None,
    )


def un_condition(core: Core, side: Side) -> str | None:
    if core.state.phase == "headline":
        return "UN Intervention cannot be played as an event in the headline"
    if _un_partner(core, side) is None:
        return "UN Intervention is played together with a card of the opponent's event (un N)"
    return None


def un_intervention(core: Core, side: Side) -> Flow[None]:
    """#32: the event of the opponent's card played with it is cancelled."""
    partner = _un_partner(core, side)
    assert partner is not None  # the condition made sure of it
    core.log(RULE, f"UN Intervention: the event of {core.card_name(partner)} does not happen")
    return
    yield


def un_choices(core: Core, side: Side, menu: list[Choice]) -> list[Choice]:
    """`un N` for each card of the opponent's event in the hand, when #32 is held."""
    hand = core.state.hands[side]
    if UN_INTERVENTION not in hand:
        return []
    opponent = other(side)
    options = [
        Choice.of(
            Un(c),
            f"UN Intervention with {core.card_name(c)}: no event, "
            f"{ops.ops_value(core, c, side)} ops",
        )
        for c in sorted(hand)
        if core.cards[c].side == opponent
    ]
    # An effect narrowing the menu (an obligation, a Quagmire) must let #32 be played.
    playable = Play(UN_INTERVENTION, "ops").notation
    if options and not any(c.id == playable for c in menu):
        return []
    return options


def un_play(core: Core, side: Side, chosen: Move) -> Flow[bool]:
    """Play #32 as the event with card N: N's event is cancelled, its ops are used."""
    card = expect(chosen, Un).card
    # #32 is announced first: the play is UN Intervention's (#50 We Will Bury You asks)
    put_in_play(core, side, UN_INTERVENTION, HAND[side], "event")
    put_in_play(core, side, card, HAND[side], "ops")
    core.log(RULE, f"{side} plays UN Intervention with {core.card_name(card)}")
    happened = yield from resolve_event(core, UN_INTERVENTION, side)
    yield from card_operations(core, side, card)
    core.dispose(UN_INTERVENTION, event_happened=happened)
    core.dispose(card, event_happened=False)
    return True


def de_stalinization(core: Core, side: Side) -> Flow[None]:
    """#33: move up to 4 USSR influence to non-US-controlled countries, 2 per country."""
    board = core.board
    held = [c for c in range(board.ccw) if core.state.influence[USSR][c]]
    if not held:
        _no_effect(core, "De-Stalinization: the USSR has no influence to move")
        return
    moved = yield from remove_points(
        core,
        USSR,
        4,
        held,
        chooser=USSR,
        optional=True,
        prompt="USSR: take up a point of USSR influence to move, or done",
    )
    total = sum(moved.values())
    if not total:
        core.log(RULE, "De-Stalinization: the USSR moves no influence")
        return
    targets = [c for c in range(board.ccw) if not core.controls(US, c)]
    yield from place_points(
        core,
        USSR,
        total,
        targets,
        max_per=2,
        prompt=f"USSR: place the moved influence ({total} in all, at most 2 per country)",
    )


def formosan_resolution(core: Core, side: Side) -> Flow[None]:
    """#35: a US-controlled Taiwan scores as a battleground in Asia until the US plays #6."""
    core.state.effects[effect_keys.FORMOSAN_RESOLUTION] = 1
    return
    yield


def china_card_ends_formosan(core: Core, side: Side, card: int, mode: str) -> None:
    """#35 ends when the US plays the China Card."""
    if card != CHINA_CARD or side != US:
        return
    if core.state.effects.pop(effect_keys.FORMOSAN_RESOLUTION, None) is not None:
        core.log(RULE, "the US plays the China Card: Formosan Resolution is cancelled")


# -- #103-#106 ----------------------------------------------------------------------
def defectors(core: Core, side: Side) -> Flow[None]:
    """#103: as the US headline it cancels the USSR's; played by the USSR, US +1 VP."""
    state = core.state
    if state.phase == "headline":
        # Its one headline power, as the US headline card, acted when the headlines were
        # revealed (`defectors_cancel_headline`); played now another way, it does nothing.
        core.log(RULE, "Defectors: nothing happens now (it acts as the US headline, at the reveal)")
    elif state.phasing == USSR:
        core.gain_vp(US, 1, RULE, "Defectors played by the USSR")
    else:
        _no_effect(core, "Defectors played by the US in an action round")
    return
    yield


def defectors_cancel_headline(core: Core, picks: dict[Side, int]) -> None:
    """#103 as the US headline: the USSR headline is discarded, its event never happens."""
    if picks.get(US) != DEFECTORS or USSR not in picks:
        return
    card = picks.pop(USSR)
    core.move_card(card, HEADLINE[USSR], "discard")
    core.log(RULE, f"Defectors cancels the USSR headline {core.card_name(card)}: discarded")


def cambridge_condition(core: Core, side: Side) -> str | None:
    return "not playable as an event in the Late War" if _late_war(core) else None


def the_cambridge_five(core: Core, side: Side) -> Flow[None]:
    """#104: the US reveals its scoring cards; the USSR may add 1 in a region of one."""
    scoring = sorted(c for c in core.state.hands[US] if core.cards[c].scoring)
    _reveal(core, US, scoring)
    if not scoring:
        _no_effect(core, "The Cambridge Five: the US holds no scoring card")
        return
    areas = {core.scoring_region.get(c, "southeast-asia") for c in scoring}
    yield from place_points(
        core,
        USSR,
        1,
        area_members(core, *sorted(areas)),
        optional=True,
        prompt="USSR: add 1 influence in a region of a revealed scoring card, or done",
    )


def special_relationship(core: Core, side: Side) -> Flow[None]:
    """#105: with the UK US-controlled: +1 US next to the UK, or with NATO +2 US and +2 VP."""
    uk = core.board.index["uk"]
    if not core.controls(US, uk):
        _no_effect(core, "Special Relationship: the US does not control the UK")
        return
    if core.state.effects.get(effect_keys.NATO):
        country = yield from choose_country(
            core,
            US,
            DecisionKind.EVENT_INFLUENCE,
            "US: add 2 influence in a Western European country",
            area_members(core, "western-europe"),
            verb="infl",
        )
        core.add_influence(US, country, 2, RULE)
        core.gain_vp(US, 2, RULE, "Special Relationship")
        return
    country = yield from choose_country(
        core,
        US,
        DecisionKind.EVENT_INFLUENCE,
        "US: add 1 influence in a country adjacent to the UK",
        core.board.neighbours[uk],
        verb="infl",
    )
    core.add_influence(US, country, 1, RULE)


def norad(core: Core, side: Side) -> Flow[None]:
    """#106: from now on, after an action round in which DEFCON moved to 2, the US adds 1
    influence (while it controls Canada)."""
    core.state.effects[effect_keys.NORAD] = 1
    return
    yield


def defcon_moved_to_2(core: Core, level: int) -> None:
    """Remember that DEFCON moved to 2, whether NORAD is in play yet or not: NORAD played
    later in the same round still sees it (04-card-events #106)."""
    if level == 2:
        core.state.turn_effects[effect_keys.DEFCON_MOVED_TO_2] = 1


def action_round_starts_unmoved(core: Core, side: Side) -> bool:
    """A move to 2 before this action round (another round, the headline) does not count."""
    core.state.turn_effects.pop(effect_keys.DEFCON_MOVED_TO_2, None)
    return False


def norad_round_end(core: Core, side: Side) -> Flow[dict[int, int]] | None:
    """#106: DEFCON moved to 2 in this round (from wherever it was, even back down to 2 after
    a rise) and the US controls Canada: the US adds 1 influence where it has some."""
    state = core.state
    moved = state.turn_effects.pop(effect_keys.DEFCON_MOVED_TO_2, None)
    if not moved or not state.effects.get(effect_keys.NORAD):
        return None
    canada = core.board.index["canada"]
    if not core.controls(US, canada):
        core.log(RULE, "NORAD: DEFCON moved to 2 but the US does not control Canada")
        return None
    candidates = [c for c in range(core.board.ccw) if state.influence[US][c]]
    core.log(RULE, "NORAD: DEFCON moved to 2 this action round")
    return place_points(
        core,
        US,
        1,
        candidates,
        prompt="US (NORAD): add 1 influence in a country holding US influence",
    )


def duck_and_cover(core: Core, side: Side) -> Flow[None]:
    """#4: DEFCON -1, then the US gains 5 - DEFCON VP."""
    core.set_defcon(core.state.defcon - 1, "7", "Duck and Cover")
    core.gain_vp(US, 5 - core.state.defcon, "7", "Duck and Cover")
    return
    yield


def captured_nazi_scientist(core: Core, side: Side) -> Flow[None]:
    """#18: the player advances one space race box, with its VP."""
    advance_space(core, side, "7")
    return
    yield


def nuclear_test_ban(core: Core, side: Side) -> Flow[None]:
    """#34: the player gains DEFCON - 2 VP, then DEFCON +2."""
    core.gain_vp(side, core.state.defcon - 2, "7", "Nuclear Test Ban")
    core.set_defcon(core.state.defcon + 2, "7", "Nuclear Test Ban")
    return
    yield
