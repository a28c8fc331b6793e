"""Late War events (#82-#102, optional #109-#110).

Effect keys set here:
- `iranian-hostage-crisis` [P]: Terrorism played by the USSR discards 2 US cards (#82).
- `the-reformer` and `no-coup:USSR:europe` [P]: The Reformer is in effect (#87).
- `extra-round:US` [T]: North Sea Oil's eighth action round (#86, read by turn.py).
- `realign-malus:US` [T]: Iran-Contra Scandal (#93, read by restrictions.py).
- `no-influence:USSR:REGION` [T]: Chernobyl (#94, read by restrictions.py).
- `open-hand:US` [T]: Aldrich Ames Remix (#98, read by game.py's view); with the first
  US edition also `ames-order` and `ames-order:N` (the position of card N in the order
  the US must play its hand; no China Card this turn).
- `yuri-and-samantha` [T]: the USSR gains 1 VP per US coup (#109, hook below).
"""

from __future__ import annotations

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine.board import US, USSR, Side, other
from cold_war_tui.engine.core import CHINA_CARD, Core
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
    STOP_HERE,
    area_members,
    choose_country,
    chosen_card,
    chosen_country,
    countries,
    discard_from_hand,
    event_operations,
    may,
    place_points,
    random_card,
    remove_all,
    remove_points,
    war,
)
from cold_war_tui.engine.moves import DONE, KEEP, PASS, Play, RegionPick, expect
from cold_war_tui.engine.operations import (
    coup,
    coup_targets,
    ops_value,
    target_choices,
)
from cold_war_tui.engine.plays import play_event_now
from cold_war_tui.wording import plural

RULE = "7"


def _country(core: Core, key: str) -> int:
    return countries(core, key)[0]


def _event_ops(core: Core, card: int, side: Side) -> int:
    """The ops an event grants with "this card's ops": its value after this turn's modifiers."""
    return ops_value(core, card, side)


def iranian_hostage_crisis(core: Core, side: Side) -> Flow[None]:
    """#82: all US influence out of Iran, +2 USSR there; Terrorism hits the US harder."""
    iran = _country(core, "iran")
    remove_all(core, US, iran, RULE)
    core.add_influence(USSR, iran, 2, RULE)
    core.state.effects[effect_keys.IRANIAN_HOSTAGE_CRISIS] = 1
    return
    yield


def the_iron_lady(core: Core, side: Side) -> Flow[None]:
    """#83: +1 USSR in Argentina, all USSR influence out of the UK, +1 VP to the US."""
    core.add_influence(USSR, _country(core, "argentina"), 1, RULE)
    remove_all(core, USSR, _country(core, "uk"), RULE)
    core.gain_vp(US, 1, RULE, "The Iron Lady")
    return
    yield


def north_sea_oil(core: Core, side: Side) -> Flow[None]:
    """#86: the US may take an eighth action round this turn (OPEC is prevented by data)."""
    core.state.turn_effects[effect_keys.EXTRA_ROUND[US]] = 1
    core.log(RULE, "North Sea Oil: the US may take an extra action round this turn")
    return
    yield


def the_reformer(core: Core, side: Side) -> Flow[None]:
    """#87: +4 USSR in Europe (6 if the USSR leads), max 2 each; no USSR coups in Europe."""
    total = 6 if core.state.vp < 0 else 4
    yield from place_points(core, USSR, total, area_members(core, "europe"), max_per=2, rule=RULE)
    core.state.effects[effect_keys.THE_REFORMER] = 1
    core.state.effects[effect_keys.no_action("coup", USSR, "europe")] = 1
    core.log(RULE, "The Reformer: the USSR may no longer coup in Europe")


def marine_barracks_bombing(core: Core, side: Side) -> Flow[None]:
    """#88: all US influence out of Lebanon, then 2 more US influence out of the Middle East."""
    remove_all(core, US, _country(core, "lebanon"), RULE)
    removed = yield from remove_points(
        core, US, 2, area_members(core, "middle-east"), chooser=USSR, rule=RULE
    )
    if not removed:
        core.log("5.2", "Marine Barracks Bombing: no other US influence in the Middle East")


def soviets_shoot_down_kal_007(core: Core, side: Side) -> Flow[None]:
    """#89: DEFCON -1, US +2 VP; with South Korea US-controlled, 4 ops of influence/realign."""
    core.set_defcon(core.state.defcon - 1, RULE, "Soviets Shoot Down KAL-007")
    core.gain_vp(US, 2, RULE, "Soviets Shoot Down KAL-007")
    if not core.controls(US, _country(core, "south-korea")):
        core.log("5.2", "KAL-007: the US does not control South Korea; no operations")
        return
    ops = _event_ops(core, 89, US)
    prompt = f"US: place influence or realign with {plural(ops, 'op')}?"
    if (yield from may(core, US, DecisionKind.EVENT_OPERATIONS, prompt)):
        yield from event_operations(core, US, ops, kinds=("infl", "realign"))


def glasnost(core: Core, side: Side) -> Flow[None]:
    """#90: USSR +2 VP, DEFCON +1; with The Reformer in effect, 4 ops of influence/realign."""
    core.gain_vp(USSR, 2, RULE, "Glasnost")
    core.set_defcon(core.state.defcon + 1, RULE, "Glasnost")
    if not core.state.effects.get(effect_keys.THE_REFORMER):
        core.log(RULE, "Glasnost: The Reformer is not in effect; no operations")
        return
    ops = _event_ops(core, 90, USSR)
    prompt = f"USSR: place influence or realign with {plural(ops, 'op')} (The Reformer)?"
    if (yield from may(core, USSR, DecisionKind.EVENT_OPERATIONS, prompt)):
        yield from event_operations(core, USSR, ops, kinds=("infl", "realign"))


def ortega_elected_in_nicaragua(core: Core, side: Side) -> Flow[None]:
    """#91: all US influence out of Nicaragua; a free USSR coup next to Nicaragua."""
    nicaragua = _country(core, "nicaragua")
    remove_all(core, US, nicaragua, RULE)
    neighbours = core.board.neighbours[nicaragua]
    targets = [c for c in coup_targets(core, USSR, free=True) if c in neighbours]
    if not targets:
        core.log("5.2", "Ortega: no country next to Nicaragua can be couped; no coup")
        return
    ops = _event_ops(core, 91, USSR)
    chosen = yield ask(
        USSR,
        DecisionKind.EVENT_COUP,
        f"USSR: free coup with {plural(ops, 'op')} in a country next to Nicaragua, or done",
        [*target_choices(core, "coup", targets), STOP_HERE],
    )
    if chosen == DONE:
        core.log(RULE, "USSR declines the free coup")
        return
    coup(core, USSR, chosen_country(core, chosen), ops, free=True)


def terrorism(core: Core, side: Side) -> Flow[None]:
    """#92: the opponent discards a random card (2 for the US after Iranian Hostage Crisis)."""
    victim = other(side)
    hostage = side == USSR and core.state.effects.get(effect_keys.IRANIAN_HOSTAGE_CRISIS)
    for _ in range(2 if hostage else 1):
        card = random_card(core, victim, "Terrorism")
        if card is None:
            break
        discard_from_hand(core, victim, card)
    return
    yield


def iran_contra_scandal(core: Core, side: Side) -> Flow[None]:
    """#93: US realignment rolls -1 for the rest of the turn."""
    core.state.turn_effects[effect_keys.REALIGN_MALUS[US]] = 1
    core.log(RULE, "Iran-Contra Scandal: US realignment rolls -1 this turn")
    return
    yield


def chernobyl(core: Core, side: Side) -> Flow[None]:
    """#94: the US names a region where the USSR may not place influence by ops this turn."""
    board = core.board
    chosen = yield ask(
        US,
        DecisionKind.EVENT_REGION,
        "US: name a region closed to USSR influence placed by operations this turn",
        [Choice.of(RegionPick(r), board.region_names[r]) for r in board.region_order],
    )
    region = expect(chosen, RegionPick).region
    effects = core.state.turn_effects
    effects[effect_keys.no_action("influence", USSR, region)] = 1
    if board.region[board.ccw] == region:  # the Chinese Civil War space belongs to Asia (12.1)
        effects[effect_keys.no_action("influence", USSR, board.keys[board.ccw])] = 1
    core.log(RULE, f"Chernobyl: no USSR influence by operations in {board.region_names[region]}")


def latin_american_debt_crisis(core: Core, side: Side) -> Flow[None]:
    """#95: the US discards a 3+ ops card, or the USSR doubles its influence in 2 countries."""
    hand = core.state.hands[US]
    eligible = [c for c in hand if ops_value(core, c, US) >= 3]
    if eligible:
        chosen = yield ask(
            US,
            DecisionKind.EVENT_DISCARD,
            "US: discard a card of 3+ ops, or keep and let the USSR double its influence"
            " in 2 South American countries",
            [*core.card_choices("discard", eligible), Choice.of(KEEP, "Keep your cards")],
        )
        if chosen != KEEP:
            discard_from_hand(core, US, chosen_card(chosen))
            return
    else:
        core.log(RULE, "Latin American Debt Crisis: the US has no card of 3+ ops to discard")
    influence = core.state.influence[USSR]
    doubled: list[int] = []
    for _ in range(2):
        open_ = [
            c for c in area_members(core, "south-america") if influence[c] and c not in doubled
        ]
        if not open_:
            break
        country = yield from choose_country(
            core, USSR, DecisionKind.EVENT_TARGET, "USSR: double your influence in", open_
        )
        doubled.append(country)
        core.add_influence(USSR, country, influence[country], RULE)
    if not doubled:
        core.log("5.2", "Latin American Debt Crisis: no USSR influence in South America")


def tear_down_this_wall(core: Core, side: Side) -> Flow[None]:
    """#96: +3 US in East Germany; free coup or realignments in Europe. Cancelling and
    preventing Willy Brandt is data (`cancels`, `prevents`)."""
    core.add_influence(US, _country(core, "east-germany"), 3, RULE)
    ops = _event_ops(core, 96, US)
    prompt = f"US: a free coup or realignment rolls in Europe with {plural(ops, 'op')}?"
    if (yield from may(core, US, DecisionKind.EVENT_OPERATIONS, prompt)):
        yield from event_operations(
            core, US, ops, kinds=("coup", "realign"), free_coup=True, area="europe"
        )


def an_evil_empire(core: Core, side: Side) -> Flow[None]:
    """#97: +1 VP to the US (cancelling and preventing Flower Power is data)."""
    core.gain_vp(US, 1, RULE, '"An Evil Empire"')
    return
    yield


def aldrich_ames_remix(core: Core, side: Side) -> Flow[None]:
    """#98: the US hand is open this turn; the USSR discards one card of it (no event)."""
    core.state.turn_effects[effect_keys.OPEN_HAND[US]] = 1
    core.log(RULE, "Aldrich Ames Remix: the US hand is revealed for the rest of the turn")
    if core.options.first_us_edition:
        yield from _ames_first_edition(core)
        return
    hand = core.state.hands[US]
    if not hand:
        core.log("5.2", "Aldrich Ames Remix: the US hand is empty; nothing to discard")
        return
    chosen = yield ask(
        USSR,
        DecisionKind.EVENT_DISCARD,
        "USSR: discard one card of the US hand",
        core.card_choices("discard", hand),
    )
    discard_from_hand(core, US, chosen_card(chosen))


def _ames_first_edition(core: Core) -> Flow[None]:
    """#98, first US edition: the USSR orders the US hand; the US plays it in that order
    and may not play the China Card for the rest of the turn (optional rules)."""
    effects = core.state.turn_effects
    effects[effect_keys.AMES_ORDER] = 1
    left = sorted(core.state.hands[US])
    for position in range(1, len(left) + 1):
        chosen = yield ask(
            USSR,
            DecisionKind.AMES_ORDER,
            f"USSR: which US card must be played {_ordinal(position)}?",
            core.card_choices("next", left),
        )
        card = chosen_card(chosen)
        left.remove(card)
        effects[effect_keys.ames_position(card)] = position
    core.log(
        "opt", "Aldrich Ames (first US edition): the US must play its hand in the USSR's order"
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def ames_order_menu(
    core: Core, side: Side, choices: list[Choice], greyed: list[Unavailable]
) -> tuple[list[Choice], list[Unavailable]]:
    """The US may play only the next card of the USSR's order, and never the China Card."""
    effects = core.state.turn_effects
    if side != US or not effects.get(effect_keys.AMES_ORDER):
        return choices, greyed
    hand = core.state.hands[US]
    ordered = [c for c in hand if effects.get(effect_keys.ames_position(c))]
    nxt = min(ordered, key=lambda c: effects[effect_keys.ames_position(c)]) if ordered else None
    reason = (
        f"Aldrich Ames (first US edition): the US must play {core.card_name(nxt)} next"
        if nxt is not None
        else "Aldrich Ames (first US edition): no China Card this turn"
    )
    keep: list[Choice] = []
    for choice in choices:
        move = choice.move
        card = move.card if isinstance(move, Play) else None
        allowed = card != CHINA_CARD and (nxt is None or card == nxt or move == PASS)
        if allowed:
            keep.append(choice)
        else:
            greyed.append(Unavailable(choice.id, choice.label, reason))
    return keep, greyed


def pershing_ii_deployed(core: Core, side: Side) -> Flow[None]:
    """#99: USSR +1 VP; 1 US influence out of each of 3 Western European countries."""
    core.gain_vp(USSR, 1, RULE, "Pershing II Deployed")
    removed = yield from remove_points(
        core, US, 3, area_members(core, "western-europe"), max_per=1, chooser=USSR, rule=RULE
    )
    if not removed:
        core.log("5.2", "Pershing II Deployed: no US influence in Western Europe")


def wargames_condition(core: Core, side: Side) -> str | None:
    return None if core.state.defcon == 2 else "only at DEFCON 2"


def wargames(core: Core, side: Side) -> Flow[None]:
    """#100: at DEFCON 2 the player may end the game: the opponent gains 6 VP, VP decide."""
    opponent = other(side)
    prompt = f"{side}: give the {opponent} 6 VP and end the game now (VP decide)?"
    if not (yield from may(core, side, DecisionKind.WARGAMES, prompt)):
        return
    core.gain_vp(opponent, 6, RULE, "Wargames")  # 20 VP this way wins at once (10)
    vp = core.state.vp
    winner = US if vp > 0 else USSR if vp < 0 else None
    reason = f"Wargames ended the game at {core.vp_text()} VP" + ("" if winner else ": a draw")
    raise GameOver(Outcome(winner, reason, RULE, "Wargames"))


def solidarity(core: Core, side: Side) -> Flow[None]:
    """#101: +3 US influence in Poland (needs John Paul II Elected Pope, by data)."""
    core.add_influence(US, _country(core, "poland"), 3, RULE)
    return
    yield


def iran_iraq_war(core: Core, side: Side) -> Flow[None]:
    """#102: war: Iran invades Iraq or the reverse, the player chooses the target."""
    target = yield from choose_country(
        core,
        side,
        DecisionKind.EVENT_TARGET,
        f"{side}: the target of the Iran-Iraq War",
        countries(core, "iran", "iraq"),
    )
    war(core, side, target, name="Iran-Iraq War")


def yuri_and_samantha(core: Core, side: Side) -> Flow[None]:
    """#109: this turn the USSR gains 1 VP for each US coup (free coups too)."""
    core.state.turn_effects[effect_keys.YURI_AND_SAMANTHA] = 1
    core.log(RULE, "Yuri and Samantha: each US coup this turn gives the USSR 1 VP")
    return
    yield


def yuri_and_samantha_scores(core: Core, side: Side, country: int, free: bool) -> None:
    if side == US and core.state.turn_effects.get(effect_keys.YURI_AND_SAMANTHA):
        core.gain_vp(USSR, 1, RULE, f"Yuri and Samantha: US coup in {core.name(country)}")


def awacs_sale_to_saudis(core: Core, side: Side) -> Flow[None]:
    """#110: +2 US influence in Saudi Arabia (Muslim Revolution is prevented by data)."""
    core.add_influence(US, _country(core, "saudi-arabia"), 2, RULE)
    return
    yield


def reagan_bombs_libya(core: Core, side: Side) -> Flow[None]:
    """#84: +1 VP to the US for every 2 USSR influence in Libya."""
    libya = core.board.index["libya"]
    vp = core.state.influence[USSR][libya] // 2
    if vp:
        core.gain_vp(US, vp, "7", "Reagan Bombs Libya")
    else:
        core.log("5.2", "Reagan Bombs Libya: under 2 USSR influence in Libya; no effect")
    return
    yield


def star_wars(core: Core, side: Side) -> Flow[None]:
    """#85: if the US leads the space race, it plays the event of a non-scoring discard."""
    state = core.state
    if state.space[US] <= state.space[USSR]:
        core.log("5.2", "Star Wars: the US is not ahead in the space race; no effect")
        return
    options = sorted({c for c in state.discard if not core.cards[c].scoring})
    if not options:
        core.log("5.2", "Star Wars: no non-scoring card in the discard pile; no effect")
        return
    chosen = yield ask(
        US,
        DecisionKind.STAR_WARS,
        "US: take a card from the discard pile and play its event",
        core.card_choices("take", options),
    )
    card = chosen_card(chosen)
    yield from play_event_now(core, card, US, "discard", "7")
