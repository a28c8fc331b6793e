"""Mid War events #60-#80 and optional #107-#108."""

from __future__ import annotations

from cold_war_tui.engine import effect_keys, operations
from cold_war_tui.engine.board import US, USSR, other
from cold_war_tui.engine.core import CHINA_CARD, Core
from cold_war_tui.engine.decisions import Choice, Flow, ask
from cold_war_tui.engine.events import event
from cold_war_tui.engine.events.toolkit import (
    DONE,
    area_members,
    chosen_country,
    countries,
    country_choices,
    discard_from_hand,
    event_operations,
    place_points,
    random_card,
    remove_all,
    remove_points,
)
from cold_war_tui.engine.hooks import event_happened
from cold_war_tui.wording import plural

UN_INTERVENTION = 32
SHUTTLE_DIPLOMACY = 73
LATIN_AMERICA = ("central-america", "south-america")
SHUTTLE_REGIONS = ("asia", "middle-east")


# -- #60 U-2 Incident --------------------------------------------------------------
@event(60)
def u2_incident(core: Core, side: str) -> Flow[None]:
    """#60: +1 VP to the USSR; +1 more if UN Intervention happens later this turn."""
    core.gain_vp(USSR, 1, "5.1", "U-2 Incident")
    core.state.turn_effects[effect_keys.U2_INCIDENT] = 1
    return
    yield


@event_happened
def u2_un_intervention(core: Core, card: int, side: str) -> None:
    """U-2 Incident's rider: UN Intervention's event this turn gives the USSR 1 VP (once)."""
    if card != UN_INTERVENTION or not core.state.turn_effects.pop(effect_keys.U2_INCIDENT, 0):
        return
    core.gain_vp(USSR, 1, "5.1", "UN Intervention after U-2 Incident")


# -- #61 OPEC ----------------------------------------------------------------------
OPEC_COUNTRIES = (
    "egypt",
    "iran",
    "libya",
    "saudi-arabia",
    "iraq",
    "gulf-states",
    "venezuela",
)


@event(61)
def opec(core: Core, side: str) -> Flow[None]:
    """#61: +1 VP to the USSR per USSR-controlled OPEC country."""
    vp = sum(1 for c in countries(core, *OPEC_COUNTRIES) if core.controls(USSR, c))
    if vp:
        core.gain_vp(USSR, vp, "5.1", "OPEC")
    else:
        core.log("5.2", "OPEC: the USSR controls none of those countries; no effect")
    return
    yield


# -- #62 "Lone Gunman" -------------------------------------------------------------
@event(62)
def lone_gunman(core: Core, side: str) -> Flow[None]:
    """#62: the US shows its hand to the USSR; the USSR conducts operations with 1 op."""
    state = core.state
    shown = sorted(c for c in state.hands[US] if c != CHINA_CARD)
    state.known[US] += [c for c in shown if c not in state.known[US]]
    core.log("5.1", f"the US reveals its hand to the USSR ({plural(len(shown), 'card')})")
    yield from event_operations(core, USSR, operations.ops_value(core, 62, USSR))


# -- #63 Colonial Rear Guards --------------------------------------------------------
@event(63)
def colonial_rear_guards(core: Core, side: str) -> Flow[None]:
    """#63: +1 US influence in each of 4 countries of Africa and/or Southeast Asia."""
    yield from place_points(core, US, 4, area_members(core, "africa", "southeast-asia"), max_per=1)


# -- #64 Panama Canal Returned -----------------------------------------------------
@event(64)
def panama_canal_returned(core: Core, side: str) -> Flow[None]:
    """#64: +1 US influence in Panama, Costa Rica and Venezuela."""
    for country in countries(core, "panama", "costa-rica", "venezuela"):
        core.add_influence(US, country, 1, "5.1")
    return
    yield


# -- #65 Camp David Accords ----------------------------------------------------------
@event(65)
def camp_david_accords(core: Core, side: str) -> Flow[None]:
    """#65: +1 VP and +1 US influence in Israel, Jordan, Egypt (prevents #13 via data)."""
    core.gain_vp(US, 1, "5.1", "Camp David Accords")
    for country in countries(core, "israel", "jordan", "egypt"):
        core.add_influence(US, country, 1, "5.1")
    return
    yield


# -- #66 Puppet Governments ----------------------------------------------------------
@event(66)
def puppet_governments(core: Core, side: str) -> Flow[None]:
    """#66: +1 US influence in each of 3 countries holding no influence of either side."""
    infl = core.state.influence
    empty = [c for c in range(core.board.ccw) if infl[US][c] == 0 and infl[USSR][c] == 0]
    yield from place_points(core, US, 3, empty, max_per=1)


# -- #67 Grain Sales to Soviets ------------------------------------------------------
@event(67)
def grain_sales_to_soviets(core: Core, side: str) -> Flow[None]:
    """#67: the US plays a random USSR card as its own, or returns it and uses these ops."""
    from cold_war_tui.engine import turn  # turn imports the events: import when used

    state = core.state
    card = random_card(core, USSR, "Grain Sales to Soviets")
    if card is not None:
        core.log("5.1", f"the US takes {core.card_name(card)} from the USSR hand")
        chosen = yield ask(
            US,
            "grain_sales",
            f"US: play {core.card_name(card)} as your own play, or return it and use"
            " Grain Sales' ops",
            # the taken card is played as an action-round play of the US's own
            [*turn.card_plays(core, US, [card])[0], Choice(f"return {card}", "Return it")],
            card=card,
        )
        if chosen.startswith("play "):
            state.hands[USSR].remove(card)
            state.hands[US].append(card)
            yield from turn.play_card(core, US, card, chosen.split()[2])
            return
        if card not in state.known[USSR]:
            state.known[USSR].append(card)  # the US has seen it
        core.log("5.1", f"the US returns {core.card_name(card)} to the USSR hand")
    yield from event_operations(core, US, operations.ops_value(core, 67, US))


# -- #68 John Paul II Elected Pope -----------------------------------------------------
@event(68)
def john_paul_ii_elected_pope(core: Core, side: str) -> Flow[None]:
    """#68: -2 USSR influence in Poland, +1 US there (enables Solidarity via data)."""
    poland = core.board.index["poland"]
    core.remove_influence(USSR, poland, 2, "5.1")
    core.add_influence(US, poland, 1, "5.1")
    return
    yield


# -- #69 Latin American Death Squads ---------------------------------------------------
@event(69)
def latin_american_death_squads(core: Core, side: str) -> Flow[None]:
    """#69: this turn the player's coups in Central/South America +1, the opponent's -1."""
    effects = core.state.turn_effects
    for region in LATIN_AMERICA:
        for key in (
            effect_keys.coup_bonus(side, region),
            effect_keys.coup_malus(other(side), region),
        ):
            effects[key] = effects.get(key, 0) + 1
    core.log("5.1", f"this turn {side} coups in Central and South America +1, the opponent's -1")
    return
    yield


# -- #70 OAS Founded -----------------------------------------------------------------
@event(70)
def oas_founded(core: Core, side: str) -> Flow[None]:
    """#70: +2 US influence in Central and/or South America."""
    yield from place_points(core, US, 2, area_members(core, *LATIN_AMERICA))


# -- #71 Nixon Plays the China Card / #76 Ussuri River Skirmish ------------------------
def us_counts_as_china_holder(core: Core) -> bool:
    """The US holds the China Card, or it is out of play (Chinese Civil War, 12.4.1)."""
    return core.state.ccw_active or core.holds_china(US)


@event(71)
def nixon_plays_the_china_card(core: Core, side: str) -> Flow[None]:
    """#71: the US takes the China Card face down from the USSR, or gains 2 VP."""
    state = core.state
    if us_counts_as_china_holder(core):
        core.gain_vp(US, 2, "5.1", "Nixon Plays the China Card")
    elif core.holds_china(USSR):
        state.china_holder, state.china_face_up = US, False
        core.log("9", "the US takes the China Card face down (Nixon Plays the China Card)")
    else:
        core.log("5.2", "Nixon Plays the China Card: nobody holds the China Card; no effect")
    return
    yield


@event(76)
def ussuri_river_skirmish(core: Core, side: str) -> Flow[None]:
    """#76: the US takes the China Card face up, or adds 4 influence in Asia (2 max each)."""
    state = core.state
    if us_counts_as_china_holder(core):
        yield from place_points(core, US, 4, area_members(core, "asia"), max_per=2)
    elif core.holds_china(USSR):
        state.china_holder, state.china_face_up = US, True
        core.log("9", "the US takes the China Card face up (Ussuri River Skirmish)")
    else:
        core.log("5.2", "Ussuri River Skirmish: nobody holds the China Card; no effect")


# -- #72 Sadat Expels Soviets ----------------------------------------------------------
@event(72)
def sadat_expels_soviets(core: Core, side: str) -> Flow[None]:
    """#72: all USSR influence leaves Egypt; +1 US there."""
    egypt = core.board.index["egypt"]
    remove_all(core, USSR, egypt)
    core.add_influence(US, egypt, 1, "5.1")
    return
    yield


# -- #73 Shuttle Diplomacy -------------------------------------------------------------
@event(73)
def shuttle_diplomacy(core: Core, side: str) -> Flow[None]:
    """#73: in play until the next Asia or Middle East scoring (scoring.py reads the key)."""
    state = core.state
    for pile in (state.limbo, state.discard):
        if SHUTTLE_DIPLOMACY in pile:
            pile.remove(SHUTTLE_DIPLOMACY)
    if SHUTTLE_DIPLOMACY not in state.in_play:
        state.in_play.append(SHUTTLE_DIPLOMACY)
    state.effects[effect_keys.SHUTTLE_DIPLOMACY] = 1
    core.log("5.1", "Shuttle Diplomacy stays in play until the next Asia or Middle East scoring")
    return
    yield


@event_happened
def shuttle_diplomacy_used(core: Core, card: int, side: str) -> None:
    """After an Asia or Middle East scoring card, Shuttle Diplomacy goes to the discard."""
    state = core.state
    if not state.effects.get(effect_keys.SHUTTLE_DIPLOMACY):
        return
    if core.scoring_region.get(card) not in SHUTTLE_REGIONS:
        return
    del state.effects[effect_keys.SHUTTLE_DIPLOMACY]
    if SHUTTLE_DIPLOMACY in state.in_play:
        state.in_play.remove(SHUTTLE_DIPLOMACY)
        state.discard.append(SHUTTLE_DIPLOMACY)
    core.log("5.1", "Shuttle Diplomacy has been used and is discarded")


# -- #74 The Voice of America ----------------------------------------------------------
@event(74)
def the_voice_of_america(core: Core, side: str) -> Flow[None]:
    """#74: the US removes 4 USSR influence outside Europe, at most 2 per country."""
    region = core.board.region
    outside = [c for c in range(core.board.ccw) if region[c] != "europe"]
    removed = yield from remove_points(core, USSR, 4, outside, max_per=2, chooser=US)
    if not removed:
        core.log("5.2", "The Voice of America: no USSR influence outside Europe; no effect")


# -- #75 Liberation Theology -----------------------------------------------------------
@event(75)
def liberation_theology(core: Core, side: str) -> Flow[None]:
    """#75: +3 USSR influence in Central America, at most 2 per country."""
    yield from place_points(core, USSR, 3, area_members(core, "central-america"), max_per=2)


# -- #77 "Ask Not What Your Country Can Do For You" ------------------------------------
@event(77)
def ask_not(core: Core, side: str) -> Flow[None]:
    """#77: the US discards any of its cards (not the China Card), then draws as many."""
    hand = core.state.hands[US]
    chosen: list[int] = []
    while True:
        left = [c for c in hand if c != CHINA_CARD and c not in chosen]
        if not left:
            break
        pick = yield ask(
            US,
            "event_discard",
            f"US: choose a card to discard ({len(chosen)} chosen), or done",
            [*core.card_choices("discard", left), DONE],
        )
        if pick == "done":
            break
        chosen.append(int(pick.split()[1]))
    if not chosen:
        core.log("5.1", "Ask Not: the US discards no card")
        return
    for card in chosen:
        discard_from_hand(core, US, card, "5.1")
    drawn = 0
    for _ in chosen:
        new = core.draw_card()
        if new is None:
            core.log("5.1", "no card left to draw")
            break
        hand.append(new)
        drawn += 1
    core.log("5.1", f"the US draws {plural(drawn, 'card')}")


# -- #80 "One Small Step" --------------------------------------------------------------
@event(80)
def one_small_step(core: Core, side: str) -> Flow[None]:
    """#80: a player behind in the space race moves up two boxes, VP for the second only."""
    state = core.state
    if state.space[side] >= state.space[other(side)]:
        core.log("5.2", f"One Small Step: the {side} is not behind in the space race; no effect")
        return
    boxes = core.data.space_race
    if state.space[side] + 2 <= len(boxes):
        skipped = boxes[state.space[side]]
        state.space[side] = skipped.box
        core.log("5.1", f"{side} moves through space box {skipped.box} ({skipped.name}), no VP")
    operations.advance_space(core, side, "5.1")
    return
    yield


# -- #107 Che ------------------------------------------------------------------------
CHE_REGIONS = ("central-america", "south-america", "africa")


@event(107)
def che(core: Core, side: str) -> Flow[None]:
    """#107: a USSR coup with this card's ops on a non-battleground of Central or South
    America or Africa; a second if it removed US influence. The card never calls them
    free: they are military operations (8.2.3), not free coups (8.2.5)."""
    ops = operations.ops_value(core, 107, USSR)
    done: list[int] = []
    while len(done) < 2:
        board = core.board
        targets = [
            c
            for c in operations.coup_targets(core, USSR)
            if not board.battleground[c] and board.region[c] in CHE_REGIONS and c not in done
        ]
        if not targets:
            core.log("5.2", "Che: no non-battleground target with US influence; no coup")
            return
        chosen = yield ask(
            USSR,
            "event_target",
            f"USSR: Che coup {len(done) + 1} with {plural(ops, 'op')}, or done",
            [*country_choices(core, "coup", targets), DONE],
            ops=ops,
        )
        if chosen == "done":
            return
        country = chosen_country(core, chosen)
        before = core.state.influence[US][country]
        operations.coup(core, USSR, country, ops)
        done.append(country)
        if core.state.influence[US][country] >= before:
            core.log("5.1", "Che: the coup removed no US influence; no second coup")
            return


# -- #108 Our Man in Tehran ------------------------------------------------------------
@event(108)
def our_man_in_tehran(core: Core, side: str) -> Flow[None]:
    """#108: US controlling a Middle East country: sees the top 5 cards, discards any."""
    state = core.state
    if not any(core.controls(US, c) for c in core.board.region_members["middle-east"]):
        core.log("5.2", "Our Man in Tehran: the US controls no Middle East country; no effect")
        return
    seen = list(reversed(state.draw[-5:]))  # the top of the draw pile is its end
    if not seen:
        core.log("5.2", "Our Man in Tehran: the draw pile is empty; no effect")
        return
    core.log("5.1", f"the US looks at the top {plural(len(seen), 'card')} of the draw pile")
    while seen:
        pick = yield ask(
            US,
            "event_discard",
            "US: discard one of the drawn cards (no event), or done",
            [*core.card_choices("discard", seen), DONE],
        )
        if pick == "done":
            break
        card = int(pick.split()[1])
        seen.remove(card)
        state.draw.remove(card)
        state.discard.append(card)
        core.log("5.4", f"the US reveals and discards {core.card_name(card)} (no event)")
    core.shuffle(state.draw, "the draw pile is")
