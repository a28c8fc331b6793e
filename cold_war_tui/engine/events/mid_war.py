"""Mid War events (#36-#80, optional #107-#108) that act once, and the hooks of #60 U-2
Incident and #73 Shuttle Diplomacy. The crises that bind a side's action rounds (#40, #42,
#44, #49, #50, #59) are in mid_war_lasting.py, the scoring cards in scoring_cards.py.

This turn's effects set here (engine/effect_keys.py): #41 `nuclear-subs`, #43
`coup-malus`, #51 `ops-bonus:USSR`, #60 `u2-incident`, #69 `coup-bonus`/`coup-malus` by
side and region; persistent: #55 `nato-exempt:west-germany` (cancelled by #96), #73
`shuttle-diplomacy`.
"""

from __future__ import annotations

from cold_war_tui.engine import effect_keys, operations
from cold_war_tui.engine.board import US, USSR, Side, other
from cold_war_tui.engine.core import (
    CHINA_CARD,
    HAND,
    SHUTTLE_DIPLOMACY,
    UN_INTERVENTION,
    Core,
)
from cold_war_tui.engine.decisions import Choice, DecisionKind, Flow, ask
from cold_war_tui.engine.events.toolkit import (
    STOP_HERE,
    area_members,
    choose_country,
    chosen_card,
    chosen_country,
    countries,
    country_choices,
    discard_from_hand,
    event_operations,
    may,
    place_points,
    random_card,
    remove_all,
    remove_points,
    war,
)
from cold_war_tui.engine.moves import DONE, Answer, CardPick, Defcon, Play, Target, expect
from cold_war_tui.engine.operations import ops_value
from cold_war_tui.engine.plays import card_plays, play_card
from cold_war_tui.engine.restrictions import nato_protected
from cold_war_tui.engine.scoring import region_score
from cold_war_tui.wording import plural

AMERICAS = ("central-america", "south-america")  # Latin America (#47, #69, #70)


# -- events without a lasting effect ----------------------------------------------
def brush_war(core: Core, side: Side) -> Flow[None]:
    """#36: war on a stability 1-2 country (not NATO-protected for the USSR); 3+ wins 1 VP."""
    board = core.board
    protected = nato_protected(core) if side == USSR else frozenset()
    candidates = [c for c in range(board.ccw) if board.stability[c] <= 2 and c not in protected]
    target = yield from choose_country(
        core,
        side,
        DecisionKind.EVENT_TARGET,
        f"{side}: Brush War against a stability 1-2 country",
        candidates,
    )
    war(core, side, target, name="Brush War", win_on=3, vp=1)


def arms_race(core: Core, side: Side) -> Flow[None]:
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


def nuclear_subs(core: Core, side: Side) -> Flow[None]:
    """#41: this turn, US coups in battlegrounds with ops do not lower DEFCON."""
    core.state.turn_effects[effect_keys.NUCLEAR_SUBS] = 1
    core.log("5.1", "Nuclear Subs: US operation coups leave DEFCON alone this turn")
    return
    yield


def salt_negotiations(core: Core, side: Side) -> Flow[None]:
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
        DecisionKind.EVENT_TAKE,
        f"{side}: take a non-scoring card from the discard pile into your hand, or done",
        [*core.card_choices("take", options), STOP_HERE],
    )
    if chosen == DONE:
        return
    card = chosen_card(chosen)
    core.move_card(card, "discard", HAND[side])
    core.reveal(side, [card])
    core.log("5.1", f"{side} takes {core.card_name(card)} from the discard pile (revealed)")


def _defcon_choices(core: Core, chooser: Side, levels: list[int]) -> list[Choice]:
    """`defcon N` ids for `levels` in 1-5; never 1 for the phasing player (he would lose)."""
    current = core.state.defcon
    choices = []
    for level in sorted({min(max(n, 1), 5) for n in levels}, reverse=True):
        if level == 1 and chooser == core.state.phasing:
            continue
        change = "stays" if level == current else ("up" if level > current else "down")
        choices.append(Choice.of(Defcon(level), f"DEFCON {level} ({change})"))
    return choices


def summit(core: Core, side: Side) -> Flow[None]:
    """#45: both roll +1 per dominated/controlled region; the higher gains 2 VP, DEFCON +-1.
    No region is scored: the effects that act at a scoring (#35, #73) do not count."""
    regions = core.board.region_order
    scores = [region_score(core, region, when_scored=False) for region in regions]
    totals: dict[Side, int] = {}
    for who in (side, other(side)):
        die = core.roll(who, "Summit", "5.1")
        bonus = sum(1 for s in scores if s[who].level in ("domination", "control"))
        totals[who] = die + bonus
        core.log("5.1", f"Summit: {who} {die} + {bonus} (regions dominated or controlled)")
    if totals[US] == totals[USSR]:
        core.log("5.1", "Summit: a tie, nothing happens")
        return
    winner: Side = US if totals[US] > totals[USSR] else USSR
    core.gain_vp(winner, 2, "5.1", "Summit")
    defcon = core.state.defcon
    chosen = yield ask(
        winner,
        DecisionKind.EVENT_DEFCON,
        f"{winner}: move DEFCON one level or leave it (Summit)",
        _defcon_choices(core, winner, [defcon + 1, defcon, defcon - 1]),
    )
    core.set_defcon(expect(chosen, Defcon).level, "5.1", "Summit")


def how_i_learned(core: Core, side: Side) -> Flow[None]:
    """#46: the player sets DEFCON to the level of his choice and gains 5 military ops."""
    chosen = yield ask(
        side,
        DecisionKind.EVENT_DEFCON,
        f"{side}: set DEFCON (How I Learned to Stop Worrying)",
        _defcon_choices(core, side, [5, 4, 3, 2, 1]),
    )
    core.set_defcon(expect(chosen, Defcon).level, "5.1", "How I Learned to Stop Worrying")
    core.add_milops(side, 5, "5.1")


def junta(core: Core, side: Side) -> Flow[None]:
    """#47: +2 in one Central/South American country, then a free coup or realignments there."""
    target = yield from choose_country(
        core,
        side,
        DecisionKind.EVENT_INFLUENCE,
        f"{side}: add 2 influence to one country of Central or South America",
        area_members(core, *AMERICAS),
        verb="infl",
    )
    core.add_influence(side, target, 2, "5.1")
    prompt = f"{side}: make a free coup or realignment rolls in Central or South America?"
    if (yield from may(core, side, DecisionKind.EVENT_OPTIONAL, prompt)):
        yield from event_operations(
            core,
            side,
            ops_value(core, 47, side),
            kinds=("coup", "realign"),
            free_coup=True,
            area=AMERICAS,
        )


def portuguese_empire_crumbles(core: Core, side: Side) -> Flow[None]:
    """#52: +2 USSR influence in Angola and in the SE African States."""
    for country in countries(core, "angola", "se-african-states"):
        core.add_influence(USSR, country, 2, "5.1")
    return
    yield


def south_african_unrest(core: Core, side: Side) -> Flow[None]:
    """#53: +2 USSR in South Africa, or +1 there and +2 in countries adjacent to it."""
    south_africa = core.board.index["south-africa"]
    neighbours = [c for c in core.board.neighbours[south_africa] if c < core.board.ccw]
    all_there = Target("infl", "south-africa")
    options = [
        Choice.of(all_there, "+2 in South Africa"),
        Choice.of(Answer("add"), "+1 in South Africa and 2 in countries adjacent to it"),
    ]
    chosen = yield ask(USSR, DecisionKind.EVENT_INFLUENCE, "USSR: South African Unrest", options)
    if chosen == all_there:
        core.add_influence(USSR, south_africa, 2, "5.1")
        return
    core.add_influence(USSR, south_africa, 1, "5.1")
    yield from place_points(core, USSR, 2, neighbours)


def allende(core: Core, side: Side) -> Flow[None]:
    """#54: +2 USSR influence in Chile."""
    core.add_influence(USSR, core.board.index["chile"], 2, "5.1")
    return
    yield


def willy_brandt(core: Core, side: Side) -> Flow[None]:
    """#55: USSR +1 VP and +1 in West Germany; West Germany loses NATO's protection."""
    core.gain_vp(USSR, 1, "5.1", "Willy Brandt")
    core.add_influence(USSR, core.board.index["west-germany"], 1, "5.1")
    core.state.effects[effect_keys.nato_exempt("west-germany")] = 1
    core.log("5.1", "Willy Brandt: NATO no longer protects West Germany")
    return
    yield


def muslim_revolution(core: Core, side: Side) -> Flow[None]:
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
            DecisionKind.EVENT_TARGET,
            f"USSR: remove all US influence from a country ({left} left)",
            candidates,
        )
        remove_all(core, US, target)
        pool.remove(target)


def abm_treaty(core: Core, side: Side) -> Flow[None]:
    """#57: DEFCON +1, then operations with this card's ops."""
    core.set_defcon(core.state.defcon + 1, "5.1", "ABM Treaty")
    yield from event_operations(core, side, ops_value(core, 57, side))


def cultural_revolution(core: Core, side: Side) -> Flow[None]:
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


def brezhnev_doctrine(core: Core, side: Side) -> Flow[None]:
    """#51: this turn the USSR's cards get +1 op (4 at most)."""
    core.state.turn_effects[effect_keys.OPS_BONUS[USSR]] = 1
    core.log("5.1", "Brezhnev Doctrine: USSR cards +1 op this turn (4 at most)")
    return
    yield


SHUTTLE_REGIONS = ("asia", "middle-east")


# -- #60 U-2 Incident --------------------------------------------------------------
def u2_incident(core: Core, side: Side) -> Flow[None]:
    """#60: +1 VP to the USSR; +1 more if UN Intervention happens later this turn."""
    core.gain_vp(USSR, 1, "5.1", "U-2 Incident")
    core.state.turn_effects[effect_keys.U2_INCIDENT] = 1
    return
    yield


def u2_un_intervention(core: Core, card: int, side: Side) -> None:
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


def opec(core: Core, side: Side) -> Flow[None]:
    """#61: +1 VP to the USSR per USSR-controlled OPEC country."""
    vp = sum(1 for c in countries(core, *OPEC_COUNTRIES) if core.controls(USSR, c))
    if vp:
        core.gain_vp(USSR, vp, "5.1", "OPEC")
    else:
        core.log("5.2", "OPEC: the USSR controls none of those countries; no effect")
    return
    yield


# -- #62 "Lone Gunman" -------------------------------------------------------------
def lone_gunman(core: Core, side: Side) -> Flow[None]:
    """#62: the US shows its hand to the USSR; the USSR conducts operations with 1 op."""
    state = core.state
    shown = sorted(c for c in state.hands[US] if c != CHINA_CARD)
    core.reveal(US, shown)
    core.log("5.1", f"the US reveals its hand to the USSR ({plural(len(shown), 'card')})")
    yield from event_operations(core, USSR, operations.ops_value(core, 62, USSR))


# -- #63 Colonial Rear Guards --------------------------------------------------------
def colonial_rear_guards(core: Core, side: Side) -> Flow[None]:
    """#63: +1 US influence in each of 4 countries of Africa and/or Southeast Asia."""
    yield from place_points(core, US, 4, area_members(core, "africa", "southeast-asia"), max_per=1)


# -- #64 Panama Canal Returned -----------------------------------------------------
def panama_canal_returned(core: Core, side: Side) -> Flow[None]:
    """#64: +1 US influence in Panama, Costa Rica and Venezuela."""
    for country in countries(core, "panama", "costa-rica", "venezuela"):
        core.add_influence(US, country, 1, "5.1")
    return
    yield


# -- #65 Camp David Accords ----------------------------------------------------------
def camp_david_accords(core: Core, side: Side) -> Flow[None]:
    """#65: +1 VP and +1 US influence in Israel, Jordan, Egypt (prevents #13 via data)."""
    core.gain_vp(US, 1, "5.1", "Camp David Accords")
    for country in countries(core, "israel", "jordan", "egypt"):
        core.add_influence(US, country, 1, "5.1")
    return
    yield


# -- #66 Puppet Governments ----------------------------------------------------------
def puppet_governments(core: Core, side: Side) -> Flow[None]:
    """#66: +1 US influence in each of 3 countries holding no influence of either side."""
    infl = core.state.influence
    empty = [c for c in range(core.board.ccw) if infl[US][c] == 0 and infl[USSR][c] == 0]
    yield from place_points(core, US, 3, empty, max_per=1)


# -- #67 Grain Sales to Soviets ------------------------------------------------------
def grain_sales_to_soviets(core: Core, side: Side) -> Flow[None]:
    """#67: the US plays a random USSR card as its own, or returns it and uses these ops."""
    card = random_card(core, USSR, "Grain Sales to Soviets")
    if card is not None:
        core.log("5.1", f"the US takes {core.card_name(card)} from the USSR hand")
        chosen = yield ask(
            US,
            DecisionKind.GRAIN_SALES,
            f"US: play {core.card_name(card)} as your own play, or return it and use"
            " Grain Sales' ops",
            # the taken card is played as an action-round play of the US's own
            [*card_plays(core, US, [card])[0], Choice.of(CardPick("return", card), "Return it")],
            card=card,
        )
        if isinstance(chosen, Play):
            core.move_card(card, HAND[USSR], HAND[US])
            yield from play_card(core, US, card, chosen.mode)
            return
        core.reveal(USSR, [card])  # the US has seen it
        core.log("5.1", f"the US returns {core.card_name(card)} to the USSR hand")
    yield from event_operations(core, US, operations.ops_value(core, 67, US))


# -- #68 John Paul II Elected Pope -----------------------------------------------------
def john_paul_ii_elected_pope(core: Core, side: Side) -> Flow[None]:
    """#68: -2 USSR influence in Poland, +1 US there (enables Solidarity via data)."""
    poland = core.board.index["poland"]
    core.remove_influence(USSR, poland, 2, "5.1")
    core.add_influence(US, poland, 1, "5.1")
    return
    yield


# -- #69 Latin American Death Squads ---------------------------------------------------
def latin_american_death_squads(core: Core, side: Side) -> Flow[None]:
    """#69: this turn the player's coups in Central/South America +1, the opponent's -1."""
    effects = core.state.turn_effects
    for region in AMERICAS:
        for key in (
            effect_keys.coup_bonus(side, region),
            effect_keys.coup_malus(other(side), region),
        ):
            effects[key] = effects.get(key, 0) + 1
    core.log("5.1", f"this turn {side} coups in Central and South America +1, the opponent's -1")
    return
    yield


# -- #70 OAS Founded -----------------------------------------------------------------
def oas_founded(core: Core, side: Side) -> Flow[None]:
    """#70: +2 US influence in Central and/or South America."""
    yield from place_points(core, US, 2, area_members(core, *AMERICAS))


# -- #71 Nixon Plays the China Card / #76 Ussuri River Skirmish ------------------------
def us_counts_as_china_holder(core: Core) -> bool:
    """The US holds the China Card, or it is out of play (Chinese Civil War, 12.4.1)."""
    return core.state.ccw_active or core.holds_china(US)


def nixon_plays_the_china_card(core: Core, side: Side) -> Flow[None]:
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


def ussuri_river_skirmish(core: Core, side: Side) -> Flow[None]:
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
def sadat_expels_soviets(core: Core, side: Side) -> Flow[None]:
    """#72: all USSR influence leaves Egypt; +1 US there."""
    egypt = core.board.index["egypt"]
    remove_all(core, USSR, egypt)
    core.add_influence(US, egypt, 1, "5.1")
    return
    yield


# -- #73 Shuttle Diplomacy -------------------------------------------------------------
def shuttle_diplomacy(core: Core, side: Side) -> Flow[None]:
    """#73: in play until the next Asia or Middle East scoring (scoring.py reads the key)."""
    state = core.state
    for pile in ("limbo", "discard"):
        if SHUTTLE_DIPLOMACY in getattr(state, pile):
            core.move_card(SHUTTLE_DIPLOMACY, pile, "in_play")
    state.effects[effect_keys.SHUTTLE_DIPLOMACY] = 1
    core.log("5.1", "Shuttle Diplomacy stays in play until the next Asia or Middle East scoring")
    return
    yield


def shuttle_diplomacy_used(core: Core, card: int, side: Side) -> None:
    """After an Asia or Middle East scoring card, Shuttle Diplomacy goes to the discard."""
    state = core.state
    if not state.effects.get(effect_keys.SHUTTLE_DIPLOMACY):
        return
    if core.scoring_region.get(card) not in SHUTTLE_REGIONS:
        return
    del state.effects[effect_keys.SHUTTLE_DIPLOMACY]
    if SHUTTLE_DIPLOMACY in state.in_play:
        core.move_card(SHUTTLE_DIPLOMACY, "in_play", "discard")
    core.log("5.1", "Shuttle Diplomacy has been used and is discarded")


# -- #74 The Voice of America ----------------------------------------------------------
def the_voice_of_america(core: Core, side: Side) -> Flow[None]:
    """#74: the US removes 4 USSR influence outside Europe, at most 2 per country."""
    region = core.board.region
    outside = [c for c in range(core.board.ccw) if region[c] != "europe"]
    removed = yield from remove_points(core, USSR, 4, outside, max_per=2, chooser=US)
    if not removed:
        core.log("5.2", "The Voice of America: no USSR influence outside Europe; no effect")


# -- #75 Liberation Theology -----------------------------------------------------------
def liberation_theology(core: Core, side: Side) -> Flow[None]:
    """#75: +3 USSR influence in Central America, at most 2 per country."""
    yield from place_points(core, USSR, 3, area_members(core, "central-america"), max_per=2)


# -- #77 "Ask Not What Your Country Can Do For You" ------------------------------------
ASK_NOT = 77


def ask_not(core: Core, side: Side) -> Flow[None]:
    """#77: the US discards any of its cards (not the China Card), then draws as many."""
    hand = core.state.hands[US]
    chosen: list[int] = []
    while True:
        left = [c for c in hand if c != CHINA_CARD and c not in chosen]
        if not left:
            break
        pick = yield ask(
            US,
            DecisionKind.EVENT_DISCARD,
            f"US: choose a card to discard ({len(chosen)} chosen), or done",
            [*core.card_choices("discard", left), STOP_HERE],
            card=ASK_NOT,
        )
        if pick == DONE:
            break
        chosen.append(chosen_card(pick))
    if not chosen:
        core.log("5.1", "Ask Not: the US discards no card")
        return
    for card in chosen:
        discard_from_hand(core, US, card, "5.1")
    drawn = 0
    for _ in chosen:
        if core.draw_card(HAND[US]) is None:
            core.log("5.1", "no card left to draw")
            break
        drawn += 1
    core.log("5.1", f"the US draws {plural(drawn, 'card')}")


# -- #80 "One Small Step" --------------------------------------------------------------
def one_small_step(core: Core, side: Side) -> Flow[None]:
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


def che(core: Core, side: Side) -> Flow[None]:
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
            DecisionKind.EVENT_TARGET,
            f"USSR: Che coup {len(done) + 1} with {plural(ops, 'op')}, or done",
            [*country_choices(core, "coup", targets), STOP_HERE],
            ops=ops,
        )
        if chosen == DONE:
            return
        country = chosen_country(core, chosen)
        before = core.state.influence[US][country]
        operations.coup(core, USSR, country, ops)
        done.append(country)
        if core.state.influence[US][country] >= before:
            core.log("5.1", "Che: the coup removed no US influence; no second coup")
            return


# -- #108 Our Man in Tehran ------------------------------------------------------------
def our_man_in_tehran(core: Core, side: Side) -> Flow[None]:
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
            DecisionKind.EVENT_DISCARD,
            "US: discard one of the drawn cards (no event), or done",
            [*core.card_choices("discard", seen), STOP_HERE],
        )
        if pick == DONE:
            break
        card = chosen_card(pick)
        seen.remove(card)
        core.move_card(card, "draw", "discard")
        core.log("5.4", f"the US reveals and discards {core.card_name(card)} (no event)")
    core.shuffle(state.draw, "the draw pile is")


def kitchen_debates(core: Core, side: Side) -> Flow[None]:
    """#48: +2 VP to the US if it controls more battlegrounds than the USSR."""
    board = core.board
    count = {
        s: sum(1 for c in range(board.ccw) if board.battleground[c] and core.controls(s, c))
        for s in (US, USSR)
    }
    if count[US] > count[USSR]:
        core.gain_vp(US, 2, "7", "Kitchen Debates")
    else:
        core.log("5.2", "Kitchen Debates: the US does not control more battlegrounds; no effect")
    return
    yield


def alliance_for_progress(core: Core, side: Side) -> Flow[None]:
    """#78: +1 VP to the US per US-controlled battleground in Central and South America."""
    board = core.board
    members = (*board.region_members["central-america"], *board.region_members["south-america"])
    vp = sum(1 for c in members if board.battleground[c] and core.controls(US, c))
    if vp:
        core.gain_vp(US, vp, "7", "Alliance for Progress")
    else:
        core.log("5.2", "Alliance for Progress: no US-controlled battleground there; no effect")
    return
    yield
