"""Mid War events #36-#59, and the hooks through which their lasting effects act.

Effect keys of these cards (values 1 unless said):
- `cuban-missile-crisis:SIDE` (turn): SIDE loses the game if it attempts a coup (#40);
  SIDE may end it from its action menu (`cancel-cmc KEY`, 2 influence removed).
- `quagmire` / `bear-trap` (persistent): the US / the USSR is trapped (#42, #44);
  the card lies in `in_play` until the escape roll, then it is removed from play.
- `missile-envy:SIDE` (persistent): SIDE must play #49 for operations in its next
  action round (#49); dropped once the card has left that hand at a round's end.
- `we-will-bury-you` (persistent): 2 while the US's current round is not yet "its next
  action round", 1 during it; the USSR gains 3 VP at its end unless UN Intervention
  happened for the US in it (#50).
- `flower-power` (persistent): the USSR gains 2 VP per war card the US plays (#59);
  #97 An Evil Empire cancels it (the `cancels` of data/cards.yaml).
- #41 `nuclear-subs`, #43 `coup-malus`, #51 `ops-bonus:USSR`, #55
  `nato-exempt:west-germany` (cancelled by #96): keys the engine already reads
  (restrictions, operations).
"""

from __future__ import annotations

from cold_war_tui.engine import effect_keys, hooks
from cold_war_tui.engine.board import US, USSR, other
from cold_war_tui.engine.core import CHINA_CARD, Core
from cold_war_tui.engine.decisions import Choice, Flow, GameOver, Outcome, Unavailable, ask
from cold_war_tui.engine.events import announce_play, event, play_event_now
from cold_war_tui.engine.events.toolkit import (
    DONE,
    area_members,
    choose_country,
    countries,
    discard_from_hand,
    event_operations,
    may,
    place_points,
    remove_all,
    war,
)
from cold_war_tui.engine.operations import ops_value
from cold_war_tui.engine.restrictions import nato_protected
from cold_war_tui.engine.scoring import region_score

UN_INTERVENTION = 32
MISSILE_ENVY = 49
AMERICAS = ("central-america", "south-america")
CMC_CANCEL = {USSR: ("cuba",), US: ("west-germany", "turkey")}
TRAPS = {
    US: (effect_keys.QUAGMIRE, 42),
    USSR: (effect_keys.BEAR_TRAP, 44),
}  # trapped side -> (key, card)


# -- events without a lasting effect ----------------------------------------------
@event(36)
def brush_war(core: Core, side: str) -> Flow[None]:
    """#36: war on a stability 1-2 country (not NATO-protected for the USSR); 3+ wins 1 VP."""
    board = core.board
    protected = nato_protected(core) if side == USSR else frozenset()
    candidates = [c for c in range(board.ccw) if board.stability[c] <= 2 and c not in protected]
    target = yield from choose_country(
        core, side, "event_target", f"{side}: Brush War against a stability 1-2 country", candidates
    )
    war(core, side, target, name="Brush War", win_on=3, vp=1)


@event(39)
def arms_race(core: Core, side: str) -> Flow[None]:
    """#39: more military ops than the opponent: +1 VP, +3 VP if the DEFCON need is met."""
    state = core.state
    mine, theirs = state.milops[side], state.milops[other(side)]
    if mine <= theirs:
        core.log("5.2", f"Arms Race: the {side} has no more military operations; no effect")
    elif mine >= state.defcon:
        core.gain_vp(side, 3, "5.1", "Arms Race, required military operations met")
    else:
        core.gain_vp(side, 1, "5.1", "Arms Race")
    return
    yield


@event(41)
def nuclear_subs(core: Core, side: str) -> Flow[None]:
    """#41: this turn, US coups in battlegrounds with ops do not lower DEFCON."""
    core.state.turn_effects[effect_keys.NUCLEAR_SUBS] = 1
    core.log("5.1", "Nuclear Subs: US operation coups leave DEFCON alone this turn")
    return
    yield


@event(43)
def salt_negotiations(core: Core, side: str) -> Flow[None]:
    """#43: DEFCON +2, coup rolls -1 this turn, may take a non-scoring discard into hand."""
    state = core.state
    core.set_defcon(state.defcon + 2, "5.1", "SALT Negotiations")
    state.turn_effects[effect_keys.COUP_MALUS] = 1
    core.log("5.1", "SALT Negotiations: every coup roll gets -1 this turn")
    options = sorted({c for c in state.discard if not core.cards[c].scoring})
    if not options:
        core.log("5.2", "SALT Negotiations: no non-scoring card in the discard pile to take")
        return
    chosen = yield ask(
        side,
        "event_take",
        f"{side}: take a non-scoring card from the discard pile into your hand, or done",
        [*core.card_choices("take", options), DONE],
    )
    if chosen == "done":
        return
    card = int(chosen.split()[1])
    state.discard.remove(card)
    state.hands[side].append(card)
    state.known[side].append(card)
    core.log("5.1", f"{side} takes {core.card_name(card)} from the discard pile (revealed)")


def _defcon_choices(core: Core, chooser: str, levels: list[int]) -> list[Choice]:
    """`defcon N` ids for `levels` in 1-5; never 1 for the phasing player (he would lose)."""
    current = core.state.defcon
    choices = []
    for level in sorted({min(max(n, 1), 5) for n in levels}, reverse=True):
        if level == 1 and chooser == core.state.phasing:
            continue
        change = "stays" if level == current else ("up" if level > current else "down")
        choices.append(Choice(f"defcon {level}", f"DEFCON {level} ({change})"))
    return choices


@event(45)
def summit(core: Core, side: str) -> Flow[None]:
    """#45: both roll +1 per dominated/controlled region; the higher gains 2 VP, DEFCON +-1."""
    scores = [region_score(core, region) for region in core.board.region_order]
    totals = {}
    for who in (side, other(side)):
        die = core.roll(who, "Summit", "5.1")
        bonus = sum(1 for s in scores if s[who].level in ("domination", "control"))
        totals[who] = die + bonus
        core.log("5.1", f"Summit: {who} {die} + {bonus} (regions dominated or controlled)")
    if totals[US] == totals[USSR]:
        core.log("5.1", "Summit: a tie, nothing happens")
        return
    winner = US if totals[US] > totals[USSR] else USSR
    core.gain_vp(winner, 2, "5.1", "Summit")
    defcon = core.state.defcon
    chosen = yield ask(
        winner,
        "event_defcon",
        f"{winner}: move DEFCON one level or leave it (Summit)",
        _defcon_choices(core, winner, [defcon + 1, defcon, defcon - 1]),
    )
    core.set_defcon(int(chosen.split()[1]), "5.1", "Summit")


@event(46)
def how_i_learned(core: Core, side: str) -> Flow[None]:
    """#46: the player sets DEFCON to the level of his choice and gains 5 military ops."""
    chosen = yield ask(
        side,
        "event_defcon",
        f"{side}: set DEFCON (How I Learned to Stop Worrying)",
        _defcon_choices(core, side, [5, 4, 3, 2, 1]),
    )
    core.set_defcon(int(chosen.split()[1]), "5.1", "How I Learned to Stop Worrying")
    core.add_milops(side, 5, "5.1")


@event(47)
def junta(core: Core, side: str) -> Flow[None]:
    """#47: +2 in one Central/South American country, then a free coup or realignments there."""
    target = yield from choose_country(
        core,
        side,
        "event_influence",
        f"{side}: add 2 influence to one country of Central or South America",
        area_members(core, *AMERICAS),
        verb="infl",
    )
    core.add_influence(side, target, 2, "5.1")
    prompt = f"{side}: make a free coup or realignment rolls in Central or South America?"
    if (yield from may(core, side, "event_optional", prompt)):
        yield from event_operations(
            core,
            side,
            ops_value(core, 47, side),
            kinds=("coup", "realign"),
            free_coup=True,
            area=AMERICAS,
        )


@event(52)
def portuguese_empire_crumbles(core: Core, side: str) -> Flow[None]:
    """#52: +2 USSR influence in Angola and in the SE African States."""
    for country in countries(core, "angola", "se-african-states"):
        core.add_influence(USSR, country, 2, "5.1")
    return
    yield


@event(53)
def south_african_unrest(core: Core, side: str) -> Flow[None]:
    """#53: +2 USSR in South Africa, or +1 there and +2 in countries adjacent to it."""
    south_africa = core.board.index["south-africa"]
    neighbours = [c for c in core.board.neighbours[south_africa] if c < core.board.ccw]
    options = [
        Choice("infl south-africa", "+2 in South Africa"),
        Choice("add", "+1 in South Africa and 2 in countries adjacent to it"),
    ]
    chosen = yield ask(USSR, "event_influence", "USSR: South African Unrest", options)
    if chosen == "infl south-africa":
        core.add_influence(USSR, south_africa, 2, "5.1")
        return
    core.add_influence(USSR, south_africa, 1, "5.1")
    yield from place_points(core, USSR, 2, neighbours)


@event(54)
def allende(core: Core, side: str) -> Flow[None]:
    """#54: +2 USSR influence in Chile."""
    core.add_influence(USSR, core.board.index["chile"], 2, "5.1")
    return
    yield


@event(55, effects=(effect_keys.nato_exempt("west-germany"),))
def willy_brandt(core: Core, side: str) -> Flow[None]:
    """#55: USSR +1 VP and +1 in West Germany; West Germany loses NATO's protection."""
    core.gain_vp(USSR, 1, "5.1", "Willy Brandt")
    core.add_influence(USSR, core.board.index["west-germany"], 1, "5.1")
    core.state.effects[effect_keys.nato_exempt("west-germany")] = 1
    core.log("5.1", "Willy Brandt: NATO no longer protects West Germany")
    return
    yield


@event(56)
def muslim_revolution(core: Core, side: str) -> Flow[None]:
    """#56: remove all US influence from 2 of 8 Middle East / North African countries."""
    pool = countries(
        core, "sudan", "iran", "iraq", "egypt", "libya", "saudi-arabia", "syria", "jordan"
    )
    us = core.state.influence[US]
    for left in (2, 1):
        candidates = [c for c in pool if us[c] > 0]
        if not candidates:
            if left == 2:
                core.log("5.2", "Muslim Revolution: no US influence in those countries; no effect")
            return
        target = yield from choose_country(
            core,
            USSR,
            "event_target",
            f"USSR: remove all US influence from a country ({left} left)",
            candidates,
        )
        remove_all(core, US, target)
        pool.remove(target)


@event(57)
def abm_treaty(core: Core, side: str) -> Flow[None]:
    """#57: DEFCON +1, then operations with this card's ops."""
    core.set_defcon(core.state.defcon + 1, "5.1", "ABM Treaty")
    yield from event_operations(core, side, ops_value(core, 57, side))


@event(58)
def cultural_revolution(core: Core, side: str) -> Flow[None]:
    """#58: the USSR takes the China Card face up from the US, or gains 1 VP if it has it."""
    state = core.state
    if state.china_holder == US:
        state.china_holder = USSR
        state.china_face_up = True
        core.log("5.1", "Cultural Revolution: the USSR takes the China Card face up")
    elif state.china_holder == USSR:
        core.gain_vp(USSR, 1, "5.1", "Cultural Revolution")
    else:
        core.log("5.2", "Cultural Revolution: nobody holds the China Card; no effect")
    return
    yield


@event(51)
def brezhnev_doctrine(core: Core, side: str) -> Flow[None]:
    """#51: this turn the USSR's cards get +1 op (4 at most)."""
    core.state.turn_effects[effect_keys.OPS_BONUS[USSR]] = 1
    core.log("5.1", "Brezhnev Doctrine: USSR cards +1 op this turn (4 at most)")
    return
    yield


# -- #40 Cuban Missile Crisis ----------------------------------------------------------
@event(40)
def cuban_missile_crisis(core: Core, side: str) -> Flow[None]:
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


@hooks.before_coup
def cuban_missile_crisis_coup(core: Core, side: str, country: int, free: bool) -> None:
    """#40: the threatened side's coup attempt is nuclear war: it loses at once."""
    if core.state.turn_effects.get(effect_keys.CUBAN_MISSILE_CRISIS[side]):
        raise GameOver(
            Outcome(
                other(side),
                f"the {side} attempted a coup in {core.name(country)} during the"
                " Cuban Missile Crisis",
                "5.5",
            )
        )


def _cmc_cancel_choices(core: Core, side: str, menu: list[Choice]) -> list[Choice]:
    if not core.state.turn_effects.get(effect_keys.CUBAN_MISSILE_CRISIS[side]):
        return []
    influence = core.state.influence[side]
    index = core.board.index
    return [
        Choice(
            f"cancel-cmc {key}",
            f"Remove 2 influence from {core.name(index[key])}: end the Cuban Missile Crisis",
        )
        for key in CMC_CANCEL[side]
        if influence[index[key]] >= 2
    ]


def _cmc_cancel(core: Core, side: str, chosen: str) -> Flow[bool]:
    """Remove 2 influence and end the crisis; the action round goes on (no card used)."""
    country = core.board.index[chosen.split()[1]]
    core.remove_influence(side, country, 2, "5.1")
    del core.state.turn_effects[effect_keys.CUBAN_MISSILE_CRISIS[side]]
    core.log("5.1", f"the {side} ends the Cuban Missile Crisis")
    return False
    yield


hooks.menu_action(hooks.MenuAction(_cmc_cancel_choices, _cmc_cancel))


# -- #42 Quagmire, #44 Bear Trap --------------------------------------------------------
def _set_trap(core: Core, victim: str) -> None:
    key, card = TRAPS[victim]
    state = core.state
    state.effects[key] = 1
    if card in state.limbo:  # the card lies on the table while the trap holds
        state.limbo.remove(card)
        state.in_play.append(card)
    core.log(
        "5.1",
        f"{core.card_name(card)}: at each action round the {victim} must discard a card of"
        " 2+ ops and roll 1-4 to escape",
    )


@event(42)
def quagmire(core: Core, side: str) -> Flow[None]:
    """#42: the US is trapped until it discards a 2+ ops card and rolls 1-4."""
    _set_trap(core, US)
    return
    yield


@event(44)
def bear_trap(core: Core, side: str) -> Flow[None]:
    """#44: the USSR is trapped until it discards a 2+ ops card and rolls 1-4."""
    _set_trap(core, USSR)
    return
    yield


def _trap_discards(core: Core, side: str) -> list[int]:
    """Cards `side` may discard to the trap: non-scoring, 2+ ops after modifiers (5.3)."""
    return sorted(
        c
        for c in core.state.hands[side]
        if not core.cards[c].scoring and ops_value(core, c, side) >= 2
    )


def _is_scoring_event(core: Core, choice_id: str) -> bool:
    parts = choice_id.split()
    return (
        len(parts) == 3
        and parts[0] == "play"
        and parts[2] == "event"
        and core.cards[int(parts[1])].scoring
    )


@hooks.round_start
def trap_round_start(core: Core, side: str) -> bool:
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


@hooks.menu_filter
def trap_menu(
    core: Core, side: str, choices: list[Choice], greyed: list[Unavailable]
) -> hooks.Menu:
    """A trapped side may only play scoring cards; the discards come from `trap_discard`."""
    key, card = TRAPS[side]
    if not core.state.effects.get(key):
        return choices, greyed
    reason = f"{core.card_name(card)}: discard a card of 2+ ops instead (scoring cards allowed)"
    kept = [c for c in choices if _is_scoring_event(core, c.id)]
    greyed = [
        *greyed,
        *(Unavailable(c.id, c.label, reason) for c in choices if not _is_scoring_event(core, c.id)),
    ]
    return kept, greyed


def _trap_discard_choices(core: Core, side: str, menu: list[Choice]) -> list[Choice]:
    if not core.state.effects.get(TRAPS[side][0]):
        return []
    return [
        Choice(f"discard {c}", f"Discard {core.card_name(c)} and roll 1-4 to escape")
        for c in _trap_discards(core, side)
    ]


def _trap_discard(core: Core, side: str, chosen: str) -> Flow[bool]:
    """Discard the card (no event, 5.4) and roll: 1-4 ends the trap; the round is used."""
    key, card = TRAPS[side]
    state = core.state
    discard_from_hand(core, side, int(chosen.split()[1]), "5.4")
    name = core.card_name(card)
    die = core.roll(side, f"{name}: 1-4 escapes", "5.1")
    if die <= 4:
        del state.effects[key]
        if card in state.in_play:
            state.in_play.remove(card)
            state.removed.append(card)
        core.log("5.1", f"{name} ends for the {side}; the card is removed from play")
    else:
        core.log("5.1", f"{name} holds the {side} for another action round")
    return True
    yield


hooks.menu_action(hooks.MenuAction(_trap_discard_choices, _trap_discard))


# -- #49 Missile Envy -------------------------------------------------------------------
def _envy_condition(core: Core, side: str) -> str | None:
    if core.state.effects.get(effect_keys.MISSILE_ENVY[side]):
        return "Missile Envy must be played for operations"
    return None


@event(MISSILE_ENVY, _envy_condition)
def missile_envy(core: Core, side: str) -> Flow[None]:
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
            "event_give",
            f"{opponent}: give the {side} one of your {top}-ops cards (Missile Envy)",
            core.card_choices("give", tied),
        )
        taken = int(chosen.split()[1])
    hand.remove(taken)
    core.log("5.1", f"the {opponent} gives {core.card_name(taken)} to the {side}")
    if MISSILE_ENVY in state.limbo:
        state.limbo.remove(MISSILE_ENVY)
        hand.append(MISSILE_ENVY)
        state.known[opponent].append(MISSILE_ENVY)
        state.effects[effect_keys.MISSILE_ENVY[opponent]] = 1
        core.log("5.1", f"the {opponent} must play Missile Envy for operations next round")
    if core.cards[taken].side == opponent:
        state.limbo.append(taken)
        announce_play(core, side, taken, "ops")
        yield from event_operations(core, side, ops_value(core, taken, side))
        core.dispose(taken, event_happened=False)
    else:
        yield from play_event_now(core, taken, side)


@hooks.menu_filter
def missile_envy_menu(
    core: Core, side: str, choices: list[Choice], greyed: list[Unavailable]
) -> hooks.Menu:
    """#49: while obliged, the only play is Missile Envy for operations."""
    effects = core.state.effects
    if (
        not effects.get(effect_keys.MISSILE_ENVY[side])
        or MISSILE_ENVY not in core.state.hands[side]
    ):
        return choices, greyed
    if effects.get(TRAPS[side][0]):
        return choices, greyed  # the trap comes first; the obligation waits (ruling)
    required = f"play {MISSILE_ENVY} ops"
    reason = "Missile Envy must be played for operations this action round"
    kept = [c for c in choices if c.id == required]
    greyed = [*greyed, *(Unavailable(c.id, c.label, reason) for c in choices if c.id != required)]
    return kept, greyed


@hooks.round_end
def missile_envy_round_end(core: Core, side: str) -> None:
    """The obligation ends once Missile Envy has left the obliged hand."""
    state = core.state
    if state.effects.get(effect_keys.MISSILE_ENVY[side]) and MISSILE_ENVY not in state.hands[side]:
        del state.effects[effect_keys.MISSILE_ENVY[side]]
        if MISSILE_ENVY in state.known[side]:
            state.known[side].remove(MISSILE_ENVY)


# -- #50 "We Will Bury You" -------------------------------------------------------------
@event(50)
def we_will_bury_you(core: Core, side: str) -> Flow[None]:
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


@hooks.event_happened
def we_will_bury_you_answered(core: Core, card: int, side: str) -> None:
    """#32 UN Intervention for the US in its next action round cancels the 3 VP."""
    if card != UN_INTERVENTION:
        return
    state = core.state
    if (
        state.effects.get(effect_keys.WE_WILL_BURY_YOU) == 1
        and side == US
        and state.phase == "action"
    ):
        del state.effects[effect_keys.WE_WILL_BURY_YOU]
        core.log("5.1", '"We Will Bury You": UN Intervention answers it; no VP for the USSR')


@hooks.round_end
def we_will_bury_you_round_end(core: Core, side: str) -> None:
    """At the end of the US's next action round the USSR gains its 3 VP."""
    effects = core.state.effects
    value = effects.get(effect_keys.WE_WILL_BURY_YOU)
    if value and side == US:
        if value == 2:
            effects[effect_keys.WE_WILL_BURY_YOU] = 1
        else:
            del effects[effect_keys.WE_WILL_BURY_YOU]
            core.gain_vp(USSR, 3, "5.1", '"We Will Bury You"')


# -- #59 Flower Power -------------------------------------------------------------------
@event(59, effects=(effect_keys.FLOWER_POWER,))
def flower_power(core: Core, side: str) -> Flow[None]:
    """#59: from now on the USSR gains 2 VP whenever the US plays a war card."""
    core.state.effects[effect_keys.FLOWER_POWER] = 1
    core.log("5.1", "Flower Power: each war card the US plays (not to space) gives the USSR 2 VP")
    return
    yield


@hooks.card_played
def flower_power_war_card(core: Core, side: str, card: int, mode: str) -> None:
    """#59: a war card played by the US for its event, ops or headline: USSR +2 VP."""
    if side != US or mode == "space" or not core.state.effects.get(effect_keys.FLOWER_POWER):
        return
    if core.cards[card].war:
        core.gain_vp(USSR, 2, "5.1", f"Flower Power: the US plays {core.card_name(card)}")
